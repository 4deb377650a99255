import { IMPORT_FORMATS } from '@loop/core';
import { HEAVY_JOBS_BUSY } from '../heavy/heavyJobs';
import {
  bearerAuth,
  ERRORS,
  messageResponse,
  organizationHeaderSchema,
  PROTECTED_ERRORS,
} from '../http/commonSchemas';
import { pageSchema, pagingQuerySchema } from '../http/paging';
import { noContent } from '../http/schema';
import { exportFileResponse } from '../results/resultSchemas';
import {
  categoriesSchema,
  financeRecordInputSchema,
  financeRecordPatchSchema,
  financeRecordQuerySchema,
  financeRecordSchema,
  importReportSchema,
  importSchema,
  overviewExportQuerySchema,
  overviewSchema,
  rangeQuerySchema,
  recordExportQuerySchema,
  recordIdParams,
} from './financeSchemas';

/** The OpenAPI documentation of the finance routes (financeRoutes.ts), with their Dutch descriptions. */

const TAGS = ['finance'];

const describe = (operationId: string, summary: string, description: string) => ({
  operationId,
  tags: TAGS,
  summary,
  description: `${description} Alleen met de functie analytics in het abonnement (anders 403).`,
  security: bearerAuth,
  headers: organizationHeaderSchema,
});

export const IMPORT_FORM_DOCUMENTATION = {
  file: {
    type: 'string',
    format: 'binary',
    description: 'Het bankafschrift: CAMT.053 (XML), MT940 of CSV; hoogstens 32 MB.',
  },
  format: {
    type: 'string',
    enum: ['auto', ...IMPORT_FORMATS],
    description: 'Standaard auto: herkend aan de inhoud.',
  },
  mapping: {
    type: 'string',
    description:
      'Alleen voor CSV: de kolomindeling als JSON (CsvMapping), bijvoorbeeld {"date":"Datum","amount":"Bedrag","direction":"Af Bij"}. Zonder: herkend aan de kolomkoppen van ING, Rabobank, ABN AMRO en andere.',
  },
  skip_invalid: {
    type: 'string',
    enum: ['true', 'false'],
    description: 'true: foute regels overslaan en de rest importeren.',
  },
  dry_run: {
    type: 'string',
    enum: ['true', 'false'],
    description: 'true: alleen controleren, niets opslaan.',
  },
  btw_rate: {
    type: 'string',
    enum: ['21', '9', '0', 'exempt'],
    description: 'Btw-tarief voor alle regels (standaard geen).',
  },
  category: { type: 'string', description: 'Categorie voor alle regels (standaard geen).' },
} as const;

export const listRecordsRoute = {
  ...describe(
    'listFinanceRecords',
    'List finance records',
    'De boekingen van de organisatie, te zoeken en te filteren (periode, soort, categorie, btw-tarief, bron, ' +
      'import), gesorteerd en per pagina (standaard 25, hoogstens 100).',
  ),
  querystring: financeRecordQuerySchema,
  response: {
    200: pageSchema(financeRecordSchema, 'Aantal boekingen dat aan de filters voldoet.'),
    400: ERRORS.badRequest,
    403: ERRORS.forbidden,
    404: ERRORS.notFound,
    ...PROTECTED_ERRORS,
  },
};

export const createRecordRoute = {
  ...describe(
    'createFinanceRecord',
    'Add a finance record',
    'Voegt een boeking toe. Het bedrag is inclusief btw, in centen; het btw-deel volgt uit het tarief.',
  ),
  body: financeRecordInputSchema,
  response: {
    201: financeRecordSchema,
    400: ERRORS.badRequest,
    403: ERRORS.forbidden,
    404: ERRORS.notFound,
    ...PROTECTED_ERRORS,
  },
};

export const exportRecordsRoute = {
  ...describe(
    'exportFinanceRecords',
    'Export finance records',
    'De boekingen met dezelfde filters als de lijst, als bestand (`format` csv of xlsx), oudste eerst. XLSX ' +
      'vraagt ook de functie export en telt als zware taak van de organisatie (429 als er al 2 lopen).',
  ),
  querystring: recordExportQuerySchema,
  response: {
    200: exportFileResponse,
    400: ERRORS.badRequest,
    403: ERRORS.forbidden,
    404: ERRORS.notFound,
    429: HEAVY_JOBS_BUSY,
    ...PROTECTED_ERRORS,
  },
};

export const getRecordRoute = {
  ...describe('getFinanceRecord', 'One finance record', 'Eén boeking.'),
  params: recordIdParams,
  response: {
    200: financeRecordSchema,
    403: ERRORS.forbidden,
    404: ERRORS.notFound,
    ...PROTECTED_ERRORS,
  },
};

export const updateRecordRoute = {
  ...describe(
    'updateFinanceRecord',
    'Change a finance record',
    'Wijzigt de meegestuurde velden van een boeking; het geheel wordt opnieuw gecontroleerd en het btw-deel ' +
      'opnieuw berekend.',
  ),
  params: recordIdParams,
  body: financeRecordPatchSchema,
  response: {
    200: financeRecordSchema,
    400: ERRORS.badRequest,
    403: ERRORS.forbidden,
    404: ERRORS.notFound,
    ...PROTECTED_ERRORS,
  },
};

export const deleteRecordRoute = {
  ...describe('deleteFinanceRecord', 'Delete a finance record', 'Verwijdert een boeking.'),
  params: recordIdParams,
  response: { 204: noContent, 403: ERRORS.forbidden, 404: ERRORS.notFound, ...PROTECTED_ERRORS },
};

export const categoriesRoute = {
  ...describe(
    'listFinanceCategories',
    'Finance categories',
    'De categorieën die de organisatie gebruikt (meest gebruikt eerst) en gangbare categorieën om mee te beginnen.',
  ),
  response: {
    200: categoriesSchema,
    403: ERRORS.forbidden,
    404: ERRORS.notFound,
    ...PROTECTED_ERRORS,
  },
};

export const overviewRoute = {
  ...describe(
    'getFinanceOverview',
    'Finance overview',
    'Over een periode (standaard dit kalenderjaar, hoogstens 10 jaar): inkomsten, kosten en resultaat per maand, ' +
      'totalen per categorie, en per kwartaal de btw om te betalen (op inkomsten) en terug te vragen (op kosten), ' +
      'per tarief.',
  ),
  querystring: rangeQuerySchema,
  response: {
    200: overviewSchema,
    400: ERRORS.badRequest,
    403: ERRORS.forbidden,
    404: ERRORS.notFound,
    ...PROTECTED_ERRORS,
  },
};

export const overviewExportRoute = {
  ...describe(
    'exportFinanceOverview',
    'Export the finance overview',
    'Het overzicht van een periode als bestand: XLSX met de bladen per maand, per categorie en btw per ' +
      'kwartaal (vraagt ook de functie export en telt als zware taak: 429 als er al 2 lopen), of CSV met de ' +
      'drie tabellen onder elkaar.',
  ),
  querystring: overviewExportQuerySchema,
  response: {
    200: exportFileResponse,
    400: ERRORS.badRequest,
    403: ERRORS.forbidden,
    404: ERRORS.notFound,
    429: HEAVY_JOBS_BUSY,
    ...PROTECTED_ERRORS,
  },
};

export const importRoute = {
  ...describe(
    'importBankStatement',
    'Import a bank statement',
    'Importeert een bankafschrift (multipart/form-data, veld "file"): CAMT.053, MT940 of CSV met een ' +
      'kolomindeling, herkend aan de inhoud. Elke regel wordt een boeking (bij = inkomsten, af = kosten); ' +
      'regels die er al zijn (zelfde rekening, datum, bedrag en referentie) worden overgeslagen. Alles of ' +
      'niets: met een geweigerde regel wordt niets opgeslagen (422 met het verslag), tenzij skip_invalid. ' +
      'dry_run controleert alleen (200). Opgeslagen: 201 met het verslag (import_id null als geen regel nieuw ' +
      "was: zo'n import wordt niet bewaard). Een afschrift waarvan het eindsaldo niet volgt uit beginsaldo " +
      'plus boekingen wordt geweigerd (400, met beide bedragen).',
  ),
  consumes: ['multipart/form-data'],
  response: {
    200: importReportSchema,
    201: importReportSchema,
    400: ERRORS.badRequest,
    403: ERRORS.forbidden,
    404: ERRORS.notFound,
    413: ERRORS.payloadTooLarge,
    422: importReportSchema,
    429: HEAVY_JOBS_BUSY,
    ...PROTECTED_ERRORS,
  },
};

export const listImportsRoute = {
  ...describe(
    'listFinanceImports',
    'List bank statement imports',
    'De imports van de organisatie, nieuwste eerst, per pagina.',
  ),
  querystring: pagingQuerySchema,
  response: {
    200: pageSchema(importSchema, 'Aantal imports.'),
    400: ERRORS.badRequest,
    403: ERRORS.forbidden,
    404: ERRORS.notFound,
    ...PROTECTED_ERRORS,
  },
};

export const undoImportRoute = {
  ...describe(
    'undoFinanceImport',
    'Undo a bank statement import',
    'Maakt een import ongedaan: de import en al zijn boekingen (ook als ze daarna zijn gewijzigd) verdwijnen.',
  ),
  params: recordIdParams,
  response: {
    200: messageResponse('De import is ongedaan gemaakt.'),
    403: ERRORS.forbidden,
    404: ERRORS.notFound,
    ...PROTECTED_ERRORS,
  },
};

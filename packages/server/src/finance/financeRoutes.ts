import {
  type BtwRate,
  type CsvMapping,
  type ExportFormat,
  type FinanceCategories,
  type FinanceImport,
  type FinanceImportReport,
  type FinanceOverview,
  type FinanceRecord,
  IMPORT_FORMATS,
  type ImportFormat,
  type MessageResponse,
  type Page,
} from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import {
  checkCsvMapping,
  checkFinanceRecord,
  FINANCE_LIMITS,
  financeRange,
  isBtwRate,
  normaliseCategory,
  patchedInput,
} from '@loop/core/finance';
import type { FastifyRequest } from 'fastify';
import { authOf } from '../auth/authenticate';
import { parseId } from '../db/database';
import { ApiError, invalidInput } from '../http/apiError';
import {
  bearerAuth,
  ERRORS,
  messageResponse,
  organizationHeaderSchema,
  PROTECTED_ERRORS,
} from '../http/commonSchemas';
import { offsetOf, pageSchema, pagingQuerySchema, parsePaging, toPage } from '../http/paging';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { noContent } from '../http/schema';
import { mappingField, readUploadForm } from '../import/uploadForm';
import { auditRequest } from '../logs/requestLog';
import { currentOrganization } from '../organizations/memberships';
import { exportFileResponse } from '../results/resultSchemas';
import { EXPORT_CONTENT_TYPES } from '../results/surveyExport';
import { overviewExport, overviewExportName, recordsExport, recordsExportName } from './financeExport';
import { deleteImport, IMPORT_MAX_BYTES, importBankFile, listImports } from './financeImport';
import { loadOverview } from './financeOverview';
import {
  deleteRecord,
  draftOf,
  FINANCE_ERRORS,
  findRecord,
  insertRecord,
  listRecords,
  loadCategories,
  lockRecord,
  parseRecordFilter,
  recordChunks,
  updateRecord,
} from './financeRecords';
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

export const IMPORT_FORM_MESSAGES = {
  noFile: 'Kies een bankafschrift om te importeren (veld "file").',
  unreadable: 'Het bestand kon niet worden gelezen. Probeer het opnieuw.',
  tooLarge: `Het bestand is te groot: een import is hoogstens ${IMPORT_MAX_BYTES / 1024 / 1024} MB.`,
  format: 'Kies als formaat auto, camt053, mt940 of csv.',
  mappingJson: 'De kolomindeling (mapping) is geen geldige JSON.',
  flag: 'Geef true of false.',
  btwRate: 'Kies als btw-tarief 21, 9, 0, exempt of laat het leeg.',
  category: `Een categorie is hoogstens ${FINANCE_LIMITS.category} tekens.`,
  fileName: 'bankafschrift',
} as const;

const EXPORT_FORMAT_MESSAGE = 'Kies als formaat csv of xlsx.';

const TAGS = ['finance'];

const parseFormat = (raw: string | undefined): ExportFormat => {
  if (raw === undefined || raw === '' || raw === 'csv') return 'csv';
  if (raw === 'xlsx') return 'xlsx';
  throw invalidInput({ format: EXPORT_FORMAT_MESSAGE });
};

interface ImportOptions {
  readonly format: ImportFormat | 'auto';
  readonly mapping: CsvMapping | null;
  readonly skipInvalid: boolean;
  readonly dryRun: boolean;
  readonly btwRate: BtwRate | null;
  readonly category: string;
}

/** The text fields of the import form, checked; a Dutch message per wrong field. */
function importOptions(fields: Readonly<Record<string, string>>): ImportOptions {
  const errors: Record<string, string> = {};
  const format = (fields.format ?? 'auto').trim() || 'auto';
  if (format !== 'auto' && !(IMPORT_FORMATS as readonly string[]).includes(format))
    errors.format = IMPORT_FORM_MESSAGES.format;
  const flag = (key: string): boolean => {
    const value = (fields[key] ?? 'false').trim().toLowerCase();
    if (value !== 'true' && value !== 'false' && value !== '') errors[key] = IMPORT_FORM_MESSAGES.flag;
    return value === 'true';
  };
  const skipInvalid = flag('skip_invalid');
  const dryRun = flag('dry_run');
  const rate = (fields.btw_rate ?? '').trim();
  if (rate !== '' && !isBtwRate(rate)) errors.btw_rate = IMPORT_FORM_MESSAGES.btwRate;
  const category = normaliseCategory(fields.category ?? '');
  if ([...category].length > FINANCE_LIMITS.category) errors.category = IMPORT_FORM_MESSAGES.category;
  const mapping = mappingField(fields, errors, IMPORT_FORM_MESSAGES.mappingJson, checkCsvMapping);
  if (Object.keys(errors).length > 0) throw invalidInput(errors as FieldErrors);
  return {
    format: format as ImportFormat | 'auto',
    mapping,
    skipInvalid,
    dryRun,
    btwRate: isBtwRate(rate) ? rate : null,
    category,
  };
}

const IMPORT_FORM_DOCUMENTATION = {
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

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Documents the other fields of a multipart form beside `uploadField` (OpenAPI only). */
    uploadForm?: Readonly<Record<string, unknown>>;
  }
}

/**
 * Finance of the current organisation (X-Organization-Id): records, the overview, bank statement
 * imports and exports. Every route needs the plan feature `analytics`; reading needs
 * `finance.read`, changing and importing `finance.manage`. XLSX exports also need the feature
 * `export`, as the survey exports do. Another organisation's ids answer 404 like unknown ones.
 */
export const financeRoutes =
  ({ deps, authenticate, requireFeature }: RouteContext): RoutesPlugin =>
  async (app) => {
    const analytics = requireFeature('analytics');
    const exportFeature = requireFeature('export');
    const organizationOf = (request: FastifyRequest) => currentOrganization(deps, request);
    const audit = (request: FastifyRequest, organizationId: number, action: string, message: string) =>
      auditRequest(deps.log, request, { category: 'finance', action, orgId: organizationId, message });
    const recordId = (raw: string): number => {
      const id = parseId(raw);
      if (id === null) throw new ApiError(404, FINANCE_ERRORS.notFound);
      return id;
    };
    const common = { onRequest: authenticate, preHandler: analytics } as const;
    const read = { ...common, config: { permission: 'finance.read' as const } };
    const manage = { ...common, config: { permission: 'finance.manage' as const } };
    const describe = (operationId: string, summary: string, description: string) => ({
      operationId,
      tags: TAGS,
      summary,
      description: `${description} Alleen met de functie analytics in het abonnement (anders 403).`,
      security: bearerAuth,
      headers: organizationHeaderSchema,
    });

    app.get(
      '/finance/records',
      {
        ...read,
        schema: {
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
        },
      },
      async (request): Promise<Page<FinanceRecord>> => {
        const organization = await organizationOf(request);
        const filter = parseRecordFilter(request.query);
        if (!filter.ok) throw invalidInput(filter.fields);
        const paging = parsePaging(request.query);
        const { items, total } = await listRecords(deps.db, organization.id, filter.value, filter.sort, {
          limit: paging.pageSize,
          offset: offsetOf(paging),
        });
        return toPage(items, total, paging);
      },
    );

    app.post(
      '/finance/records',
      {
        ...manage,
        schema: {
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
        },
      },
      async (request, reply) => {
        const organization = await organizationOf(request);
        const checked = checkFinanceRecord(request.body);
        if (!checked.ok) throw invalidInput(checked.fields);
        const id = await insertRecord(
          deps.db,
          organization.id,
          authOf(request).user.id,
          checked.value,
          deps.clock.now(),
        );
        audit(
          request,
          organization.id,
          'finance.record_created',
          `Boeking ${id} toegevoegd in organisatie ${organization.id}`,
        );
        const record = await findRecord(deps.db, organization.id, id);
        if (record === null) throw new Error(`finance record ${id} gone right after insert`);
        return reply.code(201).send(record);
      },
    );

    app.get(
      '/finance/records/export',
      {
        ...read,
        schema: {
          ...describe(
            'exportFinanceRecords',
            'Export finance records',
            'De boekingen met dezelfde filters als de lijst, als bestand (`format` csv of xlsx), oudste eerst. XLSX ' +
              'vraagt ook de functie export.',
          ),
          querystring: recordExportQuerySchema,
          response: {
            200: exportFileResponse,
            400: ERRORS.badRequest,
            403: ERRORS.forbidden,
            404: ERRORS.notFound,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request, reply) => {
        const organization = await organizationOf(request);
        const format = parseFormat(request.query.format);
        const filter = parseRecordFilter(request.query);
        if (!filter.ok) throw invalidInput(filter.fields);
        if (format === 'xlsx') await exportFeature(request);
        audit(
          request,
          organization.id,
          'finance.exported',
          `Boekingen van organisatie ${organization.id} geëxporteerd (${format})`,
        );
        return reply
          .header('content-type', EXPORT_CONTENT_TYPES[format])
          .header(
            'content-disposition',
            `attachment; filename="${recordsExportName(format, deps.clock.now())}"`,
          )
          .header('cache-control', 'no-store')
          .send(recordsExport(format, recordChunks(deps.db, organization.id, filter.value)));
      },
    );

    app.get(
      '/finance/records/:id',
      {
        ...read,
        schema: {
          ...describe('getFinanceRecord', 'One finance record', 'Eén boeking.'),
          params: recordIdParams,
          response: {
            200: financeRecordSchema,
            403: ERRORS.forbidden,
            404: ERRORS.notFound,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request): Promise<FinanceRecord> => {
        const organization = await organizationOf(request);
        const record = await findRecord(deps.db, organization.id, recordId(request.params.id));
        if (record === null) throw new ApiError(404, FINANCE_ERRORS.notFound);
        return record;
      },
    );

    app.patch(
      '/finance/records/:id',
      {
        ...manage,
        schema: {
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
        },
      },
      async (request): Promise<FinanceRecord> => {
        const organization = await organizationOf(request);
        const id = recordId(request.params.id);
        const changed = await deps.db.transaction(async (tx) => {
          const current = await lockRecord(tx, organization.id, id);
          if (current === null) return null;
          const checked = checkFinanceRecord(patchedInput(draftOf(current), request.body));
          if (!checked.ok) throw invalidInput(checked.fields);
          await updateRecord(tx, organization.id, id, checked.value, deps.clock.now());
          return findRecord(tx, organization.id, id);
        });
        if (changed === null) throw new ApiError(404, FINANCE_ERRORS.notFound);
        audit(
          request,
          organization.id,
          'finance.record_updated',
          `Boeking ${id} gewijzigd in organisatie ${organization.id}`,
        );
        return changed;
      },
    );

    app.delete(
      '/finance/records/:id',
      {
        ...manage,
        schema: {
          ...describe('deleteFinanceRecord', 'Delete a finance record', 'Verwijdert een boeking.'),
          params: recordIdParams,
          response: { 204: noContent, 403: ERRORS.forbidden, 404: ERRORS.notFound, ...PROTECTED_ERRORS },
        },
      },
      async (request, reply) => {
        const organization = await organizationOf(request);
        const id = recordId(request.params.id);
        if (!(await deleteRecord(deps.db, organization.id, id)))
          throw new ApiError(404, FINANCE_ERRORS.notFound);
        audit(
          request,
          organization.id,
          'finance.record_deleted',
          `Boeking ${id} verwijderd in organisatie ${organization.id}`,
        );
        return reply.code(204).send();
      },
    );

    app.get(
      '/finance/categories',
      {
        ...read,
        schema: {
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
        },
      },
      async (request): Promise<FinanceCategories> =>
        loadCategories(deps.db, (await organizationOf(request)).id),
    );

    const rangeOf = (query: { from?: string; to?: string }) => {
      const range = financeRange(query, deps.clock.now().toISOString().slice(0, 10));
      if (!range.ok) throw invalidInput(range.fields);
      return range.value;
    };

    app.get(
      '/finance/overview',
      {
        ...read,
        schema: {
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
        },
      },
      async (request): Promise<FinanceOverview> =>
        loadOverview(deps.db, (await organizationOf(request)).id, rangeOf(request.query)),
    );

    app.get(
      '/finance/overview/export',
      {
        ...read,
        schema: {
          ...describe(
            'exportFinanceOverview',
            'Export the finance overview',
            'Het overzicht van een periode als bestand: XLSX met de bladen per maand, per categorie en btw per ' +
              'kwartaal (vraagt ook de functie export), of CSV met de drie tabellen onder elkaar.',
          ),
          querystring: overviewExportQuerySchema,
          response: {
            200: exportFileResponse,
            400: ERRORS.badRequest,
            403: ERRORS.forbidden,
            404: ERRORS.notFound,
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request, reply) => {
        const organization = await organizationOf(request);
        const format = parseFormat(request.query.format);
        const range = rangeOf(request.query);
        if (format === 'xlsx') await exportFeature(request);
        const overview = await loadOverview(deps.db, organization.id, range);
        audit(
          request,
          organization.id,
          'finance.exported',
          `Financieel overzicht van organisatie ${organization.id} geëxporteerd (${format})`,
        );
        return reply
          .header('content-type', EXPORT_CONTENT_TYPES[format])
          .header('content-disposition', `attachment; filename="${overviewExportName(format, range)}"`)
          .header('cache-control', 'no-store')
          .send(overviewExport(format, overview));
      },
    );

    app.post(
      '/finance/imports',
      {
        ...manage,
        config: { ...manage.config, uploadField: 'file', uploadForm: IMPORT_FORM_DOCUMENTATION },
        schema: {
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
            ...PROTECTED_ERRORS,
          },
        },
      },
      async (request, reply) => {
        const organization = await organizationOf(request);
        const form = await readUploadForm(request, IMPORT_MAX_BYTES, IMPORT_FORM_MESSAGES);
        const options = importOptions(form.fields);
        const outcome = await importBankFile(deps, {
          organizationId: organization.id,
          userId: authOf(request).user.id,
          fileName: form.fileName,
          bytes: form.bytes,
          format: options.format,
          mapping: options.mapping,
          skipInvalid: options.skipInvalid,
          dryRun: options.dryRun,
          defaults: { btwRate: options.btwRate, category: options.category },
        });
        if (!outcome.ok) throw new ApiError(400, outcome.detail, outcome.fields);
        const report: FinanceImportReport = outcome.report;
        // An import that added nothing is not kept (financeImport.ts), so it has nothing to log.
        if (report.import_id !== null)
          audit(
            request,
            organization.id,
            'finance.imported',
            `Bankafschrift geïmporteerd in organisatie ${organization.id}: import ${report.import_id}, ` +
              `${report.imported} nieuw, ${report.duplicates} dubbel, ${report.refused} geweigerd (${report.format})`,
          );
        return reply.code(outcome.status).send(report);
      },
    );

    app.get(
      '/finance/imports',
      {
        ...read,
        schema: {
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
        },
      },
      async (request): Promise<Page<FinanceImport>> => {
        const organization = await organizationOf(request);
        const paging = parsePaging(request.query);
        const { items, total } = await listImports(deps.db, organization.id, {
          limit: paging.pageSize,
          offset: offsetOf(paging),
        });
        return toPage(items, total, paging);
      },
    );

    app.delete(
      '/finance/imports/:id',
      {
        ...manage,
        schema: {
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
        },
      },
      async (request): Promise<MessageResponse> => {
        const organization = await organizationOf(request);
        const id = parseId(request.params.id);
        const undone = id === null ? null : await deleteImport(deps.db, organization.id, id);
        if (undone === null) throw new ApiError(404, FINANCE_ERRORS.importNotFound);
        audit(
          request,
          organization.id,
          'finance.import_undone',
          `Import ${id} ongedaan gemaakt in organisatie ${organization.id}: ${undone.removedRecords} boekingen verwijderd`,
        );
        return {
          detail: `Import ongedaan gemaakt: ${undone.removedRecords} ${undone.removedRecords === 1 ? 'boeking' : 'boekingen'} verwijderd.`,
        };
      },
    );
  };

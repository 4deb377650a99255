import { ERRORS, PROTECTED_ERRORS } from '../http/commonSchemas';
import { pageSchema, pagingQuerySchema } from '../http/paging';
import { noContent } from '../http/schema';
import {
  boardChoiceSchema,
  boardQuerySchema,
  boardSchema,
  boardSettingsSchema,
  compareQuerySchema,
  comparisonSchema,
  csvFileResponse,
  drillDownSchema,
  historySchema,
  importReportSchema,
  importRequestSchema,
  kpiIdParams,
  kpiInputSchema,
  kpiListQuerySchema,
  kpiPeriodParams,
  kpiSchema,
  kpiValueInputSchema,
  kpiValueSchema,
  rangeQuerySchema,
} from './kpiSchemas';

/** The OpenAPI documentation of the KPI routes (kpiRoutes.ts), with their Dutch descriptions. */

const TAGS = ['kpis'];

export const listKpisRoute = {
  tags: TAGS,
  operationId: 'listKpis',
  summary: "The organisation's KPIs",
  description:
    'Per pagina (standaard 25, hoogstens 100), op naam. `q` zoekt in naam en beschrijving (elk woord); ' +
    '`source`, `period_kind` en `owner_id` filteren.',
  querystring: kpiListQuerySchema,
  response: {
    200: pageSchema(kpiSchema, "KPI's die aan de filters voldoen."),
    400: ERRORS.badRequest,
    404: ERRORS.notFound,
    ...PROTECTED_ERRORS,
  },
};

export const createKpiRoute = {
  tags: TAGS,
  operationId: 'createKpi',
  summary: 'Create a KPI',
  description:
    'Naam, eenheid, richting, periode, doelen (vast en per periode, met waarschuwingsgrens), eigenaar en bron. ' +
    'Ongeldige invoer: 400 met `fields` per veld (bijvoorbeeld `target`, `source.question_id`, ' +
    '`period_targets.2.warning`); er wordt niets opgeslagen.',
  body: kpiInputSchema,
  response: {
    201: kpiSchema,
    400: ERRORS.badRequest,
    403: ERRORS.forbidden,
    404: ERRORS.notFound,
    ...PROTECTED_ERRORS,
  },
};

export const boardRoute = {
  tags: TAGS,
  operationId: 'getKpiBoard',
  summary: 'The KPI board',
  description:
    "De KPI's die de gebruiker op het bord koos (anders het standaardbord van de organisatie, anders alle " +
    "KPI's), elk met de huidige waarde, het doel, de status, de trend tegen de periode ervoor en een " +
    'sparkline van de laatste `periods` perioden (standaard 12). Eén aanvraag voor het hele bord.',
  querystring: boardQuerySchema,
  response: { 200: boardSchema, 400: ERRORS.badRequest, 404: ERRORS.notFound, ...PROTECTED_ERRORS },
};

export const boardChoiceRoute = {
  tags: TAGS,
  operationId: 'getKpiBoardChoice',
  summary: 'Which KPIs the board shows',
  description: "De KPI's op het bord van de gebruiker, in volgorde, en het standaardbord van de organisatie.",
  response: { 200: boardSettingsSchema, 404: ERRORS.notFound, ...PROTECTED_ERRORS },
};

export const setBoardChoiceRoute = {
  tags: TAGS,
  operationId: 'setKpiBoardChoice',
  summary: 'Choose the KPIs of your own board',
  description:
    "De eigen keuze van de gebruiker (ook een Lezer): welke KPI's, in welke volgorde (hoogstens 100). " +
    "Alleen KPI's van de organisatie, elk één keer.",
  body: boardChoiceSchema,
  response: {
    200: boardSettingsSchema,
    400: ERRORS.badRequest,
    404: ERRORS.notFound,
    ...PROTECTED_ERRORS,
  },
};

export const resetBoardChoiceRoute = {
  tags: TAGS,
  operationId: 'resetKpiBoardChoice',
  summary: "Back to the organisation's board",
  description: 'Vergeet de eigen keuze: het bord toont weer het standaardbord van de organisatie.',
  response: { 204: noContent, 404: ERRORS.notFound, ...PROTECTED_ERRORS },
};

export const setBoardDefaultRoute = {
  tags: TAGS,
  operationId: 'setKpiBoardDefault',
  summary: "Set the organisation's default board",
  description: "Wat het bord toont aan wie geen eigen keuze maakte: welke KPI's, in welke volgorde.",
  body: boardChoiceSchema,
  response: {
    200: boardSettingsSchema,
    400: ERRORS.badRequest,
    403: ERRORS.forbidden,
    404: ERRORS.notFound,
    ...PROTECTED_ERRORS,
  },
};

export const historyRoute = {
  tags: TAGS,
  operationId: 'getKpiHistory',
  summary: 'KPI history over a range',
  description:
    'Elke KPI (of alleen `ids`) per periode van `from` tot en met `to` (JJJJ-MM-DD; standaard de laatste 12 ' +
    'maanden, hoogstens 10 jaar): waarde, doel en status. Alleen met de functie analytics (anders 403).',
  querystring: rangeQuerySchema,
  response: {
    200: historySchema,
    400: ERRORS.badRequest,
    403: ERRORS.forbidden,
    404: ERRORS.notFound,
    ...PROTECTED_ERRORS,
  },
};

export const compareRoute = {
  tags: TAGS,
  operationId: 'compareKpiPeriods',
  summary: 'Compare two periods',
  description:
    'Elke KPI (of alleen `ids`): de periode met dag `a` tegen de periode met dag `b` (standaard vandaag ' +
    'tegen een jaar eerder), met verschil en of dat goed of slecht is. Alleen met de functie analytics.',
  querystring: compareQuerySchema,
  response: {
    200: comparisonSchema,
    400: ERRORS.badRequest,
    403: ERRORS.forbidden,
    404: ERRORS.notFound,
    ...PROTECTED_ERRORS,
  },
};

export const getKpiRoute = {
  tags: TAGS,
  operationId: 'getKpi',
  summary: 'One KPI',
  description: 'De definitie, met `state`: of de bron nog iets kan berekenen.',
  params: kpiIdParams,
  response: { 200: kpiSchema, 404: ERRORS.notFound, ...PROTECTED_ERRORS },
};

export const updateKpiRoute = {
  tags: TAGS,
  operationId: 'updateKpi',
  summary: 'Change a KPI',
  description:
    'Vervangt de definitie. Heeft de KPI al ingevoerde waarden, dan blijven periode en eenheid gelijk (409).',
  params: kpiIdParams,
  body: kpiInputSchema,
  response: {
    200: kpiSchema,
    400: ERRORS.badRequest,
    403: ERRORS.forbidden,
    404: ERRORS.notFound,
    409: ERRORS.conflict,
    ...PROTECTED_ERRORS,
  },
};

export const deleteKpiRoute = {
  tags: TAGS,
  operationId: 'deleteKpi',
  summary: 'Delete a KPI',
  description: 'Met al zijn waarden; hij verdwijnt van elk bord.',
  params: kpiIdParams,
  response: { 204: noContent, 403: ERRORS.forbidden, 404: ERRORS.notFound, ...PROTECTED_ERRORS },
};

export const listValuesRoute = {
  tags: TAGS,
  operationId: 'listKpiValues',
  summary: "A KPI's entered values",
  description:
    'De ingevoerde en geïmporteerde waarden, nieuwste periode eerst, per pagina, met notitie, wie en wanneer.',
  params: kpiIdParams,
  querystring: pagingQuerySchema,
  response: {
    200: pageSchema(kpiValueSchema, 'Ingevoerde waarden.'),
    400: ERRORS.badRequest,
    404: ERRORS.notFound,
    ...PROTECTED_ERRORS,
  },
};

export const setValueRoute = {
  tags: TAGS,
  operationId: 'setKpiValue',
  summary: 'Enter or change a value',
  description:
    'De waarde van een handmatige KPI voor een periode die begonnen is, met een notitie. Een KPI met survey ' +
    'of financiën als bron rekent zelf (409).',
  params: kpiPeriodParams,
  body: kpiValueInputSchema,
  response: {
    200: kpiValueSchema,
    400: ERRORS.badRequest,
    403: ERRORS.forbidden,
    404: ERRORS.notFound,
    409: ERRORS.conflict,
    ...PROTECTED_ERRORS,
  },
};

export const deleteValueRoute = {
  tags: TAGS,
  operationId: 'deleteKpiValue',
  summary: 'Delete a value',
  description:
    'Verwijdert de ingevoerde waarde van een handmatige KPI voor die periode (404 als er geen is).',
  params: kpiPeriodParams,
  response: {
    204: noContent,
    403: ERRORS.forbidden,
    404: ERRORS.notFound,
    409: ERRORS.conflict,
    ...PROTECTED_ERRORS,
  },
};

export const drillDownRoute = {
  tags: TAGS,
  operationId: 'getKpiDrillDown',
  summary: 'One KPI in depth',
  description:
    'Elke periode van `from` tot en met `to` (standaard de laatste 36 perioden, of vanaf de eerste ' +
    'ingevoerde waarde), nieuwste eerst: waarde, doel, status, notitie, wie en wanneer, en de bron. ' +
    'Alleen met de functie analytics (anders 403).',
  params: kpiIdParams,
  querystring: rangeQuerySchema,
  response: {
    200: drillDownSchema,
    400: ERRORS.badRequest,
    403: ERRORS.forbidden,
    404: ERRORS.notFound,
    ...PROTECTED_ERRORS,
  },
};

export const exportValuesRoute = {
  tags: TAGS,
  operationId: 'exportKpiValues',
  summary: "Export a KPI's values as CSV",
  description:
    'Elke periode met een waarde (bereik als bij de drill-down), als CSV voor een Nederlandse Excel; ' +
    'de import leest het bestand terug. Alleen met de functie analytics (anders 403).',
  params: kpiIdParams,
  querystring: rangeQuerySchema,
  response: {
    200: csvFileResponse,
    400: ERRORS.badRequest,
    403: ERRORS.forbidden,
    404: ERRORS.notFound,
    ...PROTECTED_ERRORS,
  },
};

export const importValuesRoute = {
  tags: TAGS,
  operationId: 'importKpiValues',
  summary: "Import a manual KPI's values from CSV",
  description:
    'Per regel een periode (sleutel of datum), een waarde in Nederlandse notatie en eventueel een notitie; ' +
    'scheidingsteken ; , of tab; kopregel mag. Elke geweigerde regel komt terug met nummer en reden. Met een ' +
    'geweigerde regel wordt niets opgeslagen, tenzij `skip_invalid`; `dry_run` controleert alleen. Een ' +
    'bestand dat niet te lezen is: 400. Alleen met de functie analytics (anders 403).',
  params: kpiIdParams,
  body: importRequestSchema,
  response: {
    200: importReportSchema,
    400: ERRORS.badRequest,
    403: ERRORS.forbidden,
    404: ERRORS.notFound,
    409: ERRORS.conflict,
    413: ERRORS.payloadTooLarge,
    ...PROTECTED_ERRORS,
  },
};

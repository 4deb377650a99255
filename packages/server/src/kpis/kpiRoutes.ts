import {
  fileNameDate,
  fileNamePart,
  KPI_SOURCE_TYPES,
  type Kpi,
  type KpiBoardSettings,
  type KpiComparison,
  type KpiDrillDown,
  type KpiHistory,
  type KpiImportReport,
  type KpiValue,
  type Page,
} from '@loop/core';
import { kpiCsv } from '@loop/core/kpis';
import { PERIOD_KINDS } from '@loop/core/periods';
import { renumberQuestions } from '@loop/core/surveys/model';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { authOf } from '../auth/authenticate';
import { parseId } from '../db/database';
import { ApiError, invalidInput } from '../http/apiError';
import { ERRORS, PROTECTED_ERRORS } from '../http/commonSchemas';
import { preferredEncoding } from '../http/contentEncoding';
import { offsetOf, pageSchema, pagingQuerySchema, parsePaging, toPage } from '../http/paging';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { noContent } from '../http/schema';
import { auditRequest } from '../logs/requestLog';
import { currentOrganization } from '../organizations/memberships';
import { organizationRoute } from '../organizations/organizationRoute';
import { SurveyQuestionsCache } from '../responses/surveyQuestionsCache';
import { findSurvey } from '../surveys/surveys';
import { BoardResponseCache, KpiValuesCache } from './boardCache';
import { kpiStates } from './kpiComputation';
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
import { deleteKpi, listKpis, storedValuesPage, toWireValue } from './kpiStore';
import {
  boardSettings,
  chooseBoard,
  createKpi,
  enterValue,
  exportRows,
  getKpi,
  importKpiValues,
  KPI_ERRORS,
  type KpiDeps,
  type KpiRefusal,
  kpiOf,
  loadBoardJson,
  loadComparison,
  loadDrillDown,
  loadHistory,
  parseBoardPeriods,
  removeValue,
  replaceKpi,
  resetBoard,
  todayOf,
  toWireKpi,
} from './kpiUseCases';

const TAGS = ['kpis'];

const REFUSAL_STATUS = { not_found: 404, invalid: 400, conflict: 409 } as const;

/** A refusal of the KPI use-cases as the HTTP error it answers. */
const refusalError = (refusal: KpiRefusal): ApiError =>
  new ApiError(REFUSAL_STATUS[refusal.code], refusal.detail, refusal.fields);

/** The value of a use-case's result, or its refusal thrown as the HTTP error. */
function unwrap<T>(result: { readonly ok: true; readonly value: T } | KpiRefusal): T {
  if (!result.ok) throw refusalError(result);
  return result.value;
}

/** Imports of up to 10,000 lines: more than the API's usual JSON limit. */
const IMPORT_BODY_LIMIT = 2 * 1024 * 1024;

/**
 * The KPIs of the current organisation (X-Organization-Id), issue 14: definitions, manual values,
 * the board (every plan) and, with the plan feature `analytics`, history over a range, comparison
 * of two periods, one KPI's drill-down and the CSV import and export of values. Every KPI id is
 * looked up within the organisation first, so another organisation's KPI is a 404 before any
 * feature check. Audit rows name ids and counts only.
 */
export const kpiRoutes =
  ({ deps, authenticate, requireFeature }: RouteContext): RoutesPlugin =>
  async (app) => {
    const questions = new SurveyQuestionsCache();
    const kpiDeps: KpiDeps = {
      db: deps.db,
      questions,
      boardCache: new KpiValuesCache(),
      boardResponses: new BoardResponseCache(),
      now: () => deps.clock.now(),
      survey: async (organizationId, surveyId) => {
        const survey = await findSurvey(deps.db, organizationId, surveyId);
        return survey === null ? null : { questions: renumberQuestions(survey.questions) };
      },
    };
    const analytics = requireFeature('analytics');

    const organizationOf = async (request: FastifyRequest) => (await currentOrganization(deps, request)).id;
    /** The KPI in `:id`, of the current organisation (404 otherwise). */
    const kpiIn = async (request: FastifyRequest & { readonly params: { readonly id: string } }) =>
      unwrap(await kpiOf(kpiDeps, await organizationOf(request), parseId(request.params.id)));

    const audit = (request: FastifyRequest, organizationId: number, action: string, message: string) =>
      auditRequest(deps.log, request, { category: 'kpi', action, orgId: organizationId, message });

    app.get(
      '/kpis',
      {
        ...organizationRoute(authenticate, 'organization.read', {
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
        }),
      },
      async (request): Promise<Page<Kpi>> => {
        const organizationId = await organizationOf(request);
        const paging = parsePaging(request.query);
        const { q, source, period_kind: periodKind, owner_id: ownerId } = request.query;
        const fields: Record<string, string> = {};
        if (source !== undefined && !(KPI_SOURCE_TYPES as readonly string[]).includes(source))
          fields.source = 'Kies als bron manual, survey of finance.';
        if (periodKind !== undefined && !(PERIOD_KINDS as readonly string[]).includes(periodKind))
          fields.period_kind = 'Kies als periode week, month, quarter of year.';
        const owner = ownerId === undefined ? null : parseId(ownerId);
        if (ownerId !== undefined && owner === null) fields.owner_id = 'Geef een geldig id van een lid.';
        if (Object.keys(fields).length > 0) throw invalidInput(fields);
        const { rows, total } = await listKpis(deps.db, organizationId, {
          q: q?.trim() === '' || q === undefined ? null : q.trim(),
          source: (source ?? null) as Kpi['source']['type'] | null,
          periodKind: (periodKind ?? null) as Kpi['period_kind'] | null,
          ownerId: owner,
          limit: paging.pageSize,
          offset: offsetOf(paging),
        });
        const states = await kpiStates(kpiDeps, organizationId, rows, todayOf(kpiDeps));
        return toPage(
          rows.map((kpi) => toWireKpi(kpi, states.get(kpi.id) ?? 'ok')),
          total,
          paging,
        );
      },
    );

    app.post(
      '/kpis',
      {
        ...organizationRoute(authenticate, 'kpis.manage', {
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
        }),
      },
      async (request, reply) => {
        const organizationId = await organizationOf(request);
        const kpi = unwrap(await createKpi(kpiDeps, organizationId, request.body));
        audit(request, organizationId, 'kpi.created', `KPI ${kpi.id} aangemaakt`);
        return reply.code(201).send(kpi);
      },
    );

    app.get(
      '/kpis/board',
      {
        ...organizationRoute(authenticate, 'organization.read', {
          tags: TAGS,
          operationId: 'getKpiBoard',
          summary: 'The KPI board',
          description:
            "De KPI's die de gebruiker op het bord koos (anders het standaardbord van de organisatie, anders alle " +
            "KPI's), elk met de huidige waarde, het doel, de status, de trend tegen de periode ervoor en een " +
            'sparkline van de laatste `periods` perioden (standaard 12). Eén aanvraag voor het hele bord.',
          querystring: boardQuerySchema,
          response: { 200: boardSchema, 400: ERRORS.badRequest, 404: ERRORS.notFound, ...PROTECTED_ERRORS },
        }),
      },
      async (request, reply) => {
        const organizationId = await organizationOf(request);
        const periods = unwrap(parseBoardPeriods(request.query.periods));
        const answer = await loadBoardJson(
          kpiDeps,
          organizationId,
          authOf(request).user.id,
          periods,
          (board) => reply.serialize(board),
        );
        // Already serialised by this route's schema serializer and compressed as the client accepts
        // (possibly kept from an earlier request); with a Content-Encoding the app's global
        // compression leaves the body alone.
        const { body, encoding } = await answer.encoded(
          preferredEncoding(request.headers['accept-encoding']),
        );
        reply.header('vary', 'accept-encoding');
        if (encoding !== 'identity') reply.header('content-encoding', encoding);
        return (reply as FastifyReply).type('application/json; charset=utf-8').send(body);
      },
    );

    app.get(
      '/kpis/board/choice',
      {
        ...organizationRoute(authenticate, 'organization.read', {
          tags: TAGS,
          operationId: 'getKpiBoardChoice',
          summary: 'Which KPIs the board shows',
          description:
            "De KPI's op het bord van de gebruiker, in volgorde, en het standaardbord van de organisatie.",
          response: { 200: boardSettingsSchema, 404: ERRORS.notFound, ...PROTECTED_ERRORS },
        }),
      },
      async (request): Promise<KpiBoardSettings> =>
        boardSettings(kpiDeps, await organizationOf(request), authOf(request).user.id),
    );

    app.put(
      '/kpis/board',
      {
        ...organizationRoute(authenticate, 'organization.read', {
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
        }),
      },
      async (request): Promise<KpiBoardSettings> =>
        unwrap(
          await chooseBoard(
            kpiDeps,
            await organizationOf(request),
            { userId: authOf(request).user.id, forOrganisation: false },
            request.body.kpi_ids,
          ),
        ),
    );

    app.delete(
      '/kpis/board',
      {
        ...organizationRoute(authenticate, 'organization.read', {
          tags: TAGS,
          operationId: 'resetKpiBoardChoice',
          summary: "Back to the organisation's board",
          description: 'Vergeet de eigen keuze: het bord toont weer het standaardbord van de organisatie.',
          response: { 204: noContent, 404: ERRORS.notFound, ...PROTECTED_ERRORS },
        }),
      },
      async (request, reply) => {
        await resetBoard(kpiDeps, await organizationOf(request), authOf(request).user.id);
        return reply.code(204).send();
      },
    );

    app.put(
      '/kpis/board/default',
      {
        ...organizationRoute(authenticate, 'kpis.manage', {
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
        }),
      },
      async (request): Promise<KpiBoardSettings> => {
        const organizationId = await organizationOf(request);
        const settings = unwrap(
          await chooseBoard(
            kpiDeps,
            organizationId,
            { userId: authOf(request).user.id, forOrganisation: true },
            request.body.kpi_ids,
          ),
        );
        audit(
          request,
          organizationId,
          'kpi.board_default_set',
          `Standaard KPI-bord ingesteld (${settings.default_kpi_ids.length} KPI's)`,
        );
        return settings;
      },
    );

    app.get(
      '/kpis/history',
      {
        ...organizationRoute(authenticate, 'organization.read', {
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
        }),
        preHandler: analytics,
      },
      async (request): Promise<KpiHistory> =>
        unwrap(await loadHistory(kpiDeps, await organizationOf(request), request.query)),
    );

    app.get(
      '/kpis/compare',
      {
        ...organizationRoute(authenticate, 'organization.read', {
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
        }),
        preHandler: analytics,
      },
      async (request): Promise<KpiComparison> =>
        unwrap(await loadComparison(kpiDeps, await organizationOf(request), request.query)),
    );

    app.get(
      '/kpis/:id',
      {
        ...organizationRoute(authenticate, 'organization.read', {
          tags: TAGS,
          operationId: 'getKpi',
          summary: 'One KPI',
          description: 'De definitie, met `state`: of de bron nog iets kan berekenen.',
          params: kpiIdParams,
          response: { 200: kpiSchema, 404: ERRORS.notFound, ...PROTECTED_ERRORS },
        }),
      },
      async (request): Promise<Kpi> =>
        unwrap(await getKpi(kpiDeps, await organizationOf(request), parseId(request.params.id))),
    );

    app.put(
      '/kpis/:id',
      {
        ...organizationRoute(authenticate, 'kpis.manage', {
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
        }),
      },
      async (request): Promise<Kpi> => {
        const organizationId = await organizationOf(request);
        const kpi = unwrap(
          await replaceKpi(kpiDeps, organizationId, parseId(request.params.id), request.body),
        );
        audit(request, organizationId, 'kpi.updated', `KPI ${kpi.id} gewijzigd`);
        return kpi;
      },
    );

    app.delete(
      '/kpis/:id',
      {
        ...organizationRoute(authenticate, 'kpis.manage', {
          tags: TAGS,
          operationId: 'deleteKpi',
          summary: 'Delete a KPI',
          description: 'Met al zijn waarden; hij verdwijnt van elk bord.',
          params: kpiIdParams,
          response: { 204: noContent, 403: ERRORS.forbidden, 404: ERRORS.notFound, ...PROTECTED_ERRORS },
        }),
      },
      async (request, reply) => {
        const kpi = await kpiIn(request);
        if (!(await deleteKpi(deps.db, kpi.organizationId, kpi.id)))
          throw new ApiError(404, KPI_ERRORS.notFound);
        audit(request, kpi.organizationId, 'kpi.deleted', `KPI ${kpi.id} verwijderd`);
        return reply.code(204).send();
      },
    );

    app.get(
      '/kpis/:id/values',
      {
        ...organizationRoute(authenticate, 'organization.read', {
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
        }),
      },
      async (request): Promise<Page<KpiValue>> => {
        const kpi = await kpiIn(request);
        const paging = parsePaging(request.query);
        const { rows, total } = await storedValuesPage(deps.db, kpi.id, paging.pageSize, offsetOf(paging));
        return toPage(rows.map(toWireValue), total, paging);
      },
    );

    app.put(
      '/kpis/:id/values/:period',
      {
        ...organizationRoute(authenticate, 'kpis.manage', {
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
        }),
      },
      async (request): Promise<KpiValue> => {
        const kpi = await kpiIn(request);
        const value = unwrap(
          await enterValue(kpiDeps, kpi, request.params.period, request.body, authOf(request).user.id),
        );
        audit(
          request,
          kpi.organizationId,
          'kpi.value_set',
          `Waarde van KPI ${kpi.id} voor ${value.period} opgeslagen`,
        );
        return value;
      },
    );

    app.delete(
      '/kpis/:id/values/:period',
      {
        ...organizationRoute(authenticate, 'kpis.manage', {
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
        }),
      },
      async (request, reply) => {
        const kpi = await kpiIn(request);
        unwrap(await removeValue(kpiDeps, kpi, request.params.period));
        audit(
          request,
          kpi.organizationId,
          'kpi.value_deleted',
          `Waarde van KPI ${kpi.id} voor ${request.params.period} verwijderd`,
        );
        return reply.code(204).send();
      },
    );

    app.get(
      '/kpis/:id/drill-down',
      {
        ...organizationRoute(authenticate, 'organization.read', {
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
        }),
      },
      async (request): Promise<KpiDrillDown> => {
        const kpi = await kpiIn(request);
        await analytics(request);
        return unwrap(await loadDrillDown(kpiDeps, kpi, request.query));
      },
    );

    app.get(
      '/kpis/:id/values/export',
      {
        ...organizationRoute(authenticate, 'organization.read', {
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
        }),
      },
      async (request, reply) => {
        const kpi = await kpiIn(request);
        await analytics(request);
        const rows = unwrap(await exportRows(kpiDeps, kpi, request.query));
        audit(
          request,
          kpi.organizationId,
          'kpi.values_exported',
          `Waarden van KPI ${kpi.id} geëxporteerd (${rows.length})`,
        );
        const name = `kpi-${kpi.id}-${fileNamePart(kpi.name, 'waarden')}-${fileNameDate(deps.clock.now())}.csv`;
        return reply
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${name}"`)
          .header('cache-control', 'no-store')
          .send(kpiCsv(kpi.unit, rows));
      },
    );

    app.post(
      '/kpis/:id/values/import',
      {
        ...organizationRoute(authenticate, 'kpis.manage', {
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
        }),
        bodyLimit: IMPORT_BODY_LIMIT,
      },
      async (request): Promise<KpiImportReport> => {
        const kpi = await kpiIn(request);
        await analytics(request);
        const report = unwrap(await importKpiValues(kpiDeps, kpi, request.body, authOf(request).user.id));
        if (report.stored)
          audit(
            request,
            kpi.organizationId,
            'kpi.values_imported',
            `Waarden van KPI ${kpi.id} geïmporteerd: ${report.created} nieuw, ${report.updated} bijgewerkt, ${report.refused.length} overgeslagen`,
          );
        return report;
      },
    );
  };

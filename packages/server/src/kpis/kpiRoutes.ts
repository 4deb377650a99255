import type {
  Kpi,
  KpiBoardSettings,
  KpiComparison,
  KpiDrillDown,
  KpiHistory,
  KpiImportReport,
  KpiValue,
  Page,
} from '@loop/core';
import { renumberQuestions } from '@loop/core/surveys/model';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { authOf } from '../auth/authenticate';
import { parseId } from '../db/database';
import { ApiError } from '../http/apiError';
import { preferredEncoding } from '../http/contentEncoding';
import { offsetOf, parsePaging, toPage } from '../http/paging';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { auditRequest } from '../logs/requestLog';
import { currentOrganization } from '../organizations/memberships';
import { organizationRoute } from '../organizations/organizationRoute';
import { SurveyQuestionsCache } from '../responses/surveyQuestionsCache';
import { findSurvey } from '../surveys/surveys';
import { BoardResponseCache, KpiValuesCache } from './boardCache';
import { loadComparison, loadDrillDown, loadHistory } from './kpiAnalysisUseCases';
import { boardSettings, chooseBoard, loadBoardJson, resetBoard } from './kpiBoardUseCases';
import { createKpi, getKpi, listKpiPage, removeKpi, replaceKpi } from './kpiDefinitionUseCases';
import {
  boardChoiceRoute,
  boardRoute,
  compareRoute,
  createKpiRoute,
  deleteKpiRoute,
  deleteValueRoute,
  drillDownRoute,
  exportValuesRoute,
  getKpiRoute,
  historyRoute,
  importValuesRoute,
  listKpisRoute,
  listValuesRoute,
  resetBoardChoiceRoute,
  setBoardChoiceRoute,
  setBoardDefaultRoute,
  setValueRoute,
  updateKpiRoute,
} from './kpiRouteSchemas';
import type { KpiDeps, KpiRefusal } from './kpiUseCases';
import { enterValue, exportKpiValues, importKpiValues, listKpiValues, removeValue } from './kpiValueUseCases';

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

type WithId = FastifyRequest & { readonly params: { readonly id: string } };

/**
 * The KPIs of the current organisation (X-Organization-Id), issue 14: definitions, manual values,
 * the board (every plan) and, with the plan feature `analytics`, history over a range, comparison
 * of two periods, one KPI's drill-down and the CSV import and export of values. Every KPI id is
 * looked up within the organisation first, so another organisation's KPI is a 404 before any
 * feature check (the use-cases take that check as their gate). Audit rows name ids and counts only.
 * The handlers parse, call one use-case and answer; the OpenAPI documentation is kpiRouteSchemas.ts.
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
    const read = <S extends object>(schema: S) =>
      organizationRoute(authenticate, 'organization.read', schema);
    const manage = <S extends object>(schema: S) => organizationRoute(authenticate, 'kpis.manage', schema);

    const organizationOf = async (request: FastifyRequest) => (await currentOrganization(deps, request)).id;
    /** The current organisation and the `:id` of the request, as the use-cases take them. */
    const target = async (request: WithId) =>
      [await organizationOf(request), parseId(request.params.id)] as const;
    /** The plan's feature `analytics`, checked once the KPI is found. */
    const gate = (request: FastifyRequest) => () => analytics(request);
    const userOf = (request: FastifyRequest) => authOf(request).user.id;

    const audit = (request: FastifyRequest, organizationId: number, action: string, message: string) =>
      auditRequest(deps.log, request, { category: 'kpi', action, orgId: organizationId, message });

    app.get('/kpis', read(listKpisRoute), async (request): Promise<Page<Kpi>> => {
      const organizationId = await organizationOf(request);
      const paging = parsePaging(request.query);
      const page = { limit: paging.pageSize, offset: offsetOf(paging) };
      const { items, total } = unwrap(await listKpiPage(kpiDeps, organizationId, request.query, page));
      return toPage(items, total, paging);
    });

    app.post('/kpis', manage(createKpiRoute), async (request, reply) => {
      const organizationId = await organizationOf(request);
      const kpi = unwrap(await createKpi(kpiDeps, organizationId, request.body));
      audit(request, organizationId, 'kpi.created', `KPI ${kpi.id} aangemaakt`);
      return reply.code(201).send(kpi);
    });

    app.get('/kpis/board', read(boardRoute), async (request, reply) => {
      const organizationId = await organizationOf(request);
      const answer = unwrap(
        await loadBoardJson(kpiDeps, organizationId, userOf(request), request.query.periods, (board) =>
          reply.serialize(board),
        ),
      );
      // Already serialised by this route's schema serializer and compressed as the client accepts
      // (possibly kept from an earlier request); with a Content-Encoding the app's global
      // compression leaves the body alone.
      const { body, encoding } = await answer.encoded(preferredEncoding(request.headers['accept-encoding']));
      reply.header('vary', 'accept-encoding');
      if (encoding !== 'identity') reply.header('content-encoding', encoding);
      return (reply as FastifyReply).type('application/json; charset=utf-8').send(body);
    });

    app.get(
      '/kpis/board/choice',
      read(boardChoiceRoute),
      async (request): Promise<KpiBoardSettings> =>
        boardSettings(kpiDeps, await organizationOf(request), userOf(request)),
    );

    app.put(
      '/kpis/board',
      read(setBoardChoiceRoute),
      async (request): Promise<KpiBoardSettings> =>
        unwrap(
          await chooseBoard(
            kpiDeps,
            await organizationOf(request),
            { userId: userOf(request), forOrganisation: false },
            request.body.kpi_ids,
          ),
        ),
    );

    app.delete('/kpis/board', read(resetBoardChoiceRoute), async (request, reply) => {
      await resetBoard(kpiDeps, await organizationOf(request), userOf(request));
      return reply.code(204).send();
    });

    app.put(
      '/kpis/board/default',
      manage(setBoardDefaultRoute),
      async (request): Promise<KpiBoardSettings> => {
        const organizationId = await organizationOf(request);
        const owner = { userId: userOf(request), forOrganisation: true };
        const settings = unwrap(await chooseBoard(kpiDeps, organizationId, owner, request.body.kpi_ids));
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
      { ...read(historyRoute), preHandler: analytics },
      async (request): Promise<KpiHistory> =>
        unwrap(await loadHistory(kpiDeps, await organizationOf(request), request.query)),
    );

    app.get(
      '/kpis/compare',
      { ...read(compareRoute), preHandler: analytics },
      async (request): Promise<KpiComparison> =>
        unwrap(await loadComparison(kpiDeps, await organizationOf(request), request.query)),
    );

    app.get(
      '/kpis/:id',
      read(getKpiRoute),
      async (request): Promise<Kpi> => unwrap(await getKpi(kpiDeps, ...(await target(request)))),
    );

    app.put('/kpis/:id', manage(updateKpiRoute), async (request): Promise<Kpi> => {
      const [organizationId, id] = await target(request);
      const kpi = unwrap(await replaceKpi(kpiDeps, organizationId, id, request.body));
      audit(request, organizationId, 'kpi.updated', `KPI ${kpi.id} gewijzigd`);
      return kpi;
    });

    app.delete('/kpis/:id', manage(deleteKpiRoute), async (request, reply) => {
      const kpi = unwrap(await removeKpi(kpiDeps, ...(await target(request))));
      audit(request, kpi.organizationId, 'kpi.deleted', `KPI ${kpi.id} verwijderd`);
      return reply.code(204).send();
    });

    app.get('/kpis/:id/values', read(listValuesRoute), async (request): Promise<Page<KpiValue>> => {
      const [organizationId, id] = await target(request);
      const page = () => {
        const paging = parsePaging(request.query);
        return { limit: paging.pageSize, offset: offsetOf(paging), paging };
      };
      const { items, total, paging } = unwrap(await listKpiValues(kpiDeps, organizationId, id, page));
      return toPage(items, total, paging);
    });

    app.put('/kpis/:id/values/:period', manage(setValueRoute), async (request): Promise<KpiValue> => {
      const [organizationId, id] = await target(request);
      const { period } = request.params;
      const value = unwrap(
        await enterValue(kpiDeps, organizationId, id, period, request.body, userOf(request)),
      );
      audit(request, organizationId, 'kpi.value_set', `Waarde van KPI ${id} voor ${value.period} opgeslagen`);
      return value;
    });

    app.delete('/kpis/:id/values/:period', manage(deleteValueRoute), async (request, reply) => {
      const [organizationId, id] = await target(request);
      const { period } = request.params;
      const kpi = unwrap(await removeValue(kpiDeps, organizationId, id, period));
      audit(
        request,
        kpi.organizationId,
        'kpi.value_deleted',
        `Waarde van KPI ${kpi.id} voor ${period} verwijderd`,
      );
      return reply.code(204).send();
    });

    app.get(
      '/kpis/:id/drill-down',
      read(drillDownRoute),
      async (request): Promise<KpiDrillDown> =>
        unwrap(await loadDrillDown(kpiDeps, ...(await target(request)), request.query, gate(request))),
    );

    app.get('/kpis/:id/values/export', read(exportValuesRoute), async (request, reply) => {
      const [organizationId, id] = await target(request);
      const file = unwrap(await exportKpiValues(kpiDeps, organizationId, id, request.query, gate(request)));
      audit(
        request,
        organizationId,
        'kpi.values_exported',
        `Waarden van KPI ${id} geëxporteerd (${file.rows})`,
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('cache-control', 'no-store')
        .send(file.csv);
    });

    app.post(
      '/kpis/:id/values/import',
      { ...manage(importValuesRoute), bodyLimit: IMPORT_BODY_LIMIT },
      async (request): Promise<KpiImportReport> => {
        const [organizationId, id] = await target(request);
        const report = unwrap(
          await importKpiValues(kpiDeps, organizationId, id, request.body, userOf(request), gate(request)),
        );
        if (report.stored)
          audit(
            request,
            organizationId,
            'kpi.values_imported',
            `Waarden van KPI ${id} geïmporteerd: ${report.created} nieuw, ${report.updated} bijgewerkt, ${report.refused.length} overgeslagen`,
          );
        return report;
      },
    );
  };

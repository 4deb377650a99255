import type {
  ExportFormat,
  FinanceCategories,
  FinanceImport,
  FinanceOverview,
  FinanceRecord,
  MessageResponse,
  Page,
} from '@loop/core';
import { financeRange } from '@loop/core/finance';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { authOf } from '../auth/authenticate';
import { parseId } from '../db/database';
import { ApiError, invalidInput } from '../http/apiError';
import { offsetOf, parsePaging, toPage } from '../http/paging';
import type { RouteContext, RoutesPlugin } from '../http/routeContext';
import { readUploadForm } from '../import/uploadForm';
import { auditRequest } from '../logs/requestLog';
import { currentOrganization } from '../organizations/memberships';
import { EXPORT_CONTENT_TYPES } from '../results/surveyExport';

import {
  IMPORT_FORM_MESSAGES,
  IMPORT_MAX_BYTES,
  importBankStatement,
  listFinanceImports,
  undoFinanceImport,
} from './financeImportUseCases';
import { parseRecordFilter } from './financeRecords';
import { exportFinanceOverview, exportFinanceRecords, loadFinanceOverview } from './financeReportUseCases';
import {
  categoriesRoute,
  createRecordRoute,
  deleteRecordRoute,
  exportRecordsRoute,
  getRecordRoute,
  IMPORT_FORM_DOCUMENTATION,
  importRoute,
  listImportsRoute,
  listRecordsRoute,
  overviewExportRoute,
  overviewRoute,
  undoImportRoute,
  updateRecordRoute,
} from './financeRouteSchemas';
import {
  createFinanceRecord,
  deleteFinanceRecord,
  type FinanceFailure,
  getFinanceRecord,
  listFinanceCategories,
  listFinanceRecords,
  updateFinanceRecord,
} from './financeUseCases';

const EXPORT_FORMAT_MESSAGE = 'Kies als formaat csv of xlsx.';

const parseFormat = (raw: string | undefined): ExportFormat => {
  if (raw === undefined || raw === '' || raw === 'csv') return 'csv';
  if (raw === 'xlsx') return 'xlsx';
  throw invalidInput({ format: EXPORT_FORMAT_MESSAGE });
};

const FAILURE_STATUS = { not_found: 404, invalid: 400 } as const;

/** The value of a use-case's result, or its failure thrown as the HTTP error. */
function unwrap<T>(result: { readonly ok: true; readonly value: T } | FinanceFailure): T {
  if (!result.ok) throw new ApiError(FAILURE_STATUS[result.code], result.detail, result.fields);
  return result.value;
}

/** A file download that is not cached. */
const sendFile = (reply: FastifyReply, format: ExportFormat, file: { fileName: string; body: unknown }) =>
  reply
    .header('content-type', EXPORT_CONTENT_TYPES[format])
    .header('content-disposition', `attachment; filename="${file.fileName}"`)
    .header('cache-control', 'no-store')
    .send(file.body);

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
 * The handlers parse, call one use-case (financeUseCases.ts, financeReportUseCases.ts,
 * financeImportUseCases.ts) and answer; the OpenAPI documentation is financeRouteSchemas.ts.
 */
export const financeRoutes =
  ({ deps, authenticate, requireFeature }: RouteContext): RoutesPlugin =>
  async (app) => {
    const analytics = requireFeature('analytics');
    const exportFeature = requireFeature('export');
    const organizationOf = async (request: FastifyRequest) => (await currentOrganization(deps, request)).id;
    const audit = (request: FastifyRequest, organizationId: number, action: string, message: string) =>
      auditRequest(deps.log, request, { category: 'finance', action, orgId: organizationId, message });
    const common = { onRequest: authenticate, preHandler: analytics } as const;
    const read = { ...common, config: { permission: 'finance.read' as const } };
    const manage = { ...common, config: { permission: 'finance.manage' as const } };
    const filterOf = (query: Parameters<typeof parseRecordFilter>[0]) => {
      const filter = parseRecordFilter(query);
      if (!filter.ok) throw invalidInput(filter.fields);
      return filter;
    };
    const rangeOf = (query: { from?: string; to?: string }) => {
      const range = financeRange(query, deps.clock.now().toISOString().slice(0, 10));
      if (!range.ok) throw invalidInput(range.fields);
      return range.value;
    };

    app.get(
      '/finance/records',
      { ...read, schema: listRecordsRoute },
      async (request): Promise<Page<FinanceRecord>> => {
        const organizationId = await organizationOf(request);
        const filter = filterOf(request.query);
        const paging = parsePaging(request.query);
        const page = { limit: paging.pageSize, offset: offsetOf(paging) };
        const { items, total } = await listFinanceRecords(
          deps,
          organizationId,
          filter.value,
          filter.sort,
          page,
        );
        return toPage(items, total, paging);
      },
    );

    app.post('/finance/records', { ...manage, schema: createRecordRoute }, async (request, reply) => {
      const organizationId = await organizationOf(request);
      const userId = authOf(request).user.id;
      const record = unwrap(await createFinanceRecord(deps, organizationId, userId, request.body));
      audit(
        request,
        organizationId,
        'finance.record_created',
        `Boeking ${record.id} toegevoegd in organisatie ${organizationId}`,
      );
      return reply.code(201).send(record);
    });

    app.get('/finance/records/export', { ...read, schema: exportRecordsRoute }, async (request, reply) => {
      const organizationId = await organizationOf(request);
      const format = parseFormat(request.query.format);
      const filter = filterOf(request.query);
      if (format === 'xlsx') await exportFeature(request);
      const open = () => exportFinanceRecords(deps, organizationId, format, filter.value);
      // An XLSX is written on a worker thread: one of the organisation's heavy jobs (R-HEAVY-9).
      const file = format === 'xlsx' ? await deps.heavyJobs.stream(organizationId, open) : open();
      audit(
        request,
        organizationId,
        'finance.exported',
        `Boekingen van organisatie ${organizationId} geëxporteerd (${format})`,
      );
      return sendFile(reply, format, file);
    });

    app.get(
      '/finance/records/:id',
      { ...read, schema: getRecordRoute },
      async (request): Promise<FinanceRecord> =>
        unwrap(await getFinanceRecord(deps, await organizationOf(request), parseId(request.params.id))),
    );

    app.patch(
      '/finance/records/:id',
      { ...manage, schema: updateRecordRoute },
      async (request): Promise<FinanceRecord> => {
        const organizationId = await organizationOf(request);
        const id = parseId(request.params.id);
        const changed = unwrap(await updateFinanceRecord(deps, organizationId, id, request.body));
        audit(
          request,
          organizationId,
          'finance.record_updated',
          `Boeking ${id} gewijzigd in organisatie ${organizationId}`,
        );
        return changed;
      },
    );

    app.delete('/finance/records/:id', { ...manage, schema: deleteRecordRoute }, async (request, reply) => {
      const organizationId = await organizationOf(request);
      const id = parseId(request.params.id);
      unwrap(await deleteFinanceRecord(deps, organizationId, id));
      audit(
        request,
        organizationId,
        'finance.record_deleted',
        `Boeking ${id} verwijderd in organisatie ${organizationId}`,
      );
      return reply.code(204).send();
    });

    app.get(
      '/finance/categories',
      { ...read, schema: categoriesRoute },
      async (request): Promise<FinanceCategories> =>
        listFinanceCategories(deps, await organizationOf(request)),
    );

    app.get(
      '/finance/overview',
      { ...read, schema: overviewRoute },
      async (request): Promise<FinanceOverview> =>
        loadFinanceOverview(deps, await organizationOf(request), rangeOf(request.query)),
    );

    app.get('/finance/overview/export', { ...read, schema: overviewExportRoute }, async (request, reply) => {
      const organizationId = await organizationOf(request);
      const format = parseFormat(request.query.format);
      const range = rangeOf(request.query);
      if (format === 'xlsx') await exportFeature(request);
      const open = () => exportFinanceOverview(deps, organizationId, format, range);
      const file = format === 'xlsx' ? await deps.heavyJobs.stream(organizationId, open) : await open();
      audit(
        request,
        organizationId,
        'finance.exported',
        `Financieel overzicht van organisatie ${organizationId} geëxporteerd (${format})`,
      );
      return sendFile(reply, format, file);
    });

    app.post(
      '/finance/imports',
      {
        ...manage,
        config: { ...manage.config, uploadField: 'file', uploadForm: IMPORT_FORM_DOCUMENTATION },
        schema: importRoute,
      },
      async (request, reply) => {
        const organizationId = await organizationOf(request);
        // Reading, checking and storing the file is one of the organisation's heavy jobs (R-HEAVY-5).
        const { status, report } = await deps.heavyJobs.run(organizationId, async () => {
          const form = await readUploadForm(request, IMPORT_MAX_BYTES, IMPORT_FORM_MESSAGES);
          return unwrap(
            await importBankStatement(deps, { organizationId, userId: authOf(request).user.id, ...form }),
          );
        });
        // An import that added nothing is not kept (financeImport.ts), so it has nothing to log.
        if (report.import_id !== null)
          audit(
            request,
            organizationId,
            'finance.imported',
            `Bankafschrift geïmporteerd in organisatie ${organizationId}: import ${report.import_id}, ` +
              `${report.imported} nieuw, ${report.duplicates} dubbel, ${report.refused} geweigerd (${report.format})`,
          );
        return reply.code(status).send(report);
      },
    );

    app.get(
      '/finance/imports',
      { ...read, schema: listImportsRoute },
      async (request): Promise<Page<FinanceImport>> => {
        const organizationId = await organizationOf(request);
        const paging = parsePaging(request.query);
        const page = { limit: paging.pageSize, offset: offsetOf(paging) };
        const { items, total } = await listFinanceImports(deps, organizationId, page);
        return toPage(items, total, paging);
      },
    );

    app.delete(
      '/finance/imports/:id',
      { ...manage, schema: undoImportRoute },
      async (request): Promise<MessageResponse> => {
        const organizationId = await organizationOf(request);
        const id = parseId(request.params.id);
        const { removedRecords } = unwrap(await undoFinanceImport(deps, organizationId, id));
        audit(
          request,
          organizationId,
          'finance.import_undone',
          `Import ${id} ongedaan gemaakt in organisatie ${organizationId}: ${removedRecords} boekingen verwijderd`,
        );
        return {
          detail: `Import ongedaan gemaakt: ${removedRecords} ${removedRecords === 1 ? 'boeking' : 'boekingen'} verwijderd.`,
        };
      },
    );
  };

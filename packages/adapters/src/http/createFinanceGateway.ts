import type { FinanceImportReport } from '@loop/core';
import type { FinanceGateway, FinanceRangeQuery, FinanceRecordFilter } from '@loop/core/finance';
import type { ApiClient } from './createApiClient';
import { downloadFile } from './downloadFile';

const filterOf = (filter: FinanceRecordFilter): Record<string, string | undefined> => ({
  q: filter.q === undefined || filter.q.trim() === '' ? undefined : filter.q.trim(),
  from: filter.from || undefined,
  to: filter.to || undefined,
  direction: filter.direction || undefined,
  // '' is a real filter here: the records without a category.
  category: filter.category,
  btw_rate: filter.btw_rate || undefined,
  source: filter.source || undefined,
  import_id: filter.import_id === undefined ? undefined : String(filter.import_id),
});

const rangeOf = (range: FinanceRangeQuery) => ({ from: range.from || undefined, to: range.to || undefined });

/** The /finance routes of the current organisation. */
export function createFinanceGateway(client: ApiClient): FinanceGateway {
  return {
    records: (query) =>
      client.request('GET', '/finance/records', {
        query: {
          ...filterOf(query),
          sort: query.sort,
          page: query.page === undefined ? undefined : String(query.page),
          page_size: query.page_size === undefined ? undefined : String(query.page_size),
        },
      }),
    create: (input) => client.request('POST', '/finance/records', { body: input }),
    update: (id, patch) => client.request('PATCH', `/finance/records/${id}`, { body: patch }),
    remove: (id) => client.request('DELETE', `/finance/records/${id}`),
    exportRecords: (filter, format) =>
      downloadFile(client, '/finance/records/export', `boekingen.${format}`, { ...filterOf(filter), format }),
    categories: () => client.request('GET', '/finance/categories'),
    overview: (range) => client.request('GET', '/finance/overview', { query: rangeOf(range) }),
    exportOverview: (range, format) =>
      downloadFile(client, '/finance/overview/export', `financieel-overzicht.${format}`, {
        ...rangeOf(range),
        format,
      }),
    importFile: (upload) => {
      const form = new FormData();
      form.append('format', upload.format);
      if (upload.mapping !== null) form.append('mapping', JSON.stringify(upload.mapping));
      form.append('skip_invalid', String(upload.skipInvalid));
      form.append('dry_run', String(upload.dryRun));
      // The file last: the server reads the fields as they stream in.
      form.append('file', upload.file as Blob, upload.fileName);
      return client.request<FinanceImportReport>('POST', '/finance/imports', {
        body: form,
        // A refused file (422) answers the report with every refused line, not only a message.
        okStatuses: [422],
        ...(upload.onProgress === undefined ? {} : { onUploadProgress: upload.onProgress }),
      });
    },
    imports: (page) =>
      client.request('GET', '/finance/imports', {
        query: { page: page === undefined ? undefined : String(page) },
      }),
    undoImport: (id) => client.request('DELETE', `/finance/imports/${id}`),
  };
}

import type { KpiGateway, KpiRangeQuery } from '@loop/core/kpis';
import type { ApiClient } from './createApiClient';
import { downloadFile } from './downloadFile';

const rangeOf = (query: KpiRangeQuery): Record<string, string | undefined> => ({
  from: query.from,
  to: query.to,
  ids: query.ids === undefined ? undefined : query.ids.join(','),
});

const periodPath = (id: number, period: string) => `/kpis/${id}/values/${encodeURIComponent(period)}`;

/** The /kpis routes of the current organisation. */
export function createKpiGateway(client: ApiClient): KpiGateway {
  return {
    list: (query) => client.request('GET', '/kpis', { query: { ...query } }),
    get: (id) => client.request('GET', `/kpis/${id}`),
    create: (input) => client.request('POST', '/kpis', { body: input }),
    update: (id, input) => client.request('PUT', `/kpis/${id}`, { body: input }),
    remove: (id) => client.request('DELETE', `/kpis/${id}`),
    board: (periods) =>
      client.request('GET', '/kpis/board', {
        query: { periods: periods === undefined ? undefined : String(periods) },
      }),
    boardSettings: () => client.request('GET', '/kpis/board/choice'),
    chooseBoard: (kpiIds) => client.request('PUT', '/kpis/board', { body: { kpi_ids: kpiIds } }),
    resetBoard: () => client.request('DELETE', '/kpis/board'),
    chooseDefaultBoard: (kpiIds) =>
      client.request('PUT', '/kpis/board/default', { body: { kpi_ids: kpiIds } }),
    values: (id, page) =>
      client.request('GET', `/kpis/${id}/values`, {
        query: { page: page === undefined ? undefined : String(page) },
      }),
    setValue: (id, period, input) => client.request('PUT', periodPath(id, period), { body: input }),
    removeValue: (id, period) => client.request('DELETE', periodPath(id, period)),
    history: (query) => client.request('GET', '/kpis/history', { query: rangeOf(query) }),
    compare: (a, b, ids) =>
      client.request('GET', '/kpis/compare', {
        query: { a, b, ids: ids === undefined ? undefined : ids.join(',') },
      }),
    drillDown: (id, query) => client.request('GET', `/kpis/${id}/drill-down`, { query: rangeOf(query) }),
    exportValues: (id, query) =>
      downloadFile(client, `/kpis/${id}/values/export`, `kpi-${id}-waarden.csv`, rangeOf(query)),
    importValues: (id, request) => client.request('POST', `/kpis/${id}/values/import`, { body: request }),
  };
}

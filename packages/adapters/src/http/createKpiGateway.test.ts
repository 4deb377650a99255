import { describe, expect, it } from 'vitest';
import { recordingClient } from '../testing/recordingClient';
import { createKpiGateway } from './createKpiGateway';

const input = {
  name: 'Omzet',
  description: '',
  unit: 'euro',
  direction: 'higher',
  period_kind: 'month',
  target: 100_000,
  warning: null,
  period_targets: [],
  owner_id: null,
  source: { type: 'manual', metric: null, survey_id: null, question_id: null, statement_id: null },
} as const;

describe('createKpiGateway', () => {
  it('should call the /kpis routes with their queries and bodies', async () => {
    const { client, sent } = recordingClient();
    const kpis = createKpiGateway(client);
    await kpis.list({ q: 'omzet', page: '2' });
    await kpis.get(3);
    await kpis.create(input);
    await kpis.update(3, input);
    await kpis.remove(3);
    await kpis.board(12);
    await kpis.board();
    await kpis.boardSettings();
    await kpis.chooseBoard([3, 1]);
    await kpis.resetBoard();
    await kpis.chooseDefaultBoard([1]);
    await kpis.values(3, 2);
    await kpis.setValue(3, '2026-W05', { value: 12, note: 'Telling' });
    await kpis.removeValue(3, '2026-W05');
    await kpis.history({ from: '2026-01-01', to: '2026-06-30', ids: [1, 3] });
    await kpis.compare('2026-02-01', '2026-01-01');
    await kpis.drillDown(3, {});
    await kpis.importValues(3, { csv: 'periode;waarde', skip_invalid: false, dry_run: true });
    expect(sent.map((s) => [s.method, s.path, s.options?.query ?? null, s.options?.body ?? null])).toEqual([
      ['GET', '/kpis', { q: 'omzet', page: '2' }, null],
      ['GET', '/kpis/3', null, null],
      ['POST', '/kpis', null, input],
      ['PUT', '/kpis/3', null, input],
      ['DELETE', '/kpis/3', null, null],
      ['GET', '/kpis/board', { periods: '12' }, null],
      ['GET', '/kpis/board', { periods: undefined }, null],
      ['GET', '/kpis/board/choice', null, null],
      ['PUT', '/kpis/board', null, { kpi_ids: [3, 1] }],
      ['DELETE', '/kpis/board', null, null],
      ['PUT', '/kpis/board/default', null, { kpi_ids: [1] }],
      ['GET', '/kpis/3/values', { page: '2' }, null],
      ['PUT', '/kpis/3/values/2026-W05', null, { value: 12, note: 'Telling' }],
      ['DELETE', '/kpis/3/values/2026-W05', null, null],
      ['GET', '/kpis/history', { from: '2026-01-01', to: '2026-06-30', ids: '1,3' }, null],
      ['GET', '/kpis/compare', { a: '2026-02-01', b: '2026-01-01', ids: undefined }, null],
      ['GET', '/kpis/3/drill-down', { from: undefined, to: undefined, ids: undefined }, null],
      ['POST', '/kpis/3/values/import', null, { csv: 'periode;waarde', skip_invalid: false, dry_run: true }],
    ]);
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiResult, apiFailure, apiOk } from '../../domain/api';
import type { LogItem, LogsResponse } from '../../domain/contract';
import type { AdminLogsGateway } from '../../domain/logs';
import { EMPTY_LOG_FILTER } from '../../domain/logs';
import { type Deferred, deferred } from '../../testing/deferred';
import { LogBrowser } from './LogBrowser';

// --- hand-written fake --------------------------------------------------------------------------

/** Answers `reply` at once, or, while `hold` is set, waits until the test calls `release`. */
class FakeLogsGateway implements AdminLogsGateway {
  calls = 0;
  hold = false;
  reply: ApiResult<LogsResponse> = apiOk({ items: ROWS });
  readonly #waiting: Array<Deferred<ApiResult<LogsResponse>>> = [];

  list(): Promise<ApiResult<LogsResponse>> {
    this.calls++;
    if (!this.hold) return Promise.resolve(this.reply);
    const answer = deferred<ApiResult<LogsResponse>>();
    this.#waiting.push(answer);
    return answer.promise;
  }

  /** Answers the `index`-th call still waiting (0 = the oldest). */
  release(index: number, result: ApiResult<LogsResponse>): void {
    const [answer] = this.#waiting.splice(index, 1);
    if (!answer) throw new Error(`no call ${index} is waiting`);
    answer.resolve(result);
  }
}

// --- data ---------------------------------------------------------------------------------------

const row = (id: number, overrides: Partial<LogItem> = {}): LogItem => ({
  id,
  ts: `2026-11-${String(30 - id).padStart(2, '0')}T10:00:00Z`,
  level: 'info',
  category: 'http',
  org_id: 7,
  action: 'request',
  route: '/users/me',
  http_status: 200,
  message: 'GET afgerond',
  log_date: null,
  ...overrides,
});

const ROWS: LogItem[] = [
  row(1, { level: 'error', message: 'Betaling mislukt', route: '/payments/checkout', http_status: 502 }),
  row(2, { level: 'audit', action: 'plan.change', org_id: 8 }),
  row(3, { level: 'warning', message: 'Token verlopen', http_status: 401 }),
  row(4, { ts: null, org_id: null }),
];

const ids = (rows: readonly LogItem[]) => rows.map((r) => r.id);

let gateway: FakeLogsGateway;
const browser = () => new LogBrowser({ gateway });

async function loaded(): Promise<LogBrowser> {
  const b = browser();
  await b.load();
  return b;
}

beforeEach(() => {
  gateway = new FakeLogsGateway();
});

// --- tests --------------------------------------------------------------------------------------

describe('LogBrowser', () => {
  describe('load', () => {
    it('should start loading with no rows and no filter', () => {
      expect(browser().getSnapshot()).toEqual({
        status: 'loading',
        filter: EMPTY_LOG_FILTER,
        total: 0,
        rows: [],
      });
    });

    it('should show every row of the answer in the server order', async () => {
      const b = await loaded();
      expect(b.getSnapshot()).toEqual({ status: 'ready', filter: EMPTY_LOG_FILTER, total: 4, rows: ROWS });
      expect(gateway.calls).toBe(1);
    });

    it('should fetch once however often load is called, also while the first fetch is out', async () => {
      gateway.hold = true;
      const b = browser();
      const first = b.load();
      const second = b.load();
      expect(second).toBe(first);
      gateway.release(0, apiOk({ items: ROWS }));
      await first;
      await b.load();
      expect(gateway.calls).toBe(1);
    });

    it('should tell listeners when the rows arrive, and stop after unsubscribing', async () => {
      const b = browser();
      let calls = 0;
      const unsubscribe = b.subscribe(() => calls++);
      await b.load();
      expect(calls).toBe(1);
      unsubscribe();
      await b.reload();
      expect(calls).toBe(1);
    });
  });

  describe('a failed fetch (R-LOG-6: empty list)', () => {
    it.each([
      ['a server error', apiFailure(500, 'Er ging iets mis.')],
      ['a refusal for non-admins', apiFailure(403, 'Alleen voor beheerders.')],
      ['no connection', apiFailure(0, 'Kan de server niet bereiken.')],
    ])('should give an empty failed list on %s', async (_, reply) => {
      gateway.reply = reply;
      const b = await loaded();
      expect(b.getSnapshot()).toEqual({ status: 'failed', filter: EMPTY_LOG_FILTER, total: 0, rows: [] });
    });

    it('should treat an answer without an items list as failed', async () => {
      gateway.reply = apiOk({} as LogsResponse);
      const b = await loaded();
      expect(b.getSnapshot().status).toBe('failed');
      expect(b.getSnapshot().rows).toEqual([]);
    });

    it('should empty a list shown before when a reload fails, and fill it again on the next', async () => {
      const b = await loaded();
      gateway.reply = apiFailure(500, 'Stuk.');
      await b.reload();
      expect(b.getSnapshot()).toMatchObject({ status: 'failed', total: 0, rows: [] });
      b.setFilter({ text: 'betaling' });
      expect(b.getSnapshot().rows).toEqual([]);
      gateway.reply = apiOk({ items: ROWS });
      await b.reload();
      expect(b.getSnapshot()).toMatchObject({ status: 'ready', total: 4 });
      expect(ids(b.getSnapshot().rows)).toEqual([1]);
    });
  });

  describe('filters', () => {
    it('should narrow the rows by each filter and keep the total', async () => {
      const b = await loaded();
      b.setFilter({ text: 'BETALING' });
      expect(ids(b.getSnapshot().rows)).toEqual([1]);
      expect(b.getSnapshot().total).toBe(4);
      b.setFilter({ text: '', level: 'audit' });
      expect(ids(b.getSnapshot().rows)).toEqual([2]);
      b.setFilter({ level: '', orgId: '7' });
      expect(ids(b.getSnapshot().rows)).toEqual([1, 3]);
      b.setFilter({ orgId: '', from: '2026-11-27', to: '2026-11-28' });
      expect(ids(b.getSnapshot().rows)).toEqual([2, 3]);
    });

    it('should combine filters', async () => {
      const b = await loaded();
      b.setFilter({ orgId: '7', level: 'warning' });
      expect(ids(b.getSnapshot().rows)).toEqual([3]);
      expect(b.getSnapshot().filter).toEqual({ ...EMPTY_LOG_FILTER, orgId: '7', level: 'warning' });
    });

    it("should restore every row with 'Wis filters'", async () => {
      const b = await loaded();
      b.setFilter({ text: 'niets dat bestaat', level: 'error', orgId: '9', from: '2026-01-01' });
      expect(b.getSnapshot().rows).toEqual([]);
      b.clearFilters();
      expect(b.getSnapshot()).toEqual({ status: 'ready', filter: EMPTY_LOG_FILTER, total: 4, rows: ROWS });
    });

    it('should keep the filter set while loading and apply it to the answer', async () => {
      gateway.hold = true;
      const b = browser();
      const loading = b.load();
      b.setFilter({ level: 'error' });
      expect(b.getSnapshot()).toMatchObject({ status: 'loading', rows: [] });
      gateway.release(0, apiOk({ items: ROWS }));
      await loading;
      expect(b.getSnapshot().filter.level).toBe('error');
      expect(ids(b.getSnapshot().rows)).toEqual([1]);
    });

    it('should keep the filter across a reload', async () => {
      const b = await loaded();
      b.setFilter({ text: 'token' });
      gateway.reply = apiOk({ items: [...ROWS, row(5, { message: 'Token ververst' })] });
      await b.reload();
      expect(b.getSnapshot().filter.text).toBe('token');
      expect(ids(b.getSnapshot().rows)).toEqual([3, 5]);
      expect(b.getSnapshot().total).toBe(5);
    });
  });

  describe('snapshot identity (useSyncExternalStore)', () => {
    it('should hand out the same object until something changes', async () => {
      const b = await loaded();
      const first = b.getSnapshot();
      expect(b.getSnapshot()).toBe(first);
      b.setFilter({});
      b.setFilter({ text: '' });
      b.clearFilters();
      expect(b.getSnapshot()).toBe(first);
      b.setFilter({ text: 'x' });
      expect(b.getSnapshot()).not.toBe(first);
    });

    it('should not notify listeners for a filter that changes nothing', async () => {
      const b = await loaded();
      let calls = 0;
      b.subscribe(() => calls++);
      b.setFilter({ level: '' });
      b.clearFilters();
      expect(calls).toBe(0);
      b.setFilter({ level: 'audit' });
      expect(calls).toBe(1);
    });

    it('should keep the very rows list while no filter is active, and one empty list', async () => {
      const b = await loaded();
      const all = b.getSnapshot().rows;
      b.setFilter({ text: 'zzz' });
      const none = b.getSnapshot().rows;
      b.setFilter({ text: 'zzzz' });
      expect(b.getSnapshot().rows).toBe(none);
      b.clearFilters();
      expect(b.getSnapshot().rows).toBe(all);
    });
  });

  describe('reload', () => {
    it('should show loading while fetching again', async () => {
      const b = await loaded();
      gateway.hold = true;
      const reloading = b.reload();
      expect(b.getSnapshot().status).toBe('loading');
      gateway.release(0, apiOk({ items: ROWS.slice(0, 2) }));
      await reloading;
      expect(b.getSnapshot()).toMatchObject({ status: 'ready', total: 2 });
      expect(gateway.calls).toBe(2);
    });

    it('should drop the answer of a superseded fetch that arrives last', async () => {
      gateway.hold = true;
      const b = browser();
      const first = b.load();
      const second = b.reload();
      gateway.release(1, apiOk({ items: [row(9)] }));
      await second;
      expect(ids(b.getSnapshot().rows)).toEqual([9]);
      gateway.release(0, apiOk({ items: ROWS }));
      await first;
      expect(b.getSnapshot()).toMatchObject({ status: 'ready', total: 1 });
      expect(ids(b.getSnapshot().rows)).toEqual([9]);
    });

    it('should drop the answer of a superseded fetch that arrives first, staying loading', async () => {
      gateway.hold = true;
      const b = browser();
      const first = b.load();
      const second = b.reload();
      gateway.release(0, apiFailure(500, 'Oud antwoord.'));
      await first;
      expect(b.getSnapshot().status).toBe('loading');
      gateway.release(0, apiOk({ items: ROWS }));
      await second;
      expect(b.getSnapshot()).toMatchObject({ status: 'ready', total: 4 });
    });
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { LogItem, LogLevel } from '../contract';
import {
  EMPTY_LOG_FILTER,
  filterLogRows,
  isLogFilterActive,
  type LogFilter,
  prepareLogRows,
} from './logFilter';

const row = (overrides: Partial<LogItem>): LogItem => ({
  id: 1,
  ts: '2026-11-21T10:00:00Z',
  level: 'info',
  category: 'http',
  org_id: 1,
  action: 'request',
  route: '/api/v1/users/me',
  http_status: 200,
  message: 'GET completed',
  log_date: '2026-11-21',
  ...overrides,
});

const filter = (overrides: Partial<LogFilter>): LogFilter => ({ ...EMPTY_LOG_FILTER, ...overrides });
const ids = (items: readonly LogItem[]) => items.map((item) => item.id);
const run = (items: LogItem[], f: Partial<LogFilter>) => ids(filterLogRows(prepareLogRows(items), filter(f)));

describe('filterLogRows', () => {
  describe('without filters', () => {
    it('should return the very same array when nothing is filtered', () => {
      const items = [row({ id: 1 }), row({ id: 2, ts: null })];
      const prepared = prepareLogRows(items);
      expect(filterLogRows(prepared, EMPTY_LOG_FILTER)).toBe(items);
      expect(filterLogRows(prepared, filter({ text: '   ', orgId: ' ' }))).toBe(items);
      expect(isLogFilterActive(filter({ text: '  ' }))).toBe(false);
    });
  });

  describe('free text', () => {
    const items = [
      row({ id: 1, message: 'Login SUCCEEDED', route: '/auth/login', action: 'auth.login' }),
      row({ id: 2, message: 'plan changed', route: '/billing/plan', action: 'billing.change' }),
      row({ id: 3, message: 'x', route: '/respond/:responseToken', action: 'survey.answer' }),
    ];

    it('should match message, route and action case-insensitively', () => {
      expect(run(items, { text: 'succeeded' })).toEqual([1]);
      expect(run(items, { text: 'BILLING/PLAN' })).toEqual([2]);
      expect(run(items, { text: 'Survey.Ans' })).toEqual([3]);
    });

    it('should trim the query', () => {
      expect(run(items, { text: '  login  ' })).toEqual([1]);
    });

    it('should not match other fields such as category', () => {
      expect(run(items, { text: 'http' })).toEqual([]);
    });

    it('should not match across the boundary of two fields', () => {
      expect(run(items, { text: 'succeeded/auth' })).toEqual([]);
      expect(run(items, { text: 'succeeded\u0000/auth' })).toEqual([]);
    });

    it('should lower-case unicode text', () => {
      expect(run([row({ id: 9, message: 'ÉCHEC Ωμέγα' })], { text: 'échec ωΜέγα' })).toEqual([9]);
    });
  });

  describe('level', () => {
    it('should keep only rows of the chosen level', () => {
      const items = [
        row({ id: 1, level: 'info' }),
        row({ id: 2, level: 'audit' }),
        row({ id: 3, level: 'error' }),
      ];
      expect(run(items, { level: 'audit' })).toEqual([2]);
      expect(run(items, { level: 'warning' })).toEqual([]);
    });
  });

  describe('organisation id', () => {
    const items = [row({ id: 1, org_id: 7 }), row({ id: 2, org_id: 70 }), row({ id: 3, org_id: null })];

    it('should compare the organisation id as an integer', () => {
      expect(run(items, { orgId: '7' })).toEqual([1]);
      expect(run(items, { orgId: ' 07 ' })).toEqual([1]);
      expect(run(items, { orgId: '+70' })).toEqual([2]);
    });

    it('should read the filter like parseInt', () => {
      expect(run(items, { orgId: '7abc' })).toEqual([1]);
      expect(run(items, { orgId: '7.9' })).toEqual([1]);
    });

    it('should match nothing when the filter holds no integer', () => {
      expect(run(items, { orgId: 'abc' })).toEqual([]);
      expect(run(items, { orgId: '-' })).toEqual([]);
    });

    it('should never match rows without an organisation', () => {
      expect(run(items, { orgId: '0' })).toEqual([]);
    });
  });

  describe('dates (Europe/Amsterdam days)', () => {
    // Winter: Amsterdam is UTC+1, so 2026-01-15 runs from 2026-01-14T23:00Z to 2026-01-15T23:00Z.
    const winter = [
      row({ id: 1, ts: '2026-01-14T22:59:59.999Z' }),
      row({ id: 2, ts: '2026-01-14T23:00:00.000Z' }),
      row({ id: 3, ts: '2026-01-15T22:59:59.999Z' }),
      row({ id: 4, ts: '2026-01-15T23:00:00.000Z' }),
    ];

    it('should apply the from-date from the start of that day', () => {
      expect(run(winter, { from: '2026-01-15' })).toEqual([2, 3, 4]);
    });

    it('should apply the to-date up to the end of that day', () => {
      expect(run(winter, { to: '2026-01-15' })).toEqual([1, 2, 3]);
    });

    it('should combine from and to into whole days', () => {
      expect(run(winter, { from: '2026-01-15', to: '2026-01-15' })).toEqual([2, 3]);
      expect(run(winter, { from: '2026-01-16', to: '2026-01-15' })).toEqual([]);
    });

    it('should use summer time in summer', () => {
      const summer = [
        row({ id: 1, ts: '2026-07-01T21:59:59.999Z' }),
        row({ id: 2, ts: '2026-07-01T22:00:00Z' }),
      ];
      expect(run(summer, { from: '2026-07-02' })).toEqual([2]);
      expect(run(summer, { to: '2026-07-01' })).toEqual([1]);
    });

    it('should handle the days on which the clocks change', () => {
      // 2026-03-29 is 23 hours long, 2026-10-25 is 25 hours long.
      const items = [
        row({ id: 1, ts: '2026-03-28T23:00:00Z' }),
        row({ id: 2, ts: '2026-03-29T21:59:59.999Z' }),
        row({ id: 3, ts: '2026-03-29T22:00:00Z' }),
        row({ id: 4, ts: '2026-10-24T22:00:00Z' }),
        row({ id: 5, ts: '2026-10-25T22:59:59.999Z' }),
        row({ id: 6, ts: '2026-10-25T23:00:00Z' }),
      ];
      expect(run(items, { from: '2026-03-29', to: '2026-03-29' })).toEqual([1, 2]);
      expect(run(items, { from: '2026-10-25', to: '2026-10-25' })).toEqual([4, 5]);
    });

    it('should drop rows without a timestamp when a date filter is active', () => {
      const items = [row({ id: 1, ts: null }), row({ id: 2, ts: 'not a date' }), row({ id: 3 })];
      expect(run(items, { from: '2000-01-01' })).toEqual([3]);
      expect(run(items, { to: '2100-01-01' })).toEqual([3]);
      expect(run(items, {})).toEqual([1, 2, 3]);
    });

    it('should ignore a date that is not a real YYYY-MM-DD', () => {
      const items = [row({ id: 1, ts: null }), row({ id: 2 })];
      expect(run(items, { from: '2026-02-30' })).toEqual([1, 2]);
      expect(run(items, { to: '21-11-2026' })).toEqual([1, 2]);
    });
  });

  it('should require every active filter to match', () => {
    const items = [
      row({ id: 1, level: 'audit', org_id: 3, message: 'login ok' }),
      row({ id: 2, level: 'info', org_id: 3, message: 'login ok' }),
      row({ id: 3, level: 'audit', org_id: 4, message: 'login ok' }),
      row({ id: 4, level: 'audit', org_id: 3, message: 'logout' }),
    ];
    expect(
      run(items, { text: 'LOGIN', level: 'audit', orgId: '3', from: '2026-11-21', to: '2026-11-21' }),
    ).toEqual([1]);
  });
});

// ---------------------------------------------------------------------------------------------
// Reference: R-LOG-5 read literally, row by row, lower-casing on the fly. Deliberately naive.

const DAY_IN_AMSTERDAM = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Amsterdam',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T12:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

function referenceFilter(items: readonly LogItem[], f: LogFilter): LogItem[] {
  const text = f.text.trim().toLowerCase();
  const from = isRealDate(f.from.trim()) ? f.from.trim() : '';
  const to = isRealDate(f.to.trim()) ? f.to.trim() : '';
  return items.filter((item) => {
    if (text !== '') {
      const hit =
        item.message.toLowerCase().includes(text) ||
        item.route.toLowerCase().includes(text) ||
        item.action.toLowerCase().includes(text);
      if (!hit) return false;
    }
    if (f.level !== '' && item.level !== f.level) return false;
    if (f.orgId.trim() !== '') {
      const wanted = Number.parseInt(f.orgId.trim(), 10);
      if (Number.isNaN(wanted) || item.org_id === null || item.org_id !== wanted) return false;
    }
    if (from !== '' || to !== '') {
      if (item.ts === null) return false;
      const time = new Date(item.ts).getTime();
      if (Number.isNaN(time)) return false;
      const day = DAY_IN_AMSTERDAM.format(time); // 'YYYY-MM-DD', the Amsterdam calendar day
      if (from !== '' && day < from) return false;
      if (to !== '' && day > to) return false;
    }
    return true;
  });
}

const LEVELS: readonly LogLevel[] = ['info', 'warning', 'error', 'audit'];
const WORDS = [
  'login',
  'LOGIN',
  'Auth',
  'plan',
  'Ωμέγα',
  'ÉCHEC',
  'straße',
  'İstanbul',
  'ΣΑΣ',
  '🙂',
  '/',
  ':',
  ' ',
];
const fieldText = fc
  .array(fc.oneof(fc.constantFrom(...WORDS), fc.string({ maxLength: 3, unit: 'grapheme' })), { maxLength: 4 })
  .map((parts) => parts.join(''));
// Timestamps within a week around the autumn clock change, so day edges are hit often.
const BASE = Date.UTC(2026, 9, 22);
const tsArb = fc.oneof(
  fc.constant(null),
  fc.constant('garbage'),
  fc.integer({ min: 0, max: 7 * 24 * 60 }).map((minutes) => new Date(BASE + minutes * 60_000).toISOString()),
  fc.constantFrom('2026-10-24T22:00:00.000Z', '2026-10-25T22:59:59.999Z', '2026-10-25T23:00:00.000Z'),
);
const itemArb = fc.record({
  id: fc.nat(),
  ts: tsArb,
  level: fc.constantFrom(...LEVELS),
  category: fc.constantFrom('http', 'auth', 'system'),
  org_id: fc.option(fc.integer({ min: -1, max: 12 }), { nil: null }),
  action: fieldText,
  route: fieldText,
  http_status: fc.option(fc.constantFrom(200, 404, 500), { nil: null }),
  message: fieldText,
  log_date: fc.constant(null),
}) as fc.Arbitrary<LogItem>;
const dayArb = fc.oneof(
  fc.constant(''),
  fc.integer({ min: 20, max: 30 }).map((d) => `2026-10-${d}`),
  fc.constantFrom('2026-02-30', 'yesterday'),
);
const filterArb: fc.Arbitrary<LogFilter> = fc.record({
  text: fc.oneof(
    fc.constant(''),
    fc.constantFrom(...WORDS).map((w) => ` ${w} `),
    fieldText,
    fc.string({ maxLength: 2, unit: 'grapheme' }),
  ),
  level: fc.constantFrom<LogLevel | ''>('', ...LEVELS),
  orgId: fc.oneof(
    fc.constant(''),
    fc.integer({ min: -1, max: 12 }).map(String),
    fc.constantFrom(' 3 ', '03', '+4', '5abc', '1.9', 'abc', '-', ' '),
  ),
  from: dayArb,
  to: dayArb,
});

describe('filterLogRows against the reference implementation of R-LOG-5', () => {
  it('should return exactly what the reference returns for random rows and filters', () => {
    fc.assert(
      fc.property(fc.array(itemArb, { maxLength: 40 }), filterArb, (items, f) => {
        expect(filterLogRows(prepareLogRows(items), f)).toEqual(referenceFilter(items, f));
      }),
      { numRuns: 500 },
    );
  });

  it('should agree with the reference when a query is cut out of a row', () => {
    fc.assert(
      fc.property(
        fc.array(itemArb, { minLength: 1, maxLength: 20 }),
        fc.nat(),
        fc.nat(),
        fc.nat(),
        (items, pick, start, length) => {
          const source = items[pick % items.length] as LogItem;
          const field = [source.message, source.route, source.action][pick % 3] as string;
          const begin = field.length === 0 ? 0 : start % field.length;
          const text = field.slice(begin, begin + (length % 6)).toUpperCase();
          const f = filter({ text });
          expect(filterLogRows(prepareLogRows(items), f)).toEqual(referenceFilter(items, f));
        },
      ),
      { numRuns: 300 },
    );
  });
});

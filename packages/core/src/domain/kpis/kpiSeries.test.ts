import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KpiHeading } from '../contract';
import { lastPeriods } from '../periods';
import {
  boardKpiIds,
  checkBoardChoice,
  comparePoints,
  KPI_BOARD_MAX,
  KPI_BOARD_MESSAGES,
  kpiCard,
  kpiPoint,
} from './kpiSeries';

const heading: KpiHeading = {
  id: 1,
  name: 'NPS',
  unit: 'number',
  direction: 'higher',
  period_kind: 'month',
  owner: null,
  source: {
    type: 'manual',
    metric: null,
    survey_id: null,
    question_id: null,
    statement_id: null,
    survey_title: null,
  },
  state: 'ok',
};
const plan = { direction: 'higher' as const, target: 30, warning: 20, period_targets: [] };

describe('kpiCard', () => {
  it('should take the newest period with a value as current and compare it with the period before', () => {
    const periods = lastPeriods('month', 4, '2026-03-15'); // dec 2025 … mar 2026
    const values = new Map([
      ['2025-12', 10],
      ['2026-01', 25],
      ['2026-02', 35],
    ]);
    const card = kpiCard(heading, plan, periods, values);
    expect(card.sparkline.map((point) => [point.period, point.value, point.status])).toEqual([
      ['2025-12', 10, 'off_track'],
      ['2026-01', 25, 'at_risk'],
      ['2026-02', 35, 'on_track'],
      ['2026-03', null, 'no_value'],
    ]);
    expect(card.current).toMatchObject({ period: '2026-02', value: 35, target: 30, status: 'on_track' });
    expect(card.trend).toMatchObject({
      previous_period: '2026-01',
      previous_value: 25,
      change: 10,
      assessment: 'good',
    });
  });

  it('should find the previous value before the sparkline, across a new year in weeks', () => {
    const periods = lastPeriods('week', 2, '2026-01-07'); // 2026-W01, 2026-W02
    expect(periods.map((period) => period.key)).toEqual(['2026-W01', '2026-W02']);
    const values = new Map([
      ['2025-W52', 40],
      ['2026-W01', 30],
    ]);
    const card = kpiCard({ ...heading, period_kind: 'week' }, plan, periods, values);
    expect(card.current?.period).toBe('2026-W01');
    expect(card.trend).toMatchObject({
      previous_period: '2025-W52',
      change: -10,
      direction: 'down',
      assessment: 'bad',
    });
  });

  it('should have no current value and no trend without values, and no trend without the previous one', () => {
    const periods = lastPeriods('quarter', 3, '2026-05-01');
    expect(kpiCard(heading, plan, periods, new Map())).toMatchObject({ current: null, trend: null });
    const one = kpiCard(heading, plan, periods, new Map([['2026-Q1', 12]]));
    expect(one.current?.period).toBe('2026-Q1');
    expect(one.trend).toBeNull();
  });

  it('should pick the last valued period for any pattern of gaps (property)', () => {
    const periods = lastPeriods('month', 12, '2026-12-01');
    fc.assert(
      fc.property(
        fc.array(fc.option(fc.integer({ min: -100, max: 100 }), { nil: null }), {
          minLength: 12,
          maxLength: 12,
        }),
        (cells) => {
          const values = new Map<string, number>();
          cells.forEach((value, index) => {
            if (value !== null) values.set(periods[index]!.key, value);
          });
          const card = kpiCard(heading, plan, periods, values);
          const lastIndex = cells.findLastIndex((value) => value !== null);
          expect(card.current?.period ?? null).toBe(lastIndex < 0 ? null : periods[lastIndex]!.key);
          const before = lastIndex > 0 ? cells[lastIndex - 1] : null;
          expect(card.trend === null).toBe(before === null || before === undefined);
        },
      ),
    );
  });
});

describe('comparePoints', () => {
  const period = (key: string, value: number | null) =>
    kpiPoint(plan, { kind: 'month', key, start: `${key}-01`, end: `${key}-28` }, value);

  it('should compare a with b, or say nothing when either lacks a value', () => {
    expect(comparePoints('higher', period('2026-03', 40), period('2025-03', 20))).toEqual({
      change: 20,
      relative_change: 1,
      assessment: 'good',
    });
    expect(comparePoints('lower', period('2026-03', 40), period('2025-03', 20)).assessment).toBe('bad');
    expect(comparePoints('higher', period('2026-03', null), period('2025-03', 20))).toEqual({
      change: null,
      relative_change: null,
      assessment: null,
    });
  });

  it('should compare an NPS below 0 with the change only, not a percentage of it', () => {
    expect(comparePoints('higher', period('2026-03', 12), period('2025-03', -18))).toEqual({
      change: 30,
      relative_change: null,
      assessment: 'good',
    });
    expect(comparePoints('higher', period('2026-03', 5), period('2025-03', 0)).relative_change).toBeNull();
  });
});

describe('the board choice', () => {
  it('should use the own choice, else the default, else every KPI oldest first', () => {
    expect(boardKpiIds([3, 1], [2], [1, 2, 3])).toEqual({ ids: [3, 1], personal: true });
    expect(boardKpiIds(null, [2, 3], [1, 2, 3])).toEqual({ ids: [2, 3], personal: false });
    expect(boardKpiIds(null, null, [1, 2, 3])).toEqual({ ids: [1, 2, 3], personal: false });
    // An empty own choice is a choice: an empty board.
    expect(boardKpiIds([], [2], [1, 2])).toEqual({ ids: [], personal: true });
  });

  it('should drop KPIs deleted since, and show at most the maximum', () => {
    expect(boardKpiIds([5, 1, 9], null, [1, 5])).toEqual({ ids: [5, 1], personal: true });
    const many = Array.from({ length: KPI_BOARD_MAX + 20 }, (_, i) => i + 1);
    expect(boardKpiIds(null, null, many).ids).toHaveLength(KPI_BOARD_MAX);
  });

  it('should refuse a choice with unknown, repeated or too many KPIs', () => {
    const existing = new Set([1, 2, 3]);
    expect(checkBoardChoice([3, 1], existing)).toEqual({ ok: true, value: [3, 1] });
    expect(checkBoardChoice([1, 1], existing)).toEqual({ ok: false, reason: KPI_BOARD_MESSAGES.duplicate });
    expect(checkBoardChoice([4], existing)).toEqual({ ok: false, reason: KPI_BOARD_MESSAGES.unknown });
    const all = new Set(Array.from({ length: 200 }, (_, i) => i));
    expect(checkBoardChoice([...all].slice(0, KPI_BOARD_MAX + 1), all)).toEqual({
      ok: false,
      reason: KPI_BOARD_MESSAGES.tooMany,
    });
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  calendarDay,
  lastPeriods,
  nextPeriod,
  PERIOD_KINDS,
  parsePeriodKey,
  periodName,
  periodOf,
  periodsBetween,
  previousPeriod,
} from './period';

describe('calendarDay', () => {
  it('should accept real calendar days, leap days included', () => {
    expect(calendarDay('2024-02-29')).toEqual({ year: 2024, month: 2, day: 29 });
    expect(calendarDay('2026-12-31')).toEqual({ year: 2026, month: 12, day: 31 });
  });

  it('should refuse days that do not exist and other shapes', () => {
    for (const text of ['2026-02-29', '2026-13-01', '2026-00-10', '2026-04-31', '2026-4-1', '01-04-2026', ''])
      expect(calendarDay(text), text).toBeNull();
  });
});

describe('ISO weeks', () => {
  it('should put the days around new year in the week of their Thursday', () => {
    // 2026 starts on a Thursday: 1 January is in week 1 and 2026 has 53 weeks.
    expect(periodOf('week', '2026-01-01')).toEqual({
      kind: 'week',
      key: '2026-W01',
      start: '2025-12-29',
      end: '2026-01-04',
    });
    expect(periodOf('week', '2025-12-29').key).toBe('2026-W01');
    expect(periodOf('week', '2026-12-31').key).toBe('2026-W53');
    expect(periodOf('week', '2027-01-03').key).toBe('2026-W53');
    expect(periodOf('week', '2027-01-04').key).toBe('2027-W01');
    // 2021 starts on a Friday: 1–3 January belong to week 53 of 2020.
    expect(periodOf('week', '2021-01-03').key).toBe('2020-W53');
    expect(periodOf('week', '2024-12-30').key).toBe('2025-W01');
  });

  it('should know which years have a week 53', () => {
    expect(parsePeriodKey('week', '2026-W53')?.start).toBe('2026-12-28');
    expect(parsePeriodKey('week', '2025-W53')).toBeNull();
    expect(parsePeriodKey('week', '2026-W00')).toBeNull();
  });

  it('should step from the last week of a year to the first of the next', () => {
    const last = periodOf('week', '2026-12-31');
    expect(nextPeriod(last).key).toBe('2027-W01');
    expect(previousPeriod(nextPeriod(last))).toEqual(last);
  });
});

describe('months, quarters and years', () => {
  it('should give each its first and last day', () => {
    expect(periodOf('month', '2024-02-10')).toEqual({
      kind: 'month',
      key: '2024-02',
      start: '2024-02-01',
      end: '2024-02-29',
    });
    expect(periodOf('quarter', '2026-05-15')).toEqual({
      kind: 'quarter',
      key: '2026-Q2',
      start: '2026-04-01',
      end: '2026-06-30',
    });
    expect(periodOf('quarter', '2026-12-31').key).toBe('2026-Q4');
    expect(periodOf('year', '2026-07-01')).toEqual({
      kind: 'year',
      key: '2026',
      start: '2026-01-01',
      end: '2026-12-31',
    });
  });

  it('should step across the year boundary', () => {
    expect(nextPeriod(periodOf('month', '2026-12-05')).key).toBe('2027-01');
    expect(previousPeriod(periodOf('quarter', '2026-01-05')).key).toBe('2025-Q4');
  });

  it('should refuse keys that name no period', () => {
    expect(parsePeriodKey('month', '2026-13')).toBeNull();
    expect(parsePeriodKey('quarter', '2026-Q5')).toBeNull();
    expect(parsePeriodKey('month', '2026-Q1')).toBeNull();
  });
});

describe('ranges', () => {
  it('should list the last periods oldest first, ending with today’s', () => {
    expect(lastPeriods('quarter', 3, '2026-02-01').map((p) => p.key)).toEqual([
      '2025-Q3',
      '2025-Q4',
      '2026-Q1',
    ]);
  });

  it('should list every period between two days', () => {
    expect(periodsBetween('month', '2025-11-30', '2026-02-01').map((p) => p.key)).toEqual([
      '2025-11',
      '2025-12',
      '2026-01',
      '2026-02',
    ]);
    expect(periodsBetween('week', '2026-03-01', '2026-02-01')).toEqual([]);
  });

  it('should tile time: each period starts the day after the previous one ends (property)', () => {
    const day = fc
      .integer({ min: dayIndex('1990-01-01'), max: dayIndex('2090-12-31') })
      .map((n) => addDays('1970-01-01', n));
    fc.assert(
      fc.property(day, fc.constantFrom(...PERIOD_KINDS), (d, kind) => {
        const period = periodOf(kind, d);
        expect(period.start <= d && d <= period.end).toBe(true);
        expect(nextPeriod(period).start).toBe(addDays(period.end, 1));
        expect(parsePeriodKey(kind, period.key)).toEqual(period);
        if (kind === 'week') expect(addDays(period.start, 6)).toBe(period.end);
      }),
    );
  });
});

describe('periodName', () => {
  it('should name periods in Dutch', () => {
    expect(periodName(periodOf('week', '2026-01-28'))).toBe('week 5, 2026');
    expect(periodName(periodOf('month', '2026-03-01'))).toBe('maart 2026');
    expect(periodName(periodOf('quarter', '2026-03-01'))).toBe('Q1 2026');
    expect(periodName(periodOf('year', '2026-03-01'))).toBe('2026');
  });
});

function dayIndex(day: string): number {
  return Math.round(Date.parse(`${day}T00:00:00Z`) / 86_400_000);
}

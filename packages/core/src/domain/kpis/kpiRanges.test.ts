import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { periodsBetween } from '../periods';
import {
  type AdvancedKpisAddress,
  advancedKpisSearch,
  compareProblem,
  defaultCompareChoice,
  KPI_RANGE_MESSAGES,
  kpiRange,
  readAdvancedKpisAddress,
} from './kpiRanges';

const custom = (from: string, to: string) => ({ preset: 'custom' as const, from, to });

describe('kpiRange', () => {
  it('should give twelve whole months up to today for the last 12 months, also across a new year', () => {
    const range = kpiRange({ preset: 'last-12-months', from: '', to: '' }, '2026-03-15');
    expect(range).toEqual({ ok: true, value: { from: '2025-04-01', to: '2026-03-15' } });
    expect(range.ok && periodsBetween('month', range.value.from, range.value.to)).toHaveLength(12);
    expect(kpiRange({ preset: 'last-12-months', from: '', to: '' }, '2026-12-31')).toEqual({
      ok: true,
      value: { from: '2026-01-01', to: '2026-12-31' },
    });
  });

  it('should give this year up to today and the whole of last year, ignoring typed days', () => {
    expect(kpiRange({ preset: 'this-year', from: '2020-01-01', to: '' }, '2026-03-15')).toEqual({
      ok: true,
      value: { from: '2026-01-01', to: '2026-03-15' },
    });
    expect(kpiRange({ preset: 'last-year', from: '', to: '' }, '2026-01-01')).toEqual({
      ok: true,
      value: { from: '2025-01-01', to: '2025-12-31' },
    });
  });

  it('should check a custom range, naming the field of each problem', () => {
    const M = KPI_RANGE_MESSAGES;
    const today = '2026-03-15';
    expect(kpiRange(custom('2026-01-01', '2026-02-28'), today)).toEqual({
      ok: true,
      value: { from: '2026-01-01', to: '2026-02-28' },
    });
    expect(kpiRange(custom('', '2026-02-28'), today)).toEqual({
      ok: false,
      field: 'from',
      message: M.fromMissing,
    });
    expect(kpiRange(custom('2026-01-01', ''), today)).toEqual({
      ok: false,
      field: 'to',
      message: M.toMissing,
    });
    expect(kpiRange(custom('2026-02-30', '2026-03-01'), today)).toMatchObject({
      field: 'from',
      message: M.invalidDay,
    });
    expect(kpiRange(custom('2026-03-01', '2026-02-01'), today)).toMatchObject({
      field: 'to',
      message: M.backwards,
    });
    expect(kpiRange(custom('2010-01-01', '2026-02-01'), today)).toMatchObject({
      field: 'from',
      message: M.tooLong,
    });
    expect(kpiRange(custom('2016-03-01', '2026-02-28'), today).ok).toBe(true);
  });
});

describe('comparison days', () => {
  it('should default to today against the same day a year before, 29 February against the 28th', () => {
    expect(defaultCompareChoice('2026-03-15')).toEqual({ a: '2026-03-15', b: '2025-03-15' });
    expect(defaultCompareChoice('2028-02-29')).toEqual({ a: '2028-02-29', b: '2027-02-28' });
  });

  it('should ask for both days and refuse days that do not exist', () => {
    expect(compareProblem({ a: '2026-03-15', b: '2025-03-15' })).toBeNull();
    expect(compareProblem({ a: '', b: '2025-03-15' })).toEqual({
      field: 'a',
      message: KPI_RANGE_MESSAGES.dayMissing,
    });
    expect(compareProblem({ a: '2026-03-15', b: '2025-02-29' })).toEqual({
      field: 'b',
      message: KPI_RANGE_MESSAGES.invalidDay,
    });
  });
});

describe('the address', () => {
  it('should read the default from an empty or malformed address', () => {
    const fallback = {
      range: { preset: 'last-12-months', from: '', to: '' },
      ids: [],
      chart: 'line',
      kpi: null,
    };
    expect(readAdvancedKpisAddress('')).toEqual(fallback);
    expect(readAdvancedKpisAddress('?range=ooit&kpi=abc&ids=x,0,-3&chart=taart')).toEqual(fallback);
    expect(advancedKpisSearch(readAdvancedKpisAddress(''))).toBe('');
  });

  it('should keep custom days only with a custom range, and the drill-down KPI', () => {
    expect(readAdvancedKpisAddress('?range=this-year&from=2020-01-01&kpi=12&ids=3,4,3')).toEqual({
      range: { preset: 'this-year', from: '', to: '' },
      ids: [3, 4],
      chart: 'line',
      kpi: 12,
    });
    expect(
      advancedKpisSearch({ range: custom('2026-01-01', '2026-02-01'), ids: [3, 4], chart: 'bar', kpi: 7 }),
    ).toBe('?range=custom&from=2026-01-01&to=2026-02-01&ids=3,4&chart=bar&kpi=7');
  });

  it('should read back every address it writes (property)', () => {
    const day = fc
      .date({ min: new Date('2000-01-01'), max: new Date('2099-12-31'), noInvalidDate: true })
      .map((date) => date.toISOString().slice(0, 10));
    const address = fc.record({
      range: fc.oneof(
        fc
          .constantFrom('last-12-months', 'this-year', 'last-year')
          .map((preset) => ({ preset, from: '', to: '' })),
        fc.record({ preset: fc.constant('custom'), from: day, to: day }),
      ),
      ids: fc.uniqueArray(fc.integer({ min: 1, max: 1e9 }), { maxLength: 5 }),
      chart: fc.constantFrom('line', 'bar'),
      kpi: fc.option(fc.integer({ min: 1, max: 1e9 })),
    }) as fc.Arbitrary<AdvancedKpisAddress>;
    fc.assert(
      fc.property(address, (value) => {
        expect(readAdvancedKpisAddress(advancedKpisSearch(value))).toEqual(value);
      }),
    );
  });
});

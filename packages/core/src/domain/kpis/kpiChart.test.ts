import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { KpiPoint, KpiStatus } from '../contract';
import { axisLabelOf, kpiChart, kpiScale, niceStep, tickLabel } from './kpiChart';

const point = (
  period: string,
  value: number | null,
  target: number | null = null,
  warning: number | null = null,
  status: KpiStatus = value === null ? 'no_value' : 'no_target',
): KpiPoint => ({ period, start: `${period}-01`, end: `${period}-28`, value, target, warning, status });

const monthly = { unit: 'number' as const, direction: 'higher' as const, period_kind: 'month' as const };

describe('kpiScale', () => {
  it('should put round gridlines around the values, with zero for columns', () => {
    expect(kpiScale('number', [12, 47], false)).toEqual({ min: 10, max: 50, step: 10 });
    expect(kpiScale('number', [12, 47], true)).toEqual({ min: 0, max: 60, step: 20 });
    expect(kpiScale('euro', [-250_000, 1_000_000], true)).toEqual({
      min: -500_000,
      max: 1_000_000,
      step: 500_000,
    });
  });

  it('should keep percentages within 0–100 and euro steps in whole euros', () => {
    expect(kpiScale('percentage', [92, 99.5], false)).toEqual({ min: 92, max: 100, step: 2 });
    expect(kpiScale('percentage', [60, 100], false)).toEqual({ min: 60, max: 100, step: 10 });
    expect(kpiScale('percentage', [100, 100], false).max).toBe(100);
    expect(kpiScale('euro', [101, 102], false).step).toBeGreaterThanOrEqual(100);
  });

  it('should widen a flat series so its line sits inside the plot', () => {
    const scale = kpiScale('number', [5, 5], false);
    expect(scale.min).toBeLessThan(5);
    expect(scale.max).toBeGreaterThan(5);
  });

  it('should always hold every value on round steps (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e9, max: 1e9, noNaN: true }), { minLength: 1, maxLength: 40 }),
        fc.boolean(),
        (values, withZero) => {
          const { min, max, step } = kpiScale('number', values, withZero);
          expect(min).toBeLessThanOrEqual(Math.min(...values) + 1e-6 * step);
          expect(max).toBeGreaterThanOrEqual(Math.max(...values) - 1e-6 * step);
          expect((max - min) / step).toBeLessThanOrEqual(12);
          if (withZero) expect(min <= 0 && max >= 0).toBe(true);
        },
      ),
    );
  });
});

describe('niceStep and labels', () => {
  it('should step by 1, 2, 2,5 or 5 times a power of ten', () => {
    expect(niceStep(40)).toBe(10);
    expect(niceStep(7)).toBe(2);
    expect(niceStep(9)).toBe(2.5);
    expect(niceStep(0.3)).toBe(0.1);
    expect(niceStep(3, 100)).toBe(100);
  });

  it('should label gridlines shorter than values, and periods for the axis', () => {
    expect(tickLabel('euro', 150_000)).toBe('€\u00a01.500');
    expect(tickLabel('euro', -50_000)).toBe('€\u00a0-500');
    expect(tickLabel('percentage', 37.5)).toBe('37,5%');
    expect(tickLabel('duration', 5400)).toBe('1 u 30 min');
    expect(axisLabelOf('month', '2026-03')).toBe("mrt. '26");
    expect(axisLabelOf('week', '2026-W05')).toBe("W5 '26");
    expect(axisLabelOf('quarter', '2026-Q1')).toBe("Q1 '26");
    expect(axisLabelOf('year', '2026')).toBe('2026');
    expect(axisLabelOf('month', '2026-03', false)).toBe('mrt.');
    expect(axisLabelOf('week', '2026-W05', false)).toBe('W5');
  });
});

describe('kpiChart', () => {
  it('should place values in period slots, break the line at a missing value and say each status', () => {
    const chart = kpiChart(
      monthly,
      [
        point('2026-01', 10, 30, 20, 'off_track'),
        point('2026-02', null, 30, 20),
        point('2026-03', 40, 30, 20, 'on_track'),
      ],
      false,
    );
    expect(chart.points.map((each) => Math.round(each.x * 1000) / 1000)).toEqual([16.667, 50, 83.333]);
    expect(chart.points.map((each) => [each.name, each.valueText, each.status.label])).toEqual([
      ['januari 2026', '10', 'Niet op koers'],
      ['februari 2026', '–', 'Geen waarde'],
      ['maart 2026', '40', 'Op koers'],
    ]);
    expect(chart.lines).toHaveLength(2);
    expect(chart.hasValues).toBe(true);
    // 0–40 plot is 10…40; higher y is lower on screen.
    const [first, , last] = chart.points;
    expect(first?.y).toBeGreaterThan(last?.y as number);
  });

  it('should join equal targets into one line with its band, and step where the target changes', () => {
    const chart = kpiChart(
      monthly,
      [
        point('2026-01', 10, 30, 20),
        point('2026-02', 12, 30, 20),
        point('2026-03', 14, 50, null),
        point('2026-04', 15),
      ],
      false,
    );
    expect(chart.targets).toHaveLength(2);
    const [standing, raised] = chart.targets;
    expect(standing).toMatchObject({ x1: 0, x2: 50 });
    expect(standing?.bandY).toBeGreaterThan(standing?.y as number);
    expect(raised).toMatchObject({ x1: 50, x2: 75, bandY: null });
    expect(raised?.y).toBeLessThan(standing?.y as number);
    expect(chart.targetSummary).toBe(
      'Het doel verschilt per periode; zie de tabel. Niet elke periode heeft een doel.',
    );
  });

  it('should sum up one standing target in words, mirrored for lower is better', () => {
    const higher = kpiChart({ ...monthly, unit: 'percentage' }, [point('2026-01', 35, 40, 30)], false);
    expect(higher.targetSummary).toBe('Doel: 40%, risico tot 30% (hoger is beter).');
    const lower = kpiChart(
      { unit: 'duration', direction: 'lower', period_kind: 'month' },
      [point('2026-01', 3000, 3600, 5400)],
      false,
    );
    expect(lower.targetSummary).toBe('Doel: 1 u, risico vanaf 1 u 30 min (lager is beter).');
    expect(kpiChart(monthly, [point('2026-01', 3)], false).targetSummary).toBe('Geen doel ingesteld.');
  });

  it('should draw columns from the zero line, downwards for negative values', () => {
    const chart = kpiChart(
      { ...monthly, unit: 'euro' },
      [point('2026-01', 100_000), point('2026-02', -50_000)],
      true,
    );
    const zero =
      (((chart.ticks.at(-1)?.value as number) - 0) /
        ((chart.ticks.at(-1)?.value as number) - (chart.ticks[0]?.value as number))) *
      100;
    const [up, down] = chart.points;
    expect(up?.column?.top).toBeLessThan(zero);
    expect((up?.column?.top as number) + (up?.column?.height as number)).toBeCloseTo(zero);
    expect(down?.column?.top).toBeCloseTo(zero);
    expect(chart.ticks.some((tick) => tick.value === 0)).toBe(true);
  });

  it('should label at most four periods under the axis, with the year only where it changes', () => {
    const months = ['2025-10', '2025-11', '2025-12', '2026-01', '2026-02', '2026-03', '2026-04', '2026-05'];
    const chart = kpiChart(
      monthly,
      months.map((month) => point(month, 1)),
      false,
    );
    const shown = chart.points.filter((each) => each.showLabel).map((each) => each.axisLabel);
    expect(shown).toEqual(["okt. '25", 'dec.', "feb. '26", 'apr.']);
  });

  it('should put status symbols on markers only while periods are wide enough apart', () => {
    const year = Array.from({ length: 12 }, (_, index) =>
      point(`2026-${String(index + 1).padStart(2, '0')}`, index),
    );
    expect(kpiChart(monthly, year, false).symbols).toBe(true);
    const weeks = Array.from({ length: 52 }, (_, index) =>
      point(`2026-W${String(index + 1).padStart(2, '0')}`, index),
    );
    expect(kpiChart({ ...monthly, period_kind: 'week' }, weeks, false).symbols).toBe(false);
  });

  it('should have no values and no lines for a KPI without values', () => {
    const chart = kpiChart(monthly, [point('2026-01', null), point('2026-02', null)], false);
    expect(chart.hasValues).toBe(false);
    expect(chart.lines).toEqual([]);
    expect(chart.ticks.length).toBeGreaterThan(1);
  });
});

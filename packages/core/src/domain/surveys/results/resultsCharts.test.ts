import { describe, expect, it } from 'vitest';
import {
  columnChart,
  MAX_AXIS_LABELS,
  meanScale,
  NPS_SCALE,
  niceCeiling,
  SCORE_SCALE,
  trendChart,
} from './resultsCharts';

describe('niceCeiling', () => {
  it.each([
    [0, 1],
    [-3, 1],
    [1, 1],
    [2, 2],
    [3, 5],
    [7, 10],
    [10, 10],
    [11, 20],
    [42, 50],
    [51, 100],
    [1234, 2000],
  ])('should round %s up to %s', (value, expected) => {
    expect(niceCeiling(value)).toBe(expected);
  });
});

describe('columnChart', () => {
  const points = [
    { period: '2025-11-03', count: 4 },
    { period: '2025-11-10', count: 0 },
    { period: '2025-11-17', count: 7 },
  ];

  it('should scale the columns to a round maximum', () => {
    const chart = columnChart(points, 'week');
    expect(chart.max).toBe(10);
    expect(chart.total).toBe(11);
    expect(chart.bars.map((bar) => bar.height)).toEqual([40, 0, 70]);
    expect(chart.bars[0]).toMatchObject({
      label: 'week van 3 nov.',
      axisLabel: '3 nov.',
      longLabel: 'week van 3 november 2025',
      value: 4,
    });
    expect(chart.ticks.map((tick) => [tick.label, tick.position])).toEqual([
      ['0', 0],
      ['5', 50],
      ['10', 100],
    ]);
  });

  it('should keep whole gridlines for tiny counts', () => {
    expect(columnChart([{ period: '2025-11-03', count: 1 }], 'day').ticks.map((tick) => tick.value)).toEqual([
      0, 1,
    ]);
  });

  it('should draw nothing tall without responses, and treat bad counts as 0', () => {
    const chart = columnChart(
      [
        { period: '2025-11-03', count: 0 },
        { period: '2025-11-04', count: Number.NaN },
        { period: '2025-11-05', count: -2 },
      ],
      'day',
    );
    expect(chart.max).toBe(1);
    expect(chart.bars.every((bar) => bar.height === 0 && bar.value === 0)).toBe(true);
  });

  it('should print at most a handful of labels under a long series', () => {
    const long = Array.from({ length: 60 }, (_, i) => ({
      period: `2025-01-${String((i % 28) + 1).padStart(2, '0')}`,
      count: i,
    }));
    const shown = columnChart(long, 'day').bars.filter((bar) => bar.showLabel);
    expect(shown.length).toBeLessThanOrEqual(MAX_AXIS_LABELS);
    expect(shown.length).toBeGreaterThan(MAX_AXIS_LABELS / 2);
    expect(columnChart(long, 'day').bars[0]?.showLabel).toBe(true);
  });
});

describe('trendChart', () => {
  it('should place NPS scores from +100 at the top to −100 at the bottom', () => {
    const chart = trendChart(
      [
        { period: '2025-01-01', answered: 3, score: 100 },
        { period: '2025-02-01', answered: 5, score: 0 },
        { period: '2025-03-01', answered: 2, score: -100 },
      ],
      'month',
      NPS_SCALE,
    );
    expect(chart.points.map((point) => [point.x, point.y])).toEqual([
      [0, 0],
      [50, 50],
      [100, 100],
    ]);
    expect(chart.points.map((point) => point.scoreText)).toEqual(['+100', '0', '-100']);
    expect(chart.ticks.map((tick) => tick.label)).toEqual(['-100', '-50', '0', '+50', '+100']);
  });

  it('should round an NPS like the NPS itself, halves away from zero', () => {
    const chart = trendChart(
      [
        { period: '2025-01-01', answered: 8, score: -12.5 },
        { period: '2025-01-02', answered: 8, score: 12.5 },
      ],
      'day',
      NPS_SCALE,
    );
    expect(chart.points.map((point) => point.scoreText)).toEqual(['-13', '+13']);
  });

  it('should break the line where a period has no score', () => {
    const chart = trendChart(
      [
        { period: '2025-01-01', answered: 3, score: 40 },
        { period: '2025-01-02', answered: 4, score: 60 },
        { period: '2025-01-03', answered: 0, score: null },
        { period: '2025-01-04', answered: 1, score: 80 },
      ],
      'day',
      SCORE_SCALE,
    );
    expect(chart.lines.map((line) => line.length)).toEqual([2, 1]);
    expect(chart.points[2]).toMatchObject({ y: null, scoreText: '–' });
    expect(chart.hasScores).toBe(true);
  });

  it('should centre a single point and say when there is nothing to draw', () => {
    const chart = trendChart([{ period: '2025-01-01', answered: 0, score: null }], 'day', SCORE_SCALE);
    expect(chart.points[0]?.x).toBe(50);
    expect(chart.hasScores).toBe(false);
  });

  it('should draw a score outside the scale at its edge', () => {
    const chart = trendChart([{ period: '2025-01-01', answered: 1, score: 9 }], 'day', meanScale(5));
    expect(chart.points[0]?.y).toBe(0);
    expect(chart.points[0]?.scoreText).toBe('9,0');
  });

  it('should label a mean scale with whole gridlines and values with one decimal', () => {
    const chart = trendChart([{ period: '2025-01-01', answered: 2, score: 3.75 }], 'day', meanScale(5));
    expect(chart.ticks.map((tick) => tick.label)).toEqual(['1', '2', '3', '4', '5']);
    expect(chart.points[0]?.scoreText).toBe('3,8');
    expect(chart.points[0]?.y).toBeCloseTo(31.25);
  });
});

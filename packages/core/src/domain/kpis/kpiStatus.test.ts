import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KPI_STATUSES } from '../contract';
import {
  KPI_STATUS_VIEWS,
  kpiStatus,
  kpiTrend,
  relativeChange,
  targetFor,
  trendDirection,
  trendView,
} from './kpiStatus';

describe('kpiStatus', () => {
  it('should read a higher-is-better value against target and band', () => {
    const target = { target: 80, warning: 70 };
    expect(kpiStatus('higher', 85, target)).toBe('on_track');
    expect(kpiStatus('higher', 80, target)).toBe('on_track');
    expect(kpiStatus('higher', 75, target)).toBe('at_risk');
    expect(kpiStatus('higher', 70, target)).toBe('at_risk');
    expect(kpiStatus('higher', 69.99, target)).toBe('off_track');
  });

  it('should mirror the band when lower is better', () => {
    const target = { target: 5, warning: 8 };
    expect(kpiStatus('lower', 4, target)).toBe('on_track');
    expect(kpiStatus('lower', 5, target)).toBe('on_track');
    expect(kpiStatus('lower', 8, target)).toBe('at_risk');
    expect(kpiStatus('lower', 8.5, target)).toBe('off_track');
  });

  it('should be off track at once short of a target without a band', () => {
    expect(kpiStatus('higher', 79, { target: 80, warning: null })).toBe('off_track');
    expect(kpiStatus('lower', 6, { target: 5, warning: null })).toBe('off_track');
  });

  it('should say when there is no value or no target', () => {
    expect(kpiStatus('higher', null, { target: 80, warning: null })).toBe('no_value');
    expect(kpiStatus('higher', 50, null)).toBe('no_target');
    expect(kpiStatus('higher', null, null)).toBe('no_value');
  });

  it('should handle negative targets (an NPS) like any other', () => {
    expect(kpiStatus('higher', -5, { target: -10, warning: -20 })).toBe('on_track');
    expect(kpiStatus('higher', -15, { target: -10, warning: -20 })).toBe('at_risk');
  });

  it('should never be better for a worse value (property)', () => {
    const rank = { on_track: 2, at_risk: 1, off_track: 0 } as const;
    fc.assert(
      fc.property(
        fc.constantFrom('higher' as const, 'lower' as const),
        fc.integer({ min: -1000, max: 1000 }),
        fc.integer({ min: 0, max: 500 }),
        fc.boolean(),
        fc.integer({ min: -2000, max: 2000 }),
        fc.integer({ min: -2000, max: 2000 }),
        (direction, targetValue, band, withBand, a, b) => {
          const warning = withBand
            ? direction === 'higher'
              ? targetValue - band - 1
              : targetValue + band + 1
            : null;
          const target = { target: targetValue, warning };
          const [worse, better] =
            direction === 'higher' ? [Math.min(a, b), Math.max(a, b)] : [Math.max(a, b), Math.min(a, b)];
          const worseStatus = kpiStatus(direction, worse, target) as keyof typeof rank;
          const betterStatus = kpiStatus(direction, better, target) as keyof typeof rank;
          expect(rank[betterStatus]).toBeGreaterThanOrEqual(rank[worseStatus]);
          // On the target exactly is on track; just past the band is off track.
          expect(kpiStatus(direction, targetValue, target)).toBe('on_track');
          if (warning !== null)
            expect(kpiStatus(direction, direction === 'higher' ? warning - 1 : warning + 1, target)).toBe(
              'off_track',
            );
        },
      ),
    );
  });
});

describe('targetFor', () => {
  const plan = {
    target: 80,
    warning: 70,
    period_targets: [{ period: '2026-03', target: 90, warning: null }],
  };

  it("should prefer the period's own target, else the standing one", () => {
    expect(targetFor(plan, '2026-03')).toEqual({ target: 90, warning: null });
    expect(targetFor(plan, '2026-04')).toEqual({ target: 80, warning: 70 });
    expect(targetFor({ ...plan, target: null }, '2026-04')).toBeNull();
  });
});

describe('kpiTrend', () => {
  it('should give change, relative change and whether it is good news', () => {
    expect(kpiTrend('higher', { period: '2026-02', value: 40 }, 50)).toEqual({
      previous_period: '2026-02',
      previous_value: 40,
      change: 10,
      relative_change: 0.25,
      direction: 'up',
      assessment: 'good',
    });
    expect(kpiTrend('lower', { period: '2026-02', value: 40 }, 50)).toMatchObject({
      direction: 'up',
      assessment: 'bad',
    });
    expect(kpiTrend('lower', { period: '2026-02', value: 40 }, 30)).toMatchObject({
      change: -10,
      direction: 'down',
      assessment: 'good',
    });
  });

  it('should give no relative change from or to a value below 0, only the change (NPS -18 to +12 is +30)', () => {
    expect(kpiTrend('higher', { period: '2026-02', value: -18 }, 12)).toMatchObject({
      change: 30,
      relative_change: null,
      direction: 'up',
    });
    expect(kpiTrend('higher', { period: '2026-02', value: -20 }, -10).relative_change).toBeNull();
    expect(kpiTrend('higher', { period: '2026-02', value: 20 }, -10).relative_change).toBeNull();
  });

  it('should have a relative change exactly where both values are at least 0 and the first above it (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1000, max: 1000 }), fc.integer({ min: -1000, max: 1000 }), (a, b) => {
        const relative = relativeChange(a, b);
        if (a > 0 && b >= 0) expect(relative).toBeCloseTo((b - a) / a);
        else expect(relative).toBeNull();
      }),
    );
  });

  it('should give the relative change from a value above 0 to one of 0 or more', () => {
    expect(kpiTrend('higher', { period: '2026-02', value: 40 }, 50).relative_change).toBe(0.25);
    expect(kpiTrend('higher', { period: '2026-02', value: 40 }, 0).relative_change).toBe(-1);
    expect(kpiTrend('higher', { period: '2026-02', value: 40 }, 40).relative_change).toBe(0);
  });

  it('should have no relative change from zero, and call float noise flat', () => {
    expect(kpiTrend('higher', { period: '2026-02', value: 0 }, 5).relative_change).toBeNull();
    expect(kpiTrend('higher', { period: '2026-02', value: 0.1 + 0.2 }, 0.3)).toMatchObject({
      change: 0,
      direction: 'flat',
      assessment: 'neutral',
    });
    expect(trendDirection(0, 1e-12)).toBe('flat');
    expect(trendDirection(1e9, 1e9 + 1)).toBe('up');
  });

  it('should be antisymmetric: swapping the values flips direction and assessment (property)', () => {
    fc.assert(
      fc.property(
        fc.constantFrom('higher' as const, 'lower' as const),
        fc.integer({ min: -1e6, max: 1e6 }),
        fc.integer({ min: -1e6, max: 1e6 }),
        (direction, a, b) => {
          const forward = kpiTrend(direction, { period: 'p', value: a }, b);
          const back = kpiTrend(direction, { period: 'p', value: b }, a);
          expect(forward.change).toBe(-back.change + 0);
          const flip = { up: 'down', down: 'up', flat: 'flat' } as const;
          expect(back.direction).toBe(flip[forward.direction]);
          const opposite = { good: 'bad', bad: 'good', neutral: 'neutral' } as const;
          expect(back.assessment).toBe(opposite[forward.assessment]);
        },
      ),
    );
  });
});

describe('what the screens show', () => {
  it('should give every status a Dutch label, an icon and a glyph', () => {
    for (const status of KPI_STATUSES) {
      const view = KPI_STATUS_VIEWS[status];
      expect(view.label.length, status).toBeGreaterThan(0);
      expect(view.icon.length, status).toBeGreaterThan(0);
      expect(view.glyph.length, status).toBeGreaterThan(0);
    }
    expect(KPI_STATUS_VIEWS.on_track.label).toBe('Op koers');
    expect(KPI_STATUS_VIEWS.at_risk.label).toBe('Risico');
    expect(KPI_STATUS_VIEWS.off_track.label).toBe('Niet op koers');
    // Distinct labels and icons: a status can be told without colour.
    expect(new Set(KPI_STATUSES.map((status) => KPI_STATUS_VIEWS[status].label)).size).toBe(
      KPI_STATUSES.length,
    );
    expect(new Set(KPI_STATUSES.map((status) => KPI_STATUS_VIEWS[status].icon)).size).toBe(
      KPI_STATUSES.length,
    );
  });

  it('should say a trend in words, with its judgement', () => {
    expect(trendView({ direction: 'up', assessment: 'good' })).toEqual({
      label: 'Gestegen, een verbetering',
      icon: 'arrow-up',
      glyph: '▲',
      tone: 'good',
    });
    expect(trendView({ direction: 'up', assessment: 'bad' }).label).toBe('Gestegen, een verslechtering');
    expect(trendView({ direction: 'flat', assessment: 'neutral' }).label).toBe('Gelijk gebleven');
  });
});

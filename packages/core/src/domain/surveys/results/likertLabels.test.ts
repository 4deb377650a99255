import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LIKERT_TRACK_MIN_REM,
  likertBarLabels,
  likertLabelFits,
  likertLabelWidthRem,
  unlabelledSharesText,
} from './likertLabels';

/** The track on a 390 px phone: 390 − 2 × 12 (main) − 2 × 20 (page) − 2 × 44 (end labels) − 2 × 6.4 (gaps). */
const PHONE_TRACK_REM = (390 - 24 - 40 - 88 - 12.8) / 16;

/** Helemaal oneens 10 %, oneens 10 %, eens 40 %, helemaal eens 20 % (neutral 20 % apart): widths are half the share. */
const SEGMENTS = [
  { point: 1, label: 'Helemaal oneens', width: 5, percentText: '10%' },
  { point: 2, label: 'Oneens', width: 5, percentText: '10%' },
  { point: 4, label: 'Eens', width: 20, percentText: '40%' },
  { point: 5, label: 'Helemaal eens', width: 10, percentText: '20%' },
];

describe('likertLabelWidthRem', () => {
  it('should count digits, the percent sign and the room on both sides', () => {
    expect(likertLabelWidthRem('8%')).toBeCloseTo((0.5 + 0.7 + 1) * 0.75, 10);
    expect(likertLabelWidthRem('100%')).toBeCloseTo((0.5 + 2.1 + 1) * 0.75, 10);
    expect(likertLabelWidthRem('40%')).toBeGreaterThan(likertLabelWidthRem('8%'));
  });
});

describe('likertLabelFits', () => {
  it("should refuse the 6 % of a phone's track that once got '12%' into 13 px", () => {
    expect(PHONE_TRACK_REM).toBeCloseTo(14.07, 2);
    expect(likertLabelFits('12%', 6, PHONE_TRACK_REM)).toBe(false);
    expect(likertLabelFits('12%', 6, 60)).toBe(true);
  });

  it('should take an unmeasured track as the narrowest one', () => {
    expect(likertLabelFits('40%', 20, null)).toBe(likertLabelFits('40%', 20, LIKERT_TRACK_MIN_REM));
    expect(likertLabelFits('40%', 30, Number.NaN)).toBe(true);
    expect(likertLabelFits('40%', 20, 0)).toBe(false);
  });

  it('should never label an empty segment', () => {
    expect(likertLabelFits('0%', 0, 100)).toBe(false);
  });
});

describe('likertBarLabels', () => {
  it.each([
    ['the narrowest track (8 rem)', LIKERT_TRACK_MIN_REM, []],
    ['a 390 px phone (14 rem)', PHONE_TRACK_REM, [4]],
    ['a tablet (30 rem)', 30, [4, 5]],
    ['a wide screen (50 rem)', 50, [1, 2, 4, 5]],
  ])('should label at %s the points %j', (_, track, points) => {
    const labels = likertBarLabels(SEGMENTS, track);
    expect([...labels.labelled]).toEqual(points);
    expect(labels.unlabelled.map((segment) => segment.point)).toEqual(
      SEGMENTS.map((segment) => segment.point).filter((point) => !points.includes(point)),
    );
  });

  it('should say the shares of the unlabelled segments in one line', () => {
    expect(unlabelledSharesText(likertBarLabels(SEGMENTS, PHONE_TRACK_REM))).toBe(
      'Helemaal oneens 10% · Oneens 10% · Helemaal eens 20%',
    );
    expect(unlabelledSharesText(likertBarLabels(SEGMENTS, 50))).toBe('');
  });

  it('should leave segments without answers out of both', () => {
    const labels = likertBarLabels([{ point: 3, label: 'Neutraal', width: 0, percentText: '0%' }], 50);
    expect(labels.labelled.size).toBe(0);
    expect(labels.unlabelled).toEqual([]);
  });

  it('should never let labelled segments overlap: each label fits inside its own segment', () => {
    fc.assert(
      fc.property(
        fc.array(fc.nat({ max: 50 }), { minLength: 5, maxLength: 5 }),
        fc.double({ min: 4, max: 80, noNaN: true }),
        (counts, track) => {
          const total = counts.reduce((a, b) => a + b, 0) || 1;
          const segments = counts.map((count, i) => ({
            point: i + 1,
            label: String(i + 1),
            width: (count * 50) / total,
            percentText: `${Math.round((count * 100) / total)}%`,
          }));
          const { labelled } = likertBarLabels(segments, track);
          for (const segment of segments.filter((s) => labelled.has(s.point)))
            expect((segment.width / 100) * track).toBeGreaterThanOrEqual(
              likertLabelWidthRem(segment.percentText),
            );
        },
      ),
      { numRuns: 200 },
    );
  });
});

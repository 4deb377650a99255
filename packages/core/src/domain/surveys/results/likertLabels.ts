import type { LikertSegmentView } from './resultsViewTypes';

/**
 * Which segments of a Likert bar print their percentage. A label goes inside its segment only when
 * it fits there with a little room on both sides, so labels never run into each other or out of
 * the bar: on a 390 px phone the track is about 14 rem wide (225 px), where the old fixed rule (a
 * label from 6 % of the track) put '12%' into a segment of 13 px. Widths are in rem, so the rule
 * holds whatever font size the reader has set; the page measures the track and asks.
 */

/** The labels' font size (results.css `.likert-segment`: 0.75rem, bold). */
export const LIKERT_LABEL_FONT_REM = 0.75;

/** The narrowest the track can be (results.css `.likert-figure`: `minmax(8rem, 1fr)`); assumed until measured. */
export const LIKERT_TRACK_MIN_REM = 8;

/**
 * Advance widths in em, a little above the widest bold sans-serif the font stack may pick
 * (DejaVu Sans Bold on Linux: digits 0.70, '%' 1.00; Arial, Roboto and Segoe UI are narrower), so
 * a label judged to fit does fit.
 */
const DIGIT_EM = 0.7;
const PERCENT_EM = 1.0;
const OTHER_EM = 0.75;
/** Room kept free on each side of a label inside its segment. */
const SIDE_ROOM_EM = 0.25;

/** The width a label needs in its segment, in rem: its glyphs plus the room on both sides. */
export function likertLabelWidthRem(text: string): number {
  let em = 2 * SIDE_ROOM_EM;
  for (const char of text) em += /\d/.test(char) ? DIGIT_EM : char === '%' ? PERCENT_EM : OTHER_EM;
  return em * LIKERT_LABEL_FONT_REM;
}

/**
 * Whether a segment `widthPercent` of the track wide (LikertSegmentView.width) has room for `text`
 * on a track `trackRem` wide. An unmeasured track (null, not a positive number) counts as the
 * narrowest the layout allows, so a label shown before measuring is never too wide.
 */
export function likertLabelFits(text: string, widthPercent: number, trackRem: number | null): boolean {
  const track =
    typeof trackRem === 'number' && Number.isFinite(trackRem) && trackRem > 0
      ? trackRem
      : LIKERT_TRACK_MIN_REM;
  if (!(widthPercent > 0)) return false;
  return (widthPercent / 100) * track >= likertLabelWidthRem(text);
}

/** A bar's labels: the points printed in their segment, and the other answered points in order. */
export interface LikertBarLabels {
  readonly labelled: ReadonlySet<number>;
  /** Answered points whose segment is too narrow: their share must be said elsewhere. */
  readonly unlabelled: readonly Pick<LikertSegmentView, 'point' | 'label' | 'percentText'>[];
}

/** Which segments of one bar get a label on a track `trackRem` wide (null: not measured yet). */
export function likertBarLabels(
  segments: readonly Pick<LikertSegmentView, 'point' | 'label' | 'width' | 'percentText'>[],
  trackRem: number | null,
): LikertBarLabels {
  const labelled = new Set<number>();
  const unlabelled: Pick<LikertSegmentView, 'point' | 'label' | 'percentText'>[] = [];
  for (const segment of segments) {
    if (!(segment.width > 0)) continue;
    if (likertLabelFits(segment.percentText, segment.width, trackRem)) labelled.add(segment.point);
    else unlabelled.push({ point: segment.point, label: segment.label, percentText: segment.percentText });
  }
  return { labelled, unlabelled };
}

/** The shares of the unlabelled segments as one line under the bar: 'Oneens 10% · Eens 12%'. */
export const unlabelledSharesText = (labels: LikertBarLabels): string =>
  labels.unlabelled.map((segment) => `${segment.label} ${segment.percentText}`).join(' · ');

import type { PdfColor, PdfFont } from '../../report';
import type { QuestionResultView } from '../results';

/** The fonts of the results summary, in points (the page and its footer are every Loop PDF's). */
export const RESULTS_PDF_FONTS = {
  kicker: { style: 'bold', size: 12 },
  title: { style: 'bold', size: 20 },
  header: { style: 'normal', size: 11 },
  section: { style: 'bold', size: 15 },
  question: { style: 'bold', size: 13 },
  meta: { style: 'normal', size: 9 },
  body: { style: 'normal', size: 10 },
  strong: { style: 'bold', size: 11 },
  summaryLabel: { style: 'normal', size: 11 },
  summaryValue: { style: 'bold', size: 11 },
  note: { style: 'normal', size: 9 },
} as const satisfies Record<string, PdfFont>;

/** From one baseline to the next, per kind of line. */
export const RESULTS_PDF_STEPS = {
  kicker: 20,
  title: 26,
  header: 18,
  section: 28,
  questionLine: 17,
  meta: 14,
  body: 16,
  bar: 18,
  /** A bar's label wrapped onto further lines. */
  barLabel: 13,
  note: 13,
} as const;

type LikertTone = Extract<QuestionResultView, { kind: 'likert' }>['legend'][number]['tone'];
type NpsGroup = Extract<QuestionResultView, { kind: 'nps' }>['groups'][number]['key'];

/**
 * The colours of the results page (results.css), so the PDF reads like the screen: bars in the
 * brand blue on a light grey track, NPS groups green, grey and red, the Likert scale red (disagree)
 * through grey to blue (agree), which colour-blind readers tell apart. Every bar also says its
 * numbers in text beside it.
 */
export const RESULTS_PDF_COLOURS = {
  bar: [37, 99, 235],
  track: [243, 244, 246],
  nps: {
    promoters: [21, 128, 61],
    passives: [156, 163, 175],
    detractors: [185, 28, 28],
  } satisfies Record<NpsGroup, PdfColor>,
  likert: {
    'negative-strong': [185, 28, 28],
    'negative-medium': [248, 113, 113],
    'negative-mild': [254, 202, 202],
    middle: [209, 213, 219],
    'positive-mild': [191, 219, 254],
    'positive-medium': [96, 165, 250],
    'positive-strong': [29, 78, 216],
  } satisfies Record<LikertTone, PdfColor>,
} as const;

/** A bar's height and how far its top stands above the baseline of the text beside it. */
export const BAR_HEIGHT = 9;
/** The label column of a bar chart, and the room between label, track and numbers. */
export const BAR_LABEL_WIDTH = 160;
export const BAR_GAP = 8;
/** The widest a bar's track gets; narrower when its numbers need the room. */
export const BAR_TRACK_MAX = 220;
/** The track of a Likert statement's bar (its shares add up to 100 %). */
export const STACKED_TRACK_MAX = 290;
/** A legend's colour square and the room after it and between items. */
export const SWATCH_SIZE = 7;
export const SWATCH_GAP = 3;
export const LEGEND_ITEM_GAP = 10;

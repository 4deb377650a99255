import type { OpenAnswer, QuestionType } from '../../contract';
import type { SeenView } from './logicResults';

/**
 * The results page's view model: a survey's aggregated counts (from SQL) turned into what the
 * charts draw and the texts they say, with `scoring.ts` doing the arithmetic. Pure, so the rules
 * of every chart are tested in Node and the components only draw.
 */

/** A horizontal bar with its count and share; `width` is the share in percent of the track. */
export interface BarRowView {
  readonly key: string;
  readonly label: string;
  readonly count: number;
  readonly width: number;
  readonly percentText: string;
  /** E.g. '12 (40%)'. */
  readonly valueText: string;
}

/** Colour families of a Likert point: its side of the middle and how far out it is. */
export type LikertTone =
  | 'negative-strong'
  | 'negative-medium'
  | 'negative-mild'
  | 'middle'
  | 'positive-mild'
  | 'positive-medium'
  | 'positive-strong';

export interface LikertLegendItem {
  readonly point: number;
  readonly label: string;
  readonly tone: LikertTone;
}

/** One segment of a diverging bar; `left` and `width` in percent of a track from −100 % to 100 %. */
export interface LikertSegmentView extends LikertLegendItem {
  readonly left: number;
  readonly width: number;
  readonly percentText: string;
}

export interface LikertStatementView {
  readonly id: string;
  readonly text: string;
  readonly answered: number;
  readonly mean: number | null;
  /** '3,8' or '–'. */
  readonly meanText: string;
  readonly segments: readonly LikertSegmentView[];
  /** With a neutral middle: the neutral share drawn apart, `width` in percent of its own track. */
  readonly neutral: (LikertLegendItem & { readonly width: number; readonly percentText: string }) | null;
  /** Shares left and right of zero, for the labels at the bar's ends. */
  readonly negativeText: string;
  readonly positiveText: string;
  /** The whole bar in words, for screen readers. */
  readonly description: string;
}

/** What every question's result view has. */
export interface ViewBase {
  readonly questionId: string;
  readonly title: string;
  readonly type: QuestionType;
  readonly typeLabel: string;
  readonly answered: number;
  /** '12 antwoorden'. */
  readonly answeredText: string;
  /** Who saw the question, in a survey whose rules can hide it (R-RES-6); else null. */
  readonly seen: SeenView | null;
}

/** One different 'anders, namelijk' text and how often it was given. */
export interface OtherTextView {
  readonly key: string;
  readonly text: string;
  readonly count: number;
  /** '1 keer', '3 keer'. */
  readonly countText: string;
}

export interface NpsGroupView {
  readonly key: 'detractors' | 'passives' | 'promoters';
  readonly label: string;
  readonly range: string;
  readonly count: number;
  readonly percentText: string;
}

export interface NpsColumnView {
  readonly score: number;
  readonly count: number;
  /** Height in percent of the tallest column. */
  readonly height: number;
  readonly percentText: string;
  readonly group: NpsGroupView['key'];
}

export type QuestionResultView =
  | (ViewBase & {
      readonly kind: 'likert';
      readonly points: 5 | 7;
      readonly neutralMiddle: boolean;
      readonly legend: readonly LikertLegendItem[];
      readonly statements: readonly LikertStatementView[];
    })
  | (ViewBase & {
      readonly kind: 'nps';
      readonly score: number | null;
      /** '+42', '–' without answers. */
      readonly scoreText: string;
      readonly groups: readonly NpsGroupView[];
      readonly distribution: readonly NpsColumnView[];
      readonly lowLabel: string;
      readonly highLabel: string;
    })
  | (ViewBase & {
      readonly kind: 'choice';
      readonly multiple: boolean;
      readonly rows: readonly BarRowView[];
      /** 'Anders, namelijk': null when the question does not offer it and nobody chose it. */
      readonly other: BarRowView | null;
      /** The different 'anders' texts with their counts, most given first (grouped by the server). */
      readonly otherTexts: readonly OtherTextView[];
      /** Said under them when there are more different texts than listed; else null. */
      readonly otherTextsNote: string | null;
      /** What the percentages are of. */
      readonly note: string;
    })
  | (ViewBase & {
      readonly kind: 'rating';
      readonly stars: boolean;
      /** 5 down to 1, as review sites show them. */
      readonly rows: readonly BarRowView[];
      readonly mean: number | null;
      readonly meanText: string;
      /** The mean rounded to half a star, for drawing stars. */
      readonly roundedStars: number;
    })
  | (ViewBase & {
      readonly kind: 'ranking';
      /**
       * Per option, best first (lowest average position): the bar is its share ranked first,
       * `valueText` 'gemiddeld 1,8e · 40% als eerste'.
       */
      readonly rows: readonly BarRowView[];
    })
  | (ViewBase & {
      readonly kind: 'date';
      /** Answers per month, oldest first, from the first to the last month answered. */
      readonly rows: readonly BarRowView[];
    })
  | (ViewBase & {
      readonly kind: 'number';
      /** Median, quartiles, mean and extremes in Dutch ('Mediaan', '42 kg'); empty without answers. */
      readonly figures: readonly { readonly label: string; readonly text: string }[];
      /** The histogram: a bar per value, or per range when there are many different values. */
      readonly rows: readonly BarRowView[];
    })
  | (ViewBase & { readonly kind: 'texts'; readonly latest: readonly OpenAnswer[] });

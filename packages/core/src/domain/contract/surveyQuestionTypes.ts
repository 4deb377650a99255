/** The settings and answers of the newer question types (issue 26); `surveys.ts` joins them into `Question`. */

/**
 * Text block: a section intro without an answer (its title is the heading, its description the
 * text); never required, never a condition, never counted (R-SURV-23). No settings.
 */
export type TextBlockSettings = Readonly<Record<string, never>>;

/**
 * Number: a typed number between the optional `min` and `max`, on the grid of `step` counted from
 * `min` (or from 0 without one), with an optional unit shown beside the field ('kg', 'jaar')
 * (R-SURV-24).
 */
export interface NumberSettings {
  readonly min?: number;
  readonly max?: number;
  /** > 0; 1 takes whole numbers, 0.5 halves, 0.01 cents. */
  readonly step: number;
  readonly unit?: string;
}

/**
 * Number answer: a finite number within the question's range and on its step; null is a field left
 * empty, which counts as skipped (never stored).
 */
export interface NumberAnswer {
  readonly number: number | null;
  /**
   * What the respondent typed and the language of the page they typed it on (R-RESP-14): when sent,
   * the number is read from this text as that language writes numbers ('1.250,5' in Dutch,
   * '1,250.5' in English), on the page and again on the server; only `number` is stored.
   */
  readonly typed?: string;
  readonly language?: string;
}

/**
 * Dropdown ('Keuzelijst'): one option from a long list (up to 500, e.g. 80 departments), searched by
 * typing on the answering page (R-SURV-24). No 'anders, namelijk'.
 */
export interface DropdownSettings {
  /** Each as a choice's option (`ChoiceOption`), spelled out so this file needs no import. */
  readonly options: readonly { readonly id: string; readonly label: string }[];
}

/** Dropdown answer: the chosen option; null is nothing chosen, which counts as skipped. */
export interface DropdownAnswer {
  readonly option_id: string | null;
}

/**
 * Date: a day ('YYYY-MM-DD'), between the optional first and last day it may be (R-SURV-24).
 */
export interface DateSettings {
  readonly min?: string;
  readonly max?: string;
}

/** Date answer: the day ('YYYY-MM-DD'); null is a field left empty, which counts as skipped. */
export interface DateAnswer {
  readonly date: string | null;
}

/**
 * Ranking: the respondent puts every option in order, 1 = first (R-SURV-24); 2 to 20 options.
 */
export interface RankingSettings {
  readonly options: readonly { readonly id: string; readonly label: string }[];
}

/** Ranking answer: every option once, first = ranked first; empty is not answered (skipped). */
export interface RankingAnswer {
  readonly option_ids: readonly string[];
}

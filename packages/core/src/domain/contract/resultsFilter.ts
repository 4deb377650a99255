/**
 * Results you can cut (issue 26): a filter of the responses the results, a question's page, the
 * exports and the results PDF count, and a cross-tab of two questions. The conditions reuse the
 * shape of the logic's `Condition` where it fits (`source`, `question_id`, `statement_id`, `name`,
 * `one_of` with `values`, `between` with `min`/`max`) and add the contact's attribute and segment
 * (personal links of a survey that is not anonymous). All conditions must hold ('en').
 *
 * On the wire the filter is one compact query parameter, `filter` (core's
 * `surveys/results/resultsConditions.ts` writes and reads it, R-RES-8).
 */

/** A choice (option id, or `_other` for 'anders, namelijk') or a score / Likert point. */
export type ResultsFilterValue = string | number;

export type ResultsCondition =
  /**
   * The answer is one of these (a multiple choice: any of them ticked); Likert: the statement's
   * point; a ranking's option (`option_id`): its place.
   */
  | {
      readonly source: 'question';
      readonly question_id: string;
      readonly statement_id?: string;
      readonly option_id?: string;
      readonly operator: 'one_of';
      readonly values: readonly ResultsFilterValue[];
    }
  /**
   * A score (NPS, rating), a Likert statement's point or a ranking option's place (R-SURV-31) from
   * `min` up to and including `max`.
   */
  | {
      readonly source: 'question';
      readonly question_id: string;
      readonly statement_id?: string;
      readonly option_id?: string;
      readonly operator: 'between';
      readonly min: number;
      readonly max: number;
    }
  | {
      readonly source: 'hidden_field';
      readonly name: string;
      readonly operator: 'one_of';
      readonly values: readonly string[];
    }
  | { readonly source: 'language'; readonly operator: 'one_of'; readonly values: readonly string[] }
  /** The personal link's contact has one of these values in its attribute `name`. */
  | { readonly source: 'contact_attribute'; readonly name: string; readonly values: readonly string[] }
  /** The personal link's contact is in this segment of the organisation (as it is now). */
  | { readonly source: 'segment'; readonly segment_id: number };

/** Conditions joined by 'en'; empty: every response. */
export type ResultsFilter = readonly ResultsCondition[];

/** What a cross-tab's row or column counts by: a question (a Likert statement), a hidden field or the language. */
export type CrosstabDimension =
  | { readonly source: 'question'; readonly question_id: string; readonly statement_id?: string }
  | { readonly source: 'hidden_field'; readonly name: string }
  | { readonly source: 'language' };

/** One value of a cross-tab's axis. */
export interface CrosstabValue {
  readonly value: string;
  readonly label: string;
}

export interface CrosstabAxis {
  /** The dimension as written in the query (`row`/`col`). */
  readonly key: string;
  readonly label: string;
  readonly values: readonly CrosstabValue[];
}

/**
 * GET /surveys/:id/results/crosstab?row&col(&filter&from&to). `counts[r][c]`: submitted responses
 * with row value r and column value c. In an anonymous survey a count of 1–4 is null ('< 5'), and
 * so is every count, total included, that would let one work it out (R-RES-10).
 */
export interface Crosstab {
  readonly survey_id: number;
  readonly row: CrosstabAxis;
  readonly col: CrosstabAxis;
  readonly counts: readonly (readonly (number | null)[])[];
  /** Responses with that row value and any column value. */
  readonly row_totals: readonly (number | null)[];
  readonly col_totals: readonly (number | null)[];
  /** Responses with a value on both axes. */
  readonly total: number | null;
  /** Counts of 1–4 are hidden (anonymous survey). */
  readonly small_counts_hidden: boolean;
}

/**
 * Caps and quotas on the wire (issue 26, R-SURV-21, R-SURV-22): a survey may stop at a number of
 * submitted responses (`max_responses`), and each quota stops taking the submitted responses that
 * match its conditions once `max` of them are in. A quota's `when` is the logic's condition group
 * (`surveyLogic.ts`), evaluated over the whole submitted response.
 */
import type { ConditionGroup } from './surveyLogic';

export interface Quota {
  readonly id: string;
  /** 'Verkoop': how the editor and the results name it. */
  readonly name: string;
  /** Which submitted responses count towards it. */
  readonly when: ConditionGroup;
  /** At most this many matching submitted responses (≥ 1). */
  readonly max: number;
  /** What a respondent over a full quota sees instead of the thank-you. */
  readonly end_screen_text: string;
}

/** How full a survey's cap and quotas are (the results screen). */
export interface SurveyFill {
  /** The cap and the submitted responses; null: the survey has no cap. */
  readonly cap: { readonly max: number; readonly count: number } | null;
  readonly quotas: ReadonlyArray<{
    readonly id: string;
    readonly name: string;
    readonly max: number;
    readonly count: number;
  }>;
}

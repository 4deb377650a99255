/**
 * A survey's logic on the wire (issue 26): rules that show or hide a question, or jump ahead from
 * one, when a group of conditions holds; the end screens a jump can lead to; and the hidden fields
 * a link may carry. One evaluator (`@loop/core/surveys/logic`) runs it on the answering page and on
 * the server (R-SURV-7); the shapes are plain JSON so the editor stores them beside the questions.
 */

/**
 * A value a condition compares with. A string is a choice id (an option's id, or `OTHER_CHOICE`
 * for 'anders, namelijk'), a text (open text, hidden field) or a language code; a number is a
 * score or a Likert point. Later question types slot in without a new shape: a number question
 * compares numbers, a date question 'YYYY-MM-DD' strings (which sort as dates), a dropdown choice
 * ids and a ranking the choice ids it ranks; `logicKinds.ts` says which type reads which.
 */
export type LogicValue = string | number;

/** What a condition tests, with the value(s) the operator needs. */
export type ConditionTest =
  /** The answer is (not) this value; on a multiple choice: this choice is (not) among those ticked. */
  | { readonly operator: 'equals' | 'not_equals'; readonly value: LogicValue }
  /** The answer is one (none) of these values; on a multiple choice: any (none) of them is ticked. */
  | { readonly operator: 'one_of' | 'none_of'; readonly values: readonly LogicValue[] }
  /** The answer lies above (below) the value; only for types with an order (R-SURV-8). */
  | { readonly operator: 'greater' | 'less'; readonly value: LogicValue }
  /** The answer lies from `min` up to and including `max`. */
  | { readonly operator: 'between'; readonly min: LogicValue; readonly max: LogicValue }
  /** The text holds `value`, case-insensitive. */
  | { readonly operator: 'contains'; readonly value: string }
  /** The question has (no) answer; a hidden field is (not) filled in. */
  | { readonly operator: 'answered' | 'not_answered' };

/** Every operator. */
export type ConditionOperator = ConditionTest['operator'];

/** A condition on the answer to an earlier question; on a Likert question, on one statement's point. */
export type QuestionCondition = {
  readonly source: 'question';
  readonly question_id: string;
  /** Likert: the statement whose point is compared (without one only `answered`/`not_answered`). */
  readonly statement_id?: string;
  /**
   * Ranking: the option whose place is compared (1 = first; R-SURV-29). Without one a ranking's
   * condition is on the option ranked first ('is Prijs').
   */
  readonly option_id?: string;
} & ConditionTest;

/** A condition on a hidden field: a value the survey's link carries (`?bron=mail`). */
export type HiddenFieldCondition = {
  readonly source: 'hidden_field';
  readonly name: string;
} & ConditionTest;

/** A condition on the respondent's language (a code of `CONTACT_LANGUAGES`). */
export type LanguageCondition = { readonly source: 'language' } & ConditionTest;

export type Condition = QuestionCondition | HiddenFieldCondition | LanguageCondition;

/** Conditions joined by 'en' (`all`) or 'of' (`any`). */
export interface ConditionGroup {
  readonly match: 'all' | 'any';
  readonly conditions: readonly Condition[];
}

/** Where a jump leads: a later question, or an end screen. */
export type JumpTarget = { readonly question_id: string } | { readonly end_screen_id: string };

/**
 * One rule. `show`: the question is hidden unless the group holds; `hide`: hidden when it holds
 * (R-SURV-10). `jump`: after `from_question_id`, when the group holds, go on at `to` (R-SURV-9).
 */
export type LogicRule =
  | {
      readonly id: string;
      readonly action: 'show' | 'hide';
      readonly question_id: string;
      readonly when: ConditionGroup;
    }
  | {
      readonly id: string;
      readonly action: 'jump';
      readonly from_question_id: string;
      readonly to: JumpTarget;
      readonly when: ConditionGroup;
    };

/** Where a survey can end early; `redirect_url` (http or https only) is opened after the text. */
export interface EndScreen {
  readonly id: string;
  readonly text: string;
  readonly redirect_url?: string;
}

/** A survey's logic: its rules, its end screens and the hidden fields its links may carry. */
export interface SurveyLogic {
  readonly rules: readonly LogicRule[];
  readonly end_screens: readonly EndScreen[];
  readonly hidden_fields: readonly string[];
}

/** A survey without logic: every question in order, no end screens, no hidden fields. */
export const NO_LOGIC: SurveyLogic = { rules: [], end_screens: [], hidden_fields: [] };

import type { AnswerValue, EndScreen } from '../../contract';

export type {
  Condition,
  ConditionGroup,
  ConditionOperator,
  ConditionTest,
  EndScreen,
  HiddenFieldCondition,
  JumpTarget,
  LanguageCondition,
  LogicRule,
  LogicValue,
  QuestionCondition,
  SurveyLogic,
} from '../../contract';

// The wire shapes of survey logic live in the contract (a survey carries them); these are what the
// evaluator adds around them.

/** What the respondent brings besides answers. */
export interface LogicContext {
  readonly hidden_fields?: Readonly<Record<string, string>>;
  /** A language tag; only its first part counts ('en-GB' is 'en'). */
  readonly language?: string;
}

/** The answers so far, by question id (an answer that says nothing counts as no answer). */
export type LogicAnswers = ReadonlyMap<string, AnswerValue>;

/** Where the respondent's answers lead (R-SURV-11). */
export interface LogicPath {
  /** The questions on the path, in survey order. */
  readonly visible: readonly string[];
  /** The required questions on the path: a required question counts only where it is shown. */
  readonly required: readonly string[];
  /** The end screen a jump reached, or null when the path runs to the last question. */
  readonly end_screen: EndScreen | null;
  /** The question whose jump reached `end_screen`; null without one. */
  readonly ended_after: string | null;
  /** Questions with an answer that are not on the path, in survey order. */
  readonly off_path: readonly string[];
  /** Whether a question is on the path. */
  isVisible(questionId: string): boolean;
}

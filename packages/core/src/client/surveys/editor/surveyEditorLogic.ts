import type { OpeningProblem, Survey, SurveyInput } from '../../../domain/contract';
import { NO_LOGIC } from '../../../domain/contract';
import {
  checkLogic,
  describeRule,
  isSafeRedirect,
  type LogicProblem,
  type LogicRule,
  REDIRECT_URL_MAX_LENGTH,
  type SurveyLogic,
} from '../../../domain/surveys/logic';
import { ruleQuestionId } from './logicEdits';

/**
 * The editor's view of the draft's logic (issue 26): every rule as its Dutch sentence
 * (`describeRule`) with the problems `checkLogic` finds in it (R-SURV-12), sorted under the question
 * it belongs to, so the screen shows each problem beside its rule the moment a change causes it
 * (R-SURV-15; drafts are saved all the same, R-SURV-1).
 */

/** One rule as the editor lists it. */
export interface RuleView {
  readonly rule: LogicRule;
  /** "Toon als 'Afdeling' is 'Verkoop'". */
  readonly sentence: string;
  /** Its problems, in the order to fix them; empty: the rule is sound. */
  readonly problems: readonly LogicProblem[];
}

export interface LogicView {
  /** Every problem of the draft's logic, as `checkLogic` lists them. */
  readonly problems: readonly LogicProblem[];
  /** The rules in their order. */
  readonly rules: readonly RuleView[];
  /** Per question id: its show/hide rules and the jumps from it. */
  readonly byQuestion: Readonly<Record<string, readonly RuleView[]>>;
  /** Rules whose question was deleted (kept, so 'Ongedaan maken' brings them back to work). */
  readonly orphans: readonly RuleView[];
  /** Per question id: problems about the question beyond its own rules (a circle through it). */
  readonly questionProblems: Readonly<Record<string, readonly LogicProblem[]>>;
  /** Per end screen id: its problems (an address that is not http or https). */
  readonly endScreenProblems: Readonly<Record<string, readonly LogicProblem[]>>;
}

export const NO_LOGIC_VIEW: LogicView = {
  problems: [],
  rules: [],
  byQuestion: {},
  orphans: [],
  questionProblems: {},
  endScreenProblems: {},
};

/** The logic of a draft (a draft without one has none). */
export const logicOf = (draft: Pick<SurveyInput, 'logic'>): SurveyLogic => draft.logic ?? NO_LOGIC;

const push = <T>(map: Record<string, T[]>, key: string, value: T) => {
  const list = map[key];
  if (list) list.push(value);
  else map[key] = [value];
};

/** The view of a draft's logic: sentences, problems per rule, per question and per end screen. */
export function logicView(draft: SurveyInput): LogicView {
  const logic = logicOf(draft);
  if (logic.rules.length === 0 && logic.end_screens.length === 0) return NO_LOGIC_VIEW;
  const problems = checkLogic(draft.questions, logic);
  const ids = new Set(draft.questions.map((question) => question.id));
  const byRule: Record<string, LogicProblem[]> = {};
  const questionProblems: Record<string, LogicProblem[]> = {};
  const endScreenProblems: Record<string, LogicProblem[]> = {};
  for (const problem of problems) {
    if (problem.rule_id !== null) push(byRule, problem.rule_id, problem);
    else if (problem.end_screen_id !== null) push(endScreenProblems, problem.end_screen_id, problem);
    else if (problem.question_id !== null) push(questionProblems, problem.question_id, problem);
  }
  const rules = logic.rules.map((rule) => ({
    rule,
    sentence: describeRule(rule, draft.questions, logic.end_screens),
    problems: byRule[rule.id] ?? [],
  }));
  const byQuestion: Record<string, RuleView[]> = {};
  const orphans: RuleView[] = [];
  for (const view of rules) {
    const owner = ruleQuestionId(view.rule);
    if (ids.has(owner)) push(byQuestion, owner, view);
    else orphans.push(view);
  }
  return { problems, rules, byQuestion, orphans, questionProblems, endScreenProblems };
}

/**
 * Rules and hidden fields are fixed once the survey has answers (R-SURV-14, `LOGIC_MESSAGES.locked`):
 * who saw which question must stay comparable. End screens' texts and addresses stay editable.
 */
export const logicLocked = (survey: Pick<Survey, 'status' | 'response_count'> | null): boolean =>
  survey !== null && survey.status !== 'draft' && (survey.response_count ?? 0) > 0;

/**
 * The logic's problems as items of the list of what to fix before opening (the server refuses to
 * open with them too): one per problem, with the question it is about.
 */
export function logicOpeningProblems(view: LogicView, draft: SurveyInput): OpeningProblem[] {
  return view.problems.map((problem) => {
    const index =
      problem.question_id === null ? -1 : draft.questions.findIndex((q) => q.id === problem.question_id);
    return {
      question_id: index < 0 ? null : problem.question_id,
      question_number: index < 0 ? null : index + 1,
      codes: [problem.code],
      fields: [problem.rule_id === null ? 'logic' : `logic.rules.${problem.rule_id}`],
      reason: problem.message,
      message: problem.message,
    };
  });
}

/** The Dutch texts of the editor's hidden fields and end screens. */
export const LOGIC_EDITOR_MESSAGES = {
  hiddenFieldName:
    'Gebruik voor de naam kleine letters, cijfers en _, en begin met een letter (hoogstens 40 tekens).',
  hiddenFieldDuplicate: (name: string) => `Er is al een verborgen veld '${name}'.`,
  hiddenFieldsMax: `Een survey heeft hoogstens 20 verborgen velden.`,
  redirectInvalid: 'Vul een webadres in dat begint met http:// of https://, of laat het veld leeg.',
  endScreenText: 'Eindscherm',
} as const;

/** How many hidden fields a survey may have. */
export const HIDDEN_FIELDS_MAX = 20;

const HIDDEN_FIELD_NAME = /^[a-z][a-z0-9_]{0,39}$/;

/**
 * Why a hidden field's name cannot be added, or null: a name travels in the survey's link
 * (`?afdeling=verkoop`), so it is kept to what reads the same everywhere.
 */
export function hiddenFieldNameError(name: string, existing: readonly string[]): string | null {
  if (!HIDDEN_FIELD_NAME.test(name)) return LOGIC_EDITOR_MESSAGES.hiddenFieldName;
  if (existing.includes(name)) return LOGIC_EDITOR_MESSAGES.hiddenFieldDuplicate(name);
  if (existing.length >= HIDDEN_FIELDS_MAX) return LOGIC_EDITOR_MESSAGES.hiddenFieldsMax;
  return null;
}

/** A name as typed, as the editor stores it: trimmed and lower-case. */
export const hiddenFieldNameFrom = (input: string): string => input.trim().toLowerCase();

/** How the hidden fields ride on a link: '?afdeling=…&bron=…' ('' without any). */
export const hiddenFieldsQuery = (names: readonly string[]): string =>
  names.length === 0 ? '' : `?${names.map((name) => `${name}=…`).join('&')}`;

/** Why an end screen's address cannot be used, or null (empty: no address). R-SURV-13. */
export function redirectError(url: string): string | null {
  const text = url.trim();
  if (text === '') return null;
  return text.length <= REDIRECT_URL_MAX_LENGTH && isSafeRedirect(text)
    ? null
    : LOGIC_EDITOR_MESSAGES.redirectInvalid;
}

import type { OpeningProblem, Question } from '../../contract';
import type { LogicProblemCode } from './checkConditions';
import { checkLogic } from './checkLogic';
import { LOGIC_MESSAGES, questionName } from './logicMessages';
import type { Condition, LogicRule, SurveyLogic } from './logicTypes';

/**
 * Logic around a survey's life: what still may change once it has answers (R-SURV-2), what keeps it
 * from opening (R-SURV-12 beside `openingProblems`), and its copy under new question ids.
 */

/** Why a change of logic is refused on a survey with answers. */
export type LogicEditCode = 'rules_changed' | 'hidden_fields_changed' | 'end_screens_changed';

/** One refused change of logic, under the field of the editor it is about. */
export interface LogicEditProblem {
  readonly code: LogicEditCode;
  /** `logic.rules`, `logic.hidden_fields` or `logic.end_screens`. */
  readonly field: string;
  readonly message: string;
}

/** Whether two JSON values hold the same, whatever the order of their keys (jsonb reorders them). */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b))
    return a.length === b.length && a.every((item, index) => sameJson(item, b[index]));
  const left = Object.entries(a).filter(([, value]) => value !== undefined);
  const right = b as Record<string, unknown>;
  const rightKeys = Object.keys(right).filter((key) => right[key] !== undefined);
  return (
    left.length === rightKeys.length &&
    left.every(([key, value]) => Object.hasOwn(right, key) && sameJson(value, right[key]))
  );
}

const sameSet = (a: readonly string[], b: readonly string[]): boolean =>
  a.length === b.length && new Set(a).size === new Set([...a, ...b]).size;

/**
 * What may not change in a survey's logic once it has answers (R-SURV-2): the rules (in their order:
 * of several jumps the first that holds is taken) and the hidden fields, so who saw which question
 * stays comparable across its responses; end screens may get another text or address, but none may
 * be added or removed. Each refusal says `LOGIC_MESSAGES.locked`. Without answers anything goes.
 */
export function logicEditProblems(
  before: SurveyLogic,
  after: SurveyLogic,
  hasAnswers: boolean,
): LogicEditProblem[] {
  if (!hasAnswers) return [];
  const problems: LogicEditProblem[] = [];
  const refuse = (code: LogicEditCode, field: string) =>
    problems.push({ code, field, message: LOGIC_MESSAGES.locked });
  if (!sameJson(before.rules, after.rules)) refuse('rules_changed', 'logic.rules');
  if (!sameSet(before.hidden_fields, after.hidden_fields))
    refuse('hidden_fields_changed', 'logic.hidden_fields');
  const screens = (logic: SurveyLogic) => logic.end_screens.map((screen) => screen.id);
  if (!sameSet(screens(before), screens(after))) refuse('end_screens_changed', 'logic.end_screens');
  return problems;
}

/**
 * `checkLogic`'s problems as items of the list of what to fix before a survey opens, after those of
 * `openingProblems` (the same shape, so the editor and the 409 of opening show them alike): the
 * question's number in list order (null for an end screen or a circle without one), the code, the
 * field (`logic.rules.<rule id>`, `logic.end_screens.<id>`, else `logic`) and the Dutch sentence.
 */
export function logicOpeningProblems(questions: readonly Question[], logic: SurveyLogic): OpeningProblem[] {
  const problems = checkLogic(questions, logic);
  if (problems.length === 0) return [];
  const numberOf = new Map(questions.map((question, index) => [question.id, index + 1]));
  const titleOf = new Map(questions.map((question) => [question.id, question.title]));
  return problems.map((problem) => {
    const number = problem.question_id === null ? undefined : numberOf.get(problem.question_id);
    const prefix =
      number === undefined ? null : `${questionName(number, titleOf.get(problem.question_id ?? '') ?? '')}: `;
    const field =
      problem.rule_id !== null
        ? `logic.rules.${problem.rule_id}`
        : problem.end_screen_id !== null
          ? `logic.end_screens.${problem.end_screen_id}`
          : 'logic';
    // Without the closing full stop, as `openingProblems` words its items (the list adds its own).
    const message = problem.message.replace(/\.$/, '');
    return {
      question_id: number === undefined ? null : problem.question_id,
      question_number: number ?? null,
      codes: [problem.code satisfies LogicProblemCode],
      fields: [field],
      reason: prefix !== null && message.startsWith(prefix) ? message.slice(prefix.length) : message,
      message,
    };
  });
}

/** The ids of the questions whose answers some condition reads: what evaluating the path needs. */
export function conditionQuestionIds(logic: SurveyLogic): ReadonlySet<string> {
  const ids = new Set<string>();
  for (const rule of logic.rules)
    for (const condition of Array.isArray(rule.when?.conditions) ? rule.when.conditions : [])
      if (condition.source === 'question') ids.add(condition.question_id);
  return ids;
}

/** Whether some condition reads the respondent's language. */
export const readsLanguage = (logic: SurveyLogic): boolean =>
  logic.rules.some((rule) => rule.when.conditions.some((condition) => condition.source === 'language'));

/**
 * The same logic for copies of its questions under new ids (`ids`: old id → new id), as a duplicated
 * survey or a survey from a template gets them. Options and statements keep their ids; a reference
 * to a question that is not copied stays as it was (and `checkLogic` keeps naming it).
 */
export function remapLogicQuestions(logic: SurveyLogic, ids: ReadonlyMap<string, string>): SurveyLogic {
  const to = (id: string) => ids.get(id) ?? id;
  const condition = (item: Condition): Condition =>
    item.source === 'question' ? { ...item, question_id: to(item.question_id) } : item;
  const rules = logic.rules.map((rule): LogicRule => {
    const when = { ...rule.when, conditions: rule.when.conditions.map(condition) };
    if (rule.action !== 'jump') return { ...rule, question_id: to(rule.question_id), when };
    const target = 'question_id' in rule.to ? { question_id: to(rule.to.question_id) } : rule.to;
    return { ...rule, from_question_id: to(rule.from_question_id), to: target, when };
  });
  return { ...logic, rules };
}

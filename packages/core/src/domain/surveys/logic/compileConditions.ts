import type { AnswerValue, Question } from '../../contract';
import { dayKey, isDay } from '../model';
import { conditionKind, OPERATORS, OTHER_CHOICE, primaryLanguage } from './logicKinds';
import type { Condition, ConditionGroup, LogicAnswers, LogicValue, QuestionCondition } from './logicTypes';

/**
 * The conditions of survey logic compiled into closures (R-SURV-8): each reads the one evaluation's
 * `State` that `compileLogic` fills before it walks the questions.
 */

/** One evaluation's input, shared by the compiled closures (evaluation is synchronous). */
export interface State {
  answers: LogicAnswers;
  hidden: Readonly<Record<string, string>> | undefined;
  language: string;
  visible: Uint8Array;
}

export type Test = () => boolean;
export const NEVER: Test = () => false;

const isString = (value: unknown): value is string => typeof value === 'string';
const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const lower = (text: string) => text.toLocaleLowerCase('nl');

/** Whether a choice answer holds this choice id. */
function hasChoice(question: Question, value: AnswerValue, id: string): boolean {
  const answer = value as { option_id?: unknown; option_ids?: unknown; other?: unknown };
  if (id === OTHER_CHOICE) return isString(answer.other);
  if (question.type === 'single_choice' || question.type === 'dropdown') return answer.option_id === id;
  if (question.type === 'ranking') return Array.isArray(answer.option_ids) && answer.option_ids[0] === id;
  return Array.isArray(answer.option_ids) && answer.option_ids.includes(id);
}

/** Whether an answer says something (an empty one counts as none, as `validateSubmission` does). */
function isPresent(
  question: Question,
  value: AnswerValue | undefined,
  statement: string | undefined,
): boolean {
  if (value === undefined || value === null) return false;
  const answer = value as Record<string, unknown>;
  switch (question.type) {
    case 'single_choice':
      return isString(answer.option_id) || isString(answer.other);
    case 'multiple_choice':
      return (Array.isArray(answer.option_ids) && answer.option_ids.length > 0) || isString(answer.other);
    case 'likert':
      if (statement !== undefined) return isNumber(answer[statement]);
      for (const key in answer) if (isNumber(answer[key])) return true;
      return false;
    case 'nps':
    case 'rating':
      return isNumber(answer.score);
    case 'number':
      return isNumber(answer.number);
    case 'dropdown':
      return isString(answer.option_id);
    case 'date':
      return isDay(answer.date);
    case 'ranking':
      return Array.isArray(answer.option_ids) && answer.option_ids.length > 0;
    case 'text_block':
      return false;
    default:
      return isString(answer.text) && answer.text.trim() !== '';
  }
}

/**
 * The number a scale answer gives (a score, the statement's point, a ranking option's place), or
 * undefined. `item` is the Likert statement or the ranking's option.
 */
function scaleOf(question: Question, value: AnswerValue, item: string | undefined): number | undefined {
  const answer = value as Record<string, unknown>;
  if (question.type === 'ranking') {
    const ids = answer.option_ids;
    const place = Array.isArray(ids) && item !== undefined ? ids.indexOf(item) : -1;
    return place < 0 ? undefined : place + 1;
  }
  const statement = item;
  const number =
    question.type === 'likert'
      ? statement === undefined
        ? undefined
        : answer[statement]
      : question.type === 'number'
        ? answer.number
        : question.type === 'date'
          ? isDay(answer.date)
            ? dayKey(answer.date)
            : undefined
          : answer.score;
  return isNumber(number) ? number : undefined;
}

/** Compiles a condition on a question's answer; `limit`: questions from this index on read as unanswered. */
export function compileQuestionCondition(
  condition: QuestionCondition,
  questions: readonly Question[],
  indexOf: ReadonlyMap<string, number>,
  limit: number,
  state: State,
): Test {
  const index = indexOf.get(condition.question_id);
  const question = index === undefined ? undefined : questions[index];
  const operator = condition.operator;
  // A deleted or not yet decided (same or later) question has no answer (R-SURV-8).
  if (question === undefined || index === undefined || index >= limit)
    return operator === 'not_answered' ? () => true : NEVER;
  const kind = conditionKind(question, condition);
  if (!OPERATORS[kind].has(operator)) return NEVER;
  const id = question.id;
  const statement = question.type === 'likert' ? condition.statement_id : undefined;
  // A ranking's option whose place is compared (R-SURV-29).
  const option = question.type === 'ranking' ? condition.option_id : undefined;
  const read = (): AnswerValue | undefined => {
    if (state.visible[index] !== 1) return undefined;
    const value = state.answers.get(id);
    return isPresent(question, value, statement) ? value : undefined;
  };
  if (operator === 'answered') return () => read() !== undefined;
  if (operator === 'not_answered') return () => read() === undefined;
  if (kind === 'choice') {
    const ids = listOf(condition).filter(isString);
    if (ids.length === 0) return NEVER;
    const first = ids[0] as string;
    const any = (value: AnswerValue) => ids.some((choice) => hasChoice(question, value, choice));
    switch (operator) {
      case 'equals':
        return () => {
          const value = read();
          return value !== undefined && hasChoice(question, value, first);
        };
      case 'not_equals':
        return () => {
          const value = read();
          return value !== undefined && !hasChoice(question, value, first);
        };
      case 'one_of':
        return () => {
          const value = read();
          return value !== undefined && any(value);
        };
      default:
        return () => {
          const value = read();
          return value !== undefined && !any(value);
        };
    }
  }
  if (kind === 'scale') {
    if (question.type === 'likert' && statement === undefined) return NEVER;
    const holds = scaleTest(condition);
    if (holds === null) return NEVER;
    return () => {
      const value = read();
      if (value === undefined) return false;
      const number = scaleOf(question, value, statement ?? option);
      return number !== undefined && holds(number);
    };
  }
  if (operator !== 'contains' || !isString(condition.value) || condition.value === '') return NEVER;
  const needle = lower(condition.value);
  return () => {
    const value = read() as { text?: unknown } | undefined;
    return value !== undefined && isString(value.text) && lower(value.text).includes(needle);
  };
}

/** The values of an operator that takes one or several (`equals` one, `one_of` a list). */
function listOf(condition: Condition): readonly LogicValue[] {
  if (condition.operator === 'equals' || condition.operator === 'not_equals') return [condition.value];
  if (condition.operator === 'one_of' || condition.operator === 'none_of')
    return Array.isArray(condition.values) ? condition.values : [];
  return [];
}

/** The comparison of a scale condition, or null when its values are not numbers. */
function scaleTest(condition: Condition): ((x: number) => boolean) | null {
  switch (condition.operator) {
    case 'equals':
    case 'not_equals':
    case 'one_of':
    case 'none_of': {
      const numbers = listOf(condition);
      if (numbers.length === 0 || !numbers.every(isNumber)) return null;
      const first = numbers[0] as number;
      if (condition.operator === 'equals') return (x) => x === first;
      if (condition.operator === 'not_equals') return (x) => x !== first;
      if (condition.operator === 'one_of') return (x) => numbers.includes(x);
      return (x) => !numbers.includes(x);
    }
    case 'greater': {
      const bound = condition.value;
      return isNumber(bound) ? (x) => x > bound : null;
    }
    case 'less': {
      const bound = condition.value;
      return isNumber(bound) ? (x) => x < bound : null;
    }
    case 'between': {
      const { min, max } = condition;
      return isNumber(min) && isNumber(max) ? (x) => x >= min && x <= max : null;
    }
    default:
      return null;
  }
}

/** Compiles a condition on a hidden field or on the language. */
export function compileContextCondition(condition: Condition, state: State): Test {
  const { operator } = condition;
  if (condition.source === 'language') {
    if (!OPERATORS.language.has(operator)) return NEVER;
    const codes = listOf(condition).filter(isString).map(primaryLanguage);
    return () => state.language !== '' && codes.includes(state.language);
  }
  if (condition.source !== 'hidden_field' || !OPERATORS.hidden_field.has(operator)) return NEVER;
  const name = condition.name;
  const read = (): string | undefined => {
    const fields = state.hidden;
    if (fields === undefined || !Object.hasOwn(fields, name)) return undefined;
    const value = fields[name];
    return isString(value) ? value : undefined;
  };
  if (operator === 'answered') return () => (read() ?? '').trim() !== '';
  if (operator === 'not_answered') return () => (read() ?? '').trim() === '';
  if (operator === 'contains') {
    if (!isString(condition.value) || condition.value === '') return NEVER;
    const needle = lower(condition.value);
    return () => lower(read() ?? '').includes(needle);
  }
  const values = listOf(condition).filter(isString);
  return () => {
    const value = read();
    return value !== undefined && values.includes(value);
  };
}

/** Compiles a group: every condition (`all`) or any of them (`any`). */
export function compileGroup(group: ConditionGroup, compile: (condition: Condition) => Test): Test {
  const tests = (Array.isArray(group.conditions) ? group.conditions : []).map(compile);
  if (group.match === 'any')
    return () => {
      for (const test of tests) if (test()) return true;
      return false;
    };
  return () => {
    for (const test of tests) if (!test()) return false;
    return true;
  };
}

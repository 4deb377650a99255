import type { AnswerValue, Question } from '../../contract';
import { dayKey, isDay } from '../model';
import { inSurveyOrder, LOGIC_KINDS, OPERATORS, OTHER_CHOICE, primaryLanguage } from './logicKinds';
import type {
  Condition,
  ConditionGroup,
  EndScreen,
  LogicAnswers,
  LogicContext,
  LogicPath,
  LogicValue,
  QuestionCondition,
  SurveyLogic,
} from './logicTypes';

/**
 * The one evaluator of survey logic (R-SURV-7): the answering page runs it after every answer, the
 * server on every submission, so what a respondent sees and what the server accepts cannot differ.
 * `compileLogic` turns the rules into closures once; `evaluate` then walks the questions in order
 * (R-SURV-9, R-SURV-10), touching each question's rules once and allocating only its result.
 */

/** One evaluation's input, shared by the compiled closures (evaluation is synchronous). */
interface State {
  answers: LogicAnswers;
  hidden: Readonly<Record<string, string>> | undefined;
  language: string;
  visible: Uint8Array;
}

type Test = () => boolean;
const NEVER: Test = () => false;
const NO_ANSWERS: LogicAnswers = new Map();

interface Jump {
  readonly test: Test;
  /** The index of the question to go on at, or -1 for an end screen. */
  readonly to: number;
  readonly end: EndScreen | null;
}

interface Step {
  readonly id: string;
  readonly required: boolean;
  readonly show: Test[];
  readonly hide: Test[];
  readonly jumps: Jump[];
}

/** Logic compiled for one survey's questions. */
export interface CompiledLogic {
  /** The questions in survey order. */
  readonly questions: readonly Question[];
  /** Where these answers lead. */
  evaluate(answers: LogicAnswers, context?: LogicContext): LogicPath;
}

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

/** The number a scale answer gives (a score, or the statement's point), or undefined. */
function scaleOf(question: Question, value: AnswerValue, statement: string | undefined): number | undefined {
  const answer = value as Record<string, unknown>;
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
function compileQuestionCondition(
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
  const kind = LOGIC_KINDS[question.type];
  if (!OPERATORS[kind].has(operator)) return NEVER;
  const id = question.id;
  const statement = question.type === 'likert' ? condition.statement_id : undefined;
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
      const number = scaleOf(question, value, statement);
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
function compileContextCondition(condition: Condition, state: State): Test {
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
function compileGroup(group: ConditionGroup, compile: (condition: Condition) => Test): Test {
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

function anyHolds(tests: readonly Test[]): boolean {
  for (const test of tests) if (test()) return true;
  return false;
}

/**
 * Compiles a survey's logic for its questions. Rules that cannot apply are left out, never guessed
 * at: a rule on a deleted question, a jump backwards or to a deleted target (R-SURV-9); a condition
 * on the same or a later question reads it as unanswered (R-SURV-8). `checkLogic` names all of these.
 */
export function compileLogic(questions: readonly Question[], logic: SurveyLogic): CompiledLogic {
  const ordered = inSurveyOrder(questions);
  const n = ordered.length;
  const indexOf = new Map(ordered.map((question, index) => [question.id, index]));
  const endScreens = new Map(logic.end_screens.map((screen) => [screen.id, screen]));
  const state: State = { answers: NO_ANSWERS, hidden: undefined, language: '', visible: new Uint8Array(0) };
  const steps: Step[] = ordered.map((question) => ({
    id: question.id,
    required: question.required,
    show: [],
    hide: [],
    jumps: [],
  }));
  const compiler = (limit: number) => (condition: Condition) =>
    condition.source === 'question'
      ? compileQuestionCondition(condition, ordered, indexOf, limit, state)
      : compileContextCondition(condition, state);

  for (const rule of logic.rules) {
    if (rule.action === 'jump') {
      const from = indexOf.get(rule.from_question_id);
      if (from === undefined) continue;
      const step = steps[from] as Step;
      const test = compileGroup(rule.when, compiler(from + 1));
      if ('end_screen_id' in rule.to) {
        const end = endScreens.get(rule.to.end_screen_id);
        if (end !== undefined) step.jumps.push({ test, to: -1, end });
        continue;
      }
      const to = indexOf.get(rule.to.question_id);
      if (to !== undefined && to > from) step.jumps.push({ test, to, end: null });
      continue;
    }
    const target = indexOf.get(rule.question_id);
    if (target === undefined) continue;
    const step = steps[target] as Step;
    (rule.action === 'show' ? step.show : step.hide).push(compileGroup(rule.when, compiler(target)));
  }

  function evaluate(answers: LogicAnswers, context: LogicContext = {}): LogicPath {
    const visible = new Uint8Array(n);
    state.answers = answers;
    state.hidden = context.hidden_fields;
    state.language = primaryLanguage(context.language);
    state.visible = visible;
    let end: EndScreen | null = null;
    let endedAfter: string | null = null;
    let i = 0;
    walk: while (i < n) {
      const step = steps[i] as Step;
      if ((step.show.length === 0 || anyHolds(step.show)) && !anyHolds(step.hide)) {
        visible[i] = 1;
        for (const jump of step.jumps) {
          if (!jump.test()) continue;
          if (jump.end !== null) {
            end = jump.end;
            endedAfter = step.id;
            break walk;
          }
          i = jump.to;
          continue walk;
        }
      }
      i++;
    }
    const shown: string[] = [];
    const required: string[] = [];
    const offPath: string[] = [];
    for (let k = 0; k < n; k++) {
      const step = steps[k] as Step;
      if (visible[k] === 1) {
        shown.push(step.id);
        if (step.required) required.push(step.id);
      } else if (answers.has(step.id)) offPath.push(step.id);
    }
    state.answers = NO_ANSWERS;
    state.hidden = undefined;
    return {
      visible: shown,
      required,
      end_screen: end,
      ended_after: endedAfter,
      off_path: offPath,
      isVisible: (questionId) => {
        const index = indexOf.get(questionId);
        return index !== undefined && visible[index] === 1;
      },
    };
  }

  return { questions: ordered, evaluate };
}

/** `compileLogic(questions, logic).evaluate(answers, context)`, for a single evaluation. */
export const evaluateLogic = (
  questions: readonly Question[],
  logic: SurveyLogic,
  answers: LogicAnswers,
  context?: LogicContext,
): LogicPath => compileLogic(questions, logic).evaluate(answers, context);

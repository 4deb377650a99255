import type { Question } from '../../contract';
import {
  compileContextCondition,
  compileGroup,
  compileQuestionCondition,
  type State,
  type Test,
} from './compileConditions';
import { inSurveyOrder, primaryLanguage } from './logicKinds';
import type {
  Condition,
  ConditionGroup,
  EndScreen,
  LogicAnswers,
  LogicContext,
  LogicPath,
  SurveyLogic,
} from './logicTypes';

/**
 * The one evaluator of survey logic (R-SURV-7): the answering page runs it after every answer, the
 * server on every submission, so what a respondent sees and what the server accepts cannot differ.
 * `compileLogic` turns the rules into closures once; `evaluate` then walks the questions in order
 * (R-SURV-9, R-SURV-10), touching each question's rules once and allocating only its result.
 */

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
  /**
   * A test of one condition group after the whole path (a quota's `when`, R-SURV-22): it may read
   * any question, and reads a question off the path as unanswered.
   */
  groupTest(group: ConditionGroup): (answers: LogicAnswers, context?: LogicContext) => boolean;
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

  function evaluate(
    answers: LogicAnswers,
    context: LogicContext = {},
    probe: (() => void) | null = null,
  ): LogicPath {
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
    probe?.();
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

  function groupTest(group: ConditionGroup) {
    const test = compileGroup(group, compiler(n));
    return (answers: LogicAnswers, context: LogicContext = {}): boolean => {
      let holds = false;
      evaluate(answers, context, () => {
        holds = test();
      });
      return holds;
    };
  }

  return {
    questions: ordered,
    evaluate: (answers: LogicAnswers, context?: LogicContext) => evaluate(answers, context),
    groupTest,
  };
}

/** `compileLogic(questions, logic).evaluate(answers, context)`, for a single evaluation. */
export const evaluateLogic = (
  questions: readonly Question[],
  logic: SurveyLogic,
  answers: LogicAnswers,
  context?: LogicContext,
): LogicPath => compileLogic(questions, logic).evaluate(answers, context);

import type { Question } from '../../contract';
import { type CheckScope, checkCondition, type LogicProblemCode } from './checkConditions';
import { inSurveyOrder } from './logicKinds';
import { LOGIC_MESSAGES as M, questionName } from './logicMessages';
import type { LogicRule, SurveyLogic } from './logicTypes';

/**
 * The checker of survey logic (R-SURV-12): everything that would make a rule do nothing or
 * something other than it says, each as one Dutch sentence that names the question by its number
 * and title. The evaluator never guesses at these (it leaves such rules out); the editor shows
 * them beside the rules, and a survey with any of them should not open.
 */

/** One problem with a survey's logic. */
export interface LogicProblem {
  readonly code: LogicProblemCode;
  /** The rule it is in; null for an end screen or a cycle. */
  readonly rule_id: string | null;
  /** The question the rule belongs to (a jump's starting question); null when there is none. */
  readonly question_id: string | null;
  /** The end screen it is about; null otherwise. */
  readonly end_screen_id: string | null;
  readonly message: string;
}

/** An absolute http(s) address with a host and no white space (core has no `URL` of its own). */
const SAFE_REDIRECT = /^https?:\/\/[^\s/?#]+(?:[/?#]\S*)?$/i;
export const REDIRECT_URL_MAX_LENGTH = 2000;

/** Whether an end screen may send the respondent on to this address (R-SURV-13). */
export const isSafeRedirect = (url: string): boolean =>
  typeof url === 'string' && url.length <= REDIRECT_URL_MAX_LENGTH && SAFE_REDIRECT.test(url);

/** The problems of one rule, in the order to fix them. */
function checkRule(rule: LogicRule, scope: CheckScope, endScreens: ReadonlySet<string>): LogicProblem[] {
  const own = rule.action === 'jump' ? rule.from_question_id : rule.question_id;
  const index = scope.indexOf.get(own);
  const problem = (code: LogicProblemCode, message: string): LogicProblem => ({
    code,
    rule_id: rule.id,
    question_id: index === undefined ? null : own,
    end_screen_id: null,
    message,
  });
  if (index === undefined) return [problem('rule_question_missing', M.ruleQuestionMissing)];
  const at = scope.names[index] as string;
  const problems: LogicProblem[] = [];
  if (rule.action === 'jump') {
    if ('end_screen_id' in rule.to) {
      if (!endScreens.has(rule.to.end_screen_id))
        problems.push(problem('jump_end_screen_missing', M.jumpEndScreenMissing(at)));
    } else {
      const to = scope.indexOf.get(rule.to.question_id);
      if (to === undefined) problems.push(problem('jump_question_missing', M.jumpQuestionMissing(at)));
      else if (to === index) problems.push(problem('jump_self', M.jumpSelf(at)));
      else if (to < index)
        problems.push(problem('jump_backward', M.jumpBackward(at, scope.names[to] as string)));
    }
  }
  const conditions = Array.isArray(rule.when?.conditions) ? rule.when.conditions : [];
  if (conditions.length === 0) problems.push(problem('no_conditions', M.noConditions(at)));
  const place = { index, selfAllowed: rule.action === 'jump' };
  for (const condition of conditions) {
    const finding = checkCondition(condition, place, scope);
    if (finding !== null) problems.push(problem(finding.code, finding.message));
  }
  return problems;
}

/**
 * The ways the rules lead round in a circle: a jump, or a question that depends on another through
 * a condition, followed from question to question until it comes back. A jump backwards or to itself
 * is already a problem of its own; this names every question of the circle, however many rules it
 * takes (each circle once, from its first question in survey order).
 */
function findCycles(rules: readonly LogicRule[], scope: CheckScope): number[][] {
  const n = scope.questions.length;
  const edges: number[][] = Array.from({ length: n }, () => []);
  const link = (from: number | undefined, to: number | undefined) => {
    if (from !== undefined && to !== undefined && from !== to) edges[from]?.push(to);
  };
  for (const rule of rules) {
    const own = scope.indexOf.get(rule.action === 'jump' ? rule.from_question_id : rule.question_id);
    if (rule.action === 'jump' && 'question_id' in rule.to) link(own, scope.indexOf.get(rule.to.question_id));
    for (const condition of Array.isArray(rule.when?.conditions) ? rule.when.conditions : [])
      if (condition.source === 'question') link(scope.indexOf.get(condition.question_id), own);
  }
  // Tarjan's strongly connected components; a component of more than one question holds a cycle.
  const order = new Array<number>(n).fill(-1);
  const low = new Array<number>(n).fill(0);
  const onStack = new Array<boolean>(n).fill(false);
  const stack: number[] = [];
  const components: number[][] = [];
  let counter = 0;
  const visit = (v: number) => {
    order[v] = low[v] = counter++;
    stack.push(v);
    onStack[v] = true;
    for (const w of edges[v] ?? []) {
      if (order[w] === -1) {
        visit(w);
        low[v] = Math.min(low[v] as number, low[w] as number);
      } else if (onStack[w]) low[v] = Math.min(low[v] as number, order[w] as number);
    }
    if (low[v] !== order[v]) return;
    const component: number[] = [];
    let w: number;
    do {
      w = stack.pop() as number;
      onStack[w] = false;
      component.push(w);
    } while (w !== v);
    if (component.length > 1) components.push(component);
  };
  for (let v = 0; v < n; v++) if (order[v] === -1) visit(v);
  return components
    .map((component) => cycleThrough(component, edges))
    .sort((a, b) => (a[0] ?? 0) - (b[0] ?? 0));
}

/** One circle inside a component, from its first question back to it (breadth first: the shortest). */
function cycleThrough(component: readonly number[], edges: readonly number[][]): number[] {
  const members = new Set(component);
  const start = Math.min(...component);
  const parent = new Map<number, number>();
  const queue = [start];
  for (let head = 0; head < queue.length; head++) {
    const v = queue[head] as number;
    for (const w of edges[v] ?? []) {
      if (!members.has(w)) continue;
      if (w === start) {
        const path = [v];
        while (path[0] !== start) path.unshift(parent.get(path[0] as number) as number);
        return [...path, start];
      }
      if (!parent.has(w)) {
        parent.set(w, v);
        queue.push(w);
      }
    }
  }
  return [start, start];
}

/**
 * Every problem of a survey's logic for its questions (numbered in survey order, as the editor shows
 * them): per rule in rule order, then the end screens, then the cycles. Empty: the logic is sound.
 */
export function checkLogic(questions: readonly Question[], logic: SurveyLogic): LogicProblem[] {
  const ordered = inSurveyOrder(questions);
  const scope: CheckScope = {
    questions: ordered,
    indexOf: new Map(ordered.map((question, index) => [question.id, index])),
    names: ordered.map((question, index) => questionName(index + 1, question.title)),
    hiddenFields: new Set(logic.hidden_fields),
  };
  const endScreens = new Set(logic.end_screens.map((screen) => screen.id));
  const problems = logic.rules.flatMap((rule) => checkRule(rule, scope, endScreens));
  logic.end_screens.forEach((screen, index) => {
    if (screen.redirect_url === undefined || isSafeRedirect(screen.redirect_url)) return;
    problems.push({
      code: 'redirect_invalid',
      rule_id: null,
      question_id: null,
      end_screen_id: screen.id,
      message: M.redirectInvalid(M.endScreenName(index + 1, screen.text)),
    });
  });
  for (const cycle of findCycles(logic.rules, scope)) {
    problems.push({
      code: 'cycle',
      rule_id: null,
      question_id: ordered[cycle[0] as number]?.id ?? null,
      end_screen_id: null,
      message: M.cycle(cycle.map((index) => scope.names[index] as string)),
    });
  }
  return problems;
}

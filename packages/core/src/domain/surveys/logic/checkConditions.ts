import type { Question } from '../../contract';
import {
  choiceIds,
  conditionKind,
  conditionValues,
  LOGIC_LANGUAGES,
  OPERATORS,
  ORDER_OPERATORS,
  primaryLanguage,
  scaleRange,
} from './logicKinds';
import { LOGIC_MESSAGES as M, operatorLabel } from './logicMessages';
import type { Condition, QuestionCondition } from './logicTypes';

/** What `checkLogic` finds wrong (R-SURV-12). */
export type LogicProblemCode =
  | 'rule_question_missing'
  | 'no_conditions'
  | 'jump_self'
  | 'jump_backward'
  | 'jump_question_missing'
  | 'jump_end_screen_missing'
  | 'condition_self'
  | 'condition_later'
  | 'condition_question_missing'
  | 'choice_missing'
  | 'statement_missing'
  | 'statement_needed'
  | 'no_order'
  | 'operator_unfit'
  | 'value_invalid'
  | 'value_range'
  | 'hidden_field_unknown'
  | 'language_unknown'
  | 'cycle'
  | 'redirect_invalid';

/** A finding before the rule and question it belongs to are added. */
export interface Finding {
  readonly code: LogicProblemCode;
  readonly message: string;
}

/** The survey as the checks of conditions see it. */
export interface CheckScope {
  readonly questions: readonly Question[];
  readonly indexOf: ReadonlyMap<string, number>;
  /** "Vraag 4 ('Afdeling')" per index. */
  readonly names: readonly string[];
  readonly hiddenFields: ReadonlySet<string>;
}

/** Where a condition stands: the rule's question, and whether a condition may look at it (jumps). */
export interface ConditionPlace {
  readonly index: number;
  readonly selfAllowed: boolean;
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value !== '';

/** The problem of one condition, or null (one per condition: the first thing to fix). */
export function checkCondition(
  condition: Condition,
  place: ConditionPlace,
  scope: CheckScope,
): Finding | null {
  const at = scope.names[place.index] as string;
  const operator = String(condition.operator);
  if (condition.source === 'hidden_field') {
    if (!scope.hiddenFields.has(condition.name))
      return { code: 'hidden_field_unknown', message: M.hiddenFieldUnknown(at, String(condition.name)) };
    if (!OPERATORS.hidden_field.has(condition.operator))
      return { code: 'operator_unfit', message: M.hiddenFieldOperatorUnfit(at, operatorLabel(operator)) };
    const values = conditionValues(condition);
    if (!values.every(isText) || (values.length === 0 && !isPresence(condition)))
      return { code: 'value_invalid', message: M.hiddenFieldValueInvalid(at, condition.name) };
    return null;
  }
  if (condition.source === 'language') {
    if (!OPERATORS.language.has(condition.operator))
      return { code: 'operator_unfit', message: M.languageOperatorUnfit(at, operatorLabel(operator)) };
    const values = conditionValues(condition);
    const unknown = values.length === 0 ? '' : values.find((code) => !isLanguage(code));
    if (unknown !== undefined)
      return { code: 'language_unknown', message: M.languageUnknown(at, String(unknown), LOGIC_LANGUAGES) };
    return null;
  }
  return checkQuestionCondition(condition, place, scope, at);
}

const isPresence = (condition: Condition) =>
  condition.operator === 'answered' || condition.operator === 'not_answered';

const isLanguage = (code: unknown) =>
  typeof code === 'string' &&
  primaryLanguage(code) === code.toLowerCase() &&
  LOGIC_LANGUAGES.includes(primaryLanguage(code));

function checkQuestionCondition(
  condition: QuestionCondition,
  place: ConditionPlace,
  scope: CheckScope,
  at: string,
): Finding | null {
  const index = scope.indexOf.get(condition.question_id);
  const question = index === undefined ? undefined : scope.questions[index];
  if (index === undefined || question === undefined)
    return { code: 'condition_question_missing', message: M.conditionQuestionMissing(at) };
  const on = scope.names[index] as string;
  if (index === place.index && !place.selfAllowed)
    return { code: 'condition_self', message: M.conditionSelf(at) };
  if (index > place.index) return { code: 'condition_later', message: M.conditionLater(at, on) };
  // A ranking's option must be one of its options before its place is compared (R-SURV-29).
  const option = condition.option_id;
  if (question.type === 'ranking' && option !== undefined && !choiceIds(question).has(option))
    return { code: 'choice_missing', message: M.choiceMissing(at, on) };
  const kind = conditionKind(question, condition);
  if (!OPERATORS[kind].has(condition.operator)) {
    if (ORDER_OPERATORS.has(condition.operator)) return { code: 'no_order', message: M.noOrder(at, on) };
    return {
      code: 'operator_unfit',
      message: M.operatorUnfit(at, on, operatorLabel(String(condition.operator))),
    };
  }
  const statement = condition.statement_id;
  if (question.type === 'likert') {
    const known = question.settings.statements.some((item) => item.id === statement);
    if (statement !== undefined && !known)
      return { code: 'statement_missing', message: M.statementMissing(at, on) };
    if (statement === undefined && !isPresence(condition))
      return { code: 'statement_needed', message: M.statementNeeded(at, on) };
  }
  if (isPresence(condition)) return null;
  const values = conditionValues(condition);
  const invalid: Finding = { code: 'value_invalid', message: M.valueInvalid(at, on) };
  if (values.length === 0) return invalid;
  if (kind === 'choice') {
    if (!values.every(isText)) return invalid;
    const ids = choiceIds(question);
    return values.every((id) => ids.has(id))
      ? null
      : { code: 'choice_missing', message: M.choiceMissing(at, on) };
  }
  if (kind === 'text') return values.every(isText) ? null : invalid;
  if (!values.every(isNumber)) return invalid;
  const [min, max] = scaleRange(question);
  if (!values.every((value) => value >= min && value <= max))
    return {
      code: 'value_range',
      message: question.type === 'ranking' ? M.placeRange(at, on, max) : M.valueRange(at, on, min, max),
    };
  // A place is a whole number.
  if (question.type === 'ranking' && !values.every(Number.isInteger)) return invalid;
  if (condition.operator === 'between' && condition.min > condition.max) return invalid;
  return null;
}

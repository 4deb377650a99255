import type { Question } from '../../../domain/contract';
import {
  type Condition,
  type ConditionOperator,
  type ConditionTest,
  conditionKind,
  type EndScreen,
  LANGUAGE_NAMES,
  LOGIC_KINDS,
  LOGIC_LANGUAGES,
  type LogicRule,
  type LogicValue,
  OPERATOR_LABELS,
  OPERATORS,
  OTHER_CHOICE,
  PLACE_OPERATOR_LABELS,
} from '../../../domain/surveys/logic';
import { dayKey } from '../../../domain/surveys/model';

/**
 * What the editor's logic controls offer and how a condition changes when one of them does: the
 * questions a condition may name (earlier ones only, R-SURV-8), the places a jump may go (later
 * questions and end screens, R-SURV-9), the operators that fit a source (`OPERATORS` by
 * `LOGIC_KINDS`) and the values to choose from. Pure, so the screen and the tests read the same.
 */

/** A value a select offers, with its Dutch label. */
export interface ValueOption {
  readonly value: LogicValue;
  readonly label: string;
}

/** Every operator in the order the editor lists them. */
const OPERATOR_ORDER = Object.keys(OPERATOR_LABELS) as ConditionOperator[];

/** The question a rule belongs to: a show/hide rule's question, a jump's starting question. */
export const ruleQuestionId = (rule: LogicRule): string =>
  rule.action === 'jump' ? rule.from_question_id : rule.question_id;

/** The questions in the editor's order (the draft's list is kept renumbered). */
const indexOf = (questions: readonly Question[], id: string) =>
  questions.findIndex((question) => question.id === id);

/**
 * The questions a condition of a rule on `questionId` may name: the earlier ones; a jump also its
 * own question (its answer is known when the jump is taken).
 */
export function conditionSources(
  questions: readonly Question[],
  questionId: string,
  action: LogicRule['action'],
): readonly Question[] {
  const index = indexOf(questions, questionId);
  if (index < 0) return [];
  // A text block has no answer to read (R-SURV-23).
  return questions
    .slice(0, action === 'jump' ? index + 1 : index)
    .filter((question) => question.type !== 'text_block');
}

/** Where a jump from `questionId` may go: the later questions and every end screen. */
export function jumpTargets(
  questions: readonly Question[],
  questionId: string,
  endScreens: readonly EndScreen[],
): { readonly questions: readonly Question[]; readonly endScreens: readonly EndScreen[] } {
  const index = indexOf(questions, questionId);
  return { questions: index < 0 ? [] : questions.slice(index + 1), endScreens };
}

/** The operators that fit a condition's source, in the editor's order. */
export function operatorsFor(
  condition: Condition,
  questions: readonly Question[],
): readonly ConditionOperator[] {
  let fitting: ReadonlySet<ConditionOperator>;
  if (condition.source === 'question') {
    const question = questions.find((item) => item.id === condition.question_id);
    if (question === undefined) return [condition.operator];
    // A Likert question without a statement has no value to compare: only whether it was answered.
    fitting =
      question.type === 'likert' && condition.statement_id === undefined
        ? new Set<ConditionOperator>(['answered', 'not_answered'])
        : OPERATORS[conditionKind(question, condition)];
  } else fitting = OPERATORS[condition.source];
  // A number is typed, not picked from a list: no 'is een van' (R-SURV-24).
  const typed = numericCondition(condition, questions) || dateCondition(condition, questions);
  return OPERATOR_ORDER.filter(
    (operator) => fitting.has(operator) && !(typed && (operator === 'one_of' || operator === 'none_of')),
  );
}

/** Whether the condition compares a ranking option's place (R-SURV-29). */
export function placeCondition(condition: Condition, questions: readonly Question[]): boolean {
  if (condition.source !== 'question' || condition.option_id === undefined) return false;
  return questions.find((item) => item.id === condition.question_id)?.type === 'ranking';
}

/** An operator's label in the editor: a place's own wording ('staat op plaats') for a ranking option. */
export function operatorLabelFor(
  operator: ConditionOperator,
  condition: Condition,
  questions: readonly Question[],
): string {
  const labels = placeCondition(condition, questions) ? PLACE_OPERATOR_LABELS : OPERATOR_LABELS;
  return labels[operator] ?? operator;
}

/** Whether the condition compares a date question's day (its values are day keys, 20260315). */
export function dateCondition(condition: Condition, questions: readonly Question[]): boolean {
  if (condition.source !== 'question') return false;
  return questions.find((item) => item.id === condition.question_id)?.type === 'date';
}

/** Whether the condition compares a number question's typed number (its values are typed numbers). */
export function numericCondition(condition: Condition, questions: readonly Question[]): boolean {
  if (condition.source !== 'question') return false;
  return questions.find((item) => item.id === condition.question_id)?.type === 'number';
}

/** The lowest and highest point of a scale question (a ranking: its places). */
function scaleOf(question: Question): readonly [number, number] | null {
  if (question.type === 'nps') return [0, 10];
  if (question.type === 'ranking') return [1, question.settings.options.length];
  if (question.type === 'rating') return [1, question.settings.scale];
  if (question.type === 'likert') return [1, question.settings.points];
  return null;
}

/**
 * The values a condition's value select offers: a choice question's options (and 'Anders,
 * namelijk'), a scale's points (a Likert point with its label), the languages; null where the
 * value is typed (open text, hidden fields).
 */
export function valueOptions(
  condition: Condition,
  questions: readonly Question[],
): readonly ValueOption[] | null {
  if (condition.source === 'language')
    return LOGIC_LANGUAGES.map((code) => ({ value: code, label: LANGUAGE_NAMES[code] ?? code }));
  if (condition.source === 'hidden_field') return null;
  const question = questions.find((item) => item.id === condition.question_id);
  if (question === undefined) return [];
  if (question.type === 'ranking' && condition.option_id !== undefined)
    return question.settings.options.map((_, index) => ({ value: index + 1, label: `Plaats ${index + 1}` }));
  if (question.type === 'dropdown' || question.type === 'ranking')
    return question.settings.options.map((option, index) => ({
      value: option.id,
      label: option.label.trim() === '' ? `Optie ${index + 1}` : option.label,
    }));
  if (question.type === 'single_choice' || question.type === 'multiple_choice') {
    const options = question.settings.options.map((option, index) => ({
      value: option.id,
      label: option.label.trim() === '' ? `Optie ${index + 1}` : option.label,
    }));
    return question.settings.allow_other
      ? [...options, { value: OTHER_CHOICE, label: 'Anders, namelijk' }]
      : options;
  }
  const scale = scaleOf(question);
  if (scale === null) return null;
  const labels = question.type === 'likert' ? question.settings.labels : [];
  const points: ValueOption[] = [];
  for (let point = scale[0]; point <= scale[1]; point++) {
    const label = labels[point - 1]?.trim();
    points.push({ value: point, label: label ? `${point} (${label})` : String(point) });
  }
  return points;
}

/** The first value a new condition on `question` compares with: its first option or lowest point. */
function firstValue(question: Question | undefined): LogicValue {
  if (question === undefined) return '';
  if (question.type === 'single_choice' || question.type === 'multiple_choice')
    return question.settings.options[0]?.id ?? (question.settings.allow_other ? OTHER_CHOICE : '');
  if (question.type === 'number') return question.settings.min ?? 0;
  if (question.type === 'date') return question.settings.min ? dayKey(question.settings.min) : '';
  if (question.type === 'dropdown' || question.type === 'ranking')
    return question.settings.options[0]?.id ?? '';
  return scaleOf(question)?.[0] ?? '';
}

/** A new condition on `question`: 'is' its first option or point; an open text: 'beantwoord'. */
export function conditionOnQuestion(question: Question): Condition {
  const base =
    question.type === 'likert'
      ? {
          source: 'question' as const,
          question_id: question.id,
          ...(question.settings.statements[0] ? { statement_id: question.settings.statements[0].id } : {}),
        }
      : { source: 'question' as const, question_id: question.id };
  const likertWithout = question.type === 'likert' && !('statement_id' in base);
  if (LOGIC_KINDS[question.type] === 'text' || likertWithout) return { ...base, operator: 'answered' };
  return { ...base, operator: 'equals', value: firstValue(question) };
}

/** A new condition on a hidden field ('is ingevuld', so it holds a sensible meaning at once). */
export const conditionOnHiddenField = (name: string): Condition => ({
  source: 'hidden_field',
  name,
  operator: 'answered',
});

/** A new condition on the respondent's language: Dutch. */
export const conditionOnLanguage = (): Condition => ({ source: 'language', operator: 'equals', value: 'nl' });

/** The values a condition holds now, whatever its operator. */
function heldValues(condition: Condition): LogicValue[] {
  switch (condition.operator) {
    case 'equals':
    case 'not_equals':
    case 'greater':
    case 'less':
    case 'contains':
      return [condition.value];
    case 'one_of':
    case 'none_of':
      return [...condition.values];
    case 'between':
      return [condition.min, condition.max];
    default:
      return [];
  }
}

/** The source part of a condition (what it is about), without its test. */
function sourceOf(condition: Condition): Readonly<Record<string, unknown>> {
  if (condition.source === 'question')
    return {
      source: 'question',
      question_id: condition.question_id,
      ...(condition.statement_id === undefined ? {} : { statement_id: condition.statement_id }),
      ...(condition.option_id === undefined ? {} : { option_id: condition.option_id }),
    };
  if (condition.source === 'hidden_field') return { source: 'hidden_field', name: condition.name };
  return { source: 'language' };
}

/**
 * The condition with another operator, keeping the value(s) it had where they still fit: 'is'
 * becomes 'is een van' with that one value, 'van … tot en met' starts at it.
 */
export function withOperator(
  condition: Condition,
  operator: ConditionOperator,
  questions: readonly Question[],
): Condition {
  if (operator === condition.operator) return condition;
  const question =
    condition.source === 'question' ? questions.find((item) => item.id === condition.question_id) : undefined;
  const held = heldValues(condition).filter((value) => value !== '');
  const place = placeCondition(condition, questions);
  const first = held[0] ?? (condition.source === 'language' ? 'nl' : place ? 1 : firstValue(question));
  const text = (value: LogicValue | undefined) => (value === undefined ? '' : String(value));
  let test: ConditionTest;
  switch (operator) {
    case 'equals':
    case 'not_equals':
    case 'greater':
    case 'less':
      test = { operator, value: first };
      break;
    case 'contains':
      test = { operator, value: text(held[0]) };
      break;
    case 'one_of':
    case 'none_of':
      test = { operator, values: held.length > 0 ? held : first === '' ? [] : [first] };
      break;
    case 'between': {
      const scale = question === undefined ? null : scaleOf(question);
      const low = typeof held[0] === 'number' ? held[0] : (scale?.[0] ?? 0);
      const high = typeof held[1] === 'number' ? held[1] : (scale?.[1] ?? low);
      test = { operator, min: Math.min(low, high), max: Math.max(low, high) };
      break;
    }
    default:
      test = { operator };
  }
  return { ...sourceOf(condition), ...test } as Condition;
}

/** The condition with another value (`equals`, `not_equals`, `greater`, `less`, `contains`). */
export function withValue(condition: Condition, value: LogicValue): Condition {
  if (!('value' in condition)) return condition;
  return { ...condition, value: condition.operator === 'contains' ? String(value) : value } as Condition;
}

/** The condition with other values (`one_of`, `none_of`). */
export function withValues(condition: Condition, values: readonly LogicValue[]): Condition {
  if (condition.operator !== 'one_of' && condition.operator !== 'none_of') return condition;
  return { ...condition, values: [...values] } as Condition;
}

/** The condition with another range (`between`), kept in order. */
export function withRange(condition: Condition, min: number, max: number): Condition {
  if (condition.operator !== 'between') return condition;
  return { ...condition, min, max } as Condition;
}

/** The condition on another statement of its Likert question, keeping its test where it fits. */
export function withStatement(
  condition: Condition,
  statementId: string | undefined,
  questions: readonly Question[],
): Condition {
  if (condition.source !== 'question') return condition;
  const { statement_id: _old, ...rest } = condition;
  const next = (statementId === undefined ? rest : { ...rest, statement_id: statementId }) as Condition;
  // Without a statement only 'beantwoord' / 'niet beantwoord' fit.
  if (statementId === undefined && condition.operator !== 'answered' && condition.operator !== 'not_answered')
    return withOperator(next, 'answered', questions);
  return next;
}

/** The value as a select's option value ('3' for a point, an id as it is). */
export const valueKey = (value: LogicValue): string => String(value);

/** The value a select's option value stands for among `options` (a point back to a number). */
export function valueFromKey(key: string, options: readonly ValueOption[] | null): LogicValue {
  const found = options?.find((option) => valueKey(option.value) === key);
  return found ? found.value : key;
}

/**
 * The condition on a ranking's option place (`optionId`, R-SURV-29) or, without one, on the option
 * ranked first: 'beantwoord' stays, any other test starts again ('staat op plaats 1', 'is' the
 * first option), since places and options do not compare.
 */
export function withOption(
  condition: Condition,
  optionId: string | undefined,
  questions: readonly Question[],
): Condition {
  if (condition.source !== 'question') return condition;
  const { option_id: _old, ...rest } = condition;
  const base = { source: 'question' as const, question_id: condition.question_id };
  const on = optionId === undefined ? base : { ...base, option_id: optionId };
  if (condition.operator === 'answered' || condition.operator === 'not_answered')
    return { ...on, operator: condition.operator };
  if ((_old === undefined) === (optionId === undefined)) return { ...rest, ...on } as Condition;
  const question = questions.find((item) => item.id === condition.question_id);
  return { ...on, operator: 'equals', value: optionId === undefined ? firstValue(question) : 1 };
}

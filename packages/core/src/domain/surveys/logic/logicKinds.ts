import { CONTACT_LANGUAGES, type Question, type QuestionType } from '../../contract';
import { DAY_KEY_RANGE, dayKey, NUMBER_LIMIT, OTHER_ITEM_ID } from '../model';
import type { Condition, ConditionOperator } from './logicTypes';

/**
 * How logic reads each question type. A new question type picks one of these kinds (a number
 * question `scale`, a dropdown `choice`, a date `scale` over 'YYYY-MM-DD' strings), and the
 * evaluator, the checker and the sentences follow.
 */
export type LogicKind = 'choice' | 'scale' | 'text' | 'none';

export const LOGIC_KINDS: Readonly<Record<QuestionType, LogicKind>> = {
  single_choice: 'choice',
  multiple_choice: 'choice',
  likert: 'scale',
  nps: 'scale',
  rating: 'scale',
  open_short: 'text',
  open_long: 'text',
  // A text block takes no answer: no condition can read it (R-SURV-23).
  text_block: 'none',
  // A number compares by order, within its own range (R-SURV-24).
  number: 'scale',
  dropdown: 'choice',
  // A date compares by order; a condition names a day by its key YYYYMMDD (R-SURV-24).
  date: 'scale',
  // A ranking's choice is the option ranked first: 'is Prijs' = Prijs came first (R-SURV-24).
  ranking: 'choice',
};

/**
 * How a condition reads its question: as the question's kind, except a ranking's condition on one
 * option (`option_id`), which compares that option's place (1 = first) like a scale (R-SURV-29).
 */
export function conditionKind(question: Question, condition: { readonly option_id?: string }): LogicKind {
  return question.type === 'ranking' && condition.option_id !== undefined
    ? 'scale'
    : LOGIC_KINDS[question.type];
}

/** The choice id of 'anders, namelijk' in a condition: the id its stored answer row has. */
export const OTHER_CHOICE = OTHER_ITEM_ID;

/** The languages a condition can name: the languages Loop writes to contacts in. */
export const LOGIC_LANGUAGES: readonly string[] = CONTACT_LANGUAGES;

/**
 * The longest value a hidden field takes (characters, after trimming): a link's longer query value
 * is refused, not cut, so a condition never compares half a value.
 */
export const HIDDEN_FIELD_VALUE_MAX = 500;

/** The operators that compare order; only the `scale` kind has one (R-SURV-8). */
export const ORDER_OPERATORS: ReadonlySet<ConditionOperator> = new Set(['greater', 'less', 'between']);

const PRESENCE: readonly ConditionOperator[] = ['answered', 'not_answered'];
const CHOICE: readonly ConditionOperator[] = ['equals', 'not_equals', 'one_of', 'none_of'];

/** The operators each kind of source takes. */
export const OPERATORS: Readonly<
  Record<LogicKind | 'hidden_field' | 'language', ReadonlySet<ConditionOperator>>
> = {
  choice: new Set([...CHOICE, ...PRESENCE]),
  scale: new Set([...CHOICE, 'greater', 'less', 'between', ...PRESENCE]),
  text: new Set(['contains', ...PRESENCE]),
  none: new Set(),
  hidden_field: new Set(['equals', 'one_of', 'contains', ...PRESENCE]),
  language: new Set(['equals', 'one_of']),
};

/** The values a condition names, whatever its operator (none for `answered`). */
export function conditionValues(condition: Condition): readonly unknown[] {
  switch (condition.operator) {
    case 'equals':
    case 'not_equals':
    case 'greater':
    case 'less':
    case 'contains':
      return [condition.value];
    case 'one_of':
    case 'none_of':
      return Array.isArray(condition.values) ? condition.values : [];
    case 'between':
      return [condition.min, condition.max];
    default:
      return [];
  }
}

/** The lowest and highest score or point of a `scale` question (a ranking: its places). */
export function scaleRange(question: Question): readonly [number, number] {
  if (question.type === 'nps') return [0, 10];
  if (question.type === 'ranking') return [1, question.settings.options.length];
  if (question.type === 'rating') return [1, question.settings.scale];
  if (question.type === 'likert') return [1, question.settings.points];
  if (question.type === 'date')
    return [
      question.settings.min ? dayKey(question.settings.min) : DAY_KEY_RANGE[0],
      question.settings.max ? dayKey(question.settings.max) : DAY_KEY_RANGE[1],
    ];
  if (question.type === 'number')
    return [question.settings.min ?? -NUMBER_LIMIT, question.settings.max ?? NUMBER_LIMIT];
  return [Number.NEGATIVE_INFINITY, Number.POSITIVE_INFINITY];
}

/** The choice ids of a `choice` question: its options, and 'anders, namelijk' when it has one. */
export function choiceIds(question: Question): ReadonlySet<string> {
  if (question.type === 'dropdown' || question.type === 'ranking')
    return new Set(question.settings.options.map((option) => option.id));
  if (question.type !== 'single_choice' && question.type !== 'multiple_choice') return new Set();
  const ids = new Set(question.settings.options.map((option) => option.id));
  if (question.settings.allow_other) ids.add(OTHER_CHOICE);
  return ids;
}

/** The primary language subtag, lower-case: 'en-GB' → 'en'; '' for none. */
export const primaryLanguage = (tag: string | undefined): string =>
  typeof tag === 'string' ? (tag.split('-')[0] ?? '').trim().toLowerCase() : '';

/** The questions in survey order (by `position`, ties in list order). */
export const inSurveyOrder = (questions: readonly Question[]): readonly Question[] =>
  questions
    .map((question, index) => ({ question, index }))
    .sort((a, b) => a.question.position - b.question.position || a.index - b.index)
    .map((entry) => entry.question);

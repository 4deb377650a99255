import type {
  AnswerValue,
  DateAnswer,
  DropdownAnswer,
  NumberAnswer,
  Question,
  RankingAnswer,
} from '../../contract';

/**
 * Answers are stored one row per item so the database can count them (`GROUP BY question_id,
 * item_id, num_value`) without reading JSON:
 *
 * | type | rows |
 * |---|---|
 * | likert | `QUESTION_ITEM_ID` without a value, plus one per answered statement: `item_id` = statement id, `num_value` = point |
 * | single choice | the option: `item_id` = option id, `num_value` 1; or `OTHER_ITEM_ID` with the text |
 * | dropdown | the option: `item_id` = option id, `num_value` 1 |
 * | date | one: `item_id` '', `text_value` = 'YYYY-MM-DD' |
 * | ranking | `QUESTION_ITEM_ID` without a value, one per option: `item_id` = option id, `num_value` = its position (1 = first) |
 * | multiple choice | `QUESTION_ITEM_ID` without a value, one per chosen option (`num_value` 1), plus `OTHER_ITEM_ID` with the text |
 * | open text | one: `item_id` '', `text_value` |
 * | NPS, rating | one: `item_id` '', `num_value` = score |
 * | number | one: `item_id` '', `text_value` = the number as JavaScript writes it ('12.5') |
 * | text block | none |
 *
 * So every answered question has exactly one row, except single choice, whose one row is the
 * option: the results count answered responses as rows (`count(*)` in the same `GROUP BY` as the
 * values) instead of `count(distinct response_id)`, which costs more than the whole rest of the
 * summary over a million answers.
 *
 * `answerToItems` and `answerFromItems` are inverse for valid answers (checked by
 * `validateAnswer` first), which the tests assert for every type.
 */
export interface AnswerItem {
  readonly item_id: string;
  readonly num_value: number | null;
  readonly text_value: string | null;
}

/** Item id of 'anders, namelijk'; option ids start with a letter or digit, so it cannot clash. */
export const OTHER_ITEM_ID = '_other';

/**
 * Item id of a question's own row: the answer of open text, NPS and rating, and the value-less
 * 'answered' row of likert and multiple choice. Never an option or statement id (those are not empty).
 */
export const QUESTION_ITEM_ID = '';

/** The value-less row that marks a likert or multiple-choice question as answered. */
const ANSWERED: AnswerItem = { item_id: QUESTION_ITEM_ID, num_value: null, text_value: null };

/** The rows of one valid answer. */
export function answerToItems(question: Question, value: AnswerValue): AnswerItem[] {
  const num = (item_id: string, num_value: number): AnswerItem => ({ item_id, num_value, text_value: null });
  const other = (text: string): AnswerItem => ({ item_id: OTHER_ITEM_ID, num_value: null, text_value: text });
  switch (question.type) {
    case 'likert':
      return [
        ANSWERED,
        ...Object.entries(value as Readonly<Record<string, number>>).map(([id, point]) => num(id, point)),
      ];
    case 'single_choice': {
      const choice = value as { readonly option_id: string } | { readonly other: string };
      return 'option_id' in choice ? [num(choice.option_id, 1)] : [other(choice.other)];
    }
    case 'multiple_choice': {
      const choice = value as { readonly option_ids: readonly string[]; readonly other?: string };
      const items = [ANSWERED, ...choice.option_ids.map((id) => num(id, 1))];
      return choice.other === undefined ? items : [...items, other(choice.other)];
    }
    case 'open_short':
    case 'open_long':
      return [
        { item_id: QUESTION_ITEM_ID, num_value: null, text_value: (value as { readonly text: string }).text },
      ];
    case 'nps':
    case 'rating':
      return [num(QUESTION_ITEM_ID, (value as { readonly score: number }).score)];
    case 'text_block':
      return [];
    case 'dropdown':
      return [num((value as DropdownAnswer).option_id as string, 1)];
    case 'date':
      return [{ item_id: QUESTION_ITEM_ID, num_value: null, text_value: (value as DateAnswer).date }];
    case 'ranking':
      return [ANSWERED, ...(value as RankingAnswer).option_ids.map((id, index) => num(id, index + 1))];
    case 'number':
      // As text: a smallint holds neither 40000 nor 2.5 (R-SURV-24).
      return [
        { item_id: QUESTION_ITEM_ID, num_value: null, text_value: String((value as NumberAnswer).number) },
      ];
  }
}

/** The answer value stored as `items` (rows of one question of one response); null when there are none. */
export function answerFromItems(question: Question, stored: readonly AnswerItem[]): AnswerValue | null {
  const marked =
    question.type === 'likert' || question.type === 'multiple_choice' || question.type === 'ranking';
  const items = marked ? stored.filter((item) => item.item_id !== QUESTION_ITEM_ID) : stored;
  if (items.length === 0) return null;
  const first = items[0] as AnswerItem;
  const otherText = items.find((item) => item.item_id === OTHER_ITEM_ID)?.text_value ?? null;
  const optionIds = items.filter((item) => item.item_id !== OTHER_ITEM_ID).map((item) => item.item_id);
  switch (question.type) {
    case 'likert':
      return Object.fromEntries(items.map((item) => [item.item_id, item.num_value ?? 0]));
    case 'single_choice':
      return otherText !== null ? { other: otherText } : { option_id: first.item_id };
    case 'multiple_choice': {
      // Stored rows come back in any order; keep the options in the question's order.
      const order = new Map(question.settings.options.map((option, index) => [option.id, index]));
      const ids = [...optionIds].sort((a, b) => (order.get(a) ?? 0) - (order.get(b) ?? 0));
      return otherText === null ? { option_ids: ids } : { option_ids: ids, other: otherText };
    }
    case 'open_short':
    case 'open_long':
      return { text: first.text_value ?? '' };
    case 'nps':
    case 'rating':
      return { score: first.num_value ?? 0 };
    case 'text_block':
      return null;
    case 'number':
      return { number: Number(first.text_value) };
    case 'dropdown':
      return { option_id: first.item_id };
    case 'date':
      return { date: first.text_value };
    case 'ranking':
      return {
        option_ids: [...items]
          .sort((a, b) => (a.num_value ?? 0) - (b.num_value ?? 0))
          .map((item) => item.item_id),
      };
  }
}

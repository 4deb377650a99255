import type { Question, QuestionOf } from '@loop/core';
import {
  type AnswerItem,
  dayKey,
  formatDayKey,
  formatNumber,
  isDay,
  OTHER_ITEM_ID,
  QUESTION_ITEM_ID,
} from '@loop/core/surveys/model';
import { foldForSearch } from '@loop/core/surveys/results';

/** How 'anders, namelijk' texts are shown in the answers and the export. */
export const otherText = (text: string): string => `Anders: ${text}`;

/** The label of a Likert point ('Eens'), or the number when the scale has no label for it. */
export const likertLabel = (question: QuestionOf<'likert'>, point: number): string =>
  question.settings.labels[point - 1]?.trim() || String(point);

const byId = <T extends { readonly id: string }>(list: readonly T[]): Map<string, T> =>
  new Map(list.map((entry) => [entry.id, entry]));

/** One Likert statement's answer in the export's column for it, by statement id. */
export function likertCells(
  question: QuestionOf<'likert'>,
  items: readonly AnswerItem[],
): Map<string, string> {
  const cells = new Map<string, string>();
  for (const item of items)
    if (item.item_id !== QUESTION_ITEM_ID && item.num_value !== null)
      cells.set(item.item_id, likertLabel(question, item.num_value));
  return cells;
}

/** The chosen options' labels in the question's order, then 'Anders: …'. */
function choiceParts(
  question: QuestionOf<'single_choice'> | QuestionOf<'multiple_choice'> | QuestionOf<'dropdown'>,
  items: readonly AnswerItem[],
): string[] {
  const chosen = new Set(items.map((item) => item.item_id));
  const parts = question.settings.options.filter((option) => chosen.has(option.id)).map((o) => o.label);
  // An option no longer in the question (cannot happen through the edit rules) still shows its id.
  const known = byId(question.settings.options);
  for (const item of items)
    if (item.item_id !== OTHER_ITEM_ID && item.item_id !== QUESTION_ITEM_ID && !known.has(item.item_id))
      parts.push(item.item_id);
  const other = items.find((item) => item.item_id === OTHER_ITEM_ID);
  // Retention blanks the typed text of 'anders' but keeps the choice.
  if (other !== undefined) parts.push(other.text_value === null ? 'Anders' : otherText(other.text_value));
  return parts;
}

/**
 * One respondent's answer to a question as text: '8', 'Eens', 'Optie A, Optie C, Anders: …',
 * the open text, or per Likert statement 'stelling: label; …'. `separator` joins several choices
 * (', ' on screen, '; ' in the export, where a comma might look like part of a label).
 */
export function answerText(question: Question, items: readonly AnswerItem[], separator = ', '): string {
  switch (question.type) {
    case 'likert': {
      const cells = likertCells(question, items);
      return question.settings.statements
        .filter((statement) => cells.has(statement.id))
        .map((statement) => `${statement.text}: ${cells.get(statement.id)}`)
        .join('; ');
    }
    case 'single_choice':
    case 'multiple_choice':
    case 'dropdown':
      return choiceParts(question, items).join(separator);
    case 'open_short':
    case 'open_long':
      return items.find((item) => item.text_value !== null)?.text_value ?? '';
    case 'nps':
    case 'rating': {
      const score = items.find((item) => item.num_value !== null)?.num_value;
      return score == null ? '' : String(score);
    }
    case 'text_block':
      return '';
    case 'ranking': {
      // In the respondent's order: 'Prijs > Service > Levertijd'.
      const labels = new Map(question.settings.options.map((option) => [option.id, option.label]));
      return items
        .filter((item) => item.item_id !== QUESTION_ITEM_ID && item.num_value !== null)
        .sort((a, b) => (a.num_value ?? 0) - (b.num_value ?? 0))
        .map((item) => labels.get(item.item_id) ?? item.item_id)
        .join(' > ');
    }
    case 'date': {
      const day = items.find((item) => item.text_value !== null)?.text_value;
      return day == null ? '' : isDay(day) ? formatDayKey(dayKey(day)) : day;
    }
    case 'number': {
      const text = items.find((item) => item.text_value !== null)?.text_value;
      return text == null ? '' : formatNumber(Number(text), question.settings.unit);
    }
  }
}

/**
 * What a search word can match besides typed text: the stored items (`item_id|num_value`) whose
 * shown text contains the word, per core's folding ('oneens' finds the Likert answers 'Oneens',
 * 'fiets' the option 'Fiets'). Typed texts (open answers, 'anders') are searched in SQL.
 */
export function matchingItemKeys(question: Question, word: string): string[] {
  const fragments: [string, string][] = [];
  switch (question.type) {
    case 'likert':
      for (const statement of question.settings.statements)
        for (let point = 1; point <= question.settings.points; point++)
          fragments.push([`${statement.id}|${point}`, `${statement.text}: ${likertLabel(question, point)}`]);
      break;
    case 'single_choice':
    case 'multiple_choice':
      for (const option of question.settings.options) fragments.push([`${option.id}|1`, option.label]);
      fragments.push([`${OTHER_ITEM_ID}|`, 'Anders']);
      break;
    case 'dropdown':
      for (const option of question.settings.options) fragments.push([`${option.id}|1`, option.label]);
      break;
    case 'nps':
    case 'rating': {
      const [low, high] = question.type === 'nps' ? [0, 10] : [1, question.settings.scale];
      for (let score = low; score <= high; score++)
        fragments.push([`${QUESTION_ITEM_ID}|${score}`, String(score)]);
      break;
    }
    case 'open_short':
    case 'open_long':
    case 'text_block':
    case 'number':
    case 'date':
    case 'ranking':
      break;
  }
  return fragments.filter(([, text]) => foldForSearch(text).includes(word)).map(([key]) => key);
}

/** The words of a search query, folded like core's search; every one of them must occur. */
export const searchWords = (query: string): string[] => [
  ...new Set(foldForSearch(query).split(/\s+/).filter(Boolean)),
];

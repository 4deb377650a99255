import type { LikertSettings, Question, QuestionOf, QuestionType } from '../../contract';

/**
 * The editor's operations on the question list: add, duplicate, move, remove. Pure: each returns a
 * new list, sorted and numbered 0, 1, 2, … by `position`. Whether an edit is allowed on a survey
 * with answers is `compareForOpenSurvey`'s business, not these functions'.
 */

/** Makes the stable ids of new questions, options and statements (a uuid in the app, a counter in tests). */
export interface IdSource {
  readonly newId: () => string;
}

/** Default labels of a Likert scale, per number of points. */
export const LIKERT_DEFAULT_LABELS: Readonly<Record<5 | 7, readonly string[]>> = {
  5: ['Helemaal oneens', 'Oneens', 'Neutraal', 'Eens', 'Helemaal eens'],
  7: [
    'Helemaal oneens',
    'Oneens',
    'Een beetje oneens',
    'Neutraal',
    'Een beetje eens',
    'Eens',
    'Helemaal eens',
  ],
};

/** Default `max_length` of open text: a line, or a few paragraphs. */
export const OPEN_TEXT_DEFAULT_MAX_LENGTH = { open_short: 250, open_long: 2000 } as const;

/** Default NPS end labels. */
export const NPS_DEFAULT_LABELS = {
  low_label: 'Zeer onwaarschijnlijk',
  high_label: 'Zeer waarschijnlijk',
} as const;

/** Questions sorted by `position` (stable: ties keep their list order) and renumbered from 0. */
export function renumberQuestions(questions: readonly Question[]): Question[] {
  return questions
    .map((question, index) => ({ question, index }))
    .sort((a, b) => a.question.position - b.question.position || a.index - b.index)
    .map(({ question }, position) => (question.position === position ? question : { ...question, position }));
}

/** A new, optional question of a type with the editor's defaults (empty title to fill in). */
export function createQuestion(type: QuestionType, ids: IdSource, position = 0): Question {
  const base = { id: ids.newId(), title: '', required: false, position };
  const options = () => [
    { id: ids.newId(), label: 'Optie 1' },
    { id: ids.newId(), label: 'Optie 2' },
  ];
  switch (type) {
    case 'likert':
      return {
        ...base,
        type,
        settings: {
          points: 5,
          labels: LIKERT_DEFAULT_LABELS[5],
          neutral_middle: true,
          statements: [{ id: ids.newId(), text: '' }],
        },
      };
    case 'single_choice':
      return { ...base, type, settings: { options: options(), allow_other: false } };
    case 'multiple_choice':
      return { ...base, type, settings: { options: options(), allow_other: false } };
    case 'open_short':
    case 'open_long':
      return { ...base, type, settings: { max_length: OPEN_TEXT_DEFAULT_MAX_LENGTH[type] } };
    case 'nps':
      return { ...base, type, settings: { ...NPS_DEFAULT_LABELS } };
    case 'rating':
      return { ...base, type, settings: { scale: 5, style: 'stars' } };
    case 'text_block':
      return { ...base, type, settings: {} };
    case 'number':
      return { ...base, type, settings: { step: 1 } };
    case 'dropdown':
      return { ...base, type, settings: { options: options() } };
    case 'date':
      return { ...base, type, settings: {} };
    case 'ranking':
      return { ...base, type, settings: { options: options() } };
  }
}

/** Appends a question at the end. */
export const addQuestion = (questions: readonly Question[], question: Question): Question[] => [
  ...renumberQuestions(questions),
  { ...question, position: questions.length },
];

/**
 * A Likert scale switched to another number of points: default labels stay default labels (of the
 * new size); custom labels keep their first points and get empty ones to fill in.
 */
export function withLikertPoints(settings: LikertSettings, points: 5 | 7): LikertSettings {
  if (settings.points === points) return settings;
  const wasDefault = settings.labels.join('\n') === LIKERT_DEFAULT_LABELS[settings.points].join('\n');
  const labels = wasDefault
    ? LIKERT_DEFAULT_LABELS[points]
    : Array.from({ length: points }, (_, index) => settings.labels[index] ?? '');
  return { ...settings, points, labels };
}

/** A copy of one question with fresh ids (its options and statements too). */
function copyOf(question: Question, ids: IdSource): Question {
  const copy = { ...question, id: ids.newId() };
  switch (copy.type) {
    case 'likert':
      return {
        ...copy,
        settings: {
          ...copy.settings,
          statements: copy.settings.statements.map((s) => ({ ...s, id: ids.newId() })),
        },
      } satisfies QuestionOf<'likert'>;
    case 'single_choice':
    case 'multiple_choice':
      return {
        ...copy,
        settings: {
          ...copy.settings,
          options: copy.settings.options.map((o) => ({ ...o, id: ids.newId() })),
        },
      } as Question;
    default:
      return copy;
  }
}

/** Inserts a copy (fresh ids) right after the question; the list is unchanged if the id is unknown. */
export function duplicateQuestion(questions: readonly Question[], id: string, ids: IdSource): Question[] {
  const ordered = renumberQuestions(questions);
  const index = ordered.findIndex((question) => question.id === id);
  if (index < 0) return ordered;
  const copy = copyOf(ordered[index] as Question, ids);
  return renumberQuestions([...ordered.slice(0, index + 1), copy, ...ordered.slice(index + 1)].map(at));
}

/** Moves a question to `toIndex` (clamped to the list); unknown ids change nothing. */
export function moveQuestion(questions: readonly Question[], id: string, toIndex: number): Question[] {
  const ordered = renumberQuestions(questions);
  const from = ordered.findIndex((question) => question.id === id);
  if (from < 0) return ordered;
  const to = Math.max(0, Math.min(ordered.length - 1, Math.trunc(toIndex) || 0));
  const rest = ordered.filter((_, index) => index !== from);
  rest.splice(to, 0, ordered[from] as Question);
  return renumberQuestions(rest.map(at));
}

/** Removes a question; unknown ids change nothing. */
export const removeQuestion = (questions: readonly Question[], id: string): Question[] =>
  renumberQuestions(renumberQuestions(questions).filter((question) => question.id !== id));

/** Gives each question its list index as `position`, so `renumberQuestions` keeps the list order. */
const at = (question: Question, position: number): Question =>
  question.position === position ? question : { ...question, position };

/** Puts a removed question back where it stood (once: a question already in the list stays as it is). */
export function restoreQuestion(
  questions: readonly Question[],
  removed: { readonly question: Question; readonly index: number },
): readonly Question[] {
  if (questions.some((question) => question.id === removed.question.id)) return questions;
  const next = questions.map((question, position) => ({ ...question, position }));
  next.splice(Math.min(removed.index, next.length), 0, removed.question);
  return next.map((question, position) => ({ ...question, position }));
}

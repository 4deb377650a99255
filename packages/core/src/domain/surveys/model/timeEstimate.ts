import type { Question, QuestionTiming } from '../../contract';
import { estimateNl } from './estimateWords';

/**
 * Seconds a respondent needs per question before there are real answers. Formbricks counts a flat
 * 15 s per question; we count by what the question asks of the respondent. Sources:
 *
 * - Pew Research Center, "How we keep our online surveys from running too long" (2022): from their
 *   panel's screen timings an ordinary stand-alone question takes about 10 s; an item in a battery
 *   costs less, an open-ended question far more.
 * - The market-research rule of thumb: about three ordinary questions a minute, but a grid with a
 *   5-point scale and short statements goes at up to ten items a minute (≈ 6 s per item).
 * - Brysbaert (2019, Journal of Memory and Language): silent reading ≈ 238 words a minute, ≈ 4 words/s.
 * - Palin et al. (2019, MobileHCI, 37,000 volunteers): typing on a phone ≈ 36 words a minute.
 *
 * Checks against those numbers: a Likert question with one statement is 4 + 6 = 10 s and a single
 * choice with four options 6 + 4 × 1 = 10 s, both Pew's stand-alone question; a five-statement
 * matrix is 34 s (≈ 6.8 s per item, the grid rule).
 */
export const QUESTION_SECONDS = {
  /** Reading a Likert question and its scale labels once (≈ 15 words). */
  likertQuestion: 4,
  /** Each statement of the matrix: ≈ 10 words to read (2.5 s) and a point to pick on a known scale. */
  likertStatement: 6,
  /** Reading a choice question (≈ 15 words) and settling on an answer. */
  choiceQuestion: 6,
  /** Each option of a single choice, 'anders, namelijk' included (≈ 4 words). */
  singleChoiceOption: 1,
  /** Each option of a multiple choice: every option is weighed, not only until one fits (4 options: 12 s). */
  multipleChoiceOption: 1.5,
  /** Short open text: read (4 s), think (6 s), type ≈ 6 words at 36 wpm (10 s). */
  openShort: 20,
  /** Long open text: read (4 s), think (15 s), type ≈ 30 words at 36 wpm (50 s). */
  openLong: 70,
  /** NPS: the well-known question (≈ 20 words, 5 s) and one tap on 0–10, no option labels to read. */
  nps: 7,
  /** Rating: a short question and one tap on five stars or numbers. */
  rating: 5,
  /** Text block: reading a short section intro (≈ 20 words), nothing to answer. */
  textBlock: 5,
  /** Number: read the question (4 s), think of the number and type a few digits (4 s). */
  number: 8,
  /** Dropdown: read the question, type a few letters and pick from what is left, whatever the list's length. */
  dropdown: 10,
  /** Date: read the question and pick a day (8 s). */
  date: 8,
  /** Each option of a ranking: read it and weigh it against the others (4 options: 6 + 12 s). */
  rankingOption: 3,
} as const;

/** Once per survey: reading the introduction, starting, submitting and the thank-you page. */
export const SURVEY_OVERHEAD_SECONDS = 10;

/**
 * An observed median replaces the default for a question from this many respondents on: below it
 * a single slow or hasty respondent moves the median too far.
 */
export const MIN_TIMING_RESPONDENTS = 5;

/** The default seconds for one question, from its type and size (statements, options). */
export function defaultQuestionSeconds(question: Question): number {
  const s = QUESTION_SECONDS;
  switch (question.type) {
    case 'likert':
      return s.likertQuestion + s.likertStatement * question.settings.statements.length;
    case 'single_choice':
      return s.choiceQuestion + s.singleChoiceOption * choiceCount(question.settings);
    case 'multiple_choice':
      return s.choiceQuestion + s.multipleChoiceOption * choiceCount(question.settings);
    case 'open_short':
      return s.openShort;
    case 'open_long':
      return s.openLong;
    case 'nps':
      return s.nps;
    case 'rating':
      return s.rating;
    case 'text_block':
      return s.textBlock;
    case 'number':
      return s.number;
    case 'dropdown':
      return s.dropdown;
    case 'date':
      return s.date;
    case 'ranking':
      return s.choiceQuestion + s.rankingOption * question.settings.options.length;
  }
}

const choiceCount = (settings: { readonly options: readonly unknown[]; readonly allow_other: boolean }) =>
  settings.options.length + (settings.allow_other ? 1 : 0);

/** The observed median for a question when it rests on enough respondents, else null. */
function observedSeconds(timing: QuestionTiming | undefined): number | null {
  if (!timing || timing.respondents < MIN_TIMING_RESPONDENTS) return null;
  const seconds = timing.median_seconds;
  return Number.isFinite(seconds) && seconds > 0 ? seconds : null;
}

/** Seconds for one question: its observed median when there are enough respondents, else the default. */
export const questionSeconds = (
  question: Question,
  observed?: Readonly<Record<string, QuestionTiming>>,
): number => observedSeconds(observed?.[question.id]) ?? defaultQuestionSeconds(question);

/**
 * The time a survey takes in whole seconds: the survey overhead plus, per question, the median time
 * respondents actually took (from `MIN_TIMING_RESPONDENTS` respondents on) or the default by type.
 */
export function estimateSeconds(
  questions: readonly Question[],
  observed?: Readonly<Record<string, QuestionTiming>>,
): number {
  let total = SURVEY_OVERHEAD_SECONDS;
  for (const question of questions) total += questionSeconds(question, observed);
  return Math.round(total);
}

/**
 * The median of the finite values (the mean of the middle two for an even count); null when there
 * are none. Robust against the respondent who left the tab open over lunch.
 */
export function median(values: readonly number[]): number | null {
  const sorted = values.filter(Number.isFinite).sort((a, b) => a - b);
  const n = sorted.length;
  if (n === 0) return null;
  const mid = n >> 1;
  return n % 2 === 1 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/**
 * The estimate as respondents see it: whole minutes, halves rounded up (90 s → '± 2 minuten'),
 * never less than '± 1 minuut' (also for under a minute, or for no valid number at all).
 */
export function formatEstimate(seconds: number): string {
  return estimateNl(estimateMinutes(seconds));
}

/** The whole minutes `formatEstimate` shows (the page says them in the respondent's language). */
export const estimateMinutes = (seconds: number): number =>
  Number.isFinite(seconds) ? Math.max(1, Math.round(seconds / 60)) : 1;

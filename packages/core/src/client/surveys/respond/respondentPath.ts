import { CONTACT_LANGUAGES, type Question, type RespondentSurvey } from '../../../domain/contract';
import { HIDDEN_FIELD_VALUE_MAX, type LogicPath } from '../../../domain/surveys/logic';
import { estimateSeconds } from '../../../domain/surveys/model';
import type { RespondentBrowser } from './respondPorts';

/**
 * The answering page follows the survey's logic (R-RESP-8): the questions on the path its answers
 * lead to, in survey order, and nothing else. These are the page's moves along that path and the
 * respondent's context the logic reads (R-RESP-9): hidden field values and the language.
 */

/** A path before a survey is loaded: nothing on it. */
export const EMPTY_PATH: LogicPath = {
  visible: [],
  required: [],
  end_screen: null,
  ended_after: null,
  off_path: [],
  isVisible: () => false,
};

/** The language a respondent answers in when nothing says otherwise. */
export const DEFAULT_RESPONDENT_LANGUAGE = 'nl';

/** What the respondent brings besides answers, as the page sends it with every save and submission. */
export interface RespondentContext {
  readonly hidden_fields: Readonly<Record<string, string>>;
  readonly language: string;
}

const isLanguage = (code: string | undefined): code is string =>
  code !== undefined && (CONTACT_LANGUAGES as readonly string[]).includes(code);

/** 'en-GB' → 'en'; undefined for no tag. */
const primary = (tag: string | null | undefined): string | undefined =>
  typeof tag === 'string' ? (tag.split('-')[0] ?? '').trim().toLowerCase() : undefined;

const own = (record: Readonly<Record<string, string>>, name: string): string | undefined =>
  Object.hasOwn(record, name) && typeof record[name] === 'string' ? record[name] : undefined;

/**
 * Hidden field values: those the server holds for the link, plus the address's query values for
 * declared hidden fields that have none there. Other query values are ignored; a value is trimmed,
 * and an empty one or one over HIDDEN_FIELD_VALUE_MAX characters is refused.
 */
export function hiddenFieldValues(
  declared: readonly string[],
  held: Readonly<Record<string, string>>,
  query: Readonly<Record<string, string>>,
): Record<string, string> {
  const values: Record<string, string> = { ...held };
  for (const name of declared) {
    if (Object.hasOwn(held, name)) continue;
    const value = own(query, name)?.trim();
    if (value === undefined || value === '' || value.length > HIDDEN_FIELD_VALUE_MAX) continue;
    values[name] = value;
  }
  return values;
}

/**
 * The respondent's language: the server's for the link, else `?lang=` when it names one of
 * CONTACT_LANGUAGES, else the browser's language when it is one, else Dutch.
 */
export function respondentLanguage(
  held: string | null,
  query: Readonly<Record<string, string>>,
  browserLanguage: string | null,
): string {
  if (typeof held === 'string' && held.trim() !== '') return held;
  const asked = own(query, 'lang')?.trim().toLowerCase();
  if (isLanguage(asked)) return asked;
  const browser = primary(browserLanguage);
  return isLanguage(browser) ? browser : DEFAULT_RESPONDENT_LANGUAGE;
}

/** `?lang=` when it names one of CONTACT_LANGUAGES (the page asks the server for the survey in it), else null. */
export function askedLanguage(browser: RespondentBrowser): string | null {
  const asked = own(browser.query(), 'lang')?.trim().toLowerCase();
  return isLanguage(asked) ? asked : null;
}

/** The context of a loaded survey, from the server's values and the browser (R-RESP-9). */
export function respondentContext(
  survey: Pick<RespondentSurvey, 'logic' | 'hidden_values' | 'language'>,
  browser: RespondentBrowser,
  chosen: string | null = null,
): RespondentContext {
  const query = browser.query();
  return {
    hidden_fields: hiddenFieldValues(survey.logic.hidden_fields, survey.hidden_values ?? {}, query),
    // A language the respondent chose on the page's switcher goes before all else (R-RESP-10).
    language: respondentLanguage(chosen ?? survey.language ?? null, query, browser.language()),
  };
}

/** The next question on the path after `index`, or -1 when `index` is the last one (its button submits). */
export function nextOnPath(questions: readonly Question[], path: LogicPath, index: number): number {
  const current = questions[index];
  if (current !== undefined && current.id === path.ended_after) return -1;
  for (let i = index + 1; i < questions.length; i++)
    if (path.isVisible((questions[i] as Question).id)) return i;
  return -1;
}

/** The question on the path before `index`, or -1 when there is none (the introduction comes before). */
export function previousOnPath(questions: readonly Question[], path: LogicPath, index: number): number {
  for (let i = Math.min(index, questions.length) - 1; i >= 0; i--)
    if (path.isVisible((questions[i] as Question).id)) return i;
  return -1;
}

/**
 * A question on the path where the page may stand: `index` itself when it is on the path, else the
 * first one after it, else the last one before it; 0 when the path is empty.
 */
export function landOnPath(questions: readonly Question[], path: LogicPath, index: number): number {
  const at = questions[index];
  if (at !== undefined && path.isVisible(at.id)) return index;
  const next = nextOnPath(questions, path, index);
  if (next >= 0) return next;
  return Math.max(0, previousOnPath(questions, path, index));
}

/**
 * Seconds still to go from the question at `from`: the survey's estimate (observed medians
 * included) in the share of the questions ahead on the path, by their default times, plus the
 * survey's own overhead. At the start of a survey without logic that is the survey's estimate.
 */
export function remainingSeconds(
  estimated: number,
  questions: readonly Question[],
  path: LogicPath,
  from: number,
): number {
  const overhead = estimateSeconds([]);
  const all = estimateSeconds(questions) - overhead;
  if (!Number.isFinite(estimated) || all <= 0) return estimated;
  const ahead = questions.filter((question, i) => i >= from && path.isVisible(question.id));
  const share = (estimateSeconds(ahead) - overhead) / all;
  return Math.round(overhead + Math.max(0, estimated - overhead) * share);
}

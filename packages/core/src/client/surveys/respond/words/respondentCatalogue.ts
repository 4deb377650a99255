import {
  type AnswerValue,
  CONTACT_LANGUAGES,
  type ContactLanguage,
  type Question,
} from '../../../../domain/contract';
import { type AnswerPhrase, answerPhrase, validateSubmission } from '../../../../domain/surveys/model';
import { DUTCH_WORDS, type RespondentWords } from './respondentWords';

type OtherLanguage = Exclude<ContactLanguage, 'nl'>;

/**
 * Every other language's catalogue is a module of its own, imported only when that language is
 * chosen: a bundler makes each one a chunk of its own, so the page loads Dutch and, at most, the
 * one language it speaks (R-RESP-11).
 */
const CATALOGUES: Readonly<Record<OtherLanguage, () => Promise<{ readonly WORDS: RespondentWords }>>> = {
  en: () => import('./en'),
  de: () => import('./de'),
  fr: () => import('./fr'),
  pl: () => import('./pl'),
  tr: () => import('./tr'),
  ar: () => import('./ar'),
  uk: () => import('./uk'),
};

const loaded = new Map<ContactLanguage, RespondentWords>([['nl', DUTCH_WORDS]]);

/** The catalogue language of a language code: one of CONTACT_LANGUAGES, else Dutch. */
export const wordsLanguage = (language: string | null | undefined): ContactLanguage =>
  (CONTACT_LANGUAGES as readonly string[]).includes(language ?? '') ? (language as ContactLanguage) : 'nl';

/** A catalogue already loaded (Dutch always is), or null. */
export const loadedWords = (language: string): RespondentWords | null =>
  loaded.get(wordsLanguage(language)) ?? null;

/**
 * The page's words in a language, loaded once. A catalogue that cannot be loaded (no connection)
 * leaves the page in Dutch, and is tried again next time.
 */
export async function loadRespondentWords(language: string): Promise<RespondentWords> {
  const code = wordsLanguage(language);
  const known = loaded.get(code);
  if (known) return known;
  try {
    const { WORDS } = await CATALOGUES[code as OtherLanguage]();
    loaded.set(code, WORDS);
    return WORDS;
  } catch {
    return DUTCH_WORDS;
  }
}

/** A problem with an answer in the catalogue's language. */
export function answerText(words: RespondentWords, { key, args }: AnswerPhrase): string {
  const message: string | ((...numbers: number[]) => string) = words.answer[key];
  return typeof message === 'string' ? message : message(...(args as [number, number]));
}

type Group = 'access' | 'session' | 'answer';
let dutchTexts: ReadonlyMap<string, readonly [Group, string]> | null = null;

/** Every fixed Dutch text of the server and the page, with where the catalogues keep it. */
function fixedDutchTexts(): ReadonlyMap<string, readonly [Group, string]> {
  if (dutchTexts) return dutchTexts;
  const texts = new Map<string, readonly [Group, string]>();
  for (const group of ['access', 'session', 'answer'] as const) {
    for (const [key, text] of Object.entries(DUTCH_WORDS[group])) {
      if (typeof text === 'string') texts.set(text, [group, key]);
    }
  }
  dutchTexts = texts;
  return texts;
}

/**
 * A full quota's text in the catalogue's language: the server's Dutch default for a quota without
 * its own text becomes the catalogue's; a quota's own text comes translated from the server already
 * (R-SURV-25) and stays as it is.
 */
export const quotaScreenText = (words: RespondentWords, text: string): string =>
  text === DUTCH_WORDS.quotaFullText ? words.quotaFullText : text;

/**
 * A Dutch text the page shows (the server's `detail`, the page's own failures) in the catalogue's
 * language when it is one of the fixed texts the catalogues hold; any other text stays as it is.
 */
export function knownText(words: RespondentWords, dutch: string): string {
  const found = fixedDutchTexts().get(dutch);
  if (!found) return dutch;
  const text = (words[found[0]] as Readonly<Record<string, unknown>>)[found[1]];
  return typeof text === 'string' ? text : dutch;
}

/**
 * The error shown under a question in the catalogue's language. The core check runs again on the
 * answer: when it gives the very message shown (the page's check, or the server's same check), its
 * stable code says which sentence it is; a message it does not give is the server's own and is
 * shown as `knownText` finds it.
 */
export function questionErrorText(
  words: RespondentWords,
  question: Question,
  value: AnswerValue | undefined,
  shown: string,
): string {
  if (words.language === 'nl') return shown;
  const entries = value === undefined ? [] : [{ question_id: question.id, value }];
  const check = validateSubmission([question], entries, { final: true });
  const problem = check.ok ? undefined : check.problems.find((p) => p.question_id === question.id);
  if (problem && problem.message === shown) return answerText(words, answerPhrase(question, problem.code));
  return knownText(words, shown);
}

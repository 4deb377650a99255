import type { ContactLanguage } from '../../../../domain/contract';
import { pluralOf } from '../../../../domain/format';
import { ANONYMOUS_SURVEY_TEXT } from '../../../../domain/invitations';
import {
  ANSWER_MESSAGES,
  estimateNl,
  formatDayKey,
  NPS_DEFAULT_LABELS,
  RESPONDENT_MESSAGES,
} from '../../../../domain/surveys/model';
import { RESPONDENT_SESSION_MESSAGES } from '../respondentState';

const exact = new Intl.NumberFormat('nl-NL', { maximumFractionDigits: 6 }).format;
/**
 * Dutch picks its plural forms the way every catalogue does. It also keeps the helper in the
 * page's own chunk, where the Polish, Ukrainian and Arabic catalogue chunks import it from: without
 * a use here, it would be a chunk of its own, one more request before those languages render.
 */
const dutchPlural = pluralOf('nl');

/** The answer messages in one language: the keys of ANSWER_MESSAGES, with the same numbers. */
export type AnswerWords = {
  readonly [K in keyof typeof ANSWER_MESSAGES]: (typeof ANSWER_MESSAGES)[K] extends (
    ...numbers: infer A
  ) => string
    ? (...numbers: A) => string
    : string;
};

/**
 * Every word the answering page says of its own, in one language (R-RESP-10): buttons, progress,
 * the time estimate, notices, the messages of its checks and of the server's refusals. The
 * survey's own texts (title, questions, choices) are not here. A function takes the numbers a
 * sentence needs and handles the language's plural forms.
 */
export interface RespondentWords {
  /** The language this catalogue is in. */
  readonly language: ContactLanguage;
  /** Writing direction of the page in this language. */
  readonly dir: 'ltr' | 'rtl';
  /** How numbers are written (Intl), e.g. the character counter's '1.234'. */
  readonly numberLocale: string;
  readonly loading: string;
  /** Headings of a page that could not be loaded (retrying may help) or is not available. */
  readonly notLoaded: string;
  readonly unavailable: string;
  readonly retry: string;
  /** Read before the estimate by a screen reader ('Geschatte tijd: '). */
  readonly estimateLabel: string;
  /** The estimate in whole minutes (at least 1): '± 3 minuten'. */
  readonly minutes: (minutes: number) => string;
  /** The number of questions on the path: '8 vragen'. */
  readonly questions: (count: number) => string;
  readonly anonymous: string;
  readonly start: string;
  /** 'Starten' for a response answered earlier. */
  readonly resume: string;
  /** 'Vraag 3 van 8'. */
  readonly progress: (current: number, total: number) => string;
  readonly welcomeBack: string;
  readonly previous: string;
  readonly next: string;
  readonly send: string;
  readonly sending: string;
  /** 'Enter gaat naar de volgende vraag.', with the key to press. */
  readonly keysToNext: (key: string) => string;
  readonly keysToSend: (key: string) => string;
  readonly thanks: string;
  readonly alreadyDone: string;
  /** The 'vol' screen of a survey at its cap (R-RESP-13): heading and sentence. */
  readonly fullTitle: string;
  readonly fullText: string;
  /** The heading of a full quota's end screen (its text is the quota's own). */
  readonly quotaFullTitle: string;
  /** The text of a full quota without its own text (the server's Dutch default, R-SURV-25). */
  readonly quotaFullText: string;
  readonly sent: string;
  readonly sentClose: string;
  /** The end screen's address follows by itself after this many seconds. */
  readonly redirectSoon: (seconds: number) => string;
  readonly proceed: string;
  /** Beside a required question's title, in brackets. */
  readonly required: string;
  /** The character counter after its count: ' van 500 tekens' (the limit already formatted). */
  readonly counterOf: (limit: string) => string;
  readonly other: string;
  /** The accessible name of the 'anders, namelijk' text field. */
  readonly otherInput: string;
  /** The accessible name of a star: '3 sterren'. */
  readonly stars: (count: number) => string;
  /** The NPS scale's end labels when the question has none of its own. */
  readonly npsLow: string;
  readonly npsHigh: string;
  /** The hint of a multiple choice question with limits. */
  readonly chooseExactly: (count: number) => string;
  readonly chooseBetween: (min: number, max: number) => string;
  /** The hint of a number question with a minimum and a maximum. */
  readonly numberBetween: (min: number, max: number) => string;
  /** The hint of a dropdown: type to search its list. */
  readonly dropdownHint: string;
  /** The hint of a date question with a first and a last day (their keys, 20260315). */
  readonly dateBetween: (min: number, max: number) => string;
  /** A ranking: its buttons ('Omhoog', 'Omlaag', with the option's label for screen readers), an option's place, and taking the order as it stands. */
  readonly moveUp: string;
  readonly moveDown: string;
  readonly rankPosition: (position: number, total: number) => string;
  readonly keepOrder: string;
  readonly chooseAtLeast: (min: number) => string;
  readonly chooseAtMost: (max: number) => string;
  readonly chooseAny: string;
  /** The label of the language switcher. */
  readonly languageLabel: string;
  /** The server's refusals of the link (its Dutch texts in RESPONDENT_MESSAGES). */
  readonly access: { readonly [K in keyof typeof RESPONDENT_MESSAGES]: string };
  /** The page's own failures (RESPONDENT_SESSION_MESSAGES). */
  readonly session: { readonly [K in keyof typeof RESPONDENT_SESSION_MESSAGES]: string };
  readonly answer: AnswerWords;
}

// The plural forms per language live in domain (the invitation mail counts minutes too).
export type { PluralForms } from '../../../../domain/format';
export { pluralOf } from '../../../../domain/format';

/** Each language's name in that language: the switcher lists them so. */
export const LANGUAGE_OWN_NAMES: Readonly<Record<ContactLanguage, string>> = {
  nl: 'Nederlands',
  en: 'English',
  de: 'Deutsch',
  fr: 'Français',
  pl: 'Polski',
  tr: 'Türkçe',
  ar: 'العربية',
  uk: 'Українська',
};

/**
 * The page's words in Dutch, the main language and the default: the texts the page has always
 * shown (the messages shared with the server are the very same constants).
 */
export const DUTCH_WORDS = {
  language: 'nl',
  dir: 'ltr',
  numberLocale: 'nl-NL',
  loading: 'Survey laden…',
  notLoaded: 'Survey niet geladen',
  unavailable: 'Survey niet beschikbaar',
  retry: 'Opnieuw proberen',
  estimateLabel: 'Geschatte tijd: ',
  minutes: estimateNl,
  questions: (count) => dutchPlural(count, { one: '1 vraag', other: `${count} vragen` }),
  anonymous: ANONYMOUS_SURVEY_TEXT,
  start: 'Starten',
  resume: 'Verder',
  progress: (current, total) => `Vraag ${current} van ${total}`,
  welcomeBack: 'Welkom terug! Je antwoorden zijn bewaard; je gaat verder waar je was gebleven.',
  previous: 'Vorige',
  next: 'Volgende',
  send: 'Versturen',
  sending: 'Versturen…',
  keysToNext: (key) => `${key} gaat naar de volgende vraag.`,
  keysToSend: (key) => `${key} gaat naar versturen.`,
  thanks: 'Bedankt!',
  alreadyDone: 'Al ingevuld',
  fullTitle: 'Deze survey is vol',
  fullText: 'Er zijn genoeg antwoorden binnengekomen. Bedankt voor je interesse!',
  quotaFullTitle: 'Bedankt voor je interesse',
  quotaFullText: 'Bedankt voor je interesse. Voor jouw groep zijn er al genoeg antwoorden binnengekomen.',
  sent: 'Je antwoorden zijn verstuurd.',
  sentClose: 'Je antwoorden zijn verstuurd. Je kunt deze pagina nu sluiten.',
  redirectSoon: (seconds) => `Je gaat over ${seconds} seconden vanzelf verder.`,
  proceed: 'Doorgaan',
  required: 'verplicht',
  counterOf: (limit) => ` van ${limit} tekens`,
  other: 'Anders, namelijk',
  otherInput: 'Anders, namelijk: vul je antwoord in',
  stars: (count) => (count === 1 ? '1 ster' : `${count} sterren`),
  npsLow: NPS_DEFAULT_LABELS.low_label,
  npsHigh: NPS_DEFAULT_LABELS.high_label,
  chooseExactly: (count) => `Kies er ${count}.`,
  chooseBetween: (min, max) => `Kies er ${min} tot en met ${max}.`,
  numberBetween: (min, max) => `Een getal van ${exact(min)} tot en met ${exact(max)}.`,
  dropdownHint: 'Typ om te zoeken en kies een antwoord uit de lijst.',
  dateBetween: (min, max) => `Een datum van ${formatDayKey(min)} tot en met ${formatDayKey(max)}.`,
  moveUp: 'Omhoog',
  moveDown: 'Omlaag',
  rankPosition: (position, total) => `Plaats ${position} van ${total}`,
  keepOrder: 'Deze volgorde aanhouden',
  chooseAtLeast: (min) => `Kies er minstens ${min}.`,
  chooseAtMost: (max) => (max === 1 ? 'Kies er hoogstens één.' : `Kies er hoogstens ${max}.`),
  chooseAny: 'Je kunt meer dan één antwoord kiezen.',
  languageLabel: 'Taal',
  access: RESPONDENT_MESSAGES,
  session: RESPONDENT_SESSION_MESSAGES,
  answer: ANSWER_MESSAGES,
} satisfies RespondentWords;

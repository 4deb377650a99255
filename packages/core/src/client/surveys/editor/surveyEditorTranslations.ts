import {
  CONTACT_LANGUAGE_NAMES,
  type OpeningProblem,
  SURVEY_MAIN_LANGUAGE,
  type SurveyInput,
  type SurveyTranslation,
  TRANSLATION_LANGUAGES,
} from '../../../domain/contract';
import { fileNamePart } from '../../../domain/shared';
import {
  type ImportReport,
  languageName,
  type SourceText,
  sourceFingerprint,
  sourceTexts,
  TRANSLATION_MESSAGES,
  type TranslationStatus,
  translatedText,
  translationStatus,
  translationStatusMessage,
  type XliffUnit,
} from '../../../domain/surveys/translations';

/**
 * The editor's view of the draft's languages (issue 26, R-SURV-16): the Dutch texts to translate
 * (`sourceTexts`) and, per extra language, how complete its translation is, kept up to date as the
 * draft changes, so a question added makes every language incomplete at once. A language is offered
 * to respondents only when complete; opening waits for every listed language to be (the server
 * refuses it too).
 */

/** Languages written right to left: their inputs get `dir="rtl"`. */
const RIGHT_TO_LEFT: readonly string[] = ['ar'];

/** One extra language as the editor lists it. */
export interface LanguageView {
  readonly language: string;
  /** 'Engels'. */
  readonly name: string;
  readonly dir: 'ltr' | 'rtl';
  readonly status: TranslationStatus;
  /** 'Volledig vertaald', '3 teksten ontbreken'. */
  readonly summary: string;
  /** 'n teksten zijn in het Nederlands veranderd sinds de vertaling', or null. */
  readonly stale: string | null;
  /** The status in one sentence, naming the first missing text (`translationStatusMessage`). */
  readonly message: string;
}

export interface TranslationsView {
  /** Every Dutch text to translate, in the order a respondent meets them. */
  readonly sources: readonly SourceText[];
  /** The draft's extra languages, in its order. */
  readonly languages: readonly LanguageView[];
  /** The languages that can still be added, in `TRANSLATION_LANGUAGES` order. */
  readonly available: readonly string[];
}

export const NO_TRANSLATIONS_VIEW: TranslationsView = {
  sources: [],
  languages: [],
  available: TRANSLATION_LANGUAGES,
};

/** The Dutch texts of the editor's languages section. */
export const TRANSLATION_EDITOR_MESSAGES = {
  mainLanguage: `${CONTACT_LANGUAGE_NAMES[SURVEY_MAIN_LANGUAGE]} (hoofdtaal)`,
  complete: 'Volledig vertaald',
  missing: (count: number) => (count === 1 ? '1 tekst ontbreekt' : `${count} teksten ontbreken`),
  unknownLanguage: (language: string) => `'${language}' is geen taal van deze survey.`,
  noImport: 'Er is geen vertaalbestand om toe te passen.',
  applied: 'De vertaling is bijgewerkt.',
} as const;

/** The code of an opening problem for an incomplete translation. */
export const TRANSLATION_INCOMPLETE = 'translation_incomplete';

/** A draft's extra languages (none when it has none). */
export const languagesOf = (draft: Pick<SurveyInput, 'languages'>): readonly string[] =>
  draft.languages ?? [];

/** A language's translation in a draft, if it has one. */
export function translationOf(
  draft: Pick<SurveyInput, 'translations'>,
  language: string,
): SurveyTranslation | undefined {
  const translations = draft.translations ?? {};
  return Object.hasOwn(translations, language) ? translations[language] : undefined;
}

export const textDirection = (language: string): 'ltr' | 'rtl' =>
  RIGHT_TO_LEFT.includes(language) ? 'rtl' : 'ltr';

/** The view of a draft's languages: its texts and each language's status. */
export function translationsView(draft: SurveyInput): TranslationsView {
  const languages = languagesOf(draft);
  const available = TRANSLATION_LANGUAGES.filter((language) => !languages.includes(language));
  if (languages.length === 0) return { ...NO_TRANSLATIONS_VIEW, available };
  const sources = sourceTexts(draft);
  return {
    sources,
    available,
    languages: languages.map((language) => {
      const status = translationStatus(sources, translationOf(draft, language));
      return {
        language,
        name: languageName(language),
        dir: textDirection(language),
        status,
        summary: status.complete
          ? TRANSLATION_EDITOR_MESSAGES.complete
          : TRANSLATION_EDITOR_MESSAGES.missing(status.missing.length),
        stale: status.stale.length === 0 ? null : TRANSLATION_MESSAGES.stale(status.stale.length, ''),
        message: translationStatusMessage(language, sources, status),
      };
    }),
  };
}

/** One line of a language's translation table. */
export interface TranslationRow {
  readonly source: SourceText;
  /** The translation as stored ('' when there is none). */
  readonly text: string;
  readonly missing: boolean;
  /** The Dutch text changed since it was translated. */
  readonly stale: boolean;
}

/** The lines of a language's translation table: every Dutch text beside its translation. */
export function translationRows(
  view: TranslationsView,
  draft: Pick<SurveyInput, 'translations'>,
  language: string,
): readonly TranslationRow[] {
  const translation = translationOf(draft, language);
  const stale = new Set(view.languages.find((item) => item.language === language)?.status.stale ?? []);
  return view.sources.map((source) => {
    const text = translation?.texts[source.key];
    return {
      source,
      text: typeof text === 'string' && Object.hasOwn(translation?.texts ?? {}, source.key) ? text : '',
      missing: translatedText(translation, source.key) === undefined,
      stale: stale.has(source.key),
    };
  });
}

/**
 * Every incomplete language as an item of the list of what to fix before opening (the server refuses
 * to open with them too): `fields` names the language (`translations.<lang>`), so the editor can
 * open its table.
 */
export function translationOpeningProblems(view: TranslationsView): OpeningProblem[] {
  return view.languages
    .filter((language) => !language.status.complete)
    .map((language) => ({
      question_id: null,
      question_number: null,
      codes: [TRANSLATION_INCOMPLETE],
      fields: [`translations.${language.language}`],
      reason: language.message,
      message: language.message,
    }));
}

/** The language an opening problem is about (`translations.<lang>…`), or null. */
export function problemLanguage(problem: Pick<OpeningProblem, 'fields'>): string | null {
  for (const field of problem.fields) {
    const [head, language] = field.split('.');
    if (head === 'translations' && language !== undefined && language !== '') return language;
  }
  return null;
}

/** The name of a language's translation file: `survey-medewerkers-2026-en.xlf`. */
export const xliffFileName = (title: string, language: string): string =>
  `survey-${fileNamePart(title, 'naamloos')}-${language}.xlf`;

/** XLIFF's media type. */
export const XLIFF_MIME_TYPE = 'application/xliff+xml';

/** A translation with one text set (blank: removed), noting which Dutch text it was made from. */
export function withText(
  translation: SurveyTranslation | undefined,
  source: SourceText,
  text: string,
): SurveyTranslation {
  const texts: Record<string, string> = { ...(translation?.texts ?? {}) };
  const fingerprints: Record<string, string> = { ...(translation?.source_fingerprints ?? {}) };
  if (text === '') {
    delete texts[source.key];
    delete fingerprints[source.key];
  } else {
    texts[source.key] = text;
    fingerprints[source.key] = sourceFingerprint(source.text);
  }
  return { texts, source_fingerprints: fingerprints };
}

/** A translation file read and tried (a dry run), waiting for 'Toepassen' or 'Annuleren'. */
export type TranslationImport =
  | {
      readonly kind: 'report';
      readonly language: string;
      readonly file_name: string;
      /** The file's texts, applied as they are by 'Toepassen'. */
      readonly units: readonly XliffUnit[];
      readonly report: ImportReport;
      /** The dry run's report in Dutch (`importReportMessages`). */
      readonly messages: readonly string[];
    }
  | {
      readonly kind: 'failed';
      readonly language: string;
      readonly file_name: string;
      /** Why the file cannot be read, in Dutch. */
      readonly message: string;
    };

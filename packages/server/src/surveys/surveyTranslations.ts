import {
  type OpeningProblem,
  SURVEY_MAIN_LANGUAGE,
  type SurveyTranslation,
  type SurveyTranslations,
  TRANSLATION_LANGUAGES,
} from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import { renumberQuestions, sanitizeSurveyHtml } from '@loop/core/surveys/model';
import {
  languageName,
  pruneTranslation,
  type SourceText,
  sourceTexts,
  type TranslatableSurvey,
  translationStatus,
  translationStatusMessage,
} from '@loop/core/surveys/translations';
import type { SurveyRow } from '../db/schema';
import { invalidInput } from '../http/apiError';
import { serverHtmlSanitizer } from './surveyHtml';

// A survey's languages and translations on the server (issue 26, R-SURV-18, R-SURV-19): checked,
// sanitised and pruned on every save, copied along with new question ids, and complete before the
// survey opens.

/** The Dutch texts of the translation checks. */
export const TRANSLATION_ERRORS = {
  languagesUnreadable: 'De talen moeten een lijst van taalcodes zijn.',
  languageMain: 'Nederlands is de hoofdtaal van de survey; kies alleen extra talen.',
  languageUnknown: (code: string) => `Loop kent '${code.slice(0, 20)}' niet als taal om in te vertalen.`,
  languageDuplicate: (code: string) => `${languageName(code)} staat er al bij: elke taal komt één keer voor.`,
  translationsUnreadable: 'De vertalingen zijn onleesbaar.',
  translationUnlisted: (code: string) =>
    `${languageName(code)} staat niet bij de talen van de survey: voeg de taal toe of laat de vertaling weg.`,
  translationUnreadable: (code: string) => `De vertaling in het ${languageName(code)} is onleesbaar.`,
  textUnreadable: 'Een vertaalde tekst moet tekst zijn.',
  textTooLong: (label: string, max: number) => `${label}: de vertaling is te lang (hoogstens ${max} tekens).`,
} as const;

/**
 * A stored survey's texts to translate (R-SURV-16): the one shape that completeness, opening and the
 * answering page's and mails' translations all read, quotas' end screens included (R-SURV-25).
 */
export function storedTexts(
  row: Pick<
    SurveyRow,
    'title' | 'descriptionHtml' | 'introductionHtml' | 'thankYouText' | 'questions' | 'logic' | 'quotas'
  >,
) {
  return {
    title: row.title,
    description_html: row.descriptionHtml,
    introduction_html: row.introductionHtml,
    thank_you_text: row.thankYouText,
    questions: renumberQuestions(row.questions),
    logic: row.logic,
    quotas: row.quotas,
  } satisfies TranslatableSurvey;
}

/** What a survey holds of its languages (stored, or as an input will store them). */
export interface SurveyLanguages {
  readonly languages: readonly string[];
  readonly translations: SurveyTranslations;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isTranslationLanguage = (code: string): boolean =>
  (TRANSLATION_LANGUAGES as readonly string[]).includes(code);

/** The extra languages as sent: no Dutch, no unknown code, none twice (R-SURV-18). */
function checkLanguages(raw: unknown, fields: Record<string, string>): string[] {
  if (!Array.isArray(raw) || raw.some((code) => typeof code !== 'string')) {
    fields.languages = TRANSLATION_ERRORS.languagesUnreadable;
    return [];
  }
  const seen = new Set<string>();
  for (const code of raw as string[]) {
    const problem =
      code === SURVEY_MAIN_LANGUAGE
        ? TRANSLATION_ERRORS.languageMain
        : !isTranslationLanguage(code)
          ? TRANSLATION_ERRORS.languageUnknown(code)
          : seen.has(code)
            ? TRANSLATION_ERRORS.languageDuplicate(code)
            : null;
    if (problem !== null) fields.languages ??= problem;
    seen.add(code);
  }
  return [...seen].filter(isTranslationLanguage);
}

/** One language's texts as sent: each within its source's limit, HTML sanitised, unknown keys pruned. */
function checkTranslation(
  language: string,
  raw: unknown,
  sources: readonly SourceText[],
  fields: Record<string, string>,
): SurveyTranslation {
  if (!isRecord(raw) || !isRecord(raw.texts)) {
    fields[`translations.${language}`] = TRANSLATION_ERRORS.translationUnreadable(language);
    return { texts: {} };
  }
  const byKey = new Map(sources.map((source) => [source.key, source]));
  const texts: Record<string, string> = {};
  for (const [key, text] of Object.entries(raw.texts)) {
    const source = byKey.get(key);
    if (source === undefined) continue; // pruned below: its Dutch text is gone
    const field = `translations.${language}.${key}`;
    if (typeof text !== 'string') fields[field] = TRANSLATION_ERRORS.textUnreadable;
    else if (text.length > source.max_length)
      fields[field] = TRANSLATION_ERRORS.textTooLong(source.label, source.max_length);
    // Translated rich text comes from a file anyone could edit: sanitised as the Dutch text is.
    else texts[key] = source.kind === 'html' ? sanitizeSurveyHtml(text, serverHtmlSanitizer) : text;
  }
  const fingerprints = isRecord(raw.source_fingerprints)
    ? Object.fromEntries(
        Object.entries(raw.source_fingerprints).filter(
          (entry): entry is [string, string] => typeof entry[1] === 'string',
        ),
      )
    : undefined;
  return pruneTranslation(
    sources,
    fingerprints === undefined ? { texts } : { texts, source_fingerprints: fingerprints },
  );
}

/**
 * The languages and translations a save stores (R-SURV-18): those sent, else the stored ones (an
 * update that leaves them out keeps them), checked against the survey's texts as it will be: no
 * Dutch, unknown or repeated language; a translation only for a listed language; each text within
 * its Dutch field's limit, HTML sanitised like the Dutch HTML; texts whose Dutch source is gone
 * pruned. Null when the survey has none and none are sent. Problems are thrown as a 400 per field
 * (`languages`, `translations.<lang>`, `translations.<lang>.<key>`).
 */
export function checkedLanguages(
  survey: TranslatableSurvey,
  sent: { readonly languages?: unknown; readonly translations?: unknown },
  stored: SurveyLanguages | null,
): SurveyLanguages | null {
  if (sent.languages === undefined && sent.translations === undefined && stored === null) return null;
  const fields: Record<string, string> = {};
  const sources = sourceTexts(survey);
  const languages =
    sent.languages === undefined ? [...(stored?.languages ?? [])] : checkLanguages(sent.languages, fields);
  const translations: Record<string, SurveyTranslation> = {};
  if (sent.translations === undefined) {
    // Kept: a language left out of the list takes its translation with it.
    for (const language of languages) {
      const kept = stored?.translations[language];
      if (kept !== undefined) translations[language] = pruneTranslation(sources, kept);
    }
  } else if (!isRecord(sent.translations)) {
    fields.translations = TRANSLATION_ERRORS.translationsUnreadable;
  } else {
    for (const [language, raw] of Object.entries(sent.translations)) {
      if (!languages.includes(language))
        fields[`translations.${language}`] = TRANSLATION_ERRORS.translationUnlisted(language);
      else translations[language] = checkTranslation(language, raw, sources, fields);
    }
  }
  if (Object.keys(fields).length > 0) throw invalidInput(fields as FieldErrors);
  return { languages, translations };
}

/**
 * The languages of a survey whose translation is not complete, as opening problems (R-SURV-19):
 * one per language under `translations.<lang>`, in the list's order, with translationStatusMessage's
 * sentence naming what is missing.
 */
export function translationOpeningProblems(
  survey: TranslatableSurvey,
  { languages, translations }: SurveyLanguages,
): OpeningProblem[] {
  if (languages.length === 0) return [];
  const sources = sourceTexts(survey);
  return languages.flatMap((language) => {
    const status = translationStatus(sources, translations[language]);
    if (status.complete) return [];
    // Without the closing full stop, as `openingProblems` words its items (the list adds its own).
    const message = translationStatusMessage(language, sources, status).replace(/\.$/, '');
    return [
      {
        question_id: null,
        question_number: null,
        codes: ['translation_incomplete'],
        fields: [`translations.${language}`],
        reason: message,
        message,
      },
    ];
  });
}

/** The languages whose translation is complete (R-SURV-19), in the survey's order; Dutch not among them. */
export function completeLanguages(survey: TranslatableSurvey, stored: SurveyLanguages): string[] {
  if (stored.languages.length === 0) return [];
  const sources = sourceTexts(survey);
  return stored.languages.filter(
    (language) => translationStatus(sources, stored.translations[language]).complete,
  );
}

/** A copy's translations with its keys on the copy's question ids (`questions.<old id>.…` → new id). */
export function remapTranslations(
  translations: SurveyTranslations,
  ids: ReadonlyMap<string, string>,
): SurveyTranslations {
  const remapKey = (key: string): string => {
    const match = /^questions\.([^.]+)\.(.+)$/.exec(key);
    const to = match === null ? undefined : ids.get(match[1] as string);
    return match === null || to === undefined ? key : `questions.${to}.${match[2]}`;
  };
  const remap = (record: Readonly<Record<string, string>>) =>
    Object.fromEntries(Object.entries(record).map(([key, text]) => [remapKey(key), text]));
  return Object.fromEntries(
    Object.entries(translations).map(([language, translation]) => [
      language,
      translation.source_fingerprints === undefined
        ? { texts: remap(translation.texts) }
        : { texts: remap(translation.texts), source_fingerprints: remap(translation.source_fingerprints) },
    ]),
  );
}

import { CONTACT_LANGUAGE_NAMES, type Question, type SurveyTranslation } from '../../contract';
import { type SourceText, sourceFingerprint, type TranslatableSurvey } from './translationSources';

/** Where a language's translation stands against the survey's current texts. */
export interface TranslationStatus {
  /** Every text has a translation (stale ones count: they are shown until replaced). */
  readonly complete: boolean;
  readonly total: number;
  readonly translated: number;
  /** Keys of texts without a translation, in survey order. */
  readonly missing: readonly string[];
  /** Keys the translation has but the survey no longer does (`pruneTranslation` drops them). */
  readonly unknown: readonly string[];
  /** Keys whose Dutch text changed since they were translated, in survey order. */
  readonly stale: readonly string[];
}

const own = (record: Readonly<Record<string, string>> | undefined, key: string): string | undefined =>
  record !== undefined && Object.hasOwn(record, key) ? record[key] : undefined;

/** The translated text of a key, when there is a non-blank one. */
export function translatedText(translation: SurveyTranslation | undefined, key: string): string | undefined {
  const text = own(translation?.texts, key);
  return typeof text === 'string' && text.trim() !== '' ? text : undefined;
}

/** How complete a translation is (R-SURV-16); no translation at all: everything is missing. */
export function translationStatus(
  sources: readonly SourceText[],
  translation: SurveyTranslation | undefined,
): TranslationStatus {
  const missing: string[] = [];
  const stale: string[] = [];
  for (const source of sources) {
    if (translatedText(translation, source.key) === undefined) missing.push(source.key);
    else {
      const fingerprint = own(translation?.source_fingerprints, source.key);
      if (fingerprint !== undefined && fingerprint !== sourceFingerprint(source.text)) stale.push(source.key);
    }
  }
  const known = new Set(sources.map((source) => source.key));
  const unknown = Object.keys(translation?.texts ?? {}).filter((key) => !known.has(key));
  return {
    complete: missing.length === 0,
    total: sources.length,
    translated: sources.length - missing.length,
    missing,
    unknown,
    stale,
  };
}

/** The translation without the keys whose Dutch text is gone (a deleted question, choice or end screen). */
export function pruneTranslation(
  sources: readonly SourceText[],
  translation: SurveyTranslation,
): SurveyTranslation {
  const known = new Set(sources.map((source) => source.key));
  const keep = (record: Readonly<Record<string, string>>) =>
    Object.fromEntries(Object.entries(record).filter(([key]) => known.has(key)));
  return translation.source_fingerprints === undefined
    ? { texts: keep(translation.texts) }
    : { texts: keep(translation.texts), source_fingerprints: keep(translation.source_fingerprints) };
}

function translateQuestion(question: Question, pick: (key: string, dutch: string) => string): Question {
  const prefix = `questions.${question.id}`;
  const base = {
    title: pick(`${prefix}.title`, question.title),
    ...(question.description === undefined
      ? {}
      : { description: pick(`${prefix}.description`, question.description) }),
  };
  switch (question.type) {
    case 'single_choice':
    case 'multiple_choice': {
      const options = question.settings.options.map((option) => ({
        ...option,
        label: pick(`${prefix}.options.${option.id}`, option.label),
      }));
      return question.type === 'single_choice'
        ? { ...question, ...base, settings: { ...question.settings, options } }
        : { ...question, ...base, settings: { ...question.settings, options } };
    }
    case 'dropdown':
    case 'ranking':
      return {
        ...question,
        ...base,
        settings: {
          options: question.settings.options.map((option) => ({
            ...option,
            label: pick(`${prefix}.options.${option.id}`, option.label),
          })),
        },
      };
    case 'likert':
      return {
        ...question,
        ...base,
        settings: {
          ...question.settings,
          statements: question.settings.statements.map((statement) => ({
            ...statement,
            text: pick(`${prefix}.statements.${statement.id}`, statement.text),
          })),
          labels: question.settings.labels.map((label, index) =>
            pick(`${prefix}.labels.${index + 1}`, label),
          ),
        },
      };
    case 'nps': {
      const { low_label, high_label } = question.settings;
      return {
        ...question,
        ...base,
        settings: {
          ...question.settings,
          ...(low_label === undefined ? {} : { low_label: pick(`${prefix}.low_label`, low_label) }),
          ...(high_label === undefined ? {} : { high_label: pick(`${prefix}.high_label`, high_label) }),
        },
      };
    }
    case 'number': {
      const { unit } = question.settings;
      return {
        ...question,
        ...base,
        settings: {
          ...question.settings,
          ...(unit === undefined ? {} : { unit: pick(`${prefix}.unit`, unit) }),
        },
      };
    }
    default:
      return { ...question, ...base };
  }
}

/**
 * The survey as a respondent in another language sees it: the same shape with every text replaced
 * by its translation, and the Dutch text wherever the translation has none (R-SURV-16). Ids, order,
 * settings and logic stay as they are, so answers and rules work unchanged. The HTML texts
 * (`description_html`, `introduction_html`) stay HTML: the caller sanitises them exactly as it does
 * the Dutch ones (`sanitizeSurveyHtml`), since a translation comes from a file anyone could edit.
 */
export function translatedSurvey<T extends TranslatableSurvey>(
  survey: T,
  translation: SurveyTranslation | undefined,
): T {
  if (translation === undefined) return survey;
  const pick = (key: string, dutch: string): string =>
    dutch.trim() === '' ? dutch : (translatedText(translation, key) ?? dutch);
  const logic = survey.logic;
  return {
    ...survey,
    title: pick('title', survey.title),
    description_html: pick('description_html', survey.description_html),
    introduction_html: pick('introduction_html', survey.introduction_html),
    thank_you_text: pick('thank_you_text', survey.thank_you_text),
    questions: survey.questions.map((question) => translateQuestion(question, pick)),
    ...(logic === undefined
      ? {}
      : {
          logic: {
            ...logic,
            end_screens: logic.end_screens.map((screen) => ({
              ...screen,
              text: pick(`end_screens.${screen.id}.text`, screen.text),
            })),
          },
        }),
    ...(survey.quotas === undefined
      ? {}
      : {
          quotas: survey.quotas.map((quota) => ({
            ...quota,
            end_screen_text: pick(`quotas.${quota.id}.end_screen_text`, quota.end_screen_text),
          })),
        }),
    ...(survey.invitation === undefined
      ? {}
      : {
          invitation: {
            subject: pick('invitation.subject', survey.invitation.subject),
            body: pick('invitation.body', survey.invitation.body),
          },
        }),
  };
}

/** The Dutch name of a language ('Engels'), or its code when Loop does not know it. */
export const languageName = (language: string): string =>
  Object.hasOwn(CONTACT_LANGUAGE_NAMES, language)
    ? CONTACT_LANGUAGE_NAMES[language as keyof typeof CONTACT_LANGUAGE_NAMES]
    : language;

const texts = (count: number) => (count === 1 ? '1 tekst' : `${count} teksten`);

/** 'o.a. Vraag 2 ('Afdeling'): keuze 'Verkoop'': the first key of a list by its label. */
function firstLabel(sources: readonly SourceText[], keys: readonly string[]): string {
  const first = sources.find((source) => source.key === keys[0]);
  return first === undefined ? '' : `, o.a. ${first.label}`;
}

export const TRANSLATION_MESSAGES = {
  complete: (language: string) => `${languageName(language)}: alle teksten zijn vertaald.`,
  missing: (language: string, count: number, example: string) =>
    `${languageName(language)}: ${texts(count)} ${count === 1 ? 'ontbreekt' : 'ontbreken'}${example}`,
  stale: (count: number, example: string) =>
    `${texts(count)} ${count === 1 ? 'is' : 'zijn'} in het Nederlands veranderd sinds de vertaling${example}`,
} as const;

/**
 * A language's status in one Dutch sentence: "Engels: 3 teksten ontbreken, o.a. Vraag 2
 * ('Afdeling'): keuze 'Verkoop'.", with the stale texts after it.
 */
export function translationStatusMessage(
  language: string,
  sources: readonly SourceText[],
  status: TranslationStatus,
): string {
  const parts: string[] = [];
  if (status.missing.length > 0)
    parts.push(
      TRANSLATION_MESSAGES.missing(language, status.missing.length, firstLabel(sources, status.missing)),
    );
  if (status.stale.length > 0) {
    const stale = TRANSLATION_MESSAGES.stale(status.stale.length, firstLabel(sources, status.stale));
    parts.push(parts.length === 0 ? `${languageName(language)}: ${stale}` : stale);
  }
  return parts.length === 0 ? TRANSLATION_MESSAGES.complete(language) : `${parts.join('; ')}.`;
}

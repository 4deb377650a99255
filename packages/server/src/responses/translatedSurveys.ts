import { type Question, type Quota, SURVEY_MAIN_LANGUAGE, type SurveyLogic } from '@loop/core';
import { translatedSurvey } from '@loop/core/surveys/translations';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { surveys } from '../db/schema';
import { sanitizedSurveyHtml } from '../surveys/surveyHtml';
import { completeLanguages, storedTexts } from '../surveys/surveyTranslations';

/** The texts a respondent sees in one language (R-RESP-12): the same ids, order and logic as the Dutch survey. */
export interface TranslatedView {
  readonly title: string;
  /** Sanitised as the Dutch HTML is. */
  readonly description_html: string;
  readonly introduction_html: string;
  readonly thank_you_text: string;
  readonly questions: readonly Question[];
  readonly logic: SurveyLogic;
  /** Only for a full quota's end screen (R-SURV-25); never sent to the page. */
  readonly quotas: readonly Quota[];
}

interface Entry {
  readonly version: number;
  /** The extra languages whose translation is complete, in the survey's order. */
  readonly complete: readonly string[];
  /** Made on the first request for a language of this version. */
  readonly views: Map<string, TranslatedView>;
  readonly make: (language: string) => TranslatedView;
}

const DEFAULT_CAPACITY = 200;

/**
 * A survey's texts in its other languages for the answering page (R-RESP-12), by survey id and
 * content version like SurveyQuestionsCache: which languages are complete is worked out once per
 * version, and each language's translated and sanitised texts once per version and language. Only
 * surveys with extra languages are loaded.
 */
export class SurveyTranslationsCache {
  readonly #entries = new Map<number, Entry>();

  constructor(private readonly capacity = DEFAULT_CAPACITY) {}

  /** The survey's complete extra languages (Dutch not among them). */
  async languages(db: Queryable, surveyId: number, version: number): Promise<readonly string[]> {
    return (await this.#entry(db, surveyId, version))?.complete ?? [];
  }

  /** The survey in `language` when that is one of its complete extra languages, else null (Dutch). */
  async view(
    db: Queryable,
    surveyId: number,
    version: number,
    language: string,
  ): Promise<TranslatedView | null> {
    if (language === SURVEY_MAIN_LANGUAGE) return null;
    const entry = await this.#entry(db, surveyId, version);
    if (entry === null || !entry.complete.includes(language)) return null;
    let view = entry.views.get(language);
    if (view === undefined) {
      view = entry.make(language);
      entry.views.set(language, view);
    }
    return view;
  }

  async #entry(db: Queryable, surveyId: number, version: number): Promise<Entry | null> {
    const cached = this.#entries.get(surveyId);
    if (cached !== undefined && cached.version === version) return cached;
    const [row] = await db
      .select({
        version: surveys.version,
        title: surveys.title,
        descriptionHtml: surveys.descriptionHtml,
        introductionHtml: surveys.introductionHtml,
        thankYouText: surveys.thankYouText,
        questions: surveys.questions,
        logic: surveys.logic,
        quotas: surveys.quotas,
        languages: surveys.languages,
        translations: surveys.translations,
      })
      .from(surveys)
      .where(eq(surveys.id, surveyId));
    if (row === undefined) return null;
    const survey = storedTexts(row);
    const entry: Entry = {
      version: row.version,
      complete: completeLanguages(survey, row),
      views: new Map(),
      make: (language) => {
        const translated = translatedSurvey(survey, row.translations[language]);
        return {
          ...translated,
          // Stored sanitised; sanitised again as the Dutch texts are (a translation is a file anyone edits).
          description_html: sanitizedSurveyHtml(translated.description_html),
          introduction_html: sanitizedSurveyHtml(translated.introduction_html),
        };
      },
    };
    this.#entries.delete(surveyId);
    this.#entries.set(surveyId, entry);
    if (this.#entries.size > this.capacity) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    return entry;
  }
}

/**
 * The languages of an `Accept-Language` header, most wanted first, as primary subtags ('en-GB' is
 * 'en'); `*`, malformed entries and q=0 left out. At most 20 entries are read.
 */
export function acceptedLanguages(header: string | undefined): string[] {
  if (typeof header !== 'string' || header.length > 1000) return [];
  const entries = header
    .split(',')
    .slice(0, 20)
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((param) => /^\s*q=([01](?:\.\d{0,3})?)\s*$/.exec(param)?.[1]).find(Boolean);
      return {
        language: tag.trim().split('-')[0]?.toLowerCase() ?? '',
        q: q === undefined ? 1 : Number(q),
        order,
      };
    })
    .filter((entry) => /^[a-z]{2,3}$/.test(entry.language) && entry.q > 0);
  entries.sort((a, b) => b.q - a.q || a.order - b.order);
  return [...new Set(entries.map((entry) => entry.language))];
}

/**
 * The language of the texts a respondent gets (R-RESP-12): `?lang=` when the survey is completely
 * translated into it (or it is Dutch), else the language the link holds (a contact's, an earlier
 * save's) when offered, else the first offered language the browser asks for (`Accept-Language`);
 * null: the survey's own Dutch texts.
 */
export function textLanguage(
  complete: readonly string[],
  asked: string | undefined,
  held: string | null,
  browser: readonly string[] = [],
): string | null {
  const offered = (language: string | null | undefined): language is string =>
    typeof language === 'string' && (language === SURVEY_MAIN_LANGUAGE || complete.includes(language));
  if (offered(asked)) return asked;
  if (held !== null) return offered(held) ? held : null;
  return browser.find(offered) ?? null;
}

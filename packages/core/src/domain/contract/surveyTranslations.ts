/**
 * A survey's languages on the wire (issue 26, R-SURV-16): the survey is written in its main language
 * (Dutch) and may have a translation per extra language of `CONTACT_LANGUAGES`. A translation holds
 * one text per stable key (`title`, `questions.<qid>.options.<oid>`, …; the scheme is in
 * `@loop/core/surveys/translations`), never per position, so reordering questions or choices keeps
 * every translation in place. A survey carries its `languages` and `translations`.
 */
import { CONTACT_LANGUAGES, type ContactLanguage } from './contacts';

/** The language a survey is written in; every other language is a translation of it. */
export const SURVEY_MAIN_LANGUAGE = 'nl' satisfies ContactLanguage;

/** The languages a survey can be translated into: the contact languages but Dutch. */
export const TRANSLATION_LANGUAGES: readonly ContactLanguage[] = CONTACT_LANGUAGES.filter(
  (language) => language !== SURVEY_MAIN_LANGUAGE,
);

/** One language's texts of a survey. */
export interface SurveyTranslation {
  /** Text key → the translated text. A key left out (or blank) falls back to the Dutch text. */
  readonly texts: Readonly<Record<string, string>>;
  /**
   * Text key → a fingerprint of the Dutch text the translation was made from
   * (`sourceFingerprint`). When the Dutch text changes afterwards, its translation is stale.
   */
  readonly source_fingerprints?: Readonly<Record<string, string>>;
}

/** Language code (of `TRANSLATION_LANGUAGES`) → its translation. */
export type SurveyTranslations = Readonly<Record<string, SurveyTranslation>>;

/**
 * The texts of a survey's invitation e-mail when the organisation wrote them itself; a source to
 * translate like the survey's own texts (`invitation.subject`, `invitation.body`).
 */
export interface InvitationTexts {
  readonly subject: string;
  readonly body: string;
}

// The surveys/translations feature (issue 26, R-SURV-16, R-SURV-17): a survey's texts under stable
// keys, how complete a language's translation is, the survey in another language, and the XLIFF 2.0
// round trip (a strict reader of its own, no dependency). What other features and packages use of
// it; the rest is internal.
export type { ImportOptions, ImportReport, ImportResult } from './importTranslation';
export { IMPORT_MESSAGES, importReportMessages, importTranslation } from './importTranslation';
export type { SourceText, TranslatableSurvey } from './translationSources';
export {
  END_SCREEN_TEXT_MAX_LENGTH,
  INVITATION_BODY_MAX_LENGTH,
  INVITATION_SUBJECT_MAX_LENGTH,
  SOURCE_LABELS,
  sourceFingerprint,
  sourceTexts,
} from './translationSources';
export type { TranslationStatus } from './translationStatus';
export {
  languageName,
  pruneTranslation,
  TRANSLATION_MESSAGES,
  translatedSurvey,
  translatedText,
  translationStatus,
  translationStatusMessage,
} from './translationStatus';
export type { XliffRead, XliffUnit } from './xliff';
export {
  escapeXml,
  readXliff,
  readXliffUnits,
  toXliff,
  XLIFF_MAX_LENGTH,
  XLIFF_MAX_UNITS,
  XLIFF_MESSAGES,
  XLIFF_NAMESPACE,
  XLIFF_NOTES,
} from './xliff';
export type { XmlElement, XmlNode, XmlResult } from './xmlReader';
export { parseXml, XML_MAX_DEPTH, XML_MESSAGES } from './xmlReader';

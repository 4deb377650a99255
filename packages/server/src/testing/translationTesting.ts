import type { SurveyTranslation } from '@loop/core';
import { sourceTexts, type TranslatableSurvey } from '@loop/core/surveys/translations';

/** Every text of `survey` in "English": the Dutch text with `EN ` before it (HTML kept as HTML). */
export const englishOf = (survey: TranslatableSurvey): SurveyTranslation => ({
  texts: Object.fromEntries(
    sourceTexts(survey).map((source) => [
      source.key,
      source.kind === 'html' ? `<p>EN</p>${source.text}` : `EN ${source.text}`,
    ]),
  ),
});

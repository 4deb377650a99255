import { type SurveyTranslation, type SurveyTranslations, TRANSLATION_LANGUAGES } from '@loop/core';
import { XLIFF_MAX_UNITS } from '@loop/core/surveys/translations';
import { array, object, record, type Schema, string } from '../http/schema';

// A survey's languages and translations (issue 26, R-SURV-16): the outer bounds, so a body far outside
// them is refused before anything is read. A text's own limit is its source field's (core).
const TEXT_CAP = 20_000;

// Any short code here: the save names a Dutch, unknown or repeated language in Dutch (R-SURV-18).
export const surveyLanguagesSchema = array(
  string({ maxLength: 20, description: `Een extra taal: ${TRANSLATION_LANGUAGES.join(', ')}.` }),
  {
    maxItems: TRANSLATION_LANGUAGES.length * 2,
    description:
      'De extra talen van de survey (Nederlands is de hoofdtaal; geen taal dubbel). Een survey gaat pas open als ' +
      'elke taal volledig vertaald is.',
  },
) as Schema<readonly string[]>;

const translationSchema = object<SurveyTranslation>(
  {
    texts: {
      ...record(string({ maxLength: TEXT_CAP })),
      maxProperties: XLIFF_MAX_UNITS,
      description: 'Tekst-sleutel (`title`, `questions.<id>.options.<id>`, …) → vertaalde tekst.',
    } as Schema<Record<string, string>>,
    source_fingerprints: {
      ...record(string({ maxLength: 64 })),
      maxProperties: XLIFF_MAX_UNITS,
      description: 'Tekst-sleutel → vingerafdruk van de Nederlandse tekst waarvan vertaald is.',
    } as Schema<Record<string, string>>,
  },
  { optional: ['source_fingerprints'] },
);

export const surveyTranslationsSchema = {
  ...record(translationSchema),
  maxProperties: TRANSLATION_LANGUAGES.length,
  description: 'Per extra taal de vertaalde teksten.',
} as Schema<SurveyTranslations>;

import type { OpenAnswerSummary, OpenAnswerTheme } from '@loop/core';
import { QUOTE_MAX_LENGTH, QUOTES_PER_THEME, SUMMARY_THEMES_MAX } from '@loop/core/surveys/summary';
import { array, boolean, integer, object, oneOf, type Schema, string } from '../http/schema';

const themeSchema = object<OpenAnswerTheme>({
  label: string({ description: 'Korte naam van het thema (platte tekst).' }),
  count: integer({ minimum: 1, description: 'Aantal meegenomen antwoorden over dit thema.' }),
  quotes: array(string({ maxLength: QUOTE_MAX_LENGTH }), {
    maxItems: QUOTES_PER_THEME,
    description:
      'Korte citaten letterlijk uit de antwoorden, zonder e-mailadressen en telefoonnummers (platte tekst, geen HTML).',
  }),
});

export const summarySchema: Schema<OpenAnswerSummary> = object<OpenAnswerSummary>(
  {
    survey_id: integer({ description: 'Id van de survey.' }),
    question_id: string({ description: 'Id van de open vraag.' }),
    analyst: oneOf(['builtin', 'llm'] as const, {
      description: 'builtin: Loop telt gedeelde woorden en woordgroepen; llm: het gekoppelde taalmodel.',
    }),
    answers_total: integer({ minimum: 0, description: 'Antwoorden met tekst in de periode.' }),
    answers_considered: integer({
      minimum: 0,
      description: 'Waarop de samenvatting rust: de nieuwste antwoorden (ingebouwd hoogstens 10.000).',
    }),
    themes: array(themeSchema, {
      maxItems: SUMMARY_THEMES_MAX,
      description: "Terugkerende thema's, grootste eerst.",
    }),
    other_count: integer({ minimum: 0, description: 'Meegenomen antwoorden bij geen enkel thema (Overig).' }),
    too_few: boolean({ description: 'Minder dan 3 antwoorden: niets samengevat.' }),
    generated_at: string({
      format: 'date-time',
      description: 'Wanneer de samenvatting gemaakt is (ISO 8601).',
    }),
  },
  { description: 'Een samenvatting van de antwoorden op een open vraag.' },
);

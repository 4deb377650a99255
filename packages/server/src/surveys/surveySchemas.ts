import type {
  OpeningProblem,
  Question,
  QuestionTiming,
  Survey,
  SurveyAnonymity,
  SurveyInput,
  SurveyNotReadyBody,
  SurveyRetention,
  SurveyStatus,
  SurveySummary,
  SurveyTemplate,
  SurveyTemplateInput,
  SurveyUpdateRequest,
} from '@loop/core';
import { SURVEY_STATUSES } from '../db/schema';
import { pagingQueryProperties } from '../http/paging';
import {
  array,
  boolean,
  integer,
  nullable,
  number,
  object,
  oneOf,
  record,
  type Schema,
  string,
} from '../http/schema';
import { logicSchema } from './logicSchema';
import { capsProperties } from './quotaSchema';
import { surveyLanguagesSchema, surveyTranslationsSchema } from './translationSchema';

export { logicSchema } from './logicSchema';

// Caps against absurd input only: the precise limits and their Dutch messages come from core's
// `checkSurveyDraft` (drafts) and `validateCompleteSurvey` (open surveys), which check every body before anything is stored.
const TEXT_CAP = 5000;
const HTML_CAP = 40_000;
const QUESTIONS_CAP = 500;

/**
 * One question: an open object here, checked in full by core's `validateQuestion` (the shape
 * depends on `type`). Open on both sides, so Ajv keeps and the serializer writes every property.
 */
export const questionSchema = {
  type: 'object',
  additionalProperties: true,
  description:
    'Een vraag: id, type (likert, single_choice, multiple_choice, open_short, open_long, nps, rating, text_block, number, dropdown, date, ranking), ' +
    'title, description?, required, position en settings van dat type.',
} as Schema<Question>;

const questions = array(questionSchema, {
  maxItems: QUESTIONS_CAP,
  description: 'De vragen; komen terug gesorteerd en genummerd vanaf 0.',
});

const surveyStatus = oneOf(SURVEY_STATUSES, { description: 'draft, open of closed.' });

const surveyInputProperties = {
  title: string({ maxLength: TEXT_CAP, description: 'Titel (verplicht, hoogstens 200 tekens).' }),
  description_html: string({ maxLength: HTML_CAP, description: 'Beschrijving (rich text, HTML).' }),
  introduction_html: string({ maxLength: HTML_CAP, description: 'Introductie (rich text, HTML).' }),
  thank_you_text: string({ maxLength: TEXT_CAP, description: 'Bedanktekst na het insturen.' }),
  close_at: nullable(string({ maxLength: 100, description: 'Sluitdatum (ISO 8601) of null.' })),
  questions,
  logic: logicSchema,
  languages: surveyLanguagesSchema,
  translations: surveyTranslationsSchema,
  ...capsProperties,
} as const;

/** The body of POST /surveys: either the editor's fields or a `template_id`. */
export interface CreateSurveyBody extends Partial<SurveyInput> {
  readonly template_id?: number;
}

export const createSurveySchema = object<CreateSurveyBody>(
  {
    ...surveyInputProperties,
    template_id: integer({ description: 'Maak de survey van dit sjabloon (dan geen andere velden).' }),
  },
  {
    optional: [
      'title',
      'description_html',
      'introduction_html',
      'thank_you_text',
      'close_at',
      'questions',
      'logic',
      'languages',
      'translations',
      'max_responses',
      'quotas',
      'template_id',
    ],
    description:
      'Een lege survey (de velden van de editor, titel verplicht; zonder `logic` geen logica) of { template_id }.',
  },
);

export const surveyUpdateSchema = object<SurveyUpdateRequest>(
  {
    ...surveyInputProperties,
    version: integer({ minimum: 0, description: 'De versie die de editor het laatst laadde.' }),
  },
  {
    optional: ['logic', 'languages', 'translations', 'max_responses', 'quotas'],
    description:
      'De hele inhoud van de editor plus de geladen `version`; zonder `logic`, `languages` of `translations` ' +
      'blijven die zoals ze waren.',
  },
);

export const surveyStatusSchema = object<{ readonly status: SurveyStatus }>({ status: surveyStatus });

const openingProblemSchema = object<OpeningProblem>(
  {
    question_id: nullable(string({ description: 'De vraag; null voor de survey zelf (de titel).' })),
    question_number: nullable(
      integer({ description: 'Het nummer van de vraag in de editor (1 = de eerste).' }),
    ),
    codes: array(string(), {
      description:
        'Wat ontbreekt: survey_title_missing, question_title_missing, label_missing, statements_missing, ' +
        'statement_missing, statement_duplicate, options_too_few, option_missing, option_duplicate, ' +
        'min_choices_invalid, max_choices_invalid; of een probleem van de logica (de codes van checkLogic: ' +
        'jump_backward, condition_question_missing, choice_missing, cycle, redirect_invalid, …).',
    }),
    fields: array(string(), {
      description:
        'De velden van de vraag om in te vullen (`title`, `settings.options.1`); bij de logica de regel ' +
        '(`logic.rules.<id>`) of het eindscherm (`logic.end_screens.<id>`).',
    }),
    reason: string({
      description: 'Wat er moet gebeuren, zonder de vraag te noemen: voeg minstens twee keuzes toe',
    }),
    message: string({ description: "Bijvoorbeeld: Vraag 4 ('Afdeling'): voeg minstens twee keuzes toe" }),
  },
  { description: 'Eén punt om eerst af te maken.' },
);

/**
 * 409 of a status change: a plain refusal (`detail`), or opening refused while something is still to
 * fill in, with the list of what (`problems`, in the editor's order) and per question its item.
 */
export const surveyNotReadySchema = object<Partial<SurveyNotReadyBody> & { readonly detail: string }>(
  {
    detail: string({ description: 'Nederlandse foutmelding voor de gebruiker.' }),
    fields: record(string(), {
      description:
        'Per vraag (`questions.<id>`), voor de titel (`title`) of per regel van de logica (`logic.rules.<id>`): ' +
        'wat er nog ontbreekt.',
    }),
    problems: array(openingProblemSchema, {
      description: 'Wat er eerst af moet, in de volgorde van de editor.',
    }),
  },
  {
    optional: ['fields', 'problems'],
    description: 'Overgang niet toegestaan, met de reden; bij publiceren ook wat er nog ontbreekt.',
  },
);

const timestamp = (description: string) => string({ format: 'date-time', description });

/** Retention on the wire: checked by core's `validateRetention` (a day in the past, both set: 400). */
const retentionProperties = {
  retention_until: nullable(
    string({
      maxLength: 20,
      description: 'Antwoorden bewaren tot en met deze dag (JJJJ-MM-DD, Europe/Amsterdam), of null.',
    }),
  ),
  retention_months: nullable(
    integer({ description: 'Antwoorden bewaren tot zoveel maanden (1–120) na het invullen, of null.' }),
  ),
} as const;

/** PUT /surveys/:id/retention: a day, a number of months, or both null (no retention). */
export const surveyRetentionSchema = object<SurveyRetention>(retentionProperties, {
  description: 'Een dag óf een aantal maanden (de andere null); allebei null: geen bewaartermijn.',
});

/** PUT /surveys/:id/anonymity. */
export const surveyAnonymitySchema = object<SurveyAnonymity>({
  anonymous: boolean({ description: 'true: anoniem (geen koppeling tussen uitnodiging en antwoord).' }),
});

export const surveySchema = object<Survey>(
  {
    id: integer(),
    organization_id: integer(),
    title: string(),
    description_html: string(),
    introduction_html: string(),
    thank_you_text: string(),
    status: surveyStatus,
    close_at: nullable(timestamp('Sluitdatum, of null.')),
    created_at: timestamp('Aangemaakt.'),
    updated_at: timestamp('Laatst gewijzigd.'),
    published_at: nullable(timestamp('Voor het eerst geopend.')),
    closed_at: nullable(timestamp('Gesloten.')),
    questions: array(questionSchema),
    logic: logicSchema,
    languages: surveyLanguagesSchema,
    translations: surveyTranslationsSchema,
    ...capsProperties,
    response_count: integer({ description: 'Aantal antwoorden.' }),
    question_timings: record(object<QuestionTiming>({ median_seconds: number(), respondents: integer() }), {
      description: 'Gemeten tijden per vraag-id.',
    }),
    version: integer({ description: 'Inhoudsversie; stuur mee met PUT.' }),
    estimated_seconds: integer({ description: 'Geschatte invultijd in seconden.' }),
    ...retentionProperties,
    anonymous: boolean({
      description:
        'Anoniem: uitnodigingen houden geen koppeling met hun antwoord; de resultaten tonen niet wie antwoordde.',
    }),
  },
  { optional: ['response_count', 'question_timings'] },
);

export const surveySummarySchema = object<SurveySummary>({
  id: integer(),
  title: string(),
  status: surveyStatus,
  close_at: nullable(timestamp('Sluitdatum, of null.')),
  created_at: timestamp('Aangemaakt.'),
  updated_at: timestamp('Laatst gewijzigd.'),
  published_at: nullable(timestamp('Voor het eerst geopend.')),
  closed_at: nullable(timestamp('Gesloten.')),
  question_count: integer(),
  response_count: integer({ description: 'Ingestuurde antwoorden.' }),
  invited_count: integer({ description: 'Uitgedeelde persoonlijke links.' }),
  response_rate: nullable(
    number({ description: 'Reactiepercentage: ingevulde persoonlijke links / persoonlijke links (0..1).' }),
  ),
  last_response_at: nullable(timestamp('Laatste ingestuurde antwoord.')),
  estimated_seconds: integer({
    description: 'Geschatte invultijd in seconden, met de gemeten tijden: dezelfde als bij GET /surveys/:id.',
  }),
});

export interface SurveyListQuery {
  readonly page?: string;
  readonly page_size?: string;
  readonly q?: string;
  readonly status?: SurveyStatus;
}

export const surveyListQuerySchema = object<SurveyListQuery>(
  {
    ...pagingQueryProperties,
    q: string({ maxLength: 200, description: 'Zoek in de titel (hoofdletters maken niet uit).' }),
    status: surveyStatus,
  },
  { optional: ['page', 'page_size', 'q', 'status'] },
);

export const surveyIdParams = object<{ readonly id: string }>({
  id: string({ maxLength: 20, description: 'Id van de survey.' }),
});

export const templateIdParams = object<{ readonly id: string }>({
  id: string({ maxLength: 20, description: 'Id van het sjabloon.' }),
});

export const surveyTemplateInputSchema = object<SurveyTemplateInput>(
  {
    name: string({ maxLength: TEXT_CAP, description: 'Naam van het sjabloon (verplicht).' }),
    description: string({ maxLength: TEXT_CAP, description: 'Korte omschrijving.' }),
    title: surveyInputProperties.title,
    description_html: surveyInputProperties.description_html,
    introduction_html: surveyInputProperties.introduction_html,
    thank_you_text: surveyInputProperties.thank_you_text,
    questions,
    logic: logicSchema,
    languages: surveyLanguagesSchema,
    translations: surveyTranslationsSchema,
  },
  {
    optional: ['logic', 'languages', 'translations'],
    description:
      'Naam, omschrijving en de inhoud van de survey (zonder sluitdatum; zonder `logic` geen logica), met de ' +
      'extra talen en hun vertalingen (zonder: geen); een survey van het sjabloon begint ermee.',
  },
);

export const surveyTemplateSchema = object<SurveyTemplate>({
  id: integer(),
  organization_id: nullable(integer({ description: 'null: ingebouwd sjabloon.' })),
  built_in: boolean({ description: 'Ingebouwd sjabloon (alleen-lezen).' }),
  name: string(),
  description: string(),
  title: string(),
  description_html: string(),
  introduction_html: string(),
  thank_you_text: string(),
  questions: array(questionSchema),
  logic: logicSchema,
  languages: surveyLanguagesSchema,
  translations: surveyTranslationsSchema,
  estimated_seconds: integer({ description: 'Geschatte invultijd in seconden.' }),
  created_at: timestamp('Aangemaakt.'),
  updated_at: timestamp('Laatst gewijzigd.'),
});

import type {
  AnalyticsOverview,
  Crosstab,
  CrosstabAxis,
  OpenAnswer,
  OtherText,
  PeriodCount,
  QuestionAnswerRow,
  QuestionDetail,
  QuestionResult,
  QuestionTrendPoint,
  ResponseStats,
  StatementScore,
  SurveyResponseRate,
  SurveyResults,
  TrendPoint,
} from '@loop/core';
import { QUESTION_TYPES } from '@loop/core/surveys/model';
import { RESULTS_FILTER_MAX_LENGTH } from '@loop/core/surveys/results';
import { SURVEY_STATUSES } from '../db/schema';
import {
  array,
  boolean,
  integer,
  literal,
  nullable,
  number,
  object,
  oneOf,
  record,
  type Schema,
  string,
} from '../http/schema';
import { surveyFillSchema } from './fillSchema';

const day = (description: string) => string({ maxLength: 20, description });

/** `from`/`to` of every result route; checked in code, so a bad day gets its own Dutch message. */
export interface DayQuery {
  readonly from?: string;
  readonly to?: string;
}

const dayQueryProperties = {
  from: day('Eerste dag (JJJJ-MM-DD, Europe/Amsterdam), inclusief.'),
  to: day('Laatste dag (JJJJ-MM-DD, Europe/Amsterdam), inclusief.'),
} as const;

export const dayQuerySchema = object<DayQuery>(dayQueryProperties, { optional: ['from', 'to'] });

/** A survey's result routes: the days and the filter of the responses (R-RES-8). */
export interface FilterQuery extends DayQuery {
  readonly filter?: string;
}

const filterQueryProperties = {
  ...dayQueryProperties,
  filter: string({
    maxLength: RESULTS_FILTER_MAX_LENGTH,
    description:
      'Alleen de reacties die aan elke voorwaarde voldoen, bijvoorbeeld `q:vraag-1:optie-a~h:bron:mail~lang:nl,en`: ' +
      'q:<vraag>[.<stelling>]:<waarde>,<waarde> of :<min>..<max>, h:<verborgen veld>:<waarden>, lang:<talen>, ' +
      'a:<contactkenmerk>:<waarden>, seg:<segment-id> (de laatste twee niet bij een anonieme survey); ' +
      'namen en waarden procent-gecodeerd, voorwaarden gescheiden door ~.',
  }),
} as const;

export const filterQuerySchema = object<FilterQuery>(filterQueryProperties, {
  optional: ['from', 'to', 'filter'],
});

export interface QuestionDetailQuery extends FilterQuery {
  readonly q?: string;
  readonly page?: string;
  readonly page_size?: string;
}

export const questionDetailQuerySchema = object<QuestionDetailQuery>(
  {
    ...filterQueryProperties,
    q: string({
      maxLength: 200,
      description:
        'Zoek in de antwoorden (elk woord moet voorkomen; hoofdletters en accenten maken niet uit).',
    }),
    page: string({ maxLength: 20, description: 'Pagina van de antwoorden, vanaf 1 (standaard 1).' }),
    page_size: string({
      maxLength: 20,
      description: 'Antwoorden per pagina, 1 tot en met 200 (standaard 50).',
    }),
  },
  { optional: ['from', 'to', 'filter', 'q', 'page', 'page_size'] },
);

export interface ExportQuery extends FilterQuery {
  readonly format?: string;
}

export const exportQuerySchema = object<ExportQuery>(
  { ...filterQueryProperties, format: string({ maxLength: 20, description: 'csv of xlsx.' }) },
  { optional: ['from', 'to', 'filter', 'format'] },
);

export interface CrosstabQuery extends FilterQuery {
  readonly row?: string;
  readonly col?: string;
}

const dimension = (description: string) =>
  string({
    maxLength: 300,
    description: `${description}: q:<vraag>[.<stelling>] (of alleen de vraag-id), h:<verborgen veld> of lang.`,
  });

export const crosstabQuerySchema = object<CrosstabQuery>(
  { ...filterQueryProperties, row: dimension('De rijen'), col: dimension('De kolommen') },
  { optional: ['from', 'to', 'filter', 'row', 'col'] },
);

export interface CrosstabExportQuery extends CrosstabQuery {
  readonly format?: string;
}

export const crosstabExportQuerySchema = object<CrosstabExportQuery>(
  {
    ...filterQueryProperties,
    row: dimension('De rijen'),
    col: dimension('De kolommen'),
    format: string({ maxLength: 20, description: 'csv of xlsx.' }),
  },
  { optional: ['from', 'to', 'filter', 'row', 'col', 'format'] },
);

export const questionParams = object<{ readonly id: string; readonly questionId: string }>({
  id: string({ maxLength: 20, description: 'Id van de survey.' }),
  questionId: string({ maxLength: 100, description: 'Id van de vraag.' }),
});

const timestamp = (description: string) => string({ format: 'date-time', description });
const counts = (description: string) => record(integer(), { description });
const bucket = oneOf(['day', 'week', 'month'] as const, {
  description: 'Per dag (tot 62 dagen), per week vanaf maandag (tot een jaar), anders per maand.',
});

const openAnswerSchema = object<OpenAnswer>({
  response_id: integer(),
  text: string(),
  submitted_at: timestamp('Ingestuurd.'),
});

const otherTextSchema = object<OtherText>({
  text: string({ description: 'De meest gebruikte schrijfwijze.' }),
  count: integer({ description: 'Aantal ingestuurde antwoorden met deze tekst.' }),
});

const answered = integer({ description: 'Ingestuurde antwoorden die deze vraag beantwoordden.' });
const seen_count = integer({
  description:
    'Ingestuurde reacties die deze vraag te zien kregen: zonder regels alle, met regels die waarvan het pad haar toonde.',
});

/** One question's aggregated answers: the shape follows `type`. */
export const questionResultSchema = {
  anyOf: [
    object<Extract<QuestionResult, { type: 'likert' }>>({
      question_id: string(),
      type: literal('likert'),
      answered,
      seen_count,
      by_statement: record(counts('Aantal per punt (1..punten).'), { description: 'Per stelling-id.' }),
    }),
    object<Extract<QuestionResult, { type: 'nps' | 'rating' }>>({
      question_id: string(),
      type: oneOf(['nps', 'rating'] as const),
      answered,
      seen_count,
      by_score: counts('Aantal per score (NPS 0..10, beoordeling 1..5).'),
    }),
    object<Extract<QuestionResult, { type: 'single_choice' | 'multiple_choice' | 'dropdown' }>>({
      question_id: string(),
      type: oneOf(['single_choice', 'multiple_choice', 'dropdown'] as const),
      answered,
      seen_count,
      by_option: counts('Aantal per optie-id.'),
      other: integer({ description: "Aantal keer 'anders, namelijk'." }),
      other_texts: array(otherTextSchema, {
        description:
          "De 'anders'-teksten gegroepeerd (hoofdletters en spaties maken niet uit) en geteld, vaakst " +
          'gegeven eerst, bij gelijke aantallen op alfabet; hoogstens 20.',
      }),
      other_text_count: integer({ description: "Aantal verschillende 'anders'-teksten, ook voorbij de 20." }),
    }),
    object<Extract<QuestionResult, { type: 'ranking' }>>({
      question_id: string(),
      type: literal('ranking'),
      answered,
      seen_count,
      by_position: record(counts("Aantal per plaats ('1' = eerste)."), { description: 'Per optie-id.' }),
    }),
    object<Extract<QuestionResult, { type: 'date' }>>({
      question_id: string(),
      type: literal('date'),
      answered,
      seen_count,
      by_month: counts("Aantal per maand ('2026-03'); maanden zonder antwoorden ontbreken."),
    }),
    object<Extract<QuestionResult, { type: 'number' }>>({
      question_id: string(),
      type: literal('number'),
      answered,
      seen_count,
      by_value: counts("Aantal per getal (het getal als tekst, met een punt: '12.5')."),
    }),
    object<Extract<QuestionResult, { type: 'open_short' | 'open_long' }>>({
      question_id: string(),
      type: oneOf(['open_short', 'open_long'] as const),
      answered,
      seen_count,
      latest: array(openAnswerSchema, { description: 'De nieuwste antwoorden (hoogstens 20).' }),
    }),
  ],
  description: 'De tellingen van één vraag; de vorm hangt af van `type`.',
} as Schema<QuestionResult>;

const rate = (description: string) => nullable(number({ description }));

const responseStatsSchema = object<ResponseStats>({
  completed: integer({ description: 'Ingestuurd in de periode.' }),
  in_progress: integer({ description: 'Begonnen (in de periode) en nog niet ingestuurd.' }),
  invited: integer({ description: 'Uitgedeelde persoonlijke links.' }),
  response_rate: rate('Ingestuurde persoonlijke links / persoonlijke links (0..1).'),
  completion_rate: rate('Ingestuurd / begonnen (0..1).'),
  last_response_at: nullable(timestamp('Laatst ingestuurd.')),
});

const periodCountSchema = object<PeriodCount>({
  period: day('Eerste dag van de periode.'),
  count: integer(),
});

export const surveyResultsSchema = object<SurveyResults>(
  {
    survey_id: integer(),
    responses: responseStatsSchema,
    bucket,
    over_time: array(periodCountSchema, { description: 'Ingestuurd per periode, zonder gaten.' }),
    questions: array(questionResultSchema, { description: 'In de volgorde van de survey.' }),
    fill: surveyFillSchema,
  },
  { optional: ['fill'] },
);

const trendPointSchema = object<QuestionTrendPoint>({
  period: day('Eerste dag van de periode.'),
  answered: integer(),
  score: nullable(number({ description: 'Likert en beoordeling: gemiddelde; NPS: de NPS; anders null.' })),
});

const answerRowSchema = object<QuestionAnswerRow>({
  response_id: integer(),
  submitted_at: timestamp('Ingestuurd.'),
  text: string({ description: 'Het antwoord als tekst (keuzes met hun label).' }),
});

export const questionDetailSchema = object<QuestionDetail>({
  survey_id: integer(),
  question_id: string(),
  type: oneOf(QUESTION_TYPES),
  result: questionResultSchema,
  respondents: integer({
    description: 'Ingestuurde reacties in de periode (waarvan `result.seen_count` een deel is).',
  }),
  bucket,
  trend: array(trendPointSchema),
  answers: object<QuestionDetail['answers']>({
    items: array(answerRowSchema, { description: 'Nieuwste eerst.' }),
    total: integer({ description: 'Antwoorden die aan de zoekopdracht voldoen.' }),
    page: integer(),
    page_size: integer(),
  }),
});

const statementScoreSchema = object<StatementScore>({
  survey_id: integer(),
  survey_title: string(),
  question_id: string(),
  statement_id: string(),
  text: string(),
  points: integer({ description: '5 of 7.' }) as Schema<5 | 7>,
  answered: integer(),
  mean: number({ description: 'Gemiddeld punt (1..punten).' }),
  score: number({ description: '(gemiddelde - 1) / (punten - 1) × 100.' }),
});

const trendSchema = (description: string) =>
  array(
    object<TrendPoint>({
      period: day('Eerste dag van de periode.'),
      answered: integer({ description: 'Antwoorden waarop de score rust.' }),
      score: nullable(number()),
    }),
    { description },
  );

export const analyticsSchema = object<AnalyticsOverview>({
  bucket,
  totals: object<AnalyticsOverview['totals']>(
    {
      surveys: integer({
        description: 'Gepubliceerde surveys (open of gesloten); concepten tellen niet mee.',
      }),
      open_surveys: integer(),
      completed: integer({ description: 'Ingestuurd in de periode.' }),
      invited: integer({ description: 'Uitgedeelde persoonlijke links van gepubliceerde surveys.' }),
      response_rate: rate('Ingestuurde persoonlijke links / persoonlijke links (0..1).'),
    },
    { description: 'Over de gepubliceerde surveys van de organisatie; concepten tellen nergens mee.' },
  ),
  responses_over_time: array(periodCountSchema),
  nps_trend: trendSchema('NPS (-100..100) over alle NPS-vragen, per periode.'),
  likert_trend: trendSchema('Likert-score (0..100) over alle stellingen, per periode.'),
  surveys: array(
    object<SurveyResponseRate>({
      survey_id: integer(),
      title: string(),
      status: oneOf(SURVEY_STATUSES),
      completed: integer(),
      invited: integer(),
      response_rate: rate('Reactiepercentage (0..1).'),
      last_response_at: nullable(timestamp('Laatst ingestuurd.')),
    }),
    { description: 'Open surveys en surveys met antwoorden, laatst ingestuurd eerst.' },
  ),
  best_statements: array(statementScoreSchema, {
    description:
      'De hoogst scorende stellingen (≥ 3 antwoorden): hoogstens 5 en hoogstens de helft van die stellingen, ' +
      'zodat geen stelling ook bij de laagst scorende staat.',
  }),
  worst_statements: array(statementScoreSchema, {
    description:
      'De laagst scorende stellingen (≥ 3 antwoorden), laagste eerst: hoogstens 5 en hoogstens de helft, ' +
      'nooit dezelfde als bij de hoogst scorende.',
  }),
});

/** The export's 200: a file, not JSON. */
export const exportFileResponse = {
  description: 'Het bestand (CSV: UTF-8 met BOM, puntkomma als scheidingsteken; of XLSX).',
  content: {
    'text/csv': { schema: { type: 'string' } },
    'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': {
      schema: { type: 'string', format: 'binary' },
    },
  },
} as Schema<unknown>;

const crosstabAxisSchema = object<CrosstabAxis>({
  key: string({ description: 'De dimensie zoals gevraagd.' }),
  label: string({ description: 'De vraag (met stelling), het verborgen veld of Taal.' }),
  values: array(object<CrosstabAxis['values'][number]>({ value: string(), label: string() }), {
    description:
      'De waarden in volgorde: opties, scores of punten; bij een verborgen veld of taal de gegeven waarden, vaakst eerst.',
  }),
});

const hiddenCount = (description: string) =>
  nullable(
    integer({
      description: `${description}; null ('< 5') bij een anonieme survey als het minder dan 5 is of het zou verraden.`,
    }),
  );

export const crosstabSchema = object<Crosstab>({
  survey_id: integer(),
  row: crosstabAxisSchema,
  col: crosstabAxisSchema,
  counts: array(array(hiddenCount('Ingestuurde reacties met deze rij- en kolomwaarde')), {
    description: 'Per rijwaarde, per kolomwaarde.',
  }),
  row_totals: array(hiddenCount('Reacties met deze rijwaarde en een kolomwaarde')),
  col_totals: array(hiddenCount('Reacties met deze kolomwaarde en een rijwaarde')),
  total: hiddenCount('Reacties met een waarde op beide assen'),
  small_counts_hidden: boolean({
    description: 'Aantallen van 1 tot en met 4 zijn verborgen (anonieme survey).',
  }),
});

import type {
  KpiDirection,
  KpiFinanceMetric,
  KpiMetric,
  KpiSourceInput,
  KpiState,
  KpiSurveyMetric,
  KpiUnit,
  Question,
  QuestionType,
} from '../contract';
import { KPI_FINANCE_METRICS, KPI_SURVEY_METRICS } from '../contract';

/** What each choice of a KPI is called, what each computed metric needs, and whether a source still computes. */

export const KPI_UNIT_LABELS: Readonly<Record<KpiUnit, string>> = {
  number: 'Getal',
  percentage: 'Percentage',
  euro: 'Euro',
  duration: 'Duur',
};

export const KPI_DIRECTION_LABELS: Readonly<Record<KpiDirection, string>> = {
  higher: 'Hoger is beter',
  lower: 'Lager is beter',
};

export const KPI_SOURCE_LABELS: Readonly<Record<KpiSourceInput['type'], string>> = {
  manual: 'Handmatig',
  survey: 'Survey',
  finance: 'Financiën',
};

/** What each computed metric measures, its unit, the question type it needs and its range. */
export interface MetricInfo {
  readonly label: string;
  readonly unit: KpiUnit;
  readonly question: QuestionType | null;
  readonly statement: boolean;
  /** Targets outside it cannot be reached (an NPS of 150). */
  readonly min: number | null;
  readonly max: number | null;
}

export const KPI_METRICS: Readonly<Record<KpiMetric, MetricInfo>> = {
  nps: { label: 'NPS', unit: 'number', question: 'nps', statement: false, min: -100, max: 100 },
  likert_mean: {
    label: 'Gemiddelde van een stelling',
    unit: 'number',
    question: 'likert',
    statement: true,
    min: 1,
    max: 7,
  },
  likert_top2: {
    label: 'Top-2-box van een stelling (eens en helemaal eens)',
    unit: 'percentage',
    question: 'likert',
    statement: true,
    min: 0,
    max: 100,
  },
  rating_mean: {
    label: 'Gemiddelde beoordeling',
    unit: 'number',
    question: 'rating',
    statement: false,
    min: 1,
    max: 5,
  },
  response_rate: {
    label: 'Reactiepercentage (persoonlijke links)',
    unit: 'percentage',
    question: null,
    statement: false,
    min: 0,
    max: 100,
  },
  completed_responses: {
    label: 'Ingevulde reacties',
    unit: 'number',
    question: null,
    statement: false,
    min: 0,
    max: null,
  },
  revenue: { label: 'Omzet', unit: 'euro', question: null, statement: false, min: 0, max: null },
  costs: { label: 'Kosten', unit: 'euro', question: null, statement: false, min: 0, max: null },
  result: { label: 'Resultaat', unit: 'euro', question: null, statement: false, min: null, max: null },
  margin: { label: 'Marge', unit: 'percentage', question: null, statement: false, min: 0, max: 100 },
};

/** Why a KPI cannot compute, as the board and the drill-down say it. */
export const KPI_STATE_TEXTS: Readonly<Record<Exclude<KpiState, 'ok'>, string>> = {
  survey_deleted: 'De survey van deze KPI is verwijderd. Kies een andere bron om weer waarden te zien.',
  question_deleted: 'De vraag van deze KPI staat niet meer in de survey. Kies een andere vraag.',
  statement_deleted: 'De stelling van deze KPI staat niet meer in de vraag. Kies een andere stelling.',
  no_finance_data: 'Nog geen financiële gegevens. Voeg boekingen toe of importeer een bankafschrift.',
};

const isOneOf = <T extends string>(values: readonly T[], value: unknown): value is T =>
  typeof value === 'string' && (values as readonly string[]).includes(value);

/** The metric of a survey source, when the source is one. */
export const surveyMetricOf = (source: KpiSourceInput): KpiSurveyMetric | null =>
  source.type === 'survey' && isOneOf(KPI_SURVEY_METRICS, source.metric) ? source.metric : null;

/** The metric of a finance source, when the source is one. */
export const financeMetricOf = (source: KpiSourceInput): KpiFinanceMetric | null =>
  source.type === 'finance' && isOneOf(KPI_FINANCE_METRICS, source.metric) ? source.metric : null;

/**
 * Whether a survey-sourced KPI can still compute against its survey's current questions: the
 * survey (null: deleted), the question and the statement must still be there.
 */
export function surveySourceState(
  source: KpiSourceInput,
  survey: { readonly questions: readonly Question[] } | null,
): KpiState {
  if (source.type !== 'survey') return 'ok';
  if (survey === null) return 'survey_deleted';
  const metric = surveyMetricOf(source);
  if (metric === null || KPI_METRICS[metric].question === null) return 'ok';
  const question = survey.questions.find((each) => each.id === source.question_id);
  if (question === undefined || question.type !== KPI_METRICS[metric].question) return 'question_deleted';
  if (
    KPI_METRICS[metric].statement &&
    question.type === 'likert' &&
    !question.settings.statements.some((statement) => statement.id === source.statement_id)
  )
    return 'statement_deleted';
  return 'ok';
}

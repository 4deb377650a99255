import {
  KPI_DIRECTIONS,
  KPI_FINANCE_METRICS,
  KPI_SOURCE_TYPES,
  KPI_STATES,
  KPI_STATUSES,
  KPI_SURVEY_METRICS,
  KPI_UNITS,
  KPI_VALUE_ORIGINS,
  type Kpi,
  type KpiBoard,
  type KpiBoardChoice,
  type KpiBoardSettings,
  type KpiCard,
  type KpiComparison,
  type KpiDrillDown,
  type KpiDrillDownRow,
  type KpiHeading,
  type KpiHistory,
  type KpiImportReport,
  type KpiImportRequest,
  type KpiInput,
  type KpiListQuery,
  type KpiPeriodTarget,
  type KpiPerson,
  type KpiPoint,
  type KpiSource,
  type KpiSourceInput,
  type KpiSparkPoint,
  type KpiTrend,
  type KpiValue,
  type KpiValueInput,
} from '@loop/core';
import { PERIOD_KINDS } from '@loop/core/periods';
import { pagingQueryProperties } from '../http/paging';
import {
  array,
  boolean,
  integer,
  nullable,
  number,
  object,
  oneOf,
  type Schema,
  string,
} from '../http/schema';

// Caps against absurd input only: the precise rules and their Dutch messages are core's
// (`validateKpiInput`, `kpiValueProblem`, `readKpiCsv`), checked before anything is stored.

const periodKey = (description: string) => string({ maxLength: 20, description });
const day = (description: string) => string({ maxLength: 20, description });
const amount = (description: string) => number({ description });

const unit = oneOf(KPI_UNITS, {
  description: 'number, percentage (0–100), euro (in centen) of duration (in seconden).',
});
const direction = oneOf(KPI_DIRECTIONS, { description: 'higher: hoger is beter; lower: lager is beter.' });
const periodKind = oneOf(PERIOD_KINDS, { description: 'week (ISO), month, quarter of year.' });
const metric = oneOf([...KPI_SURVEY_METRICS, ...KPI_FINANCE_METRICS], {
  description:
    'Bij survey: nps, likert_mean, likert_top2, rating_mean, response_rate, completed_responses; ' +
    'bij finance: revenue, costs, result, margin.',
});

const sourceInputProperties = {
  type: oneOf(KPI_SOURCE_TYPES, { description: 'manual, survey of finance.' }),
  metric: nullable(metric),
  survey_id: nullable(integer({ description: 'De survey (bij bron survey).' })),
  question_id: nullable(string({ maxLength: 100, description: 'De vraag (NPS, Likert, beoordeling).' })),
  statement_id: nullable(string({ maxLength: 100, description: 'De stelling (Likert).' })),
} as const;

const sourceInputSchema = object<KpiSourceInput>(sourceInputProperties, {
  description: 'Waar de waarden vandaan komen; velden die niet bij de bron horen zijn null.',
});

const sourceSchema = object<KpiSource>({
  ...sourceInputProperties,
  survey_title: nullable(string({ description: 'Titel van de survey; null als die verwijderd is.' })),
});

const periodTargetSchema = object<KpiPeriodTarget>({
  period: periodKey('Periodesleutel van de soort van de KPI: 2026-W05, 2026-03, 2026-Q1 of 2026.'),
  target: amount('Doel van die periode.'),
  warning: nullable(amount('Waarschuwingsgrens van die periode, of null.')),
});

export const kpiInputSchema = object<KpiInput>({
  name: string({ maxLength: 1000, description: 'Naam (verplicht, hoogstens 120 tekens).' }),
  description: string({ maxLength: 10_000, description: 'Beschrijving (hoogstens 2000 tekens).' }),
  unit,
  direction,
  period_kind: periodKind,
  target: nullable(amount('Vast doel van elke periode zonder eigen doel, of null.')),
  warning: nullable(
    amount(
      "Waar 'risico' overgaat in 'niet op koers': onder het doel bij hoger is beter, erboven bij lager is beter.",
    ),
  ),
  period_targets: array(periodTargetSchema, { maxItems: 1000, description: 'Eigen doelen per periode.' }),
  owner_id: nullable(integer({ description: 'Eigenaar: een lid van de organisatie, of null.' })),
  source: sourceInputSchema,
});

const personSchema = object<KpiPerson>({ id: integer(), name: string() });
const state = oneOf(KPI_STATES, {
  description:
    'ok, of waarom de bron niets kan berekenen (survey/vraag/stelling verwijderd, geen financiële gegevens).',
});

export const kpiSchema = object<Kpi>({
  id: integer(),
  name: string(),
  description: string(),
  unit,
  direction,
  period_kind: periodKind,
  target: nullable(number()),
  warning: nullable(number()),
  period_targets: array(periodTargetSchema),
  owner: nullable(personSchema),
  source: sourceSchema,
  state,
  created_at: string({ description: 'ISO 8601.' }),
  updated_at: string({ description: 'ISO 8601.' }),
});

export const kpiListQuerySchema = object<KpiListQuery>(
  {
    q: string({ maxLength: 200, description: 'Zoek in naam en beschrijving.' }),
    source: string({ maxLength: 20, description: 'Alleen deze bron: manual, survey of finance.' }),
    period_kind: string({ maxLength: 20, description: 'Alleen deze periode: week, month, quarter of year.' }),
    owner_id: string({ pattern: '^[0-9]+$', description: "Alleen KPI's van deze eigenaar." }),
    ...pagingQueryProperties,
  },
  { optional: ['q', 'source', 'period_kind', 'owner_id', 'page', 'page_size'] },
);

export const kpiIdParams = object<{ readonly id: string }>({
  id: string({ maxLength: 20, description: 'Id van de KPI.' }),
});

export const kpiPeriodParams = object<{ readonly id: string; readonly period: string }>({
  id: string({ maxLength: 20, description: 'Id van de KPI.' }),
  period: periodKey('Periodesleutel: 2026-W05, 2026-03, 2026-Q1 of 2026.'),
});

export const kpiValueInputSchema = object<KpiValueInput>({
  value: amount('De waarde in de eenheid van de KPI (euro in centen, duur in seconden).'),
  note: string({ maxLength: 10_000, description: 'Notitie (hoogstens 1000 tekens), of leeg.' }),
});

export const kpiValueSchema = object<KpiValue>({
  period: periodKey('Periodesleutel.'),
  value: number(),
  note: string(),
  origin: oneOf(KPI_VALUE_ORIGINS, { description: 'manual (ingevuld) of import (CSV).' }),
  entered_by: nullable(personSchema),
  entered_at: string({ description: 'ISO 8601.' }),
});

const pointProperties = {
  period: periodKey('Periodesleutel.'),
  start: day('Eerste dag (JJJJ-MM-DD).'),
  end: day('Laatste dag (JJJJ-MM-DD).'),
  value: nullable(number()),
  target: nullable(number()),
  warning: nullable(number()),
  status: oneOf(KPI_STATUSES, { description: 'on_track, at_risk, off_track, no_target of no_value.' }),
} as const;

const pointSchema = object<KpiPoint>(pointProperties);

const sparkPointSchema = object<KpiSparkPoint>({
  period: pointProperties.period,
  value: pointProperties.value,
  status: pointProperties.status,
});

const trendSchema = object<KpiTrend>({
  previous_period: periodKey('De periode ervoor.'),
  previous_value: number(),
  change: number(),
  relative_change: nullable(number()),
  direction: oneOf(['up', 'down', 'flat'] as const),
  assessment: oneOf(['good', 'bad', 'neutral'] as const),
});

const headingSchema = object<KpiHeading>({
  id: integer(),
  name: string(),
  unit,
  direction,
  period_kind: periodKind,
  owner: nullable(personSchema),
  source: sourceSchema,
  state,
});

const cardSchema = object<KpiCard>({
  kpi: headingSchema,
  current: nullable(pointSchema),
  trend: nullable(trendSchema),
  sparkline: array(sparkPointSchema),
});

export const boardSchema = object<KpiBoard>({
  today: day('De dag waarop het bord berekend is (Europe/Amsterdam).'),
  periods: integer({ description: 'Perioden per sparkline.' }),
  personal: boolean({ description: 'true: eigen keuze; false: het standaardbord van de organisatie.' }),
  cards: array(cardSchema),
});

export interface BoardQuery {
  readonly periods?: string;
}

export const boardQuerySchema = object<BoardQuery>(
  {
    periods: string({
      pattern: '^[0-9]+$',
      description: 'Perioden per sparkline, 2 tot en met 36 (standaard 12).',
    }),
  },
  { optional: ['periods'] },
);

export const boardChoiceSchema = object<KpiBoardChoice>({
  kpi_ids: array(integer(), { maxItems: 1000, description: "De KPI's op het bord, in volgorde." }),
});

export const boardSettingsSchema = object<KpiBoardSettings>({
  personal: boolean(),
  kpi_ids: array(integer(), { description: 'Wat het bord nu toont, in volgorde.' }),
  default_kpi_ids: array(integer(), { description: 'Het standaardbord van de organisatie.' }),
});

export interface RangeQuery {
  readonly from?: string;
  readonly to?: string;
  readonly ids?: string;
}

export const rangeQuerySchema = object<RangeQuery>(
  {
    from: day('Eerste dag (JJJJ-MM-DD).'),
    to: day('Laatste dag (JJJJ-MM-DD).'),
    ids: string({ maxLength: 2000, description: "Alleen deze KPI's: ids met komma's." }),
  },
  { optional: ['from', 'to', 'ids'] },
);

export const historySchema = object<KpiHistory>({
  from: day('Eerste dag.'),
  to: day('Laatste dag.'),
  items: array(object<KpiHistory['items'][number]>({ kpi: headingSchema, points: array(pointSchema) })),
});

export interface CompareQuery {
  readonly a?: string;
  readonly b?: string;
  readonly ids?: string;
}

export const compareQuerySchema = object<CompareQuery>(
  {
    a: day('Een dag in de eerste periode (JJJJ-MM-DD).'),
    b: day('Een dag in de periode om mee te vergelijken (JJJJ-MM-DD).'),
    ids: string({ maxLength: 2000, description: "Alleen deze KPI's: ids met komma's." }),
  },
  { optional: ['a', 'b', 'ids'] },
);

export const comparisonSchema = object<KpiComparison>({
  a: day('Dag a.'),
  b: day('Dag b.'),
  items: array(
    object<KpiComparison['items'][number]>({
      kpi: headingSchema,
      a: pointSchema,
      b: pointSchema,
      change: nullable(number({ description: 'a - b.' })),
      relative_change: nullable(number()),
      assessment: nullable(oneOf(['good', 'bad', 'neutral'] as const)),
    }),
  ),
});

const drillDownRowSchema = object<KpiDrillDownRow>({
  ...pointProperties,
  note: string(),
  origin: oneOf(['manual', 'import', 'survey', 'finance'] as const, {
    description: 'manual/import (ingevoerd) of survey/finance (berekend).',
  }),
  entered_by: nullable(personSchema),
  entered_at: nullable(string({ description: 'ISO 8601.' })),
});

export const drillDownSchema = object<KpiDrillDown>({
  kpi: kpiSchema,
  from: day('Eerste dag.'),
  to: day('Laatste dag.'),
  rows: array(drillDownRowSchema),
});

export const importRequestSchema = object<KpiImportRequest>({
  csv: string({ maxLength: 2_000_000, description: 'De tekst van het CSV-bestand.' }),
  skip_invalid: boolean({ description: 'Foute regels overslaan en de goede opslaan.' }),
  dry_run: boolean({ description: 'Alleen controleren, niets opslaan.' }),
});

export const importReportSchema = object<KpiImportReport>({
  stored: boolean(),
  lines: integer(),
  created: integer(),
  updated: integer(),
  unchanged: integer({ description: 'Perioden waarvan waarde en notitie al zo waren opgeslagen.' }),
  refused: array(object<KpiImportReport['refused'][number]>({ line: integer(), reason: string() })),
  summary: string(),
});

/** The CSV file of GET /kpis/:id/values/export. */
export const csvFileResponse = {
  description: "CSV-bestand (UTF-8 met BOM, puntkomma's).",
  content: { 'text/csv': { schema: { type: 'string' } } },
} as Schema<unknown>;

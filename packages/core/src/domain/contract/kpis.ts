import type { PeriodKind } from '../periods/index';

/**
 * KPIs on the wire (issue 14). A KPI belongs to the organisation in `X-Organization-Id`. Values
 * travel in the KPI's unit as plain numbers: euro in whole cents, duration in whole seconds,
 * percentage 0–100, number as is. Periods are core's period keys ('2026-W05', '2026-03',
 * '2026-Q1', '2026'). The rules over these types live in `kpis/`.
 */

export const KPI_UNITS = ['number', 'percentage', 'euro', 'duration'] as const;
export type KpiUnit = (typeof KPI_UNITS)[number];

/** Whether a higher or a lower value is the better one. */
export const KPI_DIRECTIONS = ['higher', 'lower'] as const;
export type KpiDirection = (typeof KPI_DIRECTIONS)[number];

export const KPI_SOURCE_TYPES = ['manual', 'survey', 'finance'] as const;
export type KpiSourceType = (typeof KPI_SOURCE_TYPES)[number];

/** What a survey-sourced KPI computes per period, with the results pages' scoring rules. */
export const KPI_SURVEY_METRICS = [
  'nps',
  'likert_mean',
  'likert_top2',
  'rating_mean',
  'response_rate',
  'completed_responses',
] as const;
export type KpiSurveyMetric = (typeof KPI_SURVEY_METRICS)[number];

/** What a finance-sourced KPI computes per period from the finance records. */
export const KPI_FINANCE_METRICS = ['revenue', 'costs', 'result', 'margin'] as const;
export type KpiFinanceMetric = (typeof KPI_FINANCE_METRICS)[number];

export type KpiMetric = KpiSurveyMetric | KpiFinanceMetric;

/**
 * Where a KPI's values come from. `metric` for survey and finance; `survey_id` for survey;
 * `question_id` for NPS, Likert and rating metrics; `statement_id` for the Likert metrics. Fields
 * that do not apply are null.
 */
export interface KpiSourceInput {
  readonly type: KpiSourceType;
  readonly metric: KpiMetric | null;
  readonly survey_id: number | null;
  readonly question_id: string | null;
  readonly statement_id: string | null;
}

/** The source as the server answers it, with the survey's title to name it (null once deleted). */
export interface KpiSource extends KpiSourceInput {
  readonly survey_title: string | null;
}

/** A target for one period, overriding the standing target. */
export interface KpiPeriodTarget {
  readonly period: string;
  readonly target: number;
  /**
   * Where 'risico' ends and 'niet op koers' begins: below the target when higher is better, above
   * it when lower is better. Null: no band (short of the target is off track at once).
   */
  readonly warning: number | null;
}

/** POST /kpis and PUT /kpis/:id. */
export interface KpiInput {
  readonly name: string;
  readonly description: string;
  readonly unit: KpiUnit;
  readonly direction: KpiDirection;
  readonly period_kind: PeriodKind;
  /** The standing target of every period without one of its own; null: none. */
  readonly target: number | null;
  readonly warning: number | null;
  readonly period_targets: readonly KpiPeriodTarget[];
  /** A member of the organisation; null: nobody. */
  readonly owner_id: number | null;
  readonly source: KpiSourceInput;
}

/** A member named on a KPI (its owner, who entered a value). */
export interface KpiPerson {
  readonly id: number;
  readonly name: string;
}

/**
 * Why a KPI cannot compute its values: its survey or question is gone, or the organisation has no
 * finance records yet. 'ok' otherwise.
 */
export const KPI_STATES = [
  'ok',
  'survey_deleted',
  'question_deleted',
  'statement_deleted',
  'no_finance_data',
] as const;
export type KpiState = (typeof KPI_STATES)[number];

/** GET /kpis/:id, a row of GET /kpis. */
export interface Kpi {
  readonly id: number;
  readonly name: string;
  readonly description: string;
  readonly unit: KpiUnit;
  readonly direction: KpiDirection;
  readonly period_kind: PeriodKind;
  readonly target: number | null;
  readonly warning: number | null;
  readonly period_targets: readonly KpiPeriodTarget[];
  readonly owner: KpiPerson | null;
  readonly source: KpiSource;
  /** Whether the source can compute (see KpiState); manual KPIs are always 'ok'. */
  readonly state: KpiState;
  readonly created_at: string;
  readonly updated_at: string;
}

/** GET /kpis: search (`q`, in name and description), filters and paging. */
export interface KpiListQuery {
  readonly q?: string;
  readonly source?: string;
  readonly period_kind?: string;
  readonly owner_id?: string;
  readonly page?: string;
  readonly page_size?: string;
}

/** PUT /kpis/:id/values/:period: a manual value with a note. */
export interface KpiValueInput {
  readonly value: number;
  readonly note: string;
}

/** How a stored value got there. */
export const KPI_VALUE_ORIGINS = ['manual', 'import'] as const;
export type KpiValueOrigin = (typeof KPI_VALUE_ORIGINS)[number];

/** A stored (manual or imported) value. */
export interface KpiValue {
  readonly period: string;
  readonly value: number;
  readonly note: string;
  readonly origin: KpiValueOrigin;
  /** Null when that account is gone. */
  readonly entered_by: KpiPerson | null;
  readonly entered_at: string;
}

/** Status of a value against its period's target and band. */
export const KPI_STATUSES = ['on_track', 'at_risk', 'off_track', 'no_target', 'no_value'] as const;
export type KpiStatus = (typeof KPI_STATUSES)[number];

/** One period of a KPI: its value (null: none), target and status. */
export interface KpiPoint {
  readonly period: string;
  readonly start: string;
  readonly end: string;
  readonly value: number | null;
  readonly target: number | null;
  readonly warning: number | null;
  readonly status: KpiStatus;
}

/**
 * A point of a card's sparkline: the value and its status, nothing more (a hundred cards travel in
 * one answer; the period's target is in `current`, every point's in the history).
 */
export interface KpiSparkPoint {
  readonly period: string;
  readonly value: number | null;
  readonly status: KpiStatus;
}

export type KpiTrendDirection = 'up' | 'down' | 'flat';
export type KpiTrendAssessment = 'good' | 'bad' | 'neutral';

/** A value against the one of the period before. */
export interface KpiTrend {
  readonly previous_period: string;
  readonly previous_value: number;
  readonly change: number;
  /** change / |previous|; null when the previous value is 0. */
  readonly relative_change: number | null;
  readonly direction: KpiTrendDirection;
  readonly assessment: KpiTrendAssessment;
}

/** What a card names of its KPI. */
export interface KpiHeading {
  readonly id: number;
  readonly name: string;
  readonly unit: KpiUnit;
  readonly direction: KpiDirection;
  readonly period_kind: PeriodKind;
  readonly owner: KpiPerson | null;
  readonly source: KpiSource;
  readonly state: KpiState;
}

/** One card of the board. */
export interface KpiCard {
  readonly kpi: KpiHeading;
  /** The newest period of the sparkline that has a value; null when none has. */
  readonly current: KpiPoint | null;
  /** `current` against the period right before it; null when that one has no value. */
  readonly trend: KpiTrend | null;
  /** The last periods up to the running one, oldest first. */
  readonly sparkline: readonly KpiSparkPoint[];
}

/** GET /kpis/board: the caller's choice of KPIs, or the organisation's default. */
export interface KpiBoard {
  /** The day the board was computed for (Europe/Amsterdam). */
  readonly today: string;
  readonly periods: number;
  /** True: the caller chose these KPIs; false: the organisation's default board. */
  readonly personal: boolean;
  readonly cards: readonly KpiCard[];
}

/** PUT /kpis/board (own choice) and PUT /kpis/board/default (the organisation's). */
export interface KpiBoardChoice {
  readonly kpi_ids: readonly number[];
}

/** GET /kpis/board/choice: what the board settings show. */
export interface KpiBoardSettings {
  readonly personal: boolean;
  readonly kpi_ids: readonly number[];
  readonly default_kpi_ids: readonly number[];
}

/** GET /kpis/history: every (or the chosen) KPI over a range of days. */
export interface KpiHistory {
  readonly from: string;
  readonly to: string;
  readonly items: readonly { readonly kpi: KpiHeading; readonly points: readonly KpiPoint[] }[];
}

/** GET /kpis/compare: each KPI's periods holding day `a` and day `b`. */
export interface KpiComparison {
  readonly a: string;
  readonly b: string;
  readonly items: readonly {
    readonly kpi: KpiHeading;
    readonly a: KpiPoint;
    readonly b: KpiPoint;
    /** a against b (a − b); null when either has no value. */
    readonly change: number | null;
    readonly relative_change: number | null;
    readonly assessment: KpiTrendAssessment | null;
  }[];
}

/** One row of the drill-down: a period with its value and where the value came from. */
export interface KpiDrillDownRow extends KpiPoint {
  readonly note: string;
  readonly origin: KpiValueOrigin | KpiSourceType;
  readonly entered_by: KpiPerson | null;
  readonly entered_at: string | null;
}

/** GET /kpis/:id/drill-down. */
export interface KpiDrillDown {
  readonly kpi: Kpi;
  readonly from: string;
  readonly to: string;
  /** Newest first. */
  readonly rows: readonly KpiDrillDownRow[];
}

/** POST /kpis/:id/values/import */
export interface KpiImportRequest {
  /** The file's text (the screen decodes the bytes with core's `decodeCsvBytes`). */
  readonly csv: string;
  /** Store the good lines and report the bad ones, instead of storing nothing when a line is bad. */
  readonly skip_invalid: boolean;
  /** Check only: report what would be stored, store nothing. */
  readonly dry_run: boolean;
}

/** A line of an import that was refused. */
export interface KpiImportRefusal {
  readonly line: number;
  readonly reason: string;
}

/** The answer of an import: stored or not, and why not per line. */
export interface KpiImportReport {
  readonly stored: boolean;
  /** Value lines read (the header not counted). */
  readonly lines: number;
  /** Periods that get a value they did not have, and that get a new value (stored or, unstored, would). */
  readonly created: number;
  readonly updated: number;
  /** Periods whose stored value and note are already what the file says (neither stored again nor counted above). */
  readonly unchanged: number;
  readonly refused: readonly KpiImportRefusal[];
  /** One Dutch sentence saying what happened. */
  readonly summary: string;
}

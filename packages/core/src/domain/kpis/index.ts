// The KPI feature: definitions, values per unit, status and trend, computed sources, the board's
// choice and CSV (issue 14). What other features and packages use of it; everything else in this
// folder is internal. The KPI wire types are the contract's (contract/kpis.ts).

export type { BoardChoiceEntry, KpiCardView, SparklineShape } from './kpiBoardView';
export {
  boardChoiceEntries,
  boardChoiceIds,
  kpiCardView,
  kpiSourceText,
  moveEntry,
  periodKeyName,
  sparklineShape,
  sparklineText,
} from './kpiBoardView';
export type { KpiChartPoint, KpiChartView, KpiTargetSegment, KpiTick } from './kpiChart';
export { axisLabelOf, kpiChart, kpiScale, niceStep, tickLabel } from './kpiChart';
export type { KpiCsvContext, KpiCsvLine, KpiCsvRead, KpiCsvRow } from './kpiCsv';
export {
  decodeCsvBytes,
  importSummary,
  KPI_CSV_HEADER,
  KPI_CSV_LINES_MAX,
  KPI_CSV_MESSAGES,
  kpiCsv,
  readKpiCsv,
} from './kpiCsv';
export type { KpiCheckContext } from './kpiDefinition';
export {
  checkNote,
  KPI_DESCRIPTION_MAX_LENGTH,
  KPI_MESSAGES,
  KPI_NAME_MAX_LENGTH,
  KPI_NOTE_MAX_LENGTH,
  KPI_PERIOD_TARGETS_MAX,
  validateKpiInput,
} from './kpiDefinition';
export type { KpiChoice, KpiFormValues } from './kpiForm';
export {
  EMPTY_KPI_FORM,
  KPI_FORM_FIELDS,
  KPI_UNIT_EXAMPLES,
  KPI_VALUE_PERIODS,
  keptPeriodTargets,
  kpiFormFromKpi,
  kpiFormOtherErrors,
  kpiFormUnit,
  kpiFormUnitChosen,
  kpiInputFromForm,
  kpiMetricChoices,
  kpiMetricNeeds,
  kpiQuestionChoices,
  kpiStatementChoices,
  kpiValueFromForm,
  kpiValuePeriods,
} from './kpiForm';
export type { KpiImportEvent, KpiImportState } from './kpiImport';
export {
  canImport,
  downloadKpiValues,
  importCheckTexts,
  KPI_IMPORT_BYTES_MAX,
  KPI_IMPORT_MESSAGES,
  KPI_IMPORT_START,
  kpiImportStep,
} from './kpiImport';
export type { MetricInfo } from './kpiMetrics';
export {
  financeMetricOf,
  KPI_DIRECTION_LABELS,
  KPI_METRICS,
  KPI_SOURCE_LABELS,
  KPI_STATE_TEXTS,
  KPI_UNIT_LABELS,
  surveyMetricOf,
  surveySourceState,
} from './kpiMetrics';
export type { KpiGateway, KpiRangeQuery } from './kpiPorts';
export type {
  AdvancedKpisAddress,
  CompareChoice,
  DayRange,
  KpiRangeChoice,
  KpiRangePreset,
  RangeResult,
} from './kpiRanges';
export {
  advancedKpisSearch,
  compareProblem,
  DEFAULT_KPI_RANGE,
  defaultCompareChoice,
  KPI_RANGE_LABELS,
  KPI_RANGE_MESSAGES,
  KPI_RANGE_PRESETS,
  kpiRange,
  readAdvancedKpisAddress,
} from './kpiRanges';
export type { KpiPlan, ValuesByPeriod } from './kpiSeries';
export {
  boardKpiIds,
  checkBoardChoice,
  comparePoints,
  KPI_BOARD_MAX,
  KPI_BOARD_MESSAGES,
  kpiCard,
  kpiPoint,
  kpiPoints,
} from './kpiSeries';
export type { FinancePeriodTotals, SurveyPeriodCounts } from './kpiSources';
export { financeMetricValue, surveyMetricValue } from './kpiSources';
export type { PeriodTarget, StatusView, TargetPlan, TrendView } from './kpiStatus';
export {
  KPI_STATUS_VIEWS,
  kpiStatus,
  kpiTrend,
  relativeChange,
  targetFor,
  trendAssessment,
  trendDirection,
  trendView,
} from './kpiStatus';
export type { AssessmentView, ComparisonRowView, DrillDownRowView } from './kpiTables';
export {
  COMPARISON_ASSESSMENTS,
  checkValueEdit,
  comparisonRows,
  comparisonSummary,
  dayRangeText,
  drillDownRows,
  KPI_ORIGIN_LABELS,
  KPI_VALUE_HINTS,
} from './kpiTables';
export type { ParsedValue } from './kpiValues';
export {
  formatDuration,
  formatKpiChange,
  formatKpiValue,
  formatRelativeChange,
  KPI_VALUE_MAX,
  KPI_VALUE_MESSAGES,
  kpiValueProblem,
  kpiValueText,
  parseDuration,
  parseKpiValue,
} from './kpiValues';

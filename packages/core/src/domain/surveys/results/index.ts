// The surveys/results feature: results, analytics, question detail, charts, filters and personal links.
// What other features and packages use of it; everything else in this folder is internal.
export type { AnalyticsView, StatementRow } from './analyticsView';
export { STATEMENTS_EMPTY_TEXT } from './analyticsView';
export type { CheckedDimension, CrosstabCounts } from './crosstab';
export {
  CROSSTAB_MESSAGES,
  countText,
  crosstabSheet,
  dimensionKey,
  hideSmallCounts,
  readDimension,
  rowShare,
  SMALL_COUNT,
  SMALL_COUNT_TEXT,
  sameDimension,
  shareText,
} from './crosstab';
export { FILL_MESSAGES, fillLines } from './fillLines';
export type { FilterChoice, FilterTarget } from './filterTargets';
export { conditionOf, crosstabTargets, filterTargets, typedValues } from './filterTargets';
export { likertBarLabels, unlabelledSharesText } from './likertLabels';
export {
  logicExportCells,
  logicExportHeaders,
  logicHidesQuestions,
  seenView,
  surveyHasLogic,
} from './logicResults';
export { foldForSearch, searchOpenAnswers } from './openAnswers';
export {
  csvCell,
  PERSONAL_LINK_LABEL_MAX_LENGTH,
  PERSONAL_LINK_MESSAGES,
  PERSONAL_LINKS_MAX,
} from './personalLinks';
export { questionResultView } from './questionResultView';
export { rankStatements } from './rankStatements';
export {
  EXPORT_FORMAT_MESSAGE,
  EXPORT_FORMATS,
  isExportFormat,
  responsesExportFileName,
} from './responsesExport';
export type { AxisTick, ColumnChartView, TrendChartView } from './resultsCharts';
export { lineRuns, niceCeiling } from './resultsCharts';
export type { DescribeContext, FilterCheck, FilterSurvey } from './resultsConditions';
export {
  checkResultsFilter,
  describeCondition,
  describeResultsFilter,
  encodeFilterPart,
  parseResultsFilter,
  RESULTS_FILTER_MAX_CONDITIONS,
  RESULTS_FILTER_MAX_LENGTH,
  RESULTS_FILTER_MESSAGES,
  readResultsFilter,
  serialiseResultsFilter,
} from './resultsConditions';
export type { DateFilter } from './resultsFilter';
export {
  dateFilterError,
  dateFilterFromSearch,
  dateFilterSearch,
  EMPTY_DATE_FILTER,
  isDateFilterActive,
  readSearch,
  searchString,
} from './resultsFilter';
export { formatResultDate, formatResultDateTime, parseDay, SURVEY_STATUS_LABELS } from './resultsFormat';
export type {
  CreatedResultsLink,
  ResultsLinksGateway,
  ResultsLinksUseCases,
  SharedResultsGateway,
  SharedResultsState,
} from './resultsLinks';
export { createResultsLinksUseCases, openSharedResults } from './resultsLinks';
export type { CrosstabDimensions, SurveyResultsGateway } from './resultsPorts';
export type {
  CreatedPersonalLinks,
  ResultsUseCases,
  SurveyLinksView,
  SurveyResultsPage,
} from './resultsUseCases';
export { createResultsUseCases } from './resultsUseCases';
export { findQuestion, questionDetailView } from './resultsView';
export type {
  BarRowView,
  LikertLegendItem,
  LikertStatementView,
  OtherTextView,
  QuestionResultView,
} from './resultsViewTypes';
export type { RoundChange, RoundDirection, RoundPoint, RoundQuestionComparison } from './roundComparison';
export {
  compareRounds,
  largestRoundChanges,
  roundChangeSentence,
  roundChangeSentences,
} from './roundComparison';
export type { ResultsLinkForm, ResultsLinkRow, SharedResultsView } from './sharedResults';
export {
  checkResultsLinkForm,
  periodText,
  RESULTS_LINK_LABEL_MAX_LENGTH,
  RESULTS_LINK_MESSAGES,
  RESULTS_LINK_PASSWORD_MAX_LENGTH,
  RESULTS_LINK_PASSWORD_MIN_LENGTH,
  resultsLinkRow,
  SHARED_OPEN_ANSWERS_MIN_RESPONSES,
  SHARED_RESULTS_PATH,
  sharedResultsUrl,
  sharedResultsView,
  sharedTokenFromPath,
  sharesOpenAnswers,
} from './sharedResults';
export type { QrCodeRenderer, QrFormat, ShareError, SurveyShare, SurveyShareDeps } from './surveyShare';
export { createSurveyShare, QR_PNG_SIZE, qrCodeFilename, SHARE_TEXTS } from './surveyShare';

// The analysis feature: what an analyst may know of an organisation (aggregates only), the stated
// rules that find strengths, risks and recommendations in it, the built-in analyst's Markdown
// report and the LLM analyst's prompt (issue 15). What other features and packages use of it;
// everything else in this folder is internal. The wire types are the contract's (contract/analysis.ts).

export type { AnalysisFindings } from './analysisFindings';
export { ANALYSIS_RULES, analysisFindings } from './analysisFindings';
export type {
  AnalysisInput,
  FinanceFacts,
  FinanceMonthFacts,
  ItemCounts,
  KpiDefinition,
  KpiFacts,
  NpsFacts,
  Score,
  ScoreOverTime,
  StatementFacts,
  SurveyCounts,
  SurveyFacts,
} from './analysisInput';
export { ANALYSIS_MIN_ANSWERS, kpiFacts, surveyFacts } from './analysisInput';
export type { AnalysisPrompt } from './analysisPrompt';
export { analysisPrompt } from './analysisPrompt';
export type { RoundChangeFacts, RoundChangeFigure } from './analysisRounds';
export type {
  DateFacts,
  DropdownFacts,
  NumberFacts,
  RankingFacts,
  ValueCountsOverTime,
} from './answerFacts';
export { DROPDOWN_GROUPS, NUMBER_SHIFT } from './answerFacts';
export { ANALYSIS_SECTIONS, analysisTitle, builtinAnalysis } from './builtinAnalysis';

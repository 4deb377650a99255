// The analysis session feature: the business analysis screen's state (R-ANALYSIS-2, R-ANALYSIS-4, R-ANALYSIS-6) and the
// gateway port of its calls. The report pipeline and the PDF layout it exports with are the
// report feature's. What other features and packages use of it; everything else is internal.
export type {
  AnalysisHistory,
  AnalysisSessionDeps,
  AnalysisSessionState,
  AnalysisStatus,
  EarlierAnalysis,
  ShownAnalysis,
} from './AnalysisSession';
export { AnalysisSession, INITIAL_ANALYSIS_STATE } from './AnalysisSession';
export type { ShippedLogos } from './analysisLogos';
export { analysisLogoUrls } from './analysisLogos';
export type { AnalysisMarkdownRequest, BusinessAnalysisGateway } from './analysisPorts';
export {
  ANALYSIS_STATUS_TEXTS,
  ANALYSIS_TEXTS,
  analysisErrorText,
  basisText,
  earlierAnalysisText,
  generatedText,
} from './analysisTexts';
export type { AnalysisScreenView, EarlierAnalysisView } from './analysisView';
export { analysisScreenView, earlierAnalysisViews } from './analysisView';

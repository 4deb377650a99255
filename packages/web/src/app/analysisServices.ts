/**
 * What the business analysis screen (/bedrijfsanalyse) needs, loaded by the container with that
 * screen instead of with every page. jsPDF itself loads only when a PDF is asked for
 * (`loadJsPdfEngine`). Nothing here knows inversify.
 */
export { createBusinessAnalysisGateway, createLogoLoader, loadJsPdfEngine } from '@loop/adapters';
export { AnalysisSession, analysisLogoUrls } from '@loop/core/analysisSession';
export { exportAnalysisMarkdown, exportAnalysisPdf } from '@loop/core/report';

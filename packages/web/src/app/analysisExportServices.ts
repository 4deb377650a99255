/**
 * The business analysis's exports: the PDF (layout, logo loading, the jsPDF engine's wrapper) and
 * the Markdown file, loaded with the first export; jsPDF itself only when `loadJsPdfEngine` runs.
 * Nothing here knows inversify.
 */
export { createLogoLoader, loadJsPdfEngine } from '@loop/adapters';
export { exportAnalysisMarkdown, exportAnalysisPdf } from '@loop/core/report';

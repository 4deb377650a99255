// The report feature: the business analysis report on screen (Markdown to sanitised HTML) and as a
// PDF (a display list laid out here, drawn by an adapter), its file names, logo candidates and exports;
// and the PDF page flow (page, footer, wrapping, page breaks) that every Loop PDF is laid out with.
// What other features and packages use of it; everything else in this folder is internal.
export type {
  ExportAnalysisPdfDeps,
  ExportAnalysisPdfInput,
  ExportAnalysisPdfResult,
} from './analysisExport';
export { exportAnalysisMarkdown, exportAnalysisPdf } from './analysisExport';
export { analysisFileName } from './analysisFileName';
export type { AnalysisLogoSources } from './analysisLogoCandidates';
export { analysisLogoCandidates } from './analysisLogoCandidates';
export type { AnalysisPdfInput } from './layoutAnalysisPdf';
export {
  ANALYSIS_PDF,
  ANALYSIS_PDF_FONTS,
  ANALYSIS_PDF_TITLE,
  fitLogo,
  layoutAnalysisPdf,
  pageFooter,
} from './layoutAnalysisPdf';
export type { PdfColor, PdfDocument, PdfFont, PdfItem, PdfPage } from './pdfDocument';
export type { PdfExportDeps, PdfExportResult } from './pdfExport';
export { exportPdf } from './pdfExport';
export {
  finishPdf,
  PDF_FOOTER_FONT,
  PDF_LOGO_MAX,
  PDF_PAGE,
  PDF_TEXT_LEFT,
  PDF_TEXT_RIGHT,
  PdfPageFlow,
} from './pdfPageFlow';
export { decodeReportEntities, MAX_ENTITY_DECODES, reportHtml } from './reportHtml';
export type { LogoImage, LogoLoader, PdfEngine, TextMeasure } from './reportPorts';
export type { ReportRenderer } from './reportRenderer';
export { createReportRenderer } from './reportRenderer';
export { wrapText } from './wrapText';

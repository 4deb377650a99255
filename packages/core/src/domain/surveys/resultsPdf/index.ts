// The surveys/resultsPdf feature: a PDF summary of a survey's results (its figures, charts drawn as
// bars, never an open answer), laid out with the report feature's page flow and drawn by the same
// PDF engine as the business analysis; its texts, file name and export.
// What other features and packages use of it; everything else in this folder is internal.
export type {
  ExportResultsPdfDeps,
  ExportResultsPdfInput,
  ExportResultsPdfResult,
  ResultsPdfExporter,
  ResultsPdfRequest,
} from './exportResultsPdf';
export { exportResultsPdf } from './exportResultsPdf';
export type { ResultsPdfInput, ResultsPdfView } from './layoutResultsPdf';
export { layoutResultsPdf } from './layoutResultsPdf';
export { RESULTS_PDF_TEXTS } from './resultsPdfQuestions';
export { madeAtText, RESULTS_PDF_KICKER, resultsPdfFileName, resultsPeriodText } from './resultsPdfTexts';

import type { FileSaver } from '../shared';
import { analysisFileName } from './analysisFileName';
import { layoutAnalysisPdf } from './layoutAnalysisPdf';
import { exportPdf, type PdfExportDeps, type PdfExportResult } from './pdfExport';
import type { ReportRenderer } from './reportRenderer';

export interface ExportAnalysisPdfDeps extends PdfExportDeps {
  /** The renderer the screen shows the report with: the PDF reads the HTML it made. */
  readonly report: ReportRenderer;
}

export interface ExportAnalysisPdfInput {
  readonly markdown: string;
  readonly organizationName: string | null;
  readonly generatedAt: Date;
  /** Logo addresses in order of preference (`analysisLogoCandidates`). */
  readonly logoUrls: readonly string[];
  /** The moment of the export: the file name's date. */
  readonly now: Date;
}

export type ExportAnalysisPdfResult = PdfExportResult;

/**
 * Makes the analysis PDF and hands it to the user (`exportPdf`: engine and logo side by side, laid
 * out, drawn, saved). Its body is what the screen shows: the sanitised HTML the screen's renderer
 * made of the report, read as a browser reads it. Any failure, the engine failing to load included,
 * is `{ ok: false }`: the screen then shows R-ANALYSIS-7's alert.
 */
export function exportAnalysisPdf(
  deps: ExportAnalysisPdfDeps,
  input: ExportAnalysisPdfInput,
): Promise<ExportAnalysisPdfResult> {
  return exportPdf(deps, {
    logoUrls: input.logoUrls,
    fileName: () => analysisFileName(input.organizationName, input.now, 'pdf'),
    layout: (measure, logo) =>
      layoutAnalysisPdf({
        report: deps.report.read(deps.report.html(input.markdown)),
        organizationName: input.organizationName,
        generatedAt: input.generatedAt,
        logo,
        measure,
      }),
  });
}

/** The analysis's Markdown as it came, saved as `bedrijfsanalyse-….md`. */
export function exportAnalysisMarkdown(
  deps: { readonly fileSaver: Pick<FileSaver, 'saveText'> },
  input: { readonly markdown: string; readonly organizationName: string | null; readonly now: Date },
): { fileName: string } {
  const fileName = analysisFileName(input.organizationName, input.now, 'md');
  deps.fileSaver.saveText(fileName, input.markdown, 'text/markdown;charset=utf-8');
  return { fileName };
}

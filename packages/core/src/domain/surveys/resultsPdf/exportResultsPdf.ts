import { exportPdf, type PdfExportDeps, type PdfExportResult } from '../../report';
import type { DateFilter } from '../results';
import { layoutResultsPdf, type ResultsPdfView } from './layoutResultsPdf';
import { resultsPdfFileName } from './resultsPdfTexts';

export type ExportResultsPdfDeps = PdfExportDeps;

/** What the results page has loaded: the survey's title, the filter and the results' view. */
export interface ResultsPdfRequest {
  readonly surveyTitle: string;
  readonly filter: DateFilter;
  /** The results filter in Dutch ('Afdeling is Verkoop en …'), printed under the period; absent: none. */
  readonly filterText?: string;
  readonly view: ResultsPdfView;
}

export interface ExportResultsPdfInput extends ResultsPdfRequest {
  /** Logo addresses in order of preference (the analysis PDF's: organisation, default, fallback). */
  readonly logoUrls: readonly string[];
  /** The moment of the export: the header's date and the file name's. */
  readonly now: Date;
}

export type ExportResultsPdfResult = PdfExportResult;

/** The results page's export of its PDF summary, the composition root's ports already given. */
export type ResultsPdfExporter = (request: ResultsPdfRequest) => Promise<ExportResultsPdfResult>;

/**
 * Makes the PDF summary of a survey's results from what the results page shows and hands it to
 * the user, as the analysis PDF is (`exportPdf`: engine and logo side by side, laid out, drawn,
 * saved). Any failure, the engine failing to load included, is `{ ok: false }`.
 */
export function exportResultsPdf(
  deps: ExportResultsPdfDeps,
  input: ExportResultsPdfInput,
): Promise<ExportResultsPdfResult> {
  return exportPdf(deps, {
    logoUrls: input.logoUrls,
    fileName: () => resultsPdfFileName(input.surveyTitle, input.now),
    layout: (measure, logo) =>
      layoutResultsPdf({
        surveyTitle: input.surveyTitle,
        filter: input.filter,
        ...(input.filterText ? { filterText: input.filterText } : {}),
        view: input.view,
        generatedAt: input.now,
        logo,
        measure,
      }),
  });
}

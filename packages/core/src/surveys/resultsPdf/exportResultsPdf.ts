import type { LogoLoader, PdfEngine } from '../../report';
import type { FileSaver } from '../../shared';
import type { DateFilter } from '../results';
import { layoutResultsPdf, type ResultsPdfView } from './layoutResultsPdf';
import { resultsPdfFileName } from './resultsPdfTexts';

export interface ExportResultsPdfDeps {
  /** Loads the PDF engine on first use (jsPDF stays out of the results page's first load). */
  readonly loadPdfEngine: () => Promise<PdfEngine>;
  readonly logoLoader: LogoLoader;
  readonly fileSaver: Pick<FileSaver, 'saveBytes'>;
}

/** What the results page has loaded: the survey's title, the filter and the results' view. */
export interface ResultsPdfRequest {
  readonly surveyTitle: string;
  readonly filter: DateFilter;
  readonly view: ResultsPdfView;
}

export interface ExportResultsPdfInput extends ResultsPdfRequest {
  /** Logo addresses in order of preference (the analysis PDF's: organisation, default, fallback). */
  readonly logoUrls: readonly string[];
  /** The moment of the export: the header's date and the file name's. */
  readonly now: Date;
}

export type ExportResultsPdfResult =
  | { readonly ok: true; readonly fileName: string }
  | { readonly ok: false };

/** The results page's export of its PDF summary, the composition root's ports already given. */
export type ResultsPdfExporter = (request: ResultsPdfRequest) => Promise<ExportResultsPdfResult>;

/**
 * Makes the PDF summary of a survey's results from what the results page shows and hands it to
 * the user, as `exportAnalysisPdf` does the analysis: engine and logo loaded side by side (no logo
 * when none loads), laid out, drawn, saved. Any failure, the engine failing to load included, is
 * `{ ok: false }`.
 */
export async function exportResultsPdf(
  deps: ExportResultsPdfDeps,
  input: ExportResultsPdfInput,
): Promise<ExportResultsPdfResult> {
  try {
    const [engine, logo] = await Promise.all([
      deps.loadPdfEngine(),
      deps.logoLoader.load(input.logoUrls).catch(() => null),
    ]);
    const doc = layoutResultsPdf({
      surveyTitle: input.surveyTitle,
      filter: input.filter,
      view: input.view,
      generatedAt: input.now,
      logo,
      measure: engine.measure,
    });
    const bytes = engine.render(doc);
    const fileName = resultsPdfFileName(input.surveyTitle, input.now);
    deps.fileSaver.saveBytes(fileName, bytes, 'application/pdf');
    return { ok: true, fileName };
  } catch {
    return { ok: false };
  }
}

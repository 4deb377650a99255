import type { FileSaver } from '../shared';
import type { PdfDocument } from './pdfDocument';
import type { LogoImage, LogoLoader, PdfEngine, TextMeasure } from './reportPorts';

/** What making and saving any Loop PDF needs. */
export interface PdfExportDeps {
  /** Loads the PDF engine on first use (jsPDF stays out of every first load). */
  readonly loadPdfEngine: () => Promise<PdfEngine>;
  readonly logoLoader: LogoLoader;
  readonly fileSaver: Pick<FileSaver, 'saveBytes'>;
}

export type PdfExportResult = { readonly ok: true; readonly fileName: string } | { readonly ok: false };

/**
 * Makes a PDF and hands it to the user: engine and logo loaded side by side (no logo when none
 * loads), laid out with the engine's metrics, drawn, saved under its file name. Any failure, the engine
 * failing to load included, is `{ ok: false }`: the screen then says so.
 */
export async function exportPdf(
  deps: PdfExportDeps,
  pdf: {
    readonly logoUrls: readonly string[];
    /** Asked for when the PDF is drawn, so a failure there is a failed export too. */
    readonly fileName: () => string;
    readonly layout: (measure: TextMeasure, logo: LogoImage | null) => PdfDocument;
  },
): Promise<PdfExportResult> {
  try {
    const [engine, logo] = await Promise.all([
      deps.loadPdfEngine(),
      deps.logoLoader.load(pdf.logoUrls).catch(() => null),
    ]);
    const bytes = engine.render(pdf.layout(engine.measure, logo));
    const fileName = pdf.fileName();
    deps.fileSaver.saveBytes(fileName, bytes, 'application/pdf');
    return { ok: true, fileName };
  } catch {
    return { ok: false };
  }
}

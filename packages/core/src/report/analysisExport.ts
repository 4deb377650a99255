import type { FileSaver } from '../shared';
import { analysisFileName } from './analysisFileName';
import { layoutAnalysisPdf } from './layoutAnalysisPdf';
import type { LogoLoader, PdfEngine } from './reportPorts';

export interface ExportAnalysisPdfDeps {
  /** Loads the PDF engine on first use (jsPDF stays out of the first load). */
  readonly loadPdfEngine: () => Promise<PdfEngine>;
  readonly logoLoader: LogoLoader;
  readonly fileSaver: Pick<FileSaver, 'saveBytes'>;
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

export type ExportAnalysisPdfResult =
  | { readonly ok: true; readonly fileName: string }
  | { readonly ok: false };

/**
 * Makes the analysis PDF and hands it to the user: engine and logo loaded side by side (no logo when
 * none loads), laid out, drawn, saved. Any failure, the engine failing to load included, is
 * `{ ok: false }`: the screen then shows the spec's alert.
 */
export async function exportAnalysisPdf(
  deps: ExportAnalysisPdfDeps,
  input: ExportAnalysisPdfInput,
): Promise<ExportAnalysisPdfResult> {
  try {
    const [engine, logo] = await Promise.all([
      deps.loadPdfEngine(),
      deps.logoLoader.load(input.logoUrls).catch(() => null),
    ]);
    const doc = layoutAnalysisPdf({
      markdown: input.markdown,
      organizationName: input.organizationName,
      generatedAt: input.generatedAt,
      logo,
      measure: engine.measure,
    });
    const bytes = engine.render(doc);
    const fileName = analysisFileName(input.organizationName, input.now, 'pdf');
    deps.fileSaver.saveBytes(fileName, bytes, 'application/pdf');
    return { ok: true, fileName };
  } catch {
    return { ok: false };
  }
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

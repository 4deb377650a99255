/**
 * What the business analysis screen (/bedrijfsanalyse) needs, loaded by the container with that
 * screen instead of with every page. The exports' code (and with it the report pipeline the PDF
 * layout uses) comes later, with the first export (`analysisExportServices.ts`). Nothing here
 * knows inversify.
 */
import type { FileSaver } from '@loop/core';
import type { BusinessAnalysisGateway } from '@loop/core/analysisSession';
import { AnalysisSession, analysisLogoUrls } from '@loop/core/analysisSession';
import type { BrandingStore } from '@loop/core/brandingStore';
import type { PdfEngine, ReportRenderer } from '@loop/core/report';
import type { Clock } from '@loop/core/session';
import { ANALYSIS_LOGOS } from '../branding/useBranding';

export { createBusinessAnalysisGateway } from '@loop/adapters';

/** The ports an analysis session is made of, as the container hands them over. */
export interface AnalysisSessionPorts {
  readonly gateway: BusinessAnalysisGateway;
  readonly clock: Clock;
  readonly files: FileSaver;
  readonly fetch: typeof globalThis.fetch;
  readonly loadPdfEngine: () => Promise<PdfEngine>;
  /** The renderer the report is shown with: the PDF is made from the HTML it made. */
  readonly loadReport: () => Promise<ReportRenderer>;
  readonly branding: BrandingStore;
  readonly alert: (message: string) => void;
  /** The site's origin, against which relative logo paths resolve. */
  readonly origin: () => string;
}

/** A new analysis session per visit of the screen, with its exports loaded on first use. */
export function createAnalysisSessions(ports: AnalysisSessionPorts): () => AnalysisSession {
  const { gateway, clock, files, fetch, loadPdfEngine, loadReport, branding, alert, origin } = ports;
  const exports = () => import('./analysisExportServices');
  return () =>
    new AnalysisSession({
      gateway,
      clock,
      // A chunk that cannot load is a failure like any other (the session alerts).
      exportPdf: async (input) => {
        const [{ createLogoLoader, exportAnalysisPdf }, report] = await Promise.all([
          exports(),
          loadReport(),
        ]);
        return exportAnalysisPdf(
          { loadPdfEngine, logoLoader: createLogoLoader(fetch), fileSaver: files, report },
          input,
        );
      },
      exportMarkdown: async (input) => (await exports()).exportAnalysisMarkdown({ fileSaver: files }, input),
      logoUrls: () => analysisLogoUrls(branding.getSnapshot().branding, ANALYSIS_LOGOS, origin()),
      alert,
    });
}

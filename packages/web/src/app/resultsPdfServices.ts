/**
 * The results page's PDF summary, loaded with the first click on its button rather than with the
 * page: the layout, the logo loader and the export; jsPDF itself only through `LoadPdfEngine`.
 * Nothing here knows inversify.
 */
import { createLogoLoader } from '@loop/adapters';
import type { FileSaver } from '@loop/core';
import { analysisLogoUrls } from '@loop/core/analysisSession';
import type { BrandingStore } from '@loop/core/brandingStore';
import type { PdfEngine } from '@loop/core/report';
import type { Clock } from '@loop/core/session';
import {
  type ExportResultsPdfResult,
  exportResultsPdf,
  type ResultsPdfRequest,
} from '@loop/core/surveys/resultsPdf';
import { ANALYSIS_LOGOS } from '../branding/useBranding';

/** The ports the export is made of, as the container hands them over. */
export interface ResultsPdfPorts {
  readonly files: Pick<FileSaver, 'saveBytes'>;
  readonly fetch: typeof globalThis.fetch;
  readonly loadPdfEngine: () => Promise<PdfEngine>;
  readonly branding: BrandingStore;
  readonly clock: Clock;
  /** The site's origin, against which relative logo paths resolve. */
  readonly origin: () => string;
}

/** Makes and saves the PDF of what the page shows, with the analysis PDF's logo (organisation's first). */
export function exportResultsPdfWith(
  ports: ResultsPdfPorts,
  request: ResultsPdfRequest,
): Promise<ExportResultsPdfResult> {
  return exportResultsPdf(
    { loadPdfEngine: ports.loadPdfEngine, logoLoader: createLogoLoader(ports.fetch), fileSaver: ports.files },
    {
      ...request,
      logoUrls: analysisLogoUrls(ports.branding.getSnapshot().branding, ANALYSIS_LOGOS, ports.origin()),
      now: new Date(ports.clock.now()),
    },
  );
}

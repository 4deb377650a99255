/**
 * What the survey screens need from adapters and core, loaded by the container with the first of
 * those screens instead of with every page: the editor, validation, results and their gateways
 * are about 18 kB gzip the login page does not need. Nothing here knows inversify.
 */
import type { FileSaver } from '@loop/core';
import { createSurveyShare, type QrCodeRenderer, type SurveyShare } from '@loop/core/surveys/results';
import type { ResultsPdfExporter } from '@loop/core/surveys/resultsPdf';
import type { ResultsPdfPorts } from './resultsPdfServices';

export {
  createAlertsGateway,
  createInvitationPreviewGateway,
  createOpenAnswerSummaryGateway,
  createResultsLinksGateway,
  createSurveyDataGateway,
  createSurveyEmbedGateway,
  createSurveyResultsGateway,
  createSurveyTemplatesGateway,
} from '@loop/adapters';
export { logDateOf } from '@loop/core/logs';
export { createAlertUseCases } from '@loop/core/surveys/alerts';
export { createSurveyDataUseCases } from '@loop/core/surveys/data';
export { createSurveyEditorPool, createSurveyPreview, SurveyEditor } from '@loop/core/surveys/editor';
export { createEmbedUseCases } from '@loop/core/surveys/embed';
export { createResultsLinksUseCases, createResultsUseCases } from '@loop/core/surveys/results';

/**
 * The results page's PDF summary, handed out with the page; its code (layout, logo loader, export)
 * loads with the first click (`resultsPdfServices.ts`), jsPDF inside it.
 */
export function createResultsPdfExporter(ports: Omit<ResultsPdfPorts, 'origin'>): ResultsPdfExporter {
  const exports = () => import('./resultsPdfServices');
  const origin = () => globalThis.location.origin;
  return async (request) => (await exports()).exportResultsPdfWith({ ...ports, origin }, request);
}
export { createSummaryUseCases } from '@loop/core/surveys/summary';

/**
 * The share step's use-cases; `qrcode` (its adapter, `@loop/adapters/qr`) is a chunk of its own that
 * loads with the first QR code shown, never with a page. A failed load is tried again.
 */
export function createSurveyShareWith(files: FileSaver): SurveyShare {
  let renderer: Promise<QrCodeRenderer> | null = null;
  const qr = () => {
    renderer ??= import('@loop/adapters/qr').then(
      (module) => module.createQrCodeRenderer(),
      (error: unknown) => {
        renderer = null;
        throw error;
      },
    );
    return renderer;
  };
  return createSurveyShare({ qr, files });
}

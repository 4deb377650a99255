/**
 * What the survey screens need from adapters and core, loaded by the container with the first of
 * those screens instead of with every page: the editor, validation, results and their gateways
 * are about 18 kB gzip the login page does not need. Nothing here knows inversify.
 */
import type { ResultsPdfExporter } from '@loop/core/surveys/resultsPdf';
import type { ResultsPdfPorts } from './resultsPdfServices';

export {
  createInvitationPreviewGateway,
  createOpenAnswerSummaryGateway,
  createSurveyDataGateway,
  createSurveyResultsGateway,
  createSurveyTemplatesGateway,
} from '@loop/adapters';
export { logDateOf } from '@loop/core/logs';
export { createSurveyDataUseCases } from '@loop/core/surveys/data';
export { createSurveyEditorPool, createSurveyPreview, SurveyEditor } from '@loop/core/surveys/editor';
export { createResultsUseCases, createSurveyShare } from '@loop/core/surveys/results';

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

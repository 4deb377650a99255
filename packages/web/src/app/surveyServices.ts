/**
 * What the survey screens need from adapters and core, loaded by the container with the first of
 * those screens instead of with every page: the editor, validation, results and their gateways
 * are about 18 kB gzip the login page does not need. Nothing here knows inversify.
 */
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
export { createResultsUseCases } from '@loop/core/surveys/results';
export { createSummaryUseCases } from '@loop/core/surveys/summary';

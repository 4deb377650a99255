// The surveys/data feature: individual responses, retention, anonymity and deleting a survey's data.
// What other features and packages use of it; everything else in this folder is internal.
export { ANONYMITY_EXPLANATION, anonymitySummary } from './anonymity';
export {
  deleteSurveyText,
  eraseResponseText,
  eraseResponseTitle,
  RESPONSE_KIND_LABELS,
  RESPONSE_PROGRESS_LABELS,
  RESPONSE_PROGRESSES,
  responseName,
  SURVEY_DATA_MESSAGES,
  xlsxExportNote,
} from './individualResponses';
export type { RetentionForm, RetentionMode } from './retention';
export {
  RETENTION_EXPLANATION,
  RETENTION_MESSAGES,
  RETENTION_MONTHS_MAX,
  RETENTION_MONTHS_MIN,
  retentionCutoff,
  retentionForm,
  retentionSummary,
  validateRetention,
} from './retention';
export type { SurveyDataGateway } from './surveyDataPorts';
export type { SurveyDataUseCases } from './surveyDataUseCases';
export { createSurveyDataUseCases } from './surveyDataUseCases';

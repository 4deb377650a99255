// HTTP client and gateways

// Downloads (exports, personal links as CSV)
export type { FileSaverDeps } from './download/createBrowserFileSaver';
export { createBrowserFileSaver } from './download/createBrowserFileSaver';
export { browserFetch } from './http/browserFetch';
export { createAdminBillingGateway } from './http/createAdminBillingGateway';
export { createAdminGateway } from './http/createAdminGateway';
export { createAdminLogsGateway } from './http/createAdminLogsGateway';
export { createAlertsGateway } from './http/createAlertsGateway';
export type {
  ApiClient,
  ApiClientOptions,
  ApiSession,
  DownloadBody,
  HttpMethod,
  RequestOptions,
  Uploader,
} from './http/createApiClient';
export { apiBaseUrl, createApiClient, NO_SESSION } from './http/createApiClient';
export { createApiKeysGateway } from './http/createApiKeysGateway';
export { createAuthGateway } from './http/createAuthGateway';
export { createBillingGateway } from './http/createBillingGateway';
export { createBrandingGateway } from './http/createBrandingGateway';
export { createBusinessAnalysisGateway } from './http/createBusinessAnalysisGateway';
export { createContactMapGateway } from './http/createContactMapGateway';
export { createContactsGateway } from './http/createContactsGateway';
export { createFinanceGateway } from './http/createFinanceGateway';
export { createInvitationsGateway, createUnsubscribeGateway } from './http/createInvitationsGateway';
export { createInvoiceGateway } from './http/createInvoiceGateway';
export { createKpiGateway } from './http/createKpiGateway';
export { createOpenAnswerSummaryGateway } from './http/createOpenAnswerSummaryGateway';
export { createOrganisationGateway } from './http/createOrganisationGateway';
export {
  createInvitationPreviewGateway,
  createRespondentApiClient,
  createRespondGateway,
} from './http/createRespondGateway';
export { createResultsLinksGateway, createSharedResultsGateway } from './http/createResultsLinksGateway';
export { createRoundsGateway } from './http/createRoundsGateway';
export { createSurveyDataGateway } from './http/createSurveyDataGateway';
export { createSurveyEmbedGateway } from './http/createSurveyEmbedGateway';
export { createSurveyResultsGateway } from './http/createSurveyResultsGateway';
export { createSurveysGateway, createSurveyTemplatesGateway } from './http/createSurveysGateway';
export { createInvitationLinkGateway, createTeamGateway } from './http/createTeamGateway';
export { createUserGateway } from './http/createUserGateway';
export { createWebhooksGateway } from './http/createWebhooksGateway';
export { filenameFromContentDisposition } from './http/downloadFile';
export { failureFromBody, fallbackDetail } from './http/failureFromBody';
export type { XhrLike } from './http/xhrUpload';
export { createXhrUpload, xhrUpload } from './http/xhrUpload';
// Ids for new survey questions, options and statements
export { randomIds } from './ids/randomIds';
// The business analysis PDF: jsPDF (loaded on first use) and the logo loader, DOM-free (also `@loop/adapters/pdf`)
export type { ImageInfo, LogoFetch } from './pdf';
export {
  createJsPdfEngine,
  createJsPdfMeasure,
  createLogoLoader,
  imageInfo,
  loadJsPdfEngine,
  MAX_LOGO_BYTES,
  winAnsiText,
} from './pdf';
// Answering page: public-link memory, unsaved answers, respondent keys
export {
  browserSessionStorage,
  createAnswerDraftStore,
  createPublicLinkStore,
} from './respond/createRespondentStores';
export { cryptoRespondentKeys } from './respond/cryptoRespondentKeys';
// Session: token decoding, clock and timers
export { browserTimer, clampDelay, MAX_TIMER_DELAY_MS } from './session/browserTimer';
export { createJwtDecoder } from './session/createJwtDecoder';
export { systemClock } from './session/systemClock';
export { wait } from './session/wait';
// Local storage (R-AUTH-1, R-ORG-2, R-BILL-14, R-ACCESS-7, R-PRIV-2 keys)
export { browserStorage } from './storage/browserStorage';
export { createConsentStore } from './storage/createConsentStore';
export type { DebugAdminFlag } from './storage/createDebugAdminFlag';
export { createDebugAdminFlag } from './storage/createDebugAdminFlag';
export { createFeatureStore } from './storage/createFeatureStore';
export { createMemoryStorage } from './storage/createMemoryStorage';
export { createOrganisationStore } from './storage/createOrganisationStore';
export { createRegistrationKeyStore } from './storage/createRegistrationKeyStore';
export { createTokenStore } from './storage/createTokenStore';
export { STORAGE_KEYS } from './storage/storageKeys';

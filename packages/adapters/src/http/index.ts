// The HTTP entry (`@loop/adapters/http`): the API client on ofetch and the gateways a client outside
// the browser uses (the command-line client, packages/cli). It runs on Node's fetch, FormData and Blob
// as well as the browser's; it imports only core and ofetch and touches no browser global (the
// architecture test holds it to that).
export type {
  ApiClient,
  ApiClientOptions,
  ApiSession,
  DownloadBody,
  HttpMethod,
  RequestOptions,
  Uploader,
} from './createApiClient';
export { apiBaseUrl, createApiClient, NO_SESSION, parseBody } from './createApiClient';
export { createContactsGateway } from './createContactsGateway';
export { createKpiGateway } from './createKpiGateway';
export { createSurveysGateway } from './createSurveysGateway';
export { filenameFromContentDisposition } from './downloadFile';
export { failureFromBody, fallbackDetail } from './failureFromBody';

// The api feature: failures as values (ApiResult, FormResult) and the gateway ports of account, organisation and branding calls.
// What other features and packages use of it; everything else in this folder is internal.
export type { ApiResult } from './apiResult';
export { apiFailure, apiOk, GENERIC_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE } from './apiResult';
export type { FormResult } from './formResult';
export { formFromApi, formInvalid, formOk } from './formResult';
export type {
  AdminGateway,
  AuthGateway,
  BrandingGateway,
  BrandingImage,
  OrganisationGateway,
  UploadFile,
  UserGateway,
} from './ports';
export type {
  RefreshGateway,
  SessionControl,
  SessionEndReason,
  SessionState,
  SessionStatus,
  StoredTokens,
  TokenDecoder,
  TokenStore,
} from './sessionPorts';

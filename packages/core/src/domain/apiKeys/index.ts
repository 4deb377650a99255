// The API keys feature: an organisation's keys for integrations and the CLI (R-KEY-1 to R-KEY-9),
// their scopes, format and form, and the Koppelingen screen's use-cases.
// What other features and packages use of it; everything else in this folder is internal.
export type { ApiKeyForm } from './apiKeyRules';
export {
  API_KEY_MARK,
  API_KEY_MAX_DAYS,
  API_KEY_MESSAGES,
  API_KEY_NAME_MAX_LENGTH,
  API_KEY_PATTERN,
  API_KEY_SCOPE_LABELS,
  apiKeyExpiry,
  apiKeyExpiryError,
  apiKeyPrefix,
  checkApiKeyForm,
  isApiKeyScope,
} from './apiKeyRules';
export type {
  ApiKeyRow,
  ApiKeyStatus,
  ApiKeysGateway,
  ApiKeysUseCases,
  CreatedApiKey,
} from './apiKeyUseCases';
export { apiKeyRow, createApiKeysUseCases } from './apiKeyUseCases';

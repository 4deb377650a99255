/** Local-storage keys of R-AUTH-1, R-ORG-2, R-BILL-14, R-ACCESS-7, R-PRIV-2; other tabs and older app versions read the same names. */
export const STORAGE_KEYS = {
  token: 'token',
  refreshToken: 'refresh_token',
  currentOrgId: 'currentOrgId',
  currentOrgName: 'currentOrgName',
  features: 'features',
  debugAdmin: 'debug_admin',
  /** Loop's own: the key of a registration made in this browser, until its link is opened. */
  registrationKey: 'registration_key',
} as const;

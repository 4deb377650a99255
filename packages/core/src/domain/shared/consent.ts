/** Cookie consent, kept per host (R-PRIV-2): app host and public site each have their own key. */
export type ConsentValue = 'accepted' | 'declined';

export interface ConsentStore {
  read(): ConsentValue | null;
  write(value: ConsentValue): void;
}

/** The banner shows while no choice is stored (R-PRIV-2). */
export const shouldShowConsentBanner = (stored: ConsentValue | null): boolean => stored === null;

export const parseConsent = (raw: string | null): ConsentValue | null =>
  raw === 'accepted' || raw === 'declined' ? raw : null;

/** Storage keys of the two consent scopes (R-PRIV-2: separate keys for app host and public site). */
export const CONSENT_KEYS = { app: 'cookie_consent_app', site: 'cookie_consent_site' } as const;

/**
 * Which consent key applies on `hostname`: the app host's own key there, the public site's key on
 * any other host serving these pages. Without a configured app host every host counts as the app.
 */
export function consentKeyFor(hostname: string, appHost: string | null | undefined): string {
  if (!appHost) return CONSENT_KEYS.app;
  return hostname.toLowerCase() === appHost.toLowerCase() ? CONSENT_KEYS.app : CONSENT_KEYS.site;
}

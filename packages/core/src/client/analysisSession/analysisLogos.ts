import { withVersion } from '../../domain/branding';
import type { Branding } from '../../domain/contract';
import { analysisLogoCandidates } from '../../domain/report';

/** The logos the app ships: the default one the screens show, and a static fallback the PDF can embed. */
export interface ShippedLogos {
  readonly defaultLogo: string;
  readonly fallbackLogo: string;
}

/**
 * The PDF cover's logo candidates in the order of R-ANALYSIS-13: the organisation's own logo (with its
 * cache-busting version, as the screens load it), the default logo, the static fallback; relative
 * paths resolved against the site's origin.
 */
export function analysisLogoUrls(branding: Branding | null, logos: ShippedLogos, origin: string): string[] {
  const own = branding?.logo_url ? withVersion(branding.logo_url, branding.version ?? '') : null;
  return analysisLogoCandidates(
    { organizationLogo: own, defaultLogo: logos.defaultLogo, fallbackLogo: logos.fallbackLogo },
    origin,
  );
}

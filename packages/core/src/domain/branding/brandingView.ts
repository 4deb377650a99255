import type { Branding } from '../contract';
import { DEFAULT_PRIMARY_COLOR } from './colour';

export interface BrandingDefaults {
  readonly logo: string;
  readonly background: string;
}

export interface BrandingView {
  readonly logoSrc: string;
  readonly backgroundSrc: string;
  readonly primaryColor: string;
  /** True when the organisation's own logo is shown. */
  readonly hasOwnLogo: boolean;
}

/** Adds the cache-busting `v` query parameter, keeping any query and fragment already there. */
export function withVersion(url: string, version: string): string {
  if (!version) return url;
  const hashAt = url.indexOf('#');
  const base = hashAt === -1 ? url : url.slice(0, hashAt);
  const hash = hashAt === -1 ? '' : url.slice(hashAt);
  const separator = base.includes('?') ? '&' : '?';
  return `${base}${separator}v=${encodeURIComponent(version)}${hash}`;
}

/** The organisation's logo, background and brand colour, with the defaults where it has none (R-BRAND-2). */
export function brandingView(branding: Branding | null, defaults: BrandingDefaults): BrandingView {
  const logo = branding?.logo_url;
  const background = branding?.background_url;
  const version = branding?.version ?? '';
  return {
    logoSrc: logo ? withVersion(logo, version) : defaults.logo,
    backgroundSrc: background ? withVersion(background, version) : defaults.background,
    primaryColor: branding?.primary_color ?? DEFAULT_PRIMARY_COLOR,
    hasOwnLogo: Boolean(logo),
  };
}

/** The theme fetch is retried up to 3 times, 600 ms apart (R-BRAND-4). */
export const THEME_RETRIES = 3;
export const THEME_RETRY_DELAY_MS = 600;

/**
 * Loads the branding, retrying failures; resolves null after the last failure so the screen falls
 * back to the default background.
 */
export async function loadBranding(deps: {
  readonly fetchBranding: () => Promise<{ ok: true; value: Branding } | { ok: false }>;
  readonly wait: (ms: number) => Promise<void>;
}): Promise<Branding | null> {
  for (let attempt = 0; attempt <= THEME_RETRIES; attempt++) {
    if (attempt > 0) await deps.wait(THEME_RETRY_DELAY_MS);
    const answer = await deps.fetchBranding();
    if (answer.ok) return answer.value;
  }
  return null;
}

import { type BrandingView, brandingView } from '@loop/core/branding';
import type { BrandingState } from '@loop/core/brandingStore';
import { useMemo, useSyncExternalStore } from 'react';
import { useInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';

/** Shipped in public/: shown when the organisation has no logo or background of its own. */
export const BRANDING_DEFAULTS = {
  logo: '/default-logo.svg',
  background: '/default-background.svg',
} as const;

/**
 * The analysis PDF's logos after the organisation's own (R-ANALYSIS-13): the default logo, then its PNG,
 * shipped in public/ as the static fallback, since the PDF embeds PNG and JPEG but not SVG.
 */
export const ANALYSIS_LOGOS = {
  defaultLogo: BRANDING_DEFAULTS.logo,
  fallbackLogo: '/default-logo.png',
} as const;

/** The current organisation's branding as stored, and as the screens show it (defaults filled in). */
export function useBranding(): { readonly state: BrandingState; readonly view: BrandingView } {
  const store = useInjection(TOKENS.BrandingStore);
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const view = useMemo(() => brandingView(state.branding, BRANDING_DEFAULTS), [state.branding]);
  return { state, view };
}

/** The logos an analysis PDF may carry (R-ANALYSIS-13), each a path or an address; null or '' for none. */
export interface AnalysisLogoSources {
  readonly organizationLogo: string | null;
  readonly defaultLogo: string | null;
  readonly fallbackLogo: string;
}

const ABSOLUTE = /^[a-z][a-z0-9+.-]*:/i;
const HTTP = /^https?:\/\/[^/?#\s]+/i;

/**
 * `value` as an absolute address: an address with a scheme as it is, `//host/…` with the origin's
 * scheme, `/path` from the origin's root, `path` beside the origin's root (a site origin has no
 * path of its own). Null for anything that does not end up http(s).
 */
function resolve(value: string, origin: string): string | null {
  if (ABSOLUTE.test(value)) return HTTP.test(value) ? value : null;
  const base = HTTP.exec(origin.trim())?.[0];
  if (!base) return null;
  if (value.startsWith('//')) {
    const address = `${base.slice(0, base.indexOf('//'))}${value}`;
    return HTTP.test(address) ? address : null;
  }
  return `${base}${value.startsWith('/') ? '' : '/'}${value}`;
}

/**
 * The addresses to try for the PDF's logo, in order (R-ANALYSIS-13): the organisation's logo, the default
 * logo, the static fallback. Relative paths are resolved against the site's origin; empty values,
 * addresses that are not http(s) (`data:`, `javascript:`) and repeats are left out.
 */
export function analysisLogoCandidates(sources: AnalysisLogoSources, origin: string): string[] {
  const candidates: string[] = [];
  for (const value of [sources.organizationLogo, sources.defaultLogo, sources.fallbackLogo]) {
    const trimmed = value?.trim();
    if (!trimmed) continue;
    const address = resolve(trimmed, origin);
    if (address && !candidates.includes(address)) candidates.push(address);
  }
  return candidates;
}

/** The token in `/respond/<token>` (decoded), or null when the path holds none. */
export function tokenFromPath(pathname: string): string | null {
  const match = /^\/respond\/([^/]+)\/?$/.exec(pathname);
  if (!match?.[1]) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/** The page's address for a token. */
export const respondPath = (token: string): string => `/respond/${encodeURIComponent(token)}`;

import { API_PREFIX } from '@loop/core';
import { TOKEN_PATTERN } from '../responses/responseTokens';

const escapeAttribute = (value: string): string =>
  value
    .replaceAll('&', '&amp;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;');

/**
 * The token of a `/respond/<token>` page address when it has the shape of a real token (base64url,
 * 16–128 characters, as `TOKEN_PATTERN`), else null: the address is the visitor's input, and only
 * a token of that shape is worth a request, let alone being written into the page.
 */
export function respondPageToken(path: string): string | null {
  const match = /^\/respond\/([^/]*)\/?$/.exec(path);
  const token = match?.[1];
  return token !== undefined && TOKEN_PATTERN.test(token) ? token : null;
}

/**
 * respond.html for `path`, with a preload of the survey the page is about to ask for
 * (`GET /api/v1/respond/<token>`): the browser starts that request while it is still fetching and
 * running the page's script, instead of after it (the page's own request then takes the preloaded
 * answer: same address, `crossorigin` matching fetch's CORS mode). No script is added: the CSP
 * stays `script-src 'self'`. A path without a well-formed token gets the page as built.
 */
export function respondPageWithPreload(html: string, path: string): string {
  const token = respondPageToken(path);
  if (token === null) return html;
  const href = escapeAttribute(`${API_PREFIX}/respond/${token}`);
  const link = `<link rel="preload" as="fetch" crossorigin href="${href}">`;
  // First in <head>: the preload scanner meets it before the script and the stylesheet.
  const head = /<head[^>]*>/i.exec(html);
  if (!head) return html;
  const at = head.index + head[0].length;
  return `${html.slice(0, at)}\n    ${link}${html.slice(at)}`;
}

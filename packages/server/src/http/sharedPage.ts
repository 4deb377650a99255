import { API_PREFIX } from '@loop/core';
import { TOKEN_PATTERN } from '../responses/responseTokens';

/** The shared results page (`/gedeeld/<token>`, R-SHARE-7) is a page of its own: shared.html. */
export const isSharedPagePath = (path: string): boolean =>
  path === '/gedeeld' || path.startsWith('/gedeeld/');

/**
 * shared.html for `path`, with a preload of the one request the page makes
 * (`GET /api/v1/shared-results/<token>`), as the answering page has (respondPagePreload.ts); a
 * path without a well-formed token gets the page as built. The token is the visitor's input: only
 * base64url of 16–128 characters is written into the page.
 */
export function sharedPageWithPreload(html: string, path: string): string {
  const token = /^\/gedeeld\/([^/]*)\/?$/.exec(path)?.[1];
  if (token === undefined || !TOKEN_PATTERN.test(token)) return html;
  const link = `<link rel="preload" as="fetch" crossorigin href="${API_PREFIX}/shared-results/${token}">`;
  const head = /<head[^>]*>/i.exec(html);
  if (!head) return html;
  const at = head.index + head[0].length;
  return `${html.slice(0, at)}\n    ${link}${html.slice(at)}`;
}

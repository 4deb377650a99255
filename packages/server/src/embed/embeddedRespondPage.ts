import { EMBED_META, EMBED_PARAM, frameAncestors } from '@loop/core/surveys/embed';
import type { FastifyReply } from 'fastify';
import { escapeHtml } from '../http/escapeHtml';
import { respondPageToken } from '../http/respondPagePreload';
import { allowFraming, type FramedPolicy } from '../http/securityHeaders';
import type { EmbedOriginsCache } from './embedOriginsCache';

/** What the answering page needs to be shown in a frame: the origins it may be framed by and talk to. */
export interface EmbedPageDeps {
  readonly cache: EmbedOriginsCache;
  readonly policy: FramedPolicy;
}

/** Whether the page's address asks for an embedded page (`?loop_embed=…`, set by /embed.js). */
export function isEmbeddedLoad(url: string): boolean {
  const query = url.indexOf('?');
  return query !== -1 && new URLSearchParams(url.slice(query + 1)).has(EMBED_PARAM);
}

/**
 * The answering page of an embedded load (R-EMBED-2, R-EMBED-4): the survey's listed origins (and
 * Loop itself, for the share step's preview) may frame it, with no `X-Frame-Options`, and the page
 * learns them from a `<meta>` (no script: the CSP stays `script-src 'self'`). Any other load, a
 * malformed token or a link of no survey keeps the default headers: no frame at all.
 */
export async function embeddedRespondPage(
  deps: EmbedPageDeps,
  url: string,
  path: string,
  html: string,
  reply: FastifyReply,
): Promise<string> {
  if (!isEmbeddedLoad(url)) return html;
  const token = respondPageToken(path);
  const origins = token === null ? null : await deps.cache.originsOf(token);
  if (origins === null) return html;
  allowFraming(reply, deps.policy, frameAncestors(origins));
  const meta = `<meta name="${EMBED_META}" content="${escapeHtml(origins.join(' '))}">`;
  const head = /<head[^>]*>/i.exec(html);
  if (!head) return html;
  const at = head.index + head[0].length;
  return `${html.slice(0, at)}\n    ${meta}${html.slice(at)}`;
}

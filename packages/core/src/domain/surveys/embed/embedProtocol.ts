// What the embedding snippet (/embed.js) and the answering page say to each other (R-EMBED-4,
// R-EMBED-5): the frame's address names the embedding page's origin, and the page answers with
// messages through `postMessage`. Both sides import this file, so they cannot drift apart.

import { EMBED_PARAM } from './embedNames';

export { EMBED_META, EMBED_PARAM } from './embedNames';

/** Marks our messages among the others a page may receive. */
const SOURCE = 'loop-embed';

/** The highest frame the page asks for, in CSS pixels: a runaway layout cannot grow a frame forever. */
export const EMBED_MAX_HEIGHT = 10_000;

/** What the answering page tells the snippet: its height, or that the visitor pressed Escape. */
export type EmbedMessage =
  | { readonly source: typeof SOURCE; readonly type: 'resize'; readonly height: number }
  | { readonly source: typeof SOURCE; readonly type: 'close' };

export const resizeMessage = (height: number): EmbedMessage => ({
  source: SOURCE,
  type: 'resize',
  height: Math.min(EMBED_MAX_HEIGHT, Math.max(0, Math.ceil(height))),
});

export const closeMessage = (): EmbedMessage => ({ source: SOURCE, type: 'close' });

/** A received message's data as one of ours, or null for anything else (other scripts post too). */
export function readEmbedMessage(data: unknown): EmbedMessage | null {
  if (typeof data !== 'object' || data === null) return null;
  const message = data as { source?: unknown; type?: unknown; height?: unknown };
  if (message.source !== SOURCE) return null;
  if (message.type === 'close') return closeMessage();
  if (message.type === 'resize' && typeof message.height === 'number' && Number.isFinite(message.height))
    return resizeMessage(message.height);
  return null;
}

/** The answering page's address inside a frame on `hostOrigin`. */
export const embedFrameUrl = (loopOrigin: string, token: string, hostOrigin: string): string =>
  `${loopOrigin}/respond/${encodeURIComponent(token)}?${EMBED_PARAM}=${encodeURIComponent(hostOrigin)}`;

/**
 * The origin a framed answering page may post to (R-EMBED-4): the one its address names, only when
 * the survey lists it or it is Loop's own (the share step's preview); else null and nothing is sent.
 * `postMessage` with that target delivers only if the parent really has that origin.
 */
export function embedTarget(claimed: string | null, listed: readonly string[], own: string): string | null {
  if (claimed === null || claimed === '') return null;
  return claimed === own || listed.includes(claimed) ? claimed : null;
}

/** The `frame-ancestors` sources of an embedded answering page: Loop itself and the listed origins. */
export const frameAncestors = (listed: readonly string[]): readonly string[] => ["'self'", ...listed];

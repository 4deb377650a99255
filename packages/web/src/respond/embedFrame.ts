import { closeMessage, EMBED_META, EMBED_PARAM, embedTarget, resizeMessage } from '@loop/core/surveys/embed';

/** What the frame talks to: the page's own window, document and address (a test passes fakes). */
export interface FrameWindow {
  readonly location: { readonly search: string; readonly origin: string };
  readonly parent: { postMessage(message: unknown, targetOrigin: string): void };
  readonly document: Document;
  readonly self: unknown;
}

/**
 * The answering page inside /embed.js's frame (R-EMBED-4): when its address names the embedding
 * page's origin (`?loop_embed=`) and that origin is one the server listed for this survey (its
 * `<meta>`, R-EMBED-2) or Loop's own (the share step's preview), the page tells that origin, and
 * only that origin, its height whenever it changes and that the visitor pressed Escape. Anything
 * else, and a page that is not framed, sends nothing. Answers the target, or null.
 */
export function startEmbedFrame(
  frame: FrameWindow,
  observe: (element: Element, onResize: () => void) => void,
): string | null {
  if (frame.parent === frame.self) return null;
  const claimed = new URLSearchParams(frame.location.search).get(EMBED_PARAM);
  const listed = frame.document.querySelector(`meta[name="${EMBED_META}"]`)?.getAttribute('content') ?? '';
  const target = embedTarget(claimed, listed.split(' ').filter(Boolean), frame.location.origin);
  if (target === null) return null;
  const root = frame.document.getElementById('root') ?? frame.document.body;
  // The page's own minimum height (the viewport's) would keep a frame from ever getting smaller.
  frame.document.documentElement.classList.add('respondent-framed');
  observe(root, () => frame.parent.postMessage(resizeMessage(root.getBoundingClientRect().height), target));
  frame.document.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') frame.parent.postMessage(closeMessage(), target);
  });
  return target;
}

/** Calls `onResize` now and whenever the element's size changes. */
export const resizeObserved = (element: Element, onResize: () => void): void => {
  new ResizeObserver(onResize).observe(element);
};

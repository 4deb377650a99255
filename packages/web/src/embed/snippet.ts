/*
 * /embed.js, the snippet customers paste in their website (R-EMBED-6, R-EMBED-7): plain DOM, no
 * dependencies, no cookies, no inline script or style attribute (styles go through the CSSOM, which
 * a strict CSP allows), so it runs as an external file or with a nonce. Built on its own by
 * vite.embed.config.ts; `pnpm bench:bundle` holds it to 5 kB gzip.
 */
import { EMBED_ATTRIBUTES as A, embedDelay, embedFrameUrl, readEmbedMessage } from '@loop/core/surveys/embed';

/** localStorage key that remembers a slide-in was shown to this visitor (R-EMBED-7). */
const SHOWN = 'loop-embed:';
const FRAME_START_HEIGHT = 480;

interface Frame {
  readonly element: HTMLIFrameElement;
  readonly loopOrigin: string;
  readonly onClose: () => void;
}

const frames: Frame[] = [];

type Style = Partial<Record<keyof CSSStyleDeclaration, string>>;
const styled = <E extends HTMLElement>(element: E, style: Style): E => {
  Object.assign(element.style, style);
  return element;
};

/**
 * Only messages from Loop's origin and from one of our own frames are read (R-EMBED-5): a resize
 * sets that frame's height, a 'close' (Escape inside the frame) closes its slide-in.
 */
addEventListener('message', (event: MessageEvent) => {
  const frame = frames.find((f) => f.element.contentWindow === event.source && f.loopOrigin === event.origin);
  const message = frame ? readEmbedMessage(event.data) : null;
  if (!frame || !message) return;
  if (message.type === 'resize') frame.element.style.height = `${message.height}px`;
  else frame.onClose();
});

function frameFor(loopOrigin: string, token: string, onClose: () => void): HTMLIFrameElement {
  const element = styled(document.createElement('iframe'), {
    display: 'block',
    width: '100%',
    height: `${FRAME_START_HEIGHT}px`,
    border: '0',
    colorScheme: 'light',
  });
  element.src = embedFrameUrl(loopOrigin, token, location.origin);
  element.title = 'Survey';
  frames.push({ element, loopOrigin, onClose });
  return element;
}

function storage(): Storage | null {
  try {
    return localStorage;
  } catch {
    return null;
  }
}

/** Whether this visitor already saw the survey's slide-in; never shown again (unless `data-repeat`). */
const seen = (token: string): boolean => storage()?.getItem(SHOWN + token) === '1';

function remember(token: string): void {
  try {
    storage()?.setItem(SHOWN + token, '1');
  } catch {
    // Storage full or refused: the slide-in may then show again, which is harmless.
  }
}

/** `LoopEmbed.reset()` forgets every survey shown to this visitor; `reset(token)` one survey. */
export function reset(token?: string): void {
  const store = storage();
  if (!store) return;
  for (const key of Object.keys(store))
    if (token === undefined ? key.startsWith(SHOWN) : key === SHOWN + token) store.removeItem(key);
}

function inline(script: HTMLScriptElement, loopOrigin: string, token: string): void {
  const selector = script.getAttribute(A.target);
  let container = selector ? document.querySelector(selector) : null;
  if (!container) {
    container = document.createElement('div');
    script.after(container);
  }
  container.append(frameFor(loopOrigin, token, () => {}));
}

/**
 * The slide-in (R-EMBED-7): a labelled modal dialog at the bottom of the page with a close button
 * and the survey's frame. Tab stays inside it, Escape closes it (also inside the frame, which
 * tells us), and focus goes back where it was.
 */
function slideIn(loopOrigin: string, token: string): () => void {
  let panel: HTMLElement | null = null;
  let returnTo: Element | null = null;
  const close = () => {
    panel?.remove();
    panel = null;
    if (returnTo instanceof HTMLElement) returnTo.focus();
  };
  return () => {
    if (panel) return;
    returnTo = document.activeElement;
    const still = matchMedia('(prefers-reduced-motion: reduce)').matches;
    panel = styled(document.createElement('div'), {
      position: 'fixed',
      right: '1rem',
      bottom: '1rem',
      zIndex: '2147483647',
      width: 'min(26rem, calc(100vw - 2rem))',
      maxHeight: 'calc(100vh - 2rem)',
      overflowY: 'auto',
      background: '#fff',
      borderRadius: '12px',
      boxShadow: '0 10px 30px rgba(0,0,0,.25)',
      transform: still ? 'none' : 'translateY(110%)',
      transition: still ? 'none' : 'transform .3s ease-out',
    });
    panel.setAttribute('role', 'dialog');
    panel.setAttribute('aria-modal', 'true');
    panel.setAttribute('aria-label', 'Survey');
    const closeButton = styled(document.createElement('button'), {
      display: 'block',
      margin: '.5rem .5rem 0 auto',
      padding: '.5rem .75rem',
      font: 'inherit',
      fontSize: '1rem',
      color: '#111827',
      background: '#f3f4f6',
      border: '1px solid #6b7280',
      borderRadius: '6px',
      cursor: 'pointer',
    });
    closeButton.type = 'button';
    closeButton.textContent = 'Sluiten';
    closeButton.setAttribute('aria-label', 'Survey sluiten');
    closeButton.addEventListener('click', close);
    const frame = frameFor(loopOrigin, token, close);
    // Focus that leaves the last element comes back to the first, and the other way round.
    const edge = (to: () => HTMLElement) => {
      const sentinel = document.createElement('span');
      sentinel.tabIndex = 0;
      sentinel.addEventListener('focus', () => to().focus());
      return sentinel;
    };
    panel.append(
      edge(() => frame),
      closeButton,
      frame,
      edge(() => closeButton),
    );
    panel.addEventListener('keydown', (event) => {
      if (event.key === 'Escape') close();
    });
    document.body.append(panel);
    closeButton.focus();
    const shown = panel;
    requestAnimationFrame(() =>
      requestAnimationFrame(() => {
        shown.style.transform = 'none';
      }),
    );
  };
}

function start(script: HTMLScriptElement): void {
  const token = script.getAttribute(A.survey);
  if (!token) return;
  const loopOrigin = new URL(script.src, location.href).origin;
  if (script.getAttribute(A.mode) !== 'slide-in') {
    inline(script, loopOrigin, token);
    return;
  }
  const open = slideIn(loopOrigin, token);
  const buttonSelector = script.getAttribute(A.button);
  if (buttonSelector) {
    // The visitor asks for it: a button opens the slide-in every time.
    const button = document.querySelector(buttonSelector);
    button?.addEventListener('click', open);
    return;
  }
  if (script.getAttribute(A.repeat) !== 'true' && seen(token)) return;
  setTimeout(
    () => {
      remember(token);
      open();
    },
    embedDelay(script.getAttribute(A.delay) ?? 0) * 1000,
  );
}

const current = document.currentScript;
if (current instanceof HTMLScriptElement) {
  if (document.readyState === 'loading') addEventListener('DOMContentLoaded', () => start(current));
  else start(current);
}

import type { HtmlNode, HtmlReader, HtmlSanitizer, SanitizePolicy } from '@loop/core/html';
import DOMPurify, { type Config, type DOMPurify as Purifier } from 'dompurify';

// This file is the one place that applies core's policies with DOMPurify, for the browser and the
// server alike (the server passes a jsdom window): it touches no browser global of its own.

/**
 * A window DOMPurify can work in: the browser's, or jsdom's on the server. Typed as unknown, so
 * a server compiled without the DOM library can hand over jsdom's window; DOMPurify checks what it
 * gets (`isSupported`) and the sanitizer refuses to run on anything it cannot use.
 */
export type DomWindow = unknown;

/** The rel every link gets when links open in a new tab: no opener, no referrer. */
const NEW_TAB_REL = 'noopener noreferrer';

const ELEMENT_NODE = 1;
const TEXT_NODE = 3;

/** A sanitiser and the reader of what it makes, on one window. */
export type DomHtml = HtmlSanitizer & HtmlReader;

interface ActivePolicy {
  readonly tags: ReadonlySet<string>;
  readonly attributes: ReadonlySet<string>;
  readonly linksInNewTab: boolean;
}

interface HookState {
  /** Set only while one of our sanitize calls runs on this instance. */
  active: ActivePolicy | null;
}

// One set of hooks per DOMPurify instance, however many sanitizers share it. The hooks do nothing
// outside our own calls, so other users of the instance keep their output as they configured it.
const hookStates = new WeakMap<Purifier, HookState>();

/**
 * An element parsed with an `is` attribute keeps its "is value" for good, and serialising writes
 * that value back even after the attribute is removed; DOMPurify therefore leaves `is=""`. A fresh
 * element with the same name, attributes and children has no is value, so nothing off the
 * allow-list remains. DOMPurify treats the detached original as removed and walks on to the copy.
 */
function replaceWithoutIsValue(element: Element): void {
  const fresh = element.ownerDocument.createElementNS(element.namespaceURI, element.localName);
  for (const attribute of Array.from(element.attributes)) {
    if (attribute.name !== 'is')
      fresh.setAttributeNS(attribute.namespaceURI, attribute.name, attribute.value);
  }
  fresh.append(...Array.from(element.childNodes));
  element.replaceWith(fresh);
}

function hookStateOf(purify: Purifier): HookState {
  const known = hookStates.get(purify);
  if (known) return known;
  const state: HookState = { active: null };
  purify.addHook('uponSanitizeElement', (node, { tagName }) => {
    // Only kept elements matter (DOMPurify drops the others, is value and all). Forms are left alone:
    // their DOM methods can be shadowed by named fields, and no policy of ours allows them.
    if (!state.active?.tags.has(tagName) || tagName === 'form' || node.nodeType !== ELEMENT_NODE) return;
    const element = node as Element;
    if (element.hasAttribute('is')) replaceWithoutIsValue(element);
  });
  purify.addHook('afterSanitizeAttributes', (node) => {
    const active = state.active;
    if (!active) return;
    for (const name of node.getAttributeNames()) {
      if (!active.attributes.has(name.toLowerCase())) node.removeAttribute(name);
    }
    if (active.linksInNewTab && node.nodeName.toLowerCase() === 'a') {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', NEW_TAB_REL);
    }
  });
  hookStates.set(purify, state);
  return state;
}

const lowerCased = (names: readonly string[]): ReadonlySet<string> =>
  new Set(names.map((name) => name.toLowerCase()));

/**
 * A policy in DOMPurify's words: only the policy's tags and attributes, never style or script, no
 * data or aria attributes, no unknown protocols, the text of removed tags kept, a string back.
 */
function purifierConfig(policy: SanitizePolicy): Config & { RETURN_DOM: false; RETURN_DOM_FRAGMENT: false } {
  return {
    // The body DOMPurify parses into is the root of its walk: off the list it would be "removed" by
    // deep-cloning the whole text out of it first (a fifth of a report's sanitising time). It is
    // never in the output, which is the body's content; HTML parsing never puts a body inside it.
    ALLOWED_TAGS: [...policy.allowedTags, 'body'],
    ALLOWED_ATTR: [...policy.allowedAttributes],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
    FORBID_TAGS: ['style', 'script'],
    FORBID_ATTR: ['style'],
    // Text of removed tags is kept (not of script, style and the like, which DOMPurify drops whole).
    KEEP_CONTENT: true,
    WHOLE_DOCUMENT: false,
    RETURN_DOM: false,
    RETURN_DOM_FRAGMENT: false,
    RETURN_TRUSTED_TYPE: false,
  };
}

/**
 * Core's HtmlSanitizer on a DOMPurify instance (several sanitizers may share one). Throws where the
 * instance has no DOM, because DOMPurify would then hand back its input unchanged.
 */
export function createDomPurifySanitizer(purify: Purifier): HtmlSanitizer {
  return {
    sanitize(html, policy) {
      if (!purify.isSupported) {
        throw new Error(
          "DOMPurify needs a DOM: give createDomSanitizer a window (the browser's or jsdom's).",
        );
      }
      const state = hookStateOf(purify);
      const outer = state.active;
      state.active = {
        tags: lowerCased(policy.allowedTags),
        attributes: lowerCased(policy.allowedAttributes),
        linksInNewTab: policy.linksInNewTab,
      };
      try {
        return String(purify.sanitize(html, purifierConfig(policy)));
      } finally {
        state.active = outer;
      }
    },
  };
}

/**
 * Sanitised HTML read into plain data with a window's own parser (the browser reads it the same
 * way when the screen shows it). A loop, not recursion: HTML may nest thousands of elements deep.
 */
function readerWith(Parser: () => typeof DOMParser): HtmlReader {
  return {
    read(html) {
      const body = new (Parser())().parseFromString(html, 'text/html').body;
      const top: HtmlNode[] = [];
      const pending: Array<{ readonly node: Node; readonly into: HtmlNode[] }> = [];
      const queue = (parent: Node, into: HtmlNode[]) => {
        for (let child = parent.lastChild; child !== null; child = child.previousSibling)
          pending.push({ node: child, into });
      };
      queue(body, top);
      for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
        const { node, into } = next;
        if (node.nodeType === TEXT_NODE) into.push((node as Text).data);
        if (node.nodeType !== ELEMENT_NODE) continue;
        const element = node as Element;
        const attributes: Record<string, string> = {};
        for (const attribute of Array.from(element.attributes)) attributes[attribute.name] = attribute.value;
        const children: HtmlNode[] = [];
        into.push({ tag: element.localName, attributes, children });
        queue(element, children);
      }
      return top;
    },
  };
}

type PurifyWindow = Parameters<typeof DOMPurify>[0] & { readonly DOMParser: typeof DOMParser };

/** DOMPurify and the reader on a window (the page's own, or jsdom's). */
const onWindow = (domWindow: PurifyWindow): DomHtml => ({
  ...createDomPurifySanitizer(DOMPurify(domWindow)),
  ...readerWith(() => domWindow.DOMParser),
});

/** A sanitiser and reader made on first use, and only once. */
function lazily(make: () => DomHtml): DomHtml {
  let made: DomHtml | null = null;
  return {
    sanitize(html, policy) {
      made ??= make();
      return made.sanitize(html, policy);
    },
    read(html) {
      made ??= make();
      return made.read(html);
    },
  };
}

/**
 * Core's HtmlSanitizer (and the reader of its output) on DOMPurify over a window asked for on
 * first use: the server passes a jsdom window it loads only when the first text arrives. The
 * browser uses `createInertDomSanitizer`.
 */
export const createDomSanitizer = (windowOf: () => DomWindow): DomHtml =>
  lazily(() => onWindow(windowOf() as PurifyWindow));

/** A text every working sanitiser gives back as it is, and the policy it is checked with. */
const PROBE = '<p>a<b>b</b></p>';
const PROBE_POLICY: SanitizePolicy = { allowedTags: ['p', 'b'], allowedAttributes: [], linksInNewTab: false };

/**
 * DOMPurify in the realm of an about:blank frame that is taken out of the page again, so its
 * documents have no browsing context at all; null where that realm cannot sanitise.
 */
function inertDomHtml(outer: Window): DomHtml | null {
  const frame = outer.document.createElement('iframe');
  frame.hidden = true;
  frame.tabIndex = -1;
  frame.setAttribute('aria-hidden', 'true');
  try {
    (outer.document.body ?? outer.document.documentElement).append(frame);
    const inner = frame.contentWindow as (Window & typeof globalThis) | null;
    if (inner === null) return null;
    const purify = DOMPurify(inner);
    if (!purify.isSupported) return null;
    const sanitizer = createDomPurifySanitizer(purify);
    // Once while attached: DOMPurify makes its Trusted Types policy on the first call, which a realm
    // without a browsing context refuses (DOMPurify would warn about it in the console).
    sanitizer.sanitize(PROBE, PROBE_POLICY);
    const Parser = inner.DOMParser;
    frame.remove();
    // A browser that stops parsing in a detached realm gets the page's own window instead.
    if (sanitizer.sanitize(PROBE, PROBE_POLICY) !== PROBE) return null;
    return { ...sanitizer, ...readerWith(() => Parser) };
  } catch {
    return null;
  } finally {
    frame.remove();
  }
}

/**
 * The browser's sanitiser and reader (docs/decisions/html.md, 'Sanitising in an inert document').
 * DOMPurify parses into a document of its own, but Chromium checks an inline event handler against
 * the page's Content-Security-Policy the moment it is parsed, in any document of the page's realm
 * (DOMParser's, a template's, createHTMLDocument's alike), and logs a violation for each of them,
 * although DOMPurify removes them before anything runs: 1,134 for a 1 MB report. Here DOMPurify
 * works in the realm of an about:blank frame that is removed from the page at once: its documents
 * belong to no browsing context, no handler is compiled or checked, and the console stays clean.
 * Where that realm cannot sanitise, the page's own window does, as before.
 */
export const createInertDomSanitizer = (windowOf: () => DomWindow): DomHtml =>
  lazily(() => {
    const domWindow = windowOf() as PurifyWindow & Window;
    return inertDomHtml(domWindow) ?? onWindow(domWindow);
  });

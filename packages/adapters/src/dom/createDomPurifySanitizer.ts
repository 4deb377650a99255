import type { HtmlSanitizer, SanitizePolicy } from '@loop/core/html';
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
 * Core's HtmlSanitizer on DOMPurify over a window asked for on first use: the browser passes
 * `() => window`, the server a jsdom window it loads only when the first text arrives.
 */
export function createDomSanitizer(windowOf: () => DomWindow): HtmlSanitizer {
  let sanitizer: HtmlSanitizer | null = null;
  return {
    sanitize(html, policy) {
      sanitizer ??= createDomPurifySanitizer(DOMPurify(windowOf() as Parameters<typeof DOMPurify>[0]));
      return sanitizer.sanitize(html, policy);
    },
  };
}

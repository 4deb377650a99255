import { type HtmlSanitizer, purifierSettings } from '@loop/core';
import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';

// packages/server/src/surveys/surveyHtml.ts repeats these hooks (the server may not import adapters): change both.

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
 * Core's HtmlSanitizer on DOMPurify. Without an instance it uses the browser's `window`; tests pass
 * `DOMPurify(jsdomWindow)`. Throws where DOMPurify has no DOM, because DOMPurify would then hand
 * back its input unchanged.
 */
export function createDomPurifySanitizer(purify?: Purifier): HtmlSanitizer {
  let instance = purify;

  function ready(): Purifier {
    instance ??= DOMPurify(globalThis.window);
    if (!instance.isSupported) {
      throw new Error('DOMPurify needs a DOM: pass DOMPurify(window) to createDomPurifySanitizer.');
    }
    return instance;
  }

  return {
    sanitize(html, policy) {
      const current = ready();
      const state = hookStateOf(current);
      const outer = state.active;
      state.active = {
        tags: lowerCased(policy.allowedTags),
        attributes: lowerCased(policy.allowedAttributes),
        linksInNewTab: policy.linksInNewTab,
      };
      try {
        return current.sanitize(html, purifierSettings(policy));
      } finally {
        state.active = outer;
      }
    },
  };
}

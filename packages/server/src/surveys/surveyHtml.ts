import { createRequire } from 'node:module';
import { type HtmlSanitizer, purifierSettings, sanitizeSurveyHtml } from '@loop/core';
import DOMPurify, { type DOMPurify as Purifier } from 'dompurify';

// jsdom takes about 1.6 s to load: only the first survey text pays for it (and `main.ts` warms it
// up once the server listens), not every server start and test file.
const require = createRequire(import.meta.url);

/**
 * Survey rich text is sanitised on the server before it is stored, with DOMPurify, the same engine
 * the client uses (packages/adapters/src/html), on one jsdom window reused for every call: one
 * policy in core then means the same thing on both sides. The server may not import the adapters,
 * so the few lines that apply a policy (the hooks below) exist here once more; the tests hold both
 * to the same vectors.
 */

/** The rel every link gets when links open in a new tab: no opener, no referrer. */
const NEW_TAB_REL = 'noopener noreferrer';

const ELEMENT_NODE = 1;

interface ActivePolicy {
  readonly tags: ReadonlySet<string>;
  readonly attributes: ReadonlySet<string>;
  readonly linksInNewTab: boolean;
}

/** The part of a DOM element the hooks touch (the server is compiled without the DOM library). */
interface HookElement {
  readonly nodeType: number;
  readonly nodeName: string;
  readonly localName: string;
  readonly namespaceURI: string | null;
  readonly attributes: ArrayLike<{
    readonly name: string;
    readonly value: string;
    readonly namespaceURI: string | null;
  }>;
  readonly childNodes: ArrayLike<unknown>;
  readonly ownerDocument: { createElementNS(namespace: string | null, name: string): HookElement };
  hasAttribute(name: string): boolean;
  getAttributeNames(): string[];
  removeAttribute(name: string): void;
  setAttribute(name: string, value: string): void;
  setAttributeNS(namespace: string | null, name: string, value: string): void;
  append(...nodes: unknown[]): void;
  replaceWith(...nodes: unknown[]): void;
}

/**
 * An element parsed with an `is` attribute keeps its "is value" for good, and serialising writes it
 * back even after the attribute is removed (DOMPurify then leaves `is=""`). A fresh element with the
 * same name, attributes and children has none.
 */
function replaceWithoutIsValue(element: HookElement): void {
  const fresh = element.ownerDocument.createElementNS(element.namespaceURI, element.localName);
  for (const attribute of Array.from(element.attributes)) {
    if (attribute.name !== 'is')
      fresh.setAttributeNS(attribute.namespaceURI, attribute.name, attribute.value);
  }
  fresh.append(...Array.from(element.childNodes));
  element.replaceWith(fresh);
}

const lowerCased = (names: readonly string[]): ReadonlySet<string> =>
  new Set(names.map((name) => name.toLowerCase()));

/** Core's HtmlSanitizer on DOMPurify over one jsdom window, made on first use. */
export function createServerHtmlSanitizer(): HtmlSanitizer {
  let purify: Purifier | null = null;
  let active: ActivePolicy | null = null;

  function ready(): Purifier {
    if (purify !== null) return purify;
    const { JSDOM } = require('jsdom') as typeof import('jsdom');
    const { window } = new JSDOM('<!doctype html><html><body></body></html>');
    const instance = DOMPurify(window as unknown as Parameters<typeof DOMPurify>[0]);
    // Without a DOM DOMPurify hands its input back unchanged: never let that pass silently.
    if (!instance.isSupported) throw new Error('DOMPurify found no usable DOM in jsdom');
    instance.addHook('uponSanitizeElement', (node, { tagName }) => {
      const element = node as unknown as HookElement;
      if (!active?.tags.has(tagName) || tagName === 'form' || element.nodeType !== ELEMENT_NODE) return;
      if (element.hasAttribute('is')) replaceWithoutIsValue(element);
    });
    instance.addHook('afterSanitizeAttributes', (node) => {
      const element = node as unknown as HookElement;
      if (active === null) return;
      for (const name of element.getAttributeNames()) {
        if (!active.attributes.has(name.toLowerCase())) element.removeAttribute(name);
      }
      if (active.linksInNewTab && element.nodeName.toLowerCase() === 'a') {
        element.setAttribute('target', '_blank');
        element.setAttribute('rel', NEW_TAB_REL);
      }
    });
    purify = instance;
    return instance;
  }

  return {
    sanitize(html, policy) {
      const instance = ready();
      const outer = active;
      active = {
        tags: lowerCased(policy.allowedTags),
        attributes: lowerCased(policy.allowedAttributes),
        linksInNewTab: policy.linksInNewTab,
      };
      try {
        return String(instance.sanitize(html, purifierSettings(policy)));
      } finally {
        active = outer;
      }
    },
  };
}

/** The server's one sanitizer (jsdom is made once, on the first survey text it sees). */
export const serverHtmlSanitizer: HtmlSanitizer = createServerHtmlSanitizer();

const SANITIZED_CAPACITY = 500;
const sanitizedTexts = new Map<string, string>();

/**
 * `sanitizeSurveyHtml` with the server's sanitizer, remembered for the last 500 texts: the answering
 * page shows the same few introductions to every respondent, and DOMPurify on jsdom costs far more
 * than a lookup. The result depends on the text alone, so a remembered one is never stale.
 */
export function sanitizedSurveyHtml(html: string): string {
  const known = sanitizedTexts.get(html);
  if (known !== undefined) return known;
  const clean = sanitizeSurveyHtml(html, serverHtmlSanitizer);
  sanitizedTexts.set(html, clean);
  if (sanitizedTexts.size > SANITIZED_CAPACITY) {
    const oldest = sanitizedTexts.keys().next().value;
    if (oldest !== undefined) sanitizedTexts.delete(oldest);
  }
  return clean;
}

/** Loads jsdom now, so the first respondent or editor after a start does not wait for it. */
export const warmUpHtmlSanitizer = (): void => {
  sanitizeSurveyHtml('<p></p>', serverHtmlSanitizer);
};

/** The rich-text fields of a survey or template, sanitised with core's SURVEY_HTML_POLICY. */
export function withSanitizedHtml<
  T extends { readonly description_html: string; readonly introduction_html: string },
>(input: T, sanitizer: HtmlSanitizer = serverHtmlSanitizer): T {
  return {
    ...input,
    description_html: sanitizeSurveyHtml(input.description_html, sanitizer),
    introduction_html: sanitizeSurveyHtml(input.introduction_html, sanitizer),
  };
}

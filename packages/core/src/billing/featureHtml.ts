/**
 * The sanitising policy for feature descriptions (spec §5). Core owns the pipeline and the
 * allow-lists; the DOMPurify call itself is an adapter behind HtmlSanitizer.
 */
import { decode } from 'he';

export interface SanitizePolicy {
  readonly allowedTags: readonly string[];
  readonly allowedAttributes: readonly string[];
  /** Links open in a new tab with no opener (target=_blank, rel=noopener noreferrer). */
  readonly linksInNewTab: boolean;
}

/** Sanitises HTML by a policy; nothing may touch the HTML after it. */
export interface HtmlSanitizer {
  sanitize(html: string, policy: SanitizePolicy): string;
}

/**
 * A policy as DOMPurify's settings (the keys of its `Config`): only the policy's tags and
 * attributes, never style or script, no data or aria attributes, no unknown protocols, the text of
 * removed tags kept, a string back. Both sanitizers (the browser adapter and the server's) use it,
 * so the allow-list means the same in both.
 */
export function purifierSettings(policy: SanitizePolicy): PurifierSettings {
  return {
    ALLOWED_TAGS: [...policy.allowedTags],
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

/** DOMPurify's settings as `purifierSettings` makes them (a fresh, mutable object each time). */
export interface PurifierSettings {
  ALLOWED_TAGS: string[];
  ALLOWED_ATTR: string[];
  ALLOW_DATA_ATTR: false;
  ALLOW_ARIA_ATTR: false;
  ALLOW_UNKNOWN_PROTOCOLS: false;
  FORBID_TAGS: string[];
  FORBID_ATTR: string[];
  KEEP_CONTENT: true;
  WHOLE_DOCUMENT: false;
  RETURN_DOM: false;
  RETURN_DOM_FRAGMENT: false;
  RETURN_TRUSTED_TYPE: false;
}

export const FEATURE_HTML_POLICY: SanitizePolicy = {
  allowedTags: ['p', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'br', 'a', 'h3', 'h4', 'span', 'div'],
  allowedAttributes: ['href', 'target', 'rel', 'class'],
  linksInNewTab: true,
};

/** Escaped entities decoded (with `he`, which cannot execute anything), then sanitised. */
export const featureDescriptionHtml = (description: string, sanitizer: HtmlSanitizer): string =>
  sanitizer.sanitize(decode(description), FEATURE_HTML_POLICY);

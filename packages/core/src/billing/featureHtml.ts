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

export const FEATURE_HTML_POLICY: SanitizePolicy = {
  allowedTags: ['p', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'br', 'a', 'h3', 'h4', 'span', 'div'],
  allowedAttributes: ['href', 'target', 'rel', 'class'],
  linksInNewTab: true,
};

/** Escaped entities decoded (with `he`, which cannot execute anything), then sanitised. */
export const featureDescriptionHtml = (description: string, sanitizer: HtmlSanitizer): string =>
  sanitizer.sanitize(decode(description), FEATURE_HTML_POLICY);

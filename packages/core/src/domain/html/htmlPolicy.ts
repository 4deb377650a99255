/**
 * What HTML Loop lets through, in its own words: the tags and attributes a text may keep and how
 * its links open. The sanitiser that applies a policy is an adapter behind `HtmlSanitizer`
 * (DOMPurify in `@loop/adapters/dom`, for the browser and the server alike); nothing in core knows
 * its option names.
 */
export interface SanitizePolicy {
  /** Elements a text may keep; every other element goes, its text stays (not script or style). */
  readonly allowedTags: readonly string[];
  /** Attributes a kept element may keep; style, event handlers, data and aria attributes never. */
  readonly allowedAttributes: readonly string[];
  /** Links open in a new tab with no opener (target=_blank, rel=noopener noreferrer). */
  readonly linksInNewTab: boolean;
}

/** Sanitises HTML by a policy; nothing may touch the HTML after it. */
export interface HtmlSanitizer {
  sanitize(html: string, policy: SanitizePolicy): string;
}

/**
 * HTML as plain data: a text, or an element by its lower-case name with its attributes and
 * children. What a sanitiser's output reads as, for what draws it without a browser (the PDF).
 */
export type HtmlNode =
  | string
  | {
      readonly tag: string;
      readonly attributes: Readonly<Record<string, string>>;
      readonly children: readonly HtmlNode[];
    };

/** Reads HTML a sanitiser made (never untrusted HTML) into plain data, as a browser parses it. */
export interface HtmlReader {
  read(html: string): readonly HtmlNode[];
}

/** Feature descriptions of the plans (R-BILL-13). */
export const FEATURE_HTML_POLICY: SanitizePolicy = {
  allowedTags: ['p', 'strong', 'b', 'em', 'i', 'u', 'ul', 'ol', 'li', 'br', 'a', 'h3', 'h4', 'span', 'div'],
  allowedAttributes: ['href', 'target', 'rel', 'class'],
  linksInNewTab: true,
};

/**
 * The business analysis report (R-ANALYSIS-9), after its Markdown became HTML: text formatting, every
 * heading level, lists, quotes, code and rules, and ids and classes (heading anchors); never style
 * or script (the sanitiser forbids both for every policy).
 */
export const REPORT_HTML_POLICY: SanitizePolicy = {
  allowedTags: [
    'p',
    'strong',
    'b',
    'em',
    'i',
    'u',
    'ul',
    'ol',
    'li',
    'br',
    'a',
    'h1',
    'h2',
    'h3',
    'h4',
    'h5',
    'h6',
    'span',
    'div',
    'hr',
    'blockquote',
    'code',
    'pre',
  ],
  allowedAttributes: ['href', 'target', 'rel', 'class', 'id'],
  linksInNewTab: true,
};

/**
 * A survey's description and introduction from the rich-text editor: text formatting, lists,
 * headings, quotes and links; no images, styles, classes or scripts.
 */
export const SURVEY_HTML_POLICY: SanitizePolicy = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'ul',
    'ol',
    'li',
    'h2',
    'h3',
    'h4',
    'blockquote',
    'a',
  ],
  allowedAttributes: ['href', 'target', 'rel'],
  linksInNewTab: true,
};

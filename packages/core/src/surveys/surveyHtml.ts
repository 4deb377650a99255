import type { HtmlSanitizer, SanitizePolicy } from '../billing/featureHtml';

/**
 * The allow-list for a survey's description and introduction from the rich-text editor: text
 * formatting, lists, headings, quotes and links; no images, styles, classes or scripts. Entities are
 * not decoded first (unlike feature descriptions): what a user typed as '&lt;b&gt;' stays text.
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

/** Sanitises survey rich text: by the server before storing, by the client before showing. */
export const sanitizeSurveyHtml = (html: string, sanitizer: HtmlSanitizer): string =>
  sanitizer.sanitize(html, SURVEY_HTML_POLICY);

import { type HtmlSanitizer, SURVEY_HTML_POLICY } from '../../html';

/**
 * Sanitises survey rich text: by the server before storing, by the client before showing. Entities
 * are not decoded first (unlike feature descriptions): what a user typed as '&lt;b&gt;' stays text.
 */
export const sanitizeSurveyHtml = (html: string, sanitizer: HtmlSanitizer): string =>
  sanitizer.sanitize(html, SURVEY_HTML_POLICY);

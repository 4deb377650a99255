// The html feature: sanitising policies, the sanitiser port and the reader of what it made.
// What other features and packages use of it; everything else in this folder is internal.
export type { HtmlNode, HtmlReader, HtmlSanitizer, SanitizePolicy } from './htmlPolicy';
export { FEATURE_HTML_POLICY, REPORT_HTML_POLICY, SURVEY_HTML_POLICY } from './htmlPolicy';

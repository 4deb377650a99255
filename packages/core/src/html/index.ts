// The html feature: sanitising policies and the sanitiser port.
// What other features and packages use of it; everything else in this folder is internal.
export type { HtmlSanitizer, SanitizePolicy } from './htmlPolicy';
export { FEATURE_HTML_POLICY, REPORT_HTML_POLICY, SURVEY_HTML_POLICY } from './htmlPolicy';

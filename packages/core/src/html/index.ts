// The html feature: sanitising policies and the sanitiser port.
export type { HtmlSanitizer, SanitizePolicy } from './htmlPolicy';
export { FEATURE_HTML_POLICY, SURVEY_HTML_POLICY } from './htmlPolicy';

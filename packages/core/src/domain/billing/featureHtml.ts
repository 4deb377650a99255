import { decode } from 'he';
import { FEATURE_HTML_POLICY, type HtmlSanitizer } from '../html';

/** A plan feature's description (R-BILL-13): escaped entities decoded (with `he`, which cannot execute anything), then sanitised. */
export const featureDescriptionHtml = (description: string, sanitizer: HtmlSanitizer): string =>
  sanitizer.sanitize(decode(description), FEATURE_HTML_POLICY);

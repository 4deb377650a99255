import { decode } from 'he';
import { Marked } from 'marked';
import { type HtmlSanitizer, REPORT_HTML_POLICY } from '../html';

/** How often entities are decoded at most (spec §5): a report escaped up to three times reads as written. */
export const MAX_ENTITY_DECODES = 3;

/**
 * The report with its HTML entities decoded up to three times, stopping as soon as a round changes
 * nothing. `he` only maps entities to characters: nothing in the text can run.
 */
export function decodeReportEntities(report: string): string {
  let text = report;
  // Every entity starts with '&': a text without one is stable already (most reports).
  for (let round = 0; round < MAX_ENTITY_DECODES && text.includes('&'); round++) {
    const next = decode(text);
    if (next === text) break;
    text = next;
  }
  return text;
}

// An instance of our own, so no other user of marked can change how reports are parsed.
const markdown = new Marked({ gfm: true, breaks: true, async: false });

/**
 * The analysis report as safe HTML (spec §5): entities decoded up to three times, Markdown parsed
 * with line breaks respected, then sanitised with the report allow-list. Nothing touches the HTML
 * after the sanitiser.
 */
export function reportHtml(report: string, sanitizer: HtmlSanitizer): string {
  const html = markdown.parse(decodeReportEntities(report), { async: false });
  return sanitizer.sanitize(html, REPORT_HTML_POLICY);
}

import type { HtmlReader, HtmlSanitizer } from '../html';
import { reportHtml } from './reportHtml';

/**
 * The report as the screen shows it, shared with its PDF (docs/decisions/analysis.md, 'The PDF is made
 * from the sanitised report'): `html` runs the report pipeline (`reportHtml`) once per report, so the
 * PDF reads the very string the screen rendered instead of a copy made again; `read` turns it into
 * plain data as a browser parses it.
 */
export interface ReportRenderer extends HtmlReader {
  html(markdown: string): string;
}

export function createReportRenderer(sanitizer: HtmlSanitizer & HtmlReader): ReportRenderer {
  let last: { readonly markdown: string; readonly html: string } | null = null;
  return {
    html(markdown) {
      if (last?.markdown !== markdown) last = { markdown, html: reportHtml(markdown, sanitizer) };
      return last.html;
    },
    read: (html) => sanitizer.read(html),
  };
}

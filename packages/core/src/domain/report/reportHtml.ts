import { decode } from 'he';
import { Marked } from 'marked';
import { type HtmlSanitizer, REPORT_HTML_POLICY } from '../html';

/** How often entities are decoded at most (R-ANALYSIS-9): a report escaped up to three times reads as written. */
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
 * A run of white space inside a line longer than this is read as one space before parsing: HTML
 * shows it as one anyway, and marked's heading and table patterns take time by the square of such
 * a run (120,000 spaces: 10 s). Indentation at a line's start is left alone.
 */
const MAX_INNER_SPACE = 64;
const LONG_INNER_SPACE = new RegExp(`(\\S)[^\\S\\n]{${MAX_INNER_SPACE + 1},}`, 'g');

/**
 * Nesting deeper than this (lists in lists, quotes in quotes) is not kept: marked parses nesting
 * by recursion, and a line of 60,000 stacked '- ' took it 6 s before it ran out of stack. A report
 * needs a handful of levels; at most this many list markers or quote signs open a line, and its
 * indentation counts at most `MAX_NESTING × 4` columns.
 */
export const MAX_NESTING = 16;
const MAX_INDENT = MAX_NESTING * 4;
const BLANK = /[ \t]/;
const DIGIT = /\d/;

/** The end of a list marker or quote sign at `at` ('-', '*', '+', '1.', '1)', '>'), or -1. */
function markerEnd(line: string, at: number): number {
  const char = line[at];
  if (char === '>') return at + 1;
  let end = at;
  if (char === '-' || char === '*' || char === '+') end = at + 1;
  else {
    while (end < line.length && end - at < 9 && DIGIT.test(line[end] ?? '')) end++;
    if (end === at || (line[end] !== '.' && line[end] !== ')')) return -1;
    end++;
  }
  // A list marker needs white space after it (or the line's end).
  return end === line.length || BLANK.test(line[end] ?? '') ? end : -1;
}

/** A line with its indentation and its run of opening markers cut to what marked parses quickly. */
function limitNesting(line: string): string {
  let indent = 0;
  while (indent < line.length && BLANK.test(line[indent] ?? '')) indent++;
  let at = indent;
  let markers = 0;
  let keep = -1;
  for (;;) {
    const end = markerEnd(line, at);
    if (end < 0) break;
    markers++;
    let next = end;
    while (next < line.length && BLANK.test(line[next] ?? '')) next++;
    if (markers === MAX_NESTING) keep = next;
    at = next;
    if (next === end && line[end - 1] !== '>') break;
  }
  const body = markers > MAX_NESTING ? line.slice(indent, keep) + line.slice(at) : line.slice(indent);
  return indent > MAX_INDENT ? line.slice(0, MAX_INDENT) + body : line.slice(0, indent) + body;
}

/**
 * The analysis report as safe HTML (R-ANALYSIS-9): entities decoded up to three times, Markdown parsed
 * with line breaks respected, then sanitised with the report allow-list. Nothing touches the HTML
 * after the sanitiser. Before parsing, absurd input is cut down (long white space runs inside a
 * line, nesting beyond `MAX_NESTING`): the report is untrusted, and no answer may freeze the screen
 * or exhaust marked's stack.
 */
export function reportHtml(report: string, sanitizer: HtmlSanitizer): string {
  const text = decodeReportEntities(report)
    .replace(/\r\n?/g, '\n')
    .replace(LONG_INNER_SPACE, '$1 ')
    .split('\n')
    .map(limitNesting)
    .join('\n');
  return sanitizer.sanitize(markdown.parse(text, { async: false }), REPORT_HTML_POLICY);
}

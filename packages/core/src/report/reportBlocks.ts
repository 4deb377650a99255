import { decodeReportEntities } from './reportHtml';

/**
 * What the PDF draws of one Markdown line. The report is untrusted text: it is only ever drawn as
 * text, so HTML in it is dropped as markup and never interpreted.
 */
export type ReportBlock =
  | { readonly kind: 'heading'; readonly level: 1 | 2 | 3; readonly text: string }
  | { readonly kind: 'item'; readonly marker: string; readonly depth: number; readonly text: string }
  | { readonly kind: 'bold'; readonly text: string }
  | { readonly kind: 'paragraph'; readonly text: string; readonly quoted: boolean }
  | { readonly kind: 'gap' }
  | { readonly kind: 'rule' };

/** The bullet drawn before a '- ' item. */
export const BULLET = '•';

/** Nesting deeper than this is drawn at this depth, so text keeps room on the page. */
const MAX_DEPTH = 3;

/** Control characters other than tab and line feed: nothing to draw. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what goes
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/** Any character inline Markdown, an escape, a tab or a control character could start with. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are among what it looks for
const INLINE_MARKUP = /[\\`*_~[\]!\t\u0000-\u0008\u000b-\u001f\u007f]/;

// Backslash escapes become private-use characters while markers are stripped, then themselves again.
const ESCAPABLE = '\\`*_{}[]()#+-.!|>~<';
const ESCAPE_BASE = 0xe000;
const protect = (text: string): string =>
  text.replace(/\\([\\`*_{}[\]()#+\-.!|>~<])/g, (_, char: string) =>
    String.fromCharCode(ESCAPE_BASE + ESCAPABLE.indexOf(char)),
  );
const restore = (text: string): string =>
  text.replace(/[\ue000-\ue013]/g, (char) => ESCAPABLE.charAt(char.charCodeAt(0) - ESCAPE_BASE));

/**
 * A line of Markdown as plain text: images give their alt text, links `text (address)`, emphasis,
 * strike-through and code markers go, escapes give their character, control characters go.
 */
export function plainInline(line: string): string {
  // Most lines of a report are plain words: nothing to strip.
  if (!INLINE_MARKUP.test(line)) return line.trim();
  // Every span below stops at the next character that could open or close another, so each
  // pattern runs in linear time on any line (a report is untrusted: no backtracking for ever).
  const text = protect(line)
    .replace(/!\[([^\][]*)\]\([^()\s]*(?:\s+"[^"()]*")?\)/g, '$1')
    .replace(/\[([^\][]+)\]\(\s?([^()\s]+)(?:\s+"[^"()]*")?\s?\)/g, (_, label: string, url: string) =>
      label.trim() === url ? url : `${label} (${url})`,
    )
    .replace(/`+/g, '')
    .replace(/\*\*(?=[^\s*])([^*]*[^\s*])\*\*/g, '$1')
    .replace(/(^|[^\p{L}\p{N}_])__(?=[^\s_])([^_]*[^\s_])__(?![\p{L}\p{N}_])/gu, '$1$2')
    .replace(/\*(?=[^\s*])([^*]*[^\s*])\*/g, '$1')
    .replace(/(^|[^\p{L}\p{N}_])_(?=[^\s_])([^_]*[^\s_])_(?![\p{L}\p{N}_])/gu, '$1$2')
    .replace(/~~(?=[^\s~])([^~]*[^\s~])~~/g, '$1')
    .replace(/\*\*/g, '')
    .replace(CONTROL, '')
    .replace(/\t/g, '    ');
  return restore(text).trim();
}

/** `text` without HTML comments; an unclosed one stays as text (found in one pass, not by a regex). */
function withoutComments(text: string): string {
  let out = '';
  let at = 0;
  for (;;) {
    const open = text.indexOf('<!--', at);
    const close = open < 0 ? -1 : text.indexOf('-->', open + 4);
    if (close < 0) return out + text.slice(at);
    out += text.slice(at, open);
    at = close + 3;
  }
}

/**
 * HTML in a report, turned into text: line breaks stay breaks, autolinks their address, comments
 * and every other tag go (their text stays).
 */
function withoutHtml(text: string): string {
  return withoutComments(text)
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<((?:https?|mailto):[^<>\s]+)>/gi, '$1')
    .replace(/<\/?[a-zA-Z][^<>]*>/g, '');
}

const HEADING = /^(#{1,6})\s+(.*)$/;
const RULE = /^(?:(?:-\s*){3,}|(?:\*\s*){3,}|(?:_\s*){3,})$/;
const BULLET_ITEM = /^(\s*)[-*+]\s+(.*)$/;
const NUMBERED_ITEM = /^(\s*)(\d{1,9})[.)]\s+(.*)$/;
const QUOTE = /^\s*>\s?(.*)$/;
const TABLE_SEPARATOR = /^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$/;
const TABLE_ROW = /^\s*\|(.*)\|\s*$/;
const WHOLE_BOLD = /^(\*\*|__)((?:(?!\1).)+)\1$/;
const FENCE = /^\s*(```|~~~)/;

/** A heading's text without the optional closing run of '#' (`## Kop ##`), which needs a space before it. */
function withoutClosingHashes(text: string): string {
  let end = text.length;
  while (end > 0 && text[end - 1] === '#') end--;
  return end < text.length && (end === 0 || /\s/.test(text[end - 1] ?? ''))
    ? text.slice(0, end).trimEnd()
    : text;
}

const depthOf = (indent: string): number =>
  Math.min(MAX_DEPTH, Math.floor(indent.replace(/\t/g, '    ').length / 2));

function blockOf(raw: string): ReportBlock | null {
  // White space inside a line folded to one space (the indent kept for list depth): the text is
  // wrapped word by word anyway, and no pattern below meets a long run of it.
  const indent = /^[ \t]*/.exec(raw)?.[0] ?? '';
  const line = indent + raw.slice(indent.length).replace(/\s+/g, ' ');
  const trimmed = line.trim();
  if (trimmed === '') return { kind: 'gap' };
  const heading = HEADING.exec(trimmed);
  if (heading) {
    const level = Math.min(3, heading[1]?.length ?? 1) as 1 | 2 | 3;
    return { kind: 'heading', level, text: plainInline(withoutClosingHashes(heading[2] ?? '')) };
  }
  if (RULE.test(trimmed)) return { kind: 'rule' };
  const bullet = BULLET_ITEM.exec(line);
  if (bullet)
    return {
      kind: 'item',
      marker: BULLET,
      depth: depthOf(bullet[1] ?? ''),
      text: plainInline(bullet[2] ?? ''),
    };
  const numbered = NUMBERED_ITEM.exec(line);
  if (numbered)
    return {
      kind: 'item',
      marker: `${numbered[2]}.`,
      depth: depthOf(numbered[1] ?? ''),
      text: plainInline(numbered[3] ?? ''),
    };
  const quote = QUOTE.exec(line);
  if (quote) return { kind: 'paragraph', text: plainInline(quote[1] ?? ''), quoted: true };
  if (TABLE_SEPARATOR.test(trimmed) && trimmed.includes('-') && trimmed.includes('|')) return null;
  const row = TABLE_ROW.exec(line);
  if (row)
    return {
      kind: 'paragraph',
      text: (row[1] ?? '')
        .split('|')
        .map((cell) => plainInline(cell))
        .join(' | '),
      quoted: false,
    };
  const bold = WHOLE_BOLD.exec(trimmed);
  if (bold) return { kind: 'bold', text: plainInline(bold[2] ?? '') };
  return { kind: 'paragraph', text: plainInline(line), quoted: false };
}

/**
 * The report's Markdown as the blocks the PDF draws, line by line (line breaks respected, as on
 * the screen): entities decoded up to three times, HTML reduced to its text, fenced code kept as
 * written. Lines that leave no text are dropped; runs of blank lines become one gap.
 */
export function reportBlocks(markdown: string): ReportBlock[] {
  const lines = withoutHtml(decodeReportEntities(markdown)).split(/\r\n|\r|\n/);
  const blocks: ReportBlock[] = [];
  let fenced = false;
  for (const line of lines) {
    if (FENCE.test(line)) {
      fenced = !fenced;
      continue;
    }
    const block = fenced
      ? { kind: 'paragraph' as const, text: plainCode(line), quoted: false }
      : blockOf(line);
    if (!block) continue;
    if (block.kind === 'gap') {
      if (blocks.length > 0 && blocks.at(-1)?.kind !== 'gap') blocks.push(block);
      continue;
    }
    if ('text' in block && block.text === '') continue;
    blocks.push(block);
  }
  if (blocks.at(-1)?.kind === 'gap') blocks.pop();
  return blocks;
}

/** A line of fenced code: as written, without control characters, tabs as four spaces. */
const plainCode = (line: string): string => line.replace(CONTROL, '').replace(/\t/g, '    ').trimEnd();

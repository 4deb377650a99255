import type { HtmlNode } from '../html';

/**
 * What the PDF draws of the report: the sanitised HTML the screen shows, read as plain data
 * (docs/decisions/analysis.md, 'The PDF is made from the sanitised report'), as lines of text. Only the
 * text of what the sanitiser kept is drawn, so nothing it removed (a script's body, an iframe's
 * srcdoc, a `javascript:` link's address) can reach the PDF.
 */
export type ReportBlock =
  | { readonly kind: 'heading'; readonly level: 1 | 2 | 3; readonly text: string }
  | { readonly kind: 'item'; readonly marker: string; readonly depth: number; readonly text: string }
  | { readonly kind: 'bold'; readonly text: string }
  | { readonly kind: 'paragraph'; readonly text: string; readonly quoted: boolean }
  | { readonly kind: 'gap' }
  | { readonly kind: 'rule' };

/** The bullet drawn before an item of an unordered list. */
export const BULLET = '•';

/** Nesting deeper than this is drawn at this depth, so text keeps room on the page. */
const MAX_DEPTH = 3;

/** Elements deeper than this are read as their text alone (the walk recurses). */
const MAX_ELEMENT_DEPTH = 200;

/** Control characters other than tab and line feed: nothing to draw. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are exactly what goes
const CONTROL = /[\u0000-\u0008\u000b-\u001f\u007f]/g;

/**
 * Elements whose content a browser does not show as text. The sanitiser never keeps them; should one
 * arrive all the same, its content is not drawn either.
 */
const HIDDEN = new Set([
  'script',
  'style',
  'template',
  'iframe',
  'noscript',
  'noembed',
  'noframes',
  'textarea',
  'title',
  'head',
  'object',
  'embed',
  'svg',
  'math',
]);

const HEADINGS: Readonly<Record<string, 1 | 2 | 3>> = { h1: 1, h2: 2, h3: 3, h4: 3, h5: 3, h6: 3 };

/** Addresses a link's text is followed by: the reader of a PDF cannot click, so it reads them. */
const SHOWN_ADDRESS = /^(?:https?:|mailto:)/i;

/**
 * What a browser shows of a node as one run of text (a line break as a space). A loop, not
 * recursion: sanitised HTML may still nest thousands of elements deep.
 */
function textOf(node: HtmlNode): string {
  let text = '';
  const pending: HtmlNode[] = [node];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    if (typeof next === 'string') text += next;
    else if (next.tag === 'br') text += ' ';
    else if (!HIDDEN.has(next.tag))
      for (let i = next.children.length - 1; i >= 0; i--) pending.push(next.children[i] as HtmlNode);
  }
  return text;
}

/** One line being gathered: its text, and whether all of it stands in bold. */
interface Line {
  text: string;
  bold: boolean;
}

/** Where the walk is: in a quote, in a list item (its marker not yet drawn), how deep in lists. */
interface Context {
  readonly quoted: boolean;
  readonly listDepth: number;
  /** Inside a list item: the marker its first paragraph gets; '' once drawn. */
  item: { marker: string } | null;
}

class BlockWriter {
  readonly blocks: ReportBlock[] = [];
  #lines: Line[] = [{ text: '', bold: true }];
  #boldDepth = 0;

  /** Text in the flow, with runs of white space as one space (as a browser shows it). */
  text(text: string): void {
    const line = this.#lines.at(-1) as Line;
    const clean = text.replace(CONTROL, '').replace(/\s+/g, ' ');
    if (clean.trim() !== '' && this.#boldDepth === 0) line.bold = false;
    line.text += clean;
  }

  lineBreak(): void {
    this.#lines.push({ text: '', bold: true });
  }

  bold<T>(write: () => T): T {
    this.#boldDepth++;
    try {
      return write();
    } finally {
      this.#boldDepth--;
    }
  }

  /** Ends the text gathered so far as paragraphs, bold lines or list items. */
  flush(context: Context): void {
    const lines = this.#lines.map((line) => ({ text: line.text.trim(), bold: line.bold }));
    this.#lines = [{ text: '', bold: true }];
    for (const line of lines) {
      if (line.text === '') continue;
      if (context.item !== null) {
        this.blocks.push({
          kind: 'item',
          marker: context.item.marker,
          depth: Math.min(MAX_DEPTH, context.listDepth - 1),
          text: line.text,
        });
        context.item.marker = '';
      } else if (line.bold && !context.quoted) {
        this.blocks.push({ kind: 'bold', text: line.text });
      } else {
        this.blocks.push({ kind: 'paragraph', text: line.text, quoted: context.quoted });
      }
    }
  }

  /** Room before a block that follows another (none at the start, none between list items). */
  gap(context: Context): void {
    if (context.item !== null || context.listDepth > 0) return;
    const last = this.blocks.at(-1);
    if (last !== undefined && last.kind !== 'gap') this.blocks.push({ kind: 'gap' });
  }

  push(block: ReportBlock): void {
    this.blocks.push(block);
  }
}

function walk(nodes: readonly HtmlNode[], writer: BlockWriter, context: Context, depth: number): void {
  for (const node of nodes) {
    if (typeof node === 'string') {
      writer.text(node);
      continue;
    }
    const { tag } = node;
    if (HIDDEN.has(tag)) continue;
    if (depth > MAX_ELEMENT_DEPTH) {
      writer.text(textOf(node));
      continue;
    }
    const heading = HEADINGS[tag];
    if (heading !== undefined) {
      writer.flush(context);
      writer.gap(context);
      const text = textOf(node).replace(CONTROL, '').replace(/\s+/g, ' ').trim();
      if (text !== '') writer.push({ kind: 'heading', level: heading, text });
      continue;
    }
    switch (tag) {
      case 'br':
        writer.lineBreak();
        break;
      case 'hr':
        writer.flush(context);
        writer.gap(context);
        writer.push({ kind: 'rule' });
        break;
      case 'strong':
      case 'b':
        writer.bold(() => walk(node.children, writer, context, depth + 1));
        break;
      case 'a': {
        walk(node.children, writer, context, depth + 1);
        const href = node.attributes.href?.trim() ?? '';
        const label = textOf(node).trim();
        // A link the screen shows no text for gets no address either: nothing to annotate.
        if (SHOWN_ADDRESS.test(href) && label !== '' && href !== label) writer.text(` (${href})`);
        break;
      }
      case 'pre': {
        writer.flush(context);
        writer.gap(context);
        const lines = textOf(node).replace(CONTROL, '').replace(/\t/g, '    ').split('\n');
        while (lines.length > 0 && lines.at(-1)?.trim() === '') lines.pop();
        for (const line of lines)
          if (line.trim() !== '')
            writer.push({ kind: 'paragraph', text: line.trimEnd(), quoted: context.quoted });
        break;
      }
      case 'ul':
      case 'ol': {
        writer.flush(context);
        writer.gap(context);
        let number = 0;
        for (const child of node.children) {
          if (typeof child === 'string') continue;
          number++;
          const marker = tag === 'ol' ? `${number}.` : BULLET;
          const inItem: Context = {
            quoted: context.quoted,
            listDepth: context.listDepth + 1,
            item: { marker },
          };
          walk(child.tag === 'li' ? child.children : [child], writer, inItem, depth + 2);
          writer.flush(inItem);
        }
        break;
      }
      case 'li':
        // A list item outside a list (the parser never makes one): read as one of a bullet list.
        walk([{ tag: 'ul', attributes: {}, children: [node] }], writer, context, depth);
        break;
      case 'blockquote': {
        writer.flush(context);
        writer.gap(context);
        const quoted: Context = { ...context, quoted: true };
        walk(node.children, writer, quoted, depth + 1);
        writer.flush(quoted);
        break;
      }
      case 'p':
      case 'div':
        writer.flush(context);
        writer.gap(context);
        walk(node.children, writer, context, depth + 1);
        writer.flush(context);
        break;
      default:
        // Inline text (em, i, u, code, span, and what else a browser shows as its text).
        walk(node.children, writer, context, depth + 1);
    }
  }
}

/**
 * The sanitised report, read as plain data, as the blocks the PDF draws: headings (deeper levels as
 * the third), paragraphs line by line (each `<br>` a new line, as on the screen), a line wholly in
 * bold as a bold line, list items with their marker ('•' or their number as the screen counts it)
 * and depth, quotes, code as written, rules; a link with text reads 'text (address)' when its
 * address is http(s) or mailto and differs from its text. Blocks are separated by a gap; list items are not.
 */
export function reportBlocks(nodes: readonly HtmlNode[]): ReportBlock[] {
  const writer = new BlockWriter();
  const context: Context = { quoted: false, listDepth: 0, item: null };
  walk(nodes, writer, context, 0);
  writer.flush(context);
  const blocks = writer.blocks;
  while (blocks.at(-1)?.kind === 'gap') blocks.pop();
  return blocks;
}

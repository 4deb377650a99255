import { decode } from 'he';
import type { HtmlNode, HtmlReader, HtmlSanitizer } from '../domain/html';

const VOID = new Set(['br', 'hr', 'img', 'input', 'wbr']);
const TOKEN =
  /<!--[\s\S]*?-->|<(\/?)([a-zA-Z][a-zA-Z0-9]*)((?:\s+[^\s=>/]+(?:="[^"]*")?)*)\s*\/?>|([^<]+|<)/g;
const ATTRIBUTE = /([^\s=>/]+)(?:="([^"]*)")?/g;

interface Open {
  readonly tag: string;
  readonly attributes: Record<string, string>;
  readonly children: HtmlNode[];
}

/**
 * For core's tests, where there is no DOM: reads well-formed HTML, as marked and sanitisers write
 * it (quoted attributes, closed elements), into plain data. Not a parser for anything else: the
 * real reader is the DOM adapter's, tested in a browser and in jsdom.
 */
export const wellFormedHtmlReader: HtmlReader = {
  read(html) {
    const root: Open = { tag: '#root', attributes: {}, children: [] };
    const stack: Open[] = [root];
    for (const match of html.matchAll(TOKEN)) {
      const [, closing, name, attributeText, text] = match;
      const parent = stack.at(-1) as Open;
      if (text !== undefined) {
        parent.children.push(decode(text));
        continue;
      }
      if (name === undefined) continue;
      const tag = name.toLowerCase();
      if (closing === '/') {
        const at = stack.map((open) => open.tag).lastIndexOf(tag);
        if (at > 0) stack.length = at;
        continue;
      }
      const attributes: Record<string, string> = {};
      for (const [, key, value] of (attributeText ?? '').matchAll(ATTRIBUTE))
        if (key !== undefined) attributes[key.toLowerCase()] = decode(value ?? '');
      const element: Open = { tag, attributes, children: [] };
      parent.children.push(element);
      if (!VOID.has(tag)) stack.push(element);
    }
    return root.children;
  },
};

/**
 * The report's HTML passed through as marked wrote it, and read back: for core's tests of what is
 * done with a sanitiser's output, on Markdown without HTML of its own.
 */
export const passThroughHtml: HtmlSanitizer & HtmlReader = {
  sanitize: (html) => html,
  read: (html) => wellFormedHtmlReader.read(html),
};

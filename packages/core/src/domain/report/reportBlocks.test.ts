import { describe, expect, it } from 'vitest';
import { passThroughHtml, wellFormedHtmlReader } from '../../testing/wellFormedHtml';
import type { HtmlNode } from '../html';
import { BULLET, reportBlocks } from './reportBlocks';
import { reportHtml } from './reportHtml';

/** Markdown without HTML of its own as the screen would show it, read back as the PDF gets it. */
const fromMarkdown = (markdown: string) =>
  reportBlocks(passThroughHtml.read(reportHtml(markdown, passThroughHtml)));

/** Sanitised HTML as the DOM adapter reads it. */
const fromHtml = (html: string) => reportBlocks(wellFormedHtmlReader.read(html));

describe('reportBlocks', () => {
  it('should read headings, list items, bold lines, rules, quotes and paragraphs as the screen shows them', () => {
    expect(
      fromMarkdown(
        '# Een\n## Twee ##\n### Drie\n###### Zes\n\n- punt\n- ster\n  - genest\n\n3) derde\n4) vierde\n\n**Vet**\n\n---\n\n> citaat\n\nGewoon **deels** vet\nregel twee',
      ),
    ).toEqual([
      { kind: 'heading', level: 1, text: 'Een' },
      { kind: 'gap' },
      { kind: 'heading', level: 2, text: 'Twee' },
      { kind: 'gap' },
      { kind: 'heading', level: 3, text: 'Drie' },
      { kind: 'gap' },
      { kind: 'heading', level: 3, text: 'Zes' },
      { kind: 'gap' },
      { kind: 'item', marker: BULLET, depth: 0, text: 'punt' },
      { kind: 'item', marker: BULLET, depth: 0, text: 'ster' },
      { kind: 'item', marker: BULLET, depth: 1, text: 'genest' },
      { kind: 'gap' },
      // The screen numbers from 1 (the sanitiser keeps no 'start'), and so does the PDF.
      { kind: 'item', marker: '1.', depth: 0, text: 'derde' },
      { kind: 'item', marker: '2.', depth: 0, text: 'vierde' },
      { kind: 'gap' },
      { kind: 'bold', text: 'Vet' },
      { kind: 'gap' },
      { kind: 'rule' },
      { kind: 'gap' },
      { kind: 'paragraph', text: 'citaat', quoted: true },
      { kind: 'gap' },
      { kind: 'paragraph', text: 'Gewoon deels vet', quoted: false },
      { kind: 'paragraph', text: 'regel twee', quoted: false },
    ]);
  });

  it('should not take a line with bold and plain parts for a bold line', () => {
    expect(fromMarkdown('**a** en **b**')).toEqual([{ kind: 'paragraph', text: 'a en b', quoted: false }]);
    expect(fromMarkdown('**a**\nb')).toEqual([
      { kind: 'bold', text: 'a' },
      { kind: 'paragraph', text: 'b', quoted: false },
    ]);
  });

  it('should keep code as written, and read links with their address when it is one to visit', () => {
    expect(
      fromMarkdown(
        '```ts\nconst **x** = 1;\n  return x;\n```\n\nZie [het dashboard](https://loop.example/d) of <https://loop.example>.',
      ),
    ).toEqual([
      { kind: 'paragraph', text: 'const **x** = 1;', quoted: false },
      { kind: 'paragraph', text: '  return x;', quoted: false },
      { kind: 'gap' },
      {
        kind: 'paragraph',
        text: 'Zie het dashboard (https://loop.example/d) of https://loop.example.',
        quoted: false,
      },
    ]);
  });

  it('should draw only the text the sanitiser kept: a link without its address, nothing of hidden elements', () => {
    // What DOMPurify leaves of `[klik](javascript:alert(1))`: the link without its address.
    expect(fromHtml('<p><a target="_blank" rel="noopener noreferrer">klik</a></p>')).toEqual([
      { kind: 'paragraph', text: 'klik', quoted: false },
    ]);
    // A link the screen shows no text for adds no address.
    expect(fromHtml('<p><a href="https://x.test"></a>tekst</p>')).toEqual([
      { kind: 'paragraph', text: 'tekst', quoted: false },
    ]);
    // Should a script or template ever arrive, its content is not text a reader sees.
    const hostile: HtmlNode[] = [
      { tag: 'p', attributes: {}, children: ['Voor'] },
      { tag: 'script', attributes: {}, children: ['window.hacked = true'] },
      { tag: 'template', attributes: {}, children: [{ tag: 'p', attributes: {}, children: ['verborgen'] }] },
      { tag: 'p', attributes: {}, children: ['Na'] },
    ];
    expect(reportBlocks(hostile)).toEqual([
      { kind: 'paragraph', text: 'Voor', quoted: false },
      { kind: 'gap' },
      { kind: 'paragraph', text: 'Na', quoted: false },
    ]);
  });

  it('should fold white space as the screen does and drop lines without text', () => {
    expect(fromHtml('\n<p>  Een \t\n twee  </p>\n\n<p> </p><p>Drie<br><br>Vier</p>\n')).toEqual([
      { kind: 'paragraph', text: 'Een twee', quoted: false },
      { kind: 'gap' },
      { kind: 'paragraph', text: 'Drie', quoted: false },
      { kind: 'paragraph', text: 'Vier', quoted: false },
    ]);
  });

  it('should read text outside any element, as the sanitiser leaves the cells of a table', () => {
    expect(fromHtml('\nKPI\nWaarde\n<p>Daarna</p>')).toEqual([
      { kind: 'paragraph', text: 'KPI Waarde', quoted: false },
      { kind: 'gap' },
      { kind: 'paragraph', text: 'Daarna', quoted: false },
    ]);
  });

  it('should read a very deep nesting as its text without running out of stack', () => {
    const deep = `${'<div>'.repeat(5_000)}diep${'</div>'.repeat(5_000)}`;
    expect(fromHtml(deep)).toEqual([{ kind: 'paragraph', text: 'diep', quoted: false }]);
  });
});

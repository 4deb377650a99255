import { describe, expect, it } from 'vitest';
import { BULLET, plainInline, reportBlocks } from './reportBlocks';

describe('plainInline', () => {
  it('should strip emphasis, code and strike-through markers', () => {
    expect(plainInline('**vet** en __ook vet__, *schuin* en _schuin_, `code`, ~~weg~~')).toBe(
      'vet en ook vet, schuin en schuin, code, weg',
    );
  });

  it('should keep underscores inside words and lone asterisks in sums', () => {
    expect(plainInline('data_points en snake_case_naam, 5 * 3')).toBe(
      'data_points en snake_case_naam, 5 * 3',
    );
  });

  it('should write links as text with their address, and images as their alt text', () => {
    expect(plainInline('Zie [het dashboard](https://loop.example/dashboard "titel") of ![logo](x.png)')).toBe(
      'Zie het dashboard (https://loop.example/dashboard) of logo',
    );
    expect(plainInline('[https://loop.example](https://loop.example)')).toBe('https://loop.example');
  });

  it('should give escaped characters themselves and drop control characters', () => {
    expect(plainInline('\\*geen nadruk\\* en \\_ook niet\\_\u0007')).toBe('*geen nadruk* en _ook niet_');
  });
});

describe('reportBlocks', () => {
  it('should read headings, list items, bold lines, rules, quotes and paragraphs line by line', () => {
    expect(
      reportBlocks(
        '# Een\n## Twee ##\n### Drie\n###### Zes\n- punt\n* ster\n  + genest\n3) derde\n12. twaalfde\n**Vet**\n---\n> citaat\nGewoon **deels** vet\nregel twee',
      ),
    ).toEqual([
      { kind: 'heading', level: 1, text: 'Een' },
      { kind: 'heading', level: 2, text: 'Twee' },
      { kind: 'heading', level: 3, text: 'Drie' },
      { kind: 'heading', level: 3, text: 'Zes' },
      { kind: 'item', marker: BULLET, depth: 0, text: 'punt' },
      { kind: 'item', marker: BULLET, depth: 0, text: 'ster' },
      { kind: 'item', marker: BULLET, depth: 1, text: 'genest' },
      { kind: 'item', marker: '3.', depth: 0, text: 'derde' },
      { kind: 'item', marker: '12.', depth: 0, text: 'twaalfde' },
      { kind: 'bold', text: 'Vet' },
      { kind: 'rule' },
      { kind: 'paragraph', text: 'citaat', quoted: true },
      { kind: 'paragraph', text: 'Gewoon deels vet', quoted: false },
      { kind: 'paragraph', text: 'regel twee', quoted: false },
    ]);
  });

  it('should not take a line with two bold parts for a bold line', () => {
    expect(reportBlocks('**a** en **b**')).toEqual([{ kind: 'paragraph', text: 'a en b', quoted: false }]);
  });

  it('should fold blank lines into one gap, none at the ends, and drop lines without text', () => {
    expect(reportBlocks('\n\nEen\n\n\n\nTwee\n**\n\n')).toEqual([
      { kind: 'paragraph', text: 'Een', quoted: false },
      { kind: 'gap' },
      { kind: 'paragraph', text: 'Twee', quoted: false },
    ]);
  });

  it('should keep fenced code as written and tables as cells', () => {
    expect(
      reportBlocks('```ts\nconst **x** = 1;\n```\n| KPI | Waarde |\n|---|:---:|\n| NPS | **42** |'),
    ).toEqual([
      { kind: 'paragraph', text: 'const **x** = 1;', quoted: false },
      { kind: 'paragraph', text: 'KPI | Waarde', quoted: false },
      { kind: 'paragraph', text: 'NPS | 42', quoted: false },
    ]);
  });

  it('should decode entities up to three times and reduce HTML to its text', () => {
    expect(
      reportBlocks(
        '&amp;amp;lt;b&amp;amp;gt;Vet&amp;amp;lt;/b&amp;amp;gt;<br>Twee <https://loop.example> <!-- weg -->',
      ),
    ).toEqual([
      { kind: 'paragraph', text: 'Vet', quoted: false },
      { kind: 'paragraph', text: 'Twee https://loop.example', quoted: false },
    ]);
  });

  it('should read Windows and old Mac line ends', () => {
    expect(reportBlocks('Een\r\nTwee\rDrie').map((block) => ('text' in block ? block.text : ''))).toEqual([
      'Een',
      'Twee',
      'Drie',
    ]);
  });

  // A report is untrusted (an LLM's answer): no line may make a pattern backtrack for ever.
  it.each([
    ['unclosed bold', '**a '.repeat(40_000)],
    ['unclosed emphasis', '*a '.repeat(40_000)],
    ['unclosed underscores', '_a '.repeat(40_000)],
    ['unclosed strike-through', '~~a '.repeat(40_000)],
    ['unclosed link texts', '[a'.repeat(60_000)],
    ['unclosed link addresses', '[a](b'.repeat(30_000)],
    ['unclosed images', '![a'.repeat(40_000)],
    ['unclosed comments', '<!--'.repeat(40_000)],
    ['a heading with a long gap', `# a${' '.repeat(120_000)}x`],
    ['a table row with a long gap', `|-${' '.repeat(120_000)}x`],
    ['a broken rule', `${'- '.repeat(60_000)}x`],
  ])('should read a 120 kB line of %s in linear time', (_label, line) => {
    const blocks = reportBlocks(`${line}\nEinde`);
    expect(blocks.at(-1)).toEqual({ kind: 'paragraph', text: 'Einde', quoted: false });
  });
});

import { describe, expect, it } from 'vitest';
import { fixedWidthMeasure } from './report.fixtures';
import { wrapText } from './wrapText';

const font = { style: 'normal', size: 10 } as const;

describe('wrapText', () => {
  it('should fill lines with whole words up to the width', () => {
    // 5 points a character: 20 characters fit in 100 points.
    expect(wrapText('een twee drie vier vijf zes zeven', 100, font, fixedWidthMeasure)).toEqual([
      'een twee drie vier',
      'vijf zes zeven',
    ]);
  });

  it('should break a word longer than a line where the line is full', () => {
    expect(wrapText(`kort ${'a'.repeat(45)} eind`, 100, font, fixedWidthMeasure)).toEqual([
      'kort',
      'a'.repeat(20),
      'a'.repeat(20),
      'aaaaa eind',
    ]);
  });

  it('should never cut a character outside the basic plane in half', () => {
    const lines = wrapText('😀'.repeat(25), 100, font, fixedWidthMeasure);
    expect(lines).toEqual(['😀'.repeat(20), '😀'.repeat(5)]);
  });

  it('should fold white space and give no lines for an empty text', () => {
    expect(wrapText('  een \t  twee  ', 100, font, fixedWidthMeasure)).toEqual(['een twee']);
    expect(wrapText('   ', 100, font, fixedWidthMeasure)).toEqual([]);
  });

  it('should put at least one character on a line narrower than a character', () => {
    expect(wrapText('abc', 1, font, fixedWidthMeasure)).toEqual(['a', 'b', 'c']);
  });

  it('should keep lines within the width when a line is wider than the sum of its words (kerning)', () => {
    // Every space after the first costs 10 points more on a line than alone.
    const uneven = {
      width: (text: string) => text.length * 5 + Math.max(0, text.split(' ').length - 2) * 10,
    };
    const lines = wrapText('aa bb cc dd ee ff gg hh ii jj', 40, font, uneven);
    expect(lines.join(' ')).toBe('aa bb cc dd ee ff gg hh ii jj');
    for (const line of lines) expect(uneven.width(line)).toBeLessThanOrEqual(40);
    expect(lines).toEqual(['aa bb', 'cc dd', 'ee ff', 'gg hh', 'ii jj']);
  });

  it('should fill lines exactly as far as measuring each whole line would', () => {
    const text =
      'De omzet steeg met vijf procent ten opzichte van vorig jaar terwijl de kosten gelijk bleven';
    for (const width of [30, 57, 100, 143, 200]) {
      const lines = wrapText(text, width, font, fixedWidthMeasure);
      for (const [index, line] of lines.entries()) {
        expect(fixedWidthMeasure.width(line, font)).toBeLessThanOrEqual(width);
        const next = lines[index + 1]?.split(' ')[0];
        if (next) expect(fixedWidthMeasure.width(`${line} ${next}`, font)).toBeGreaterThan(width);
      }
    }
  });
});

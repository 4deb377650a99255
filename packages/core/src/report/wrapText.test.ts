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
});

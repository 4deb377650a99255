import { describe, expect, it } from 'vitest';
import { QUOTE_MAX_LENGTH, themeQuotes, trimQuote } from './summaryQuotes';

describe('trimQuote', () => {
  it('should leave a short text as it is, with its spaces made single', () => {
    expect(trimQuote('  Te veel   vergaderingen. ')).toBe('Te veel vergaderingen.');
  });

  it('should cut a long text at a word, within the maximum, ending in an ellipsis', () => {
    const long = `${'vergaderen '.repeat(40)}einde`;
    const quote = trimQuote(long);
    expect(quote.length).toBeLessThanOrEqual(QUOTE_MAX_LENGTH);
    expect(quote.endsWith('vergaderen…')).toBe(true);
  });
});

describe('themeQuotes', () => {
  it('should take the sentence holding the key, whole sentences of three words or more first, shortest first', () => {
    const quotes = themeQuotes(
      [
        'Het eten is prima. De werkdruk is structureel veel te hoog in ons team.',
        'Werkdruk!',
        'De werkdruk is te hoog.',
        'Hoge werkdruk, en de laptops zijn traag, en de kantine is te klein, en er zijn te veel vergaderingen',
      ],
      'werkdruk',
    );
    expect(quotes).toEqual([
      'De werkdruk is te hoog.',
      'De werkdruk is structureel veel te hoog in ons team.',
      'Hoge werkdruk, en de laptops zijn traag, en de kantine is te klein, en er zijn te veel vergaderingen',
    ]);
  });

  it('should give the same text only once, whatever its capitals or accents', () => {
    expect(
      themeQuotes(
        ['Te veel vergaderingen.', 'te veel vergaderingen.', 'Té veel vergaderingen.'],
        'vergadering',
      ),
    ).toEqual(['Te veel vergaderingen.']);
  });

  it('should fall back to a short quote when there is nothing longer', () => {
    expect(themeQuotes(['Werkdruk!', 'Werkdruk!!'], 'werkdruk')).toEqual(['Werkdruk!', 'Werkdruk!!']);
  });
});

import { describe, expect, it } from 'vitest';
import { createNameMatcher, foldName } from './personNames';

describe('createNameMatcher', () => {
  const matcher = createNameMatcher(['Jan de Vries', 'Fatma Yılmaz', '  ', 'Admin', 'Pieter van den Berg']);

  it('should know the names of two words or more, and leave out blank and single-word ones (R-PRIV-7)', () => {
    expect(matcher.size).toBe(3);
  });

  it('should mask a full name whatever its case and accents, as whole words only', () => {
    expect(matcher.mask('JAN DE VRIES en fatma yilmaz')).toBe('[naam] en [naam]');
    expect(matcher.mask('Jan de Vriesland is een boek')).toBe('Jan de Vriesland is een boek');
    expect(matcher.mask('Ajan de vries')).toBe('Ajan de vries');
  });

  it('should mask the first name with the surname, a title with the surname, and a capitalised surname with its particles', () => {
    expect(matcher.mask('Jan Vries, Pieter Berg')).toBe('[naam], [naam]');
    expect(matcher.mask('mevrouw Yilmaz en dhr. van den Berg')).toBe('[naam] en [naam]');
    expect(matcher.mask('Gesproken met De Vries.')).toBe('Gesproken met [naam].');
    expect(matcher.mask('gesproken met de vries.')).toBe('gesproken met de vries.');
  });

  it('should not mask a first name or a surname alone', () => {
    expect(matcher.mask('Jan, Pieter, Fatma, Vries, Yilmaz, Berg en Admin')).toBe(
      'Jan, Pieter, Fatma, Vries, Yilmaz, Berg en Admin',
    );
  });

  it('should take the longest name at a place, and not run a name across a sentence', () => {
    const both = createNameMatcher(['Jan de Vries', 'Jan de Vries Bakker']);
    expect(both.mask('Jan de Vries Bakker kwam')).toBe('[naam] kwam');
    expect(matcher.mask('Jan, de Vries')).toBe('Jan, [naam]');
  });

  it('should leave a text without names the same string', () => {
    const text = 'Niets aan de hand.';
    expect(matcher.mask(text)).toBe(text);
    expect(createNameMatcher([]).mask('Jan de Vries')).toBe('Jan de Vries');
  });

  it('should fold accents and the dotless i', () => {
    expect(foldName('Müller')).toBe('muller');
    expect(foldName('Yılmaz')).toBe('yilmaz');
    expect(foldName('ÇELİK')).toBe('celik');
  });

  it('should build one matcher for thousands of names and still mask each of them', () => {
    const word = (index: number) =>
      index.toString(26).replace(/./g, (digit) => 'abcdefghijklmnopqrstuvwxyz'[parseInt(digit, 26)] ?? '');
    const names = Array.from({ length: 5_000 }, (_, index) => `Voor${word(index)} Achter${word(index)}`);
    const many = createNameMatcher(names);
    expect(many.size).toBe(5_000);
    expect(many.mask(`Voor${word(4321)} Achter${word(4321)} en Voor${word(1)} Achter${word(2)}`)).toBe(
      `[naam] en Voor${word(1)} Achter${word(2)}`,
    );
  });
});

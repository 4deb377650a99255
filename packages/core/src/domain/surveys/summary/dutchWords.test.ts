import { describe, expect, it } from 'vitest';
import { DUTCH_STOP_WORDS } from './dutchStopWords';
import { foldWord, keyAt, keysOf, stemOf, wordsOf } from './dutchWords';

describe('foldWord', () => {
  it('should drop accents so written forms with and without them compare equal', () => {
    expect(foldWord('één')).toBe('een');
    expect(foldWord('café')).toBe('cafe');
    expect(foldWord('coördinatie')).toBe('coordinatie');
    expect(foldWord('laptop')).toBe('laptop');
  });
});

describe('stemOf', () => {
  it('should let a word and its plural meet', () => {
    expect(stemOf('vergaderingen')).toBe(stemOf('vergadering'));
    expect(stemOf('laptops')).toBe(stemOf('laptop'));
    expect(stemOf('opleidingen')).toBe('opleiding');
  });

  it('should leave short words and double s alone', () => {
    expect(stemOf('tijden')).toBe('tijd');
    expect(stemOf('eten')).toBe('eten');
    expect(stemOf('bus')).toBe('bus');
    expect(stemOf('stress')).toBe('stress');
  });
});

describe('DUTCH_STOP_WORDS', () => {
  it('should hold the common Dutch function words and our survey fillers, folded', () => {
    for (const word of ['de', 'het', 'een', 'niet', 'meer', 'minder', 'graag', 'vind']) {
      expect(DUTCH_STOP_WORDS.has(word), word).toBe(true);
    }
    for (const word of ['werkdruk', 'laptop', 'vergadering', 'kantine']) {
      expect(DUTCH_STOP_WORDS.has(word), word).toBe(false);
    }
    expect([...DUTCH_STOP_WORDS].every((word) => word === foldWord(word.toLowerCase()))).toBe(true);
  });
});

describe('wordsOf', () => {
  it('should split on everything but letters and digits, lower-cased, marking stop words and clause breaks', () => {
    const words = wordsOf('De WERKDRUK is hoog, écht te hoog!');
    expect(words.map((word) => word.surface)).toEqual(['de', 'werkdruk', 'is', 'hoog', 'écht', 'te', 'hoog']);
    expect(words.filter((word) => !word.stop).map((word) => word.stem)).toEqual(['werkdruk', 'hoog', 'hoog']);
    expect(words.map((word) => word.breakBefore)).toEqual([false, false, false, false, true, false, false]);
  });

  it('should count numbers and two-letter words as stop words', () => {
    expect(wordsOf('In 2026 op de ICT-afdeling').map((word) => word.stop)).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});

describe('keysOf', () => {
  it('should give each content word, adjacent content pairs and triples with content at both ends', () => {
    const keys = keysOf(wordsOf('Trage laptops en oude schermen'));
    expect([...keys].sort()).toEqual(
      ['laptop', 'laptop en oude', 'oude', 'oude scherm', 'scherm', 'trage', 'trage laptop'].sort(),
    );
  });

  it('should not make a phrase across punctuation', () => {
    const keys = keysOf(wordsOf('Kantine. Gezonder eten'));
    expect(keys.has('kantine gezonder')).toBe(false);
    expect(keys.has('gezonder eten')).toBe(true);
  });
});

describe('keyAt', () => {
  it('should find where a key starts in the words, or -1', () => {
    const words = wordsOf('Graag betere laptops, snel');
    expect(keyAt(words, 'betere laptop')).toBe(1);
    expect(keyAt(words, 'laptop')).toBe(2);
    expect(keyAt(words, 'laptop snel')).toBe(-1);
    expect(keyAt(words, 'scherm')).toBe(-1);
  });
});

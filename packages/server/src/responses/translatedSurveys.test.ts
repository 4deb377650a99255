import { describe, expect, it } from 'vitest';
import { acceptedLanguages, textLanguage } from './translatedSurveys';

describe('textLanguage', () => {
  it('should take ?lang when Dutch or complete, else the held language when complete, else none', () => {
    expect(textLanguage(['en'], 'en', 'de')).toBe('en');
    expect(textLanguage(['en'], 'nl', 'en')).toBe('nl');
    expect(textLanguage(['en'], 'fr', 'en')).toBe('en');
    expect(textLanguage(['en'], 'fr', 'de')).toBeNull();
    expect(textLanguage([], undefined, null)).toBeNull();
  });

  it("should take the browser's first offered language only when nothing is asked or held", () => {
    expect(textLanguage(['en', 'de'], undefined, null, ['fr', 'de', 'en'])).toBe('de');
    expect(textLanguage(['en'], undefined, null, ['fr', 'nl', 'en'])).toBe('nl');
    expect(textLanguage(['en'], undefined, null, ['fr', 'pl'])).toBeNull();
    // A contact's language wins over the browser, even when it is not translated (then Dutch).
    expect(textLanguage(['en'], undefined, 'pl', ['en'])).toBeNull();
    expect(textLanguage(['en'], 'nl', null, ['en'])).toBe('nl');
  });
});

describe('acceptedLanguages', () => {
  it('should order by weight, keep the order of equal weights and read primary subtags', () => {
    expect(acceptedLanguages('en-GB,en;q=0.9,nl;q=0.8')).toEqual(['en', 'nl']);
    expect(acceptedLanguages('de;q=0.5, fr-CH, uk;q=0.7')).toEqual(['fr', 'uk', 'de']);
    expect(acceptedLanguages('ar')).toEqual(['ar']);
  });

  it('should leave out wildcards, refused languages and malformed entries', () => {
    expect(acceptedLanguages('*, en;q=0, tr;q=0.3, 12, x-klingon, ;q=1')).toEqual(['tr']);
    expect(acceptedLanguages(undefined)).toEqual([]);
    expect(acceptedLanguages('')).toEqual([]);
    expect(acceptedLanguages(`${'en,'.repeat(600)}`)).toEqual([]);
  });
});

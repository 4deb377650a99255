import { describe, expect, it } from 'vitest';
import { textLanguage } from './translatedSurveys';

describe('textLanguage', () => {
  it('should take ?lang when Dutch or complete, else the held language when complete, else none', () => {
    expect(textLanguage(['en'], 'en', 'de')).toBe('en');
    expect(textLanguage(['en'], 'nl', 'en')).toBe('nl');
    expect(textLanguage(['en'], 'fr', 'en')).toBe('en');
    expect(textLanguage(['en'], 'fr', 'de')).toBeNull();
    expect(textLanguage([], undefined, null)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { ORGANISATION_PEOPLE, PRIVACY_CORPUS } from '../../testing/privacyCorpus';
import { createPersonalDataMasker, isBsn, PLACEHOLDER_PATTERN, PLACEHOLDERS } from './personalData';

const masker = createPersonalDataMasker(ORGANISATION_PEOPLE);

describe('createPersonalDataMasker', () => {
  it('should mask every kind of personal data in the corpus and leave the look-alikes as written', () => {
    expect(PRIVACY_CORPUS.length).toBeGreaterThanOrEqual(40);
    for (const answer of PRIVACY_CORPUS) expect(masker.mask(answer.text), answer.text).toBe(answer.masked);
  });

  it('should cover each placeholder in the corpus, and leave answers untouched as well', () => {
    const masked = PRIVACY_CORPUS.map((answer) => answer.masked).join('\n');
    for (const placeholder of Object.values(PLACEHOLDERS)) expect(masked).toContain(placeholder);
    expect(PRIVACY_CORPUS.filter((answer) => answer.text === answer.masked).length).toBeGreaterThanOrEqual(
      15,
    );
  });

  it('should mask an IBAN only when it passes mod-97 and fits its country (R-PRIV-5)', () => {
    expect(masker.mask('NL91ABNA0417164300')).toBe('[IBAN]');
    expect(masker.mask('NL91ABNA0417164301')).not.toContain('[IBAN]');
    expect(masker.mask('NL91ABNA041716430')).not.toContain('[IBAN]');
    expect(masker.mask('XX91ABNA0417164300')).not.toContain('[IBAN]');
  });

  it('should keep names unmasked without names to look for, and mask the rest', () => {
    expect(createPersonalDataMasker().mask('Jan de Vries, NL91ABNA0417164300')).toBe('Jan de Vries, [IBAN]');
  });

  it('should make whitespace single and trim, like the labels before it', () => {
    expect(masker.mask('  Werkdruk\n\nte   hoog ')).toBe('Werkdruk te hoog');
  });

  it('should find every placeholder with PLACEHOLDER_PATTERN', () => {
    const all = Object.values(PLACEHOLDERS).join(' ');
    expect(all.replace(PLACEHOLDER_PATTERN, '').trim()).toBe('');
  });
});

describe('isBsn', () => {
  it('should pass numbers that pass the 11-proef and refuse others, all zeros and other lengths (R-PRIV-5)', () => {
    expect(['111222333', '123456782', '012345672'].map(isBsn)).toEqual([true, true, true]);
    expect(['123456789', '000000000', '12345678', '1234567820', '12345678a'].map(isBsn)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

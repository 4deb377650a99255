import { describe, expect, it } from 'vitest';
import { onlyPlaceholders, plainModelText } from './modelText';
import { createPersonalDataMasker } from './personalData';

const masker = createPersonalDataMasker(['Jan de Vries']);

describe('plainModelText', () => {
  it('should take out tags and comments and decode character references once (R-PRIV-9)', () => {
    expect(plainModelText('<b>Werkdruk</b><!-- x --> &amp; <i>planning</i>', masker)).toBe(
      'Werkdruk & planning',
    );
    expect(plainModelText('&lt;script&gt;alert(1)&lt;/script&gt;Lunch', masker)).toBe('alert(1) Lunch');
    expect(plainModelText('&amp;lt;b&amp;gt;', masker)).toBe('&lt;b&gt;');
  });

  it('should reduce Markdown to its words and make one line without control characters', () => {
    expect(plainModelText('## **Werk**druk `team` [meer](https://x.nl)', masker)).toBe('Werkdruk team meer');
    expect(plainModelText('Werk\u0000druk\r\nBcc: x\u2028', masker)).toBe('Werkdruk Bcc: x');
  });

  it('should mask a name and other personal data the model echoes', () => {
    expect(plainModelText('Klachten over <b>Jan de Vries</b> (06-12345678)', masker)).toBe(
      'Klachten over [naam] ([telefoonnummer])',
    );
  });
});

describe('onlyPlaceholders', () => {
  it('should tell a text of placeholders and punctuation from one with words', () => {
    expect(onlyPlaceholders('[naam]')).toBe(true);
    expect(onlyPlaceholders(' [naam] - [adres]! ')).toBe(true);
    expect(onlyPlaceholders('')).toBe(true);
    expect(onlyPlaceholders('[naam] en werkdruk')).toBe(false);
  });
});

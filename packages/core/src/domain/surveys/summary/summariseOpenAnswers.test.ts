import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createPersonalDataMasker } from '../../privacy';
import {
  SUMMARY_ANSWERS_MAX,
  SUMMARY_THEMES_MAX,
  summariseOpenAnswers,
  summaryAnswers,
} from './summariseOpenAnswers';
import { IMPROVEMENT_ANSWERS, repeatedAnswers } from './summary.fixtures';
import { QUOTE_MAX_LENGTH } from './summaryQuotes';

describe('summariseOpenAnswers', () => {
  it('should group answers by the words they share, count them, quote them, and count the rest as other', () => {
    expect(summariseOpenAnswers(IMPROVEMENT_ANSWERS)).toEqual({
      considered: 15,
      themes: [
        {
          label: 'Laptop',
          count: 4,
          quotes: [
            'Betere laptops voor iedereen.',
            'Een trage laptop kost me elke dag tijd.',
            'Mijn laptop is traag en videobellen loopt vast.',
          ],
        },
        {
          label: 'Werkdruk',
          count: 4,
          quotes: [
            'De WERKDRUK in ons team is structureel te hoog.',
            "Werkdruk verlagen door extra collega's aan te nemen.",
            'De werkdruk is te hoog, zeker aan het eind van het kwartaal.',
          ],
        },
        {
          label: 'Vergaderingen',
          count: 3,
          quotes: [
            'Minder vergaderingen graag.',
            'Te veel vergaderingen op maandag.',
            'Vergadering na vergadering, ik kom niet aan mijn werk toe.',
          ],
        },
      ],
      other: 4,
    });
  });

  it('should name a theme by a shared phrase when most answers share it', () => {
    const summary = summariseOpenAnswers([
      'Graag betere laptops.',
      'Betere laptops voor het team.',
      'Wij willen betere laptops!',
      'Mijn laptop is oud.',
      'De kantine is klein.',
    ]);
    expect(summary.themes.map((theme) => [theme.label, theme.count])).toEqual([['Betere laptops', 3]]);
    expect(summary.other).toBe(2);
  });

  it('should never quote an e-mail address or a phone number', () => {
    const summary = summariseOpenAnswers([
      'Werkdruk te hoog, bel 06-12345678',
      'Werkdruk te hoog, mail jan@voorbeeld.nl',
      'Werkdruk te hoog volgens +31 20 123 4567',
    ]);
    const quotes = summary.themes.flatMap((theme) => theme.quotes).join('\n');
    expect(quotes).toContain('[telefoonnummer]');
    expect(quotes).toContain('[e-mailadres]');
    expect(quotes).not.toMatch(/@|12345678|123 4567/);
  });

  it('should not make themes of stop words, and give none when nothing recurs', () => {
    const summary = summariseOpenAnswers([
      'Ik vind het niet zo goed.',
      'Het is niet goed genoeg, vind ik.',
      'Kantine.',
      'Parkeren.',
    ]);
    expect(summary.themes.map((theme) => theme.label)).toEqual(['Goed']);
    expect(summariseOpenAnswers(['Kantine.', 'Parkeren.', 'Laptops.'])).toEqual({
      considered: 3,
      themes: [],
      other: 3,
    });
  });

  it('should summarise nothing below three answers, and skip blank ones', () => {
    expect(summariseOpenAnswers(['Werkdruk', 'Werkdruk', '   '])).toEqual({
      considered: 2,
      themes: [],
      other: 2,
    });
  });

  it('should keep to eight themes, largest first, and to the newest 10,000 answers', () => {
    const many = Array.from({ length: 12 }, (_, theme) =>
      Array.from({ length: 12 - theme }, () => `onderwerp${String.fromCharCode(97 + theme)}`),
    ).flat();
    const summary = summariseOpenAnswers(many);
    expect(summary.themes).toHaveLength(SUMMARY_THEMES_MAX);
    expect(summary.themes.map((theme) => theme.count)).toEqual([12, 11, 10, 9, 8, 7, 6, 5]);
    expect(summary.other).toBe(4 + 3 + 2 + 1);
    expect(summariseOpenAnswers(repeatedAnswers(SUMMARY_ANSWERS_MAX + 50)).considered).toBe(
      SUMMARY_ANSWERS_MAX,
    );
  });

  it('should keep quotes short and part of an answer, counts within the answers, and give the same summary twice', () => {
    const words = fc.constantFrom(
      'werkdruk',
      'laptop',
      'laptops',
      'kantine',
      'de',
      'is',
      'te',
      'hoog',
      'Café',
      'één',
    );
    const answer = fc
      .tuple(
        fc.array(fc.oneof(words, fc.string({ maxLength: 8 })), { minLength: 1, maxLength: 60 }),
        fc.constantFrom(' ', ', ', '. '),
      )
      .map(([parts, separator]) => parts.join(separator));
    fc.assert(
      fc.property(fc.array(answer, { maxLength: 40 }), (texts) => {
        const summary = summariseOpenAnswers(texts);
        const answers = summaryAnswers(texts, createPersonalDataMasker()).map((text) =>
          text.replace(/\s+/g, ' '),
        );
        expect(summary.considered).toBe(answers.length);
        expect(summary.themes.length).toBeLessThanOrEqual(SUMMARY_THEMES_MAX);
        const inThemes = summary.themes.reduce((sum, theme) => sum + theme.count, 0);
        expect(summary.other).toBeGreaterThanOrEqual(0);
        expect(summary.other).toBeGreaterThanOrEqual(summary.considered - inThemes);
        for (const theme of summary.themes) {
          expect(theme.count).toBeGreaterThanOrEqual(2);
          expect(theme.count).toBeLessThanOrEqual(summary.considered);
          expect(theme.quotes.length).toBeLessThanOrEqual(3);
          for (const quote of theme.quotes) {
            expect(quote.length).toBeLessThanOrEqual(QUOTE_MAX_LENGTH);
            expect(answers.some((text) => text.includes(quote.replace(/…$/, '')))).toBe(true);
          }
        }
        expect(summariseOpenAnswers(texts)).toEqual(summary);
      }),
      { numRuns: 150 },
    );
  });
});

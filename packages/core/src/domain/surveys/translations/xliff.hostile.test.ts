import { describe, expect, it } from 'vitest';
import type { Question } from '../../contract';
import { importTranslation } from './importTranslation';
import { sourceTexts } from './translationSources';
import { ENGLISH, SURVEY } from './translations.fixtures';
import { readXliff, toXliff, XLIFF_MAX_LENGTH } from './xliff';

/** A small deterministic generator (mulberry32), so a failing case can be replayed. */
function random(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const PIECES = [
  '<',
  '>',
  '&',
  ';',
  '"',
  "'",
  '/',
  '<![CDATA[',
  ']]>',
  '<!--',
  '-->',
  '<!DOCTYPE x>',
  '&#0;',
  '\uD800',
  '\uFEFF',
  '<pc>',
  '</unit>',
  '<unit id="title">',
  '\u0000',
  'é',
];

describe('readXliff on damaged files', () => {
  it('should answer a result, never throw, for thousands of randomly damaged files', () => {
    const valid = toXliff(sourceTexts(SURVEY), 'en', { texts: ENGLISH });
    const next = random(26);
    let refused = 0;
    for (let round = 0; round < 3000; round += 1) {
      let text = valid;
      const edits = 1 + Math.floor(next() * 4);
      for (let edit = 0; edit < edits; edit += 1) {
        const at = Math.floor(next() * text.length);
        const kind = next();
        if (kind < 0.4) text = text.slice(0, at) + text.slice(at + 1 + Math.floor(next() * 20));
        else text = text.slice(0, at) + PIECES[Math.floor(next() * PIECES.length)] + text.slice(at);
      }
      const read = readXliff(text, 'en');
      if (!read.ok) {
        refused += 1;
        expect(read.message).toMatch(/^(Het bestand|Regel \d+|De tekst ')/);
      } else {
        const result = importTranslation(sourceTexts(SURVEY), read.units, 'en', { dryRun: true });
        expect(result.ok).toBe(true);
      }
    }
    expect(refused).toBeGreaterThan(1000);
  });
});

describe('readXliff at the limits', () => {
  /** A survey at the editor's limits: 100 questions of 50 choices with long labels. */
  const questions: Question[] = Array.from({ length: 100 }, (_, q) => ({
    id: `q${q}`,
    type: 'single_choice',
    title: `Vraag ${q} ${'t'.repeat(280)}`,
    description: 'd'.repeat(1000),
    required: false,
    position: q,
    settings: {
      options: Array.from({ length: 50 }, (_, o) => ({
        id: `o${o}`,
        label: `Keuze ${o} <&> ${'k'.repeat(150)}`,
      })),
      allow_other: false,
    },
  }));
  const big = { ...SURVEY, questions, description_html: `<p>${'x'.repeat(19_000)}</p>` };

  it('should write and read back the file of a survey at every limit quickly and stay under the size limit', () => {
    const sources = sourceTexts(big);
    const texts = Object.fromEntries(sources.map((source) => [source.key, source.text.toUpperCase()]));
    const xliff = toXliff(sources, 'en', { texts });
    expect(xliff.length).toBeLessThan(XLIFF_MAX_LENGTH);
    const started = Date.now();
    const read = readXliff(xliff, 'en');
    if (!read.ok) throw new Error(read.message);
    const result = importTranslation(sources, read.units, 'en', { dryRun: false });
    expect(Date.now() - started).toBeLessThan(4000);
    expect(result.ok && result.report.updated).toHaveLength(sources.length);
    expect(result.ok && result.translation.texts['questions.q99.options.o49']).toBe(
      `KEUZE 49 <&> ${'K'.repeat(150)}`,
    );
  });
});

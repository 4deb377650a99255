import { describe, expect, it } from 'vitest';
import type { Question, QuestionResult, RoundComparison } from '../../contract';
import { compareRounds, roundChangeSentences } from './roundComparison';

const nps: Question = {
  id: 'q-nps',
  type: 'nps',
  title: 'Hoe waarschijnlijk beveel je ons aan?',
  required: true,
  position: 0,
  settings: {},
} as unknown as Question;
const choice: Question = {
  id: 'q-kanaal',
  type: 'single_choice',
  title: 'Hoe kwam je bij ons?',
  required: false,
  position: 1,
  settings: {
    options: [
      { id: 'a', label: 'Via een vriend' },
      { id: 'b', label: 'Online' },
    ],
    allow_other: false,
  },
} as unknown as Question;
const open: Question = {
  id: 'q-open',
  type: 'open_long',
  title: 'Nog iets?',
  required: false,
  position: 2,
  settings: {},
} as unknown as Question;

const npsResult = (byScore: Record<string, number>): QuestionResult => ({
  question_id: 'q-nps',
  type: 'nps',
  answered: Object.values(byScore).reduce((a, b) => a + b, 0),
  seen_count: 0,
  by_score: byScore,
});
const choiceResult = (a: number, b: number): QuestionResult => ({
  question_id: 'q-kanaal',
  type: 'single_choice',
  answered: a + b,
  seen_count: a + b,
  by_option: { a, b },
  other: 0,
  other_texts: [],
  other_text_count: 0,
});

const comparison: RoundComparison = {
  survey_id: 1,
  rounds: [
    // NPS 0: one promoter, one detractor.
    {
      round_id: 11,
      number: 1,
      due_at: '2026-01-05T08:00:00.000Z',
      completed: 2,
      questions: [npsResult({ 10: 1, 3: 1 }), choiceResult(1, 1)],
    },
    {
      round_id: 12,
      number: 2,
      due_at: '2026-02-05T08:00:00.000Z',
      completed: 0,
      questions: [npsResult({}), choiceResult(0, 0)],
    },
    // NPS 50: three promoters and one detractor of four.
    {
      round_id: 13,
      number: 3,
      due_at: '2026-03-05T08:00:00.000Z',
      completed: 4,
      questions: [npsResult({ 9: 2, 10: 1, 5: 1 }), choiceResult(1, 3)],
    },
    {
      round_id: 14,
      number: 4,
      due_at: '2026-04-05T08:00:00.000Z',
      completed: 4,
      questions: [npsResult({ 9: 1, 7: 2, 2: 1 }), choiceResult(2, 2)],
    },
  ],
};

describe('compareRounds (R-ROUND-6)', () => {
  it('should compare the newest round with the one before and give the trend over all rounds', () => {
    const [npsRow, choiceRow, ...rest] = compareRounds([nps, choice, open], comparison);
    expect(rest).toEqual([]);
    expect(npsRow).toMatchObject({ measure: 'NPS', change: -50, direction: 'down', changeText: '-50' });
    expect(npsRow?.points.map((point) => point.value)).toEqual([0, null, 50, 0]);
    expect(npsRow?.trendText).toBe('0 → – → 50 → 0');
    // The option most chosen in round 4 is the first of the tie, 'Via een vriend'.
    expect(choiceRow).toMatchObject({ measure: "Aandeel 'Via een vriend' (%)", change: 25, direction: 'up' });
  });

  it('should take a chosen round as this round, and have no previous for the first', () => {
    const [npsRow] = compareRounds([nps], comparison, 13);
    expect(npsRow).toMatchObject({
      current: { number: 3, value: 50 },
      previous: { number: 2, value: null },
      change: null,
      changeText: '–',
    });
    const [first] = compareRounds([nps], comparison, 11);
    expect(first?.previous).toBeNull();
  });

  it('should name the largest changes between the newest rounds in Dutch', () => {
    expect(roundChangeSentences([nps, choice], comparison)).toEqual([
      "NPS van 'Hoe waarschijnlijk beveel je ons aan?': 0 in ronde 4, -50 ten opzichte van ronde 3.",
      "Aandeel 'Via een vriend' (%) van 'Hoe kwam je bij ons?': 50 in ronde 4, +25 ten opzichte van ronde 3.",
    ]);
    expect(roundChangeSentences([nps], { survey_id: 1, rounds: comparison.rounds.slice(0, 1) })).toEqual([]);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { StatementScore } from '../../contract';
import { rankStatements, STATEMENTS_SHOWN } from './rankStatements';

const statement = (id: string, score: number, answered = 10, surveyId = 1): StatementScore => ({
  survey_id: surveyId,
  survey_title: 'Peiling',
  question_id: 'q',
  statement_id: id,
  text: `Stelling ${id}`,
  points: 5,
  answered,
  mean: 1 + score / 25,
  score,
});

/** n statements s0..s(n-1), s0 scoring highest. */
const statements = (n: number) => Array.from({ length: n }, (_, i) => statement(`s${i}`, 100 - i * 10));
const ids = (list: readonly StatementScore[]) => list.map((s) => s.statement_id);

describe('rankStatements', () => {
  it.each([
    [0, [], []],
    [1, [], []],
    [2, ['s0'], ['s1']],
    [3, ['s0'], ['s2']],
    [4, ['s0', 's1'], ['s3', 's2']],
    [5, ['s0', 's1'], ['s4', 's3']],
    [6, ['s0', 's1', 's2'], ['s5', 's4', 's3']],
    [7, ['s0', 's1', 's2'], ['s6', 's5', 's4']],
  ])('should show %i statements as best %j and worst %j, never the same one in both', (n, best, worst) => {
    const ranked = rankStatements(statements(n));
    expect(ids(ranked.best)).toEqual(best);
    expect(ids(ranked.worst)).toEqual(worst);
  });

  it('should show at most 5 in each list', () => {
    const ranked = rankStatements(statements(12));
    expect(ids(ranked.best)).toEqual(['s0', 's1', 's2', 's3', 's4']);
    expect(ids(ranked.worst)).toEqual(['s11', 's10', 's9', 's8', 's7']);
    expect(STATEMENTS_SHOWN).toBe(5);
  });

  it('should rank by score whatever the input order, ties by more answers, then by survey', () => {
    const ranked = rankStatements([
      statement('low', 10),
      statement('tie-few', 50, 3),
      statement('tie-later-survey', 50, 20, 2),
      statement('tie-many', 50, 20, 1),
    ]);
    expect(ids(ranked.best)).toEqual(['tie-many', 'tie-later-survey']);
    expect(ids(ranked.worst)).toEqual(['low', 'tie-few']);
  });

  it('should never put a statement in both lists, and leave the input alone', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: 100 }), { maxLength: 20 }),
        fc.integer({ min: 0, max: 8 }),
        (scores, shown) => {
          const input = scores.map((score, i) => statement(`s${i}`, score));
          const before = ids(input);
          const { best, worst } = rankStatements(input, shown);
          const bestIds = new Set(ids(best));
          expect(ids(worst).some((id) => bestIds.has(id))).toBe(false);
          expect(best.length).toBe(worst.length);
          expect(best.length).toBe(Math.min(shown, Math.floor(scores.length / 2)));
          expect(ids(input)).toEqual(before);
        },
      ),
      { numRuns: 200 },
    );
  });
});

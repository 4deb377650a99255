import type { QuestionTiming } from '@loop/core';
import { describe, expect, it } from 'vitest';
import type { Queryable } from '../db/database';
import { QuestionTimingsMemo, type SubmissionState } from './questionTimings';

/** A stand-in for the medians statement that records which surveys it was asked for. */
function countingCompute() {
  const calls: number[][] = [];
  let round = 0;
  const compute = async (_db: Queryable, ids: readonly number[]) => {
    calls.push([...ids]);
    round++;
    return new Map<number, Record<string, QuestionTiming>>(
      ids.map((id) => [id, { q1: { median_seconds: id * 10 + round, respondents: 5 } }]),
    );
  };
  return { calls, compute };
}

const db = {} as Queryable;
const state = (
  surveyId: number,
  completed: number,
  lastCompletedAt: string | null = '2026-02-01T08:00:00.000Z',
) => ({ surveyId, completed, lastCompletedAt }) satisfies SubmissionState;

describe('QuestionTimingsMemo', () => {
  it('should compute the surveys of a page in one call and reuse them while their responses stay the same', async () => {
    const { calls, compute } = countingCompute();
    const memo = new QuestionTimingsMemo(compute);
    const first = await memo.get(db, [state(1, 5), state(2, 40), state(3, 7)]);
    expect(calls).toEqual([[1, 2, 3]]);
    expect(first.get(2)).toEqual({ q1: { median_seconds: 21, respondents: 5 } });
    const again = await memo.get(db, [state(1, 5), state(2, 40), state(3, 7)]);
    expect(calls).toHaveLength(1);
    expect(again.get(2)).toEqual(first.get(2));
  });

  it('should compute again only the surveys with a new or an erased response', async () => {
    const { calls, compute } = countingCompute();
    const memo = new QuestionTimingsMemo(compute);
    await memo.get(db, [state(1, 5), state(2, 40), state(3, 7)]);
    const later = await memo.get(db, [
      state(1, 6, '2026-02-02T09:00:00.000Z'), // a new submission
      state(2, 39), // one erased
      state(3, 7),
    ]);
    expect(calls).toEqual([
      [1, 2, 3],
      [1, 2],
    ]);
    expect(later.get(1)).toEqual({ q1: { median_seconds: 12, respondents: 5 } });
    expect(later.get(3)).toEqual({ q1: { median_seconds: 31, respondents: 5 } });
  });

  it('should not ask the database for surveys with fewer submitted responses than a median needs', async () => {
    const { calls, compute } = countingCompute();
    const memo = new QuestionTimingsMemo(compute);
    const found = await memo.get(db, [state(1, 0, null), state(2, 4)]);
    expect(calls).toEqual([]);
    expect(found.get(1)).toEqual({});
    expect(found.get(2)).toEqual({});
  });
});

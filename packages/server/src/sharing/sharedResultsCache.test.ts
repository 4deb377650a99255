import type { SurveyResults } from '@loop/core';
import { describe, expect, it } from 'vitest';
import { createSharedResultsCache } from './sharedResults';

const results = (completed: number) => ({ responses: { completed } }) as SurveyResults;

describe('the shared results cache (R-SHARE-7)', () => {
  it('should compute once for concurrent requests and serve the kept results while a refresh runs', async () => {
    const cache = createSharedResultsCache(1000);
    let computed = 0;
    const compute = async () => results(++computed);
    const first = await Promise.all([0, 1, 2].map(() => cache.results('s', 0, compute)));
    expect(first.map((each) => each.responses.completed)).toEqual([1, 1, 1]);
    expect(computed).toBe(1);
    expect((await cache.results('s', 999, compute)).responses.completed).toBe(1);
    // Expired: this request still gets the kept results and starts one new computation.
    expect((await cache.results('s', 1000, compute)).responses.completed).toBe(1);
    expect((await cache.results('s', 1001, compute)).responses.completed).toBe(2);
    expect(computed).toBe(2);
    // Another period or survey version is another key.
    expect((await cache.results('t', 1001, compute)).responses.completed).toBe(3);
  });

  it('should not keep a failed computation', async () => {
    const cache = createSharedResultsCache(1000);
    let calls = 0;
    const failing = async () => {
      calls++;
      if (calls === 1) throw new Error('database away');
      return results(7);
    };
    await expect(cache.results('s', 0, failing)).rejects.toThrow('database away');
    expect((await cache.results('s', 1, failing)).responses.completed).toBe(7);
  });
});

import { describe, expect, it } from 'vitest';
import { type ApiResult, apiFailure, apiOk } from '../../domain/api';
import { QueryCache } from './QueryCache';

/** A load whose answers the test releases one by one, counting the calls. */
function controlled<T>() {
  const pending: Array<(result: ApiResult<T>) => void> = [];
  let calls = 0;
  return {
    load: () => {
      calls++;
      return new Promise<ApiResult<T>>((resolve) => pending.push(resolve));
    },
    answer: async (result: ApiResult<T>) => {
      pending.shift()?.(result);
      await Promise.resolve();
      await Promise.resolve();
    },
    calls: () => calls,
  };
}

describe('QueryCache', () => {
  it('should share one request among identical fetches at the same time', async () => {
    const cache = new QueryCache();
    const survey = controlled<{ title: string }>();
    void cache.request('survey:1', survey.load);
    void cache.request('survey:1', survey.load);
    expect(survey.calls()).toBe(1);
    expect(cache.get('survey:1')).toMatchObject({ loading: true, settled: false });
    await survey.answer(apiOk({ title: 'A' }));
    expect(cache.get('survey:1')).toMatchObject({ value: { title: 'A' }, loading: false, settled: true });
  });

  it('should show the cached value at once on a revisit while it revalidates in the background', async () => {
    const cache = new QueryCache();
    const survey = controlled<{ title: string }>();
    void cache.request('survey:1', survey.load);
    await survey.answer(apiOk({ title: 'A' }));
    void cache.request('survey:1', survey.load);
    expect(cache.get('survey:1')).toMatchObject({ value: { title: 'A' }, loading: true });
    await survey.answer(apiOk({ title: 'B' }));
    expect(cache.get('survey:1')).toMatchObject({ value: { title: 'B' }, loading: false });
    expect(survey.calls()).toBe(2);
  });

  it('should keep the last good value and say why when a revalidation fails', async () => {
    const cache = new QueryCache();
    const survey = controlled<string>();
    void cache.request('k', survey.load);
    await survey.answer(apiOk('goed'));
    void cache.request('k', survey.load);
    await survey.answer(apiFailure(500, 'Serverfout.'));
    expect(cache.get('k')).toMatchObject({ value: 'goed', error: 'Serverfout.', loading: false });
  });

  it('should tell subscribers of a key, and only them', async () => {
    const cache = new QueryCache();
    const load = controlled<number>();
    let heardA = 0;
    let heardB = 0;
    const stop = cache.subscribe('a', () => heardA++);
    cache.subscribe('b', () => heardB++);
    void cache.request('a', load.load);
    await load.answer(apiOk(1));
    expect([heardA, heardB]).toEqual([2, 0]);
    stop();
    void cache.request('a', load.load);
    await load.answer(apiOk(2));
    expect(heardA).toBe(2);
  });

  it('should ask again at once for invalidated resources a screen shows, keeping their value meanwhile', async () => {
    const cache = new QueryCache();
    const links = controlled<number>();
    const survey = controlled<number>();
    const stop = cache.subscribe('links:1', () => {});
    void cache.request('links:1', links.load);
    await links.answer(apiOk(4));
    void cache.request('links:2', links.load); // shown by nobody
    await links.answer(apiOk(5));
    void cache.request('survey:1', survey.load);
    await survey.answer(apiOk(6));

    cache.invalidate('links:');
    expect(links.calls()).toBe(3); // links:1 again; links:2 waits until it is shown
    expect(cache.get('links:1')).toMatchObject({ value: 4, loading: true });
    await links.answer(apiOk(7));
    expect(cache.get('links:1')).toMatchObject({ value: 7, loading: false });
    expect(survey.calls()).toBe(1);
    stop();
  });

  it('should drop the answer of a request that was out when the resource was invalidated', async () => {
    const cache = new QueryCache();
    const load = controlled<string>();
    cache.subscribe('team', () => {});
    void cache.request('team', load.load);
    cache.invalidate('team');
    expect(load.calls()).toBe(2);
    await load.answer(apiOk('voor de wijziging'));
    expect(cache.get('team')).toMatchObject({ value: null, loading: true });
    await load.answer(apiOk('na de wijziging'));
    expect(cache.get('team')).toMatchObject({ value: 'na de wijziging', loading: false });
  });

  it('should drop an answer that arrives after clear, so nothing of the previous user shows', async () => {
    const cache = new QueryCache();
    const load = controlled<string>();
    void cache.request('team', load.load);
    cache.clear();
    await load.answer(apiOk('leden van organisatie A'));
    expect(cache.get('team')).toMatchObject({ value: null, settled: false });
    // The next fetch asks again instead of waiting for the dropped request.
    void cache.request('team', load.load);
    expect(load.calls()).toBe(2);
  });

  it('should ask again at once, after a clear, for what a screen shows', async () => {
    const cache = new QueryCache();
    const load = controlled<string>();
    cache.subscribe('team', () => {});
    void cache.request('team', load.load);
    await load.answer(apiOk('leden van organisatie A'));
    cache.clear();
    expect(load.calls()).toBe(2);
    expect(cache.get('team')).toMatchObject({ value: null, loading: true });
    await load.answer(apiOk('leden van organisatie B'));
    expect(cache.get('team')).toMatchObject({ value: 'leden van organisatie B', loading: false });
  });
});

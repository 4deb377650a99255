import { describe, expect, it } from 'vitest';
import { Batcher } from './Batcher';

/** A run function whose batches finish only when the test says so. */
function controlledRun<I>() {
  const batches: I[][] = [];
  const finishers: Array<() => void> = [];
  const run = (inputs: readonly I[]) =>
    new Promise<string[]>((resolve) => {
      batches.push([...inputs]);
      finishers.push(() => resolve(inputs.map((input) => `ok:${String(input)}`)));
    });
  return { batches, run, finish: (index: number) => finishers[index]?.() };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('Batcher', () => {
  it('should send a lone input at once and group the ones arriving while batches run', async () => {
    const { batches, run, finish } = controlledRun<number>();
    const batcher = new Batcher(run, { maxBatch: 10, maxInFlight: 1 });
    const first = batcher.submit(1);
    expect(batches).toEqual([[1]]);
    const later = [2, 3, 4].map((input) => batcher.submit(input));
    expect(batches).toHaveLength(1);
    finish(0);
    expect(await first).toBe('ok:1');
    await tick();
    expect(batches[1]).toEqual([2, 3, 4]);
    finish(1);
    expect(await Promise.all(later)).toEqual(['ok:2', 'ok:3', 'ok:4']);
  });

  it('should run up to maxInFlight batches at once and cap their size', async () => {
    const { batches, run, finish } = controlledRun<number>();
    const batcher = new Batcher(run, { maxBatch: 2, maxInFlight: 2 });
    const all = [1, 2, 3, 4, 5].map((input) => batcher.submit(input));
    expect(batches).toEqual([[1], [2]]);
    finish(0);
    await tick();
    expect(batches[2]).toEqual([3, 4]);
    finish(1);
    await tick();
    expect(batches[3]).toEqual([5]);
    finish(2);
    finish(3);
    expect(await Promise.all(all)).toEqual(['ok:1', 'ok:2', 'ok:3', 'ok:4', 'ok:5']);
  });

  it('should never put two inputs with the same key in one batch', async () => {
    const { batches, run, finish } = controlledRun<string>();
    const batcher = new Batcher(run, { maxBatch: 10, maxInFlight: 1, keyOf: (input) => input.split('-')[0] });
    const all = ['a-1', 'a-2', 'b-1', 'a-3', 'c-1'].map((input) => batcher.submit(input));
    finish(0);
    await tick();
    expect(batches[1]).toEqual(['a-2', 'b-1', 'c-1']);
    finish(1);
    await tick();
    expect(batches[2]).toEqual(['a-3']);
    finish(2);
    expect(await Promise.all(all)).toHaveLength(5);
  });

  it('should run each input of a failed batch alone, so only the bad one fails', async () => {
    const seen: number[][] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const batcher = new Batcher(
      async (inputs: readonly number[]) => {
        seen.push([...inputs]);
        if (inputs.length === 1 && inputs[0] === 0) await gate;
        if (inputs.includes(13)) throw new Error('ongeluk');
        return inputs.map((input) => input * 2);
      },
      { maxBatch: 10, maxInFlight: 1 },
    );
    const blocker = batcher.submit(0);
    const results = [12, 13, 14].map((input) => batcher.submit(input).catch((error: Error) => error.message));
    release();
    expect(await blocker).toBe(0);
    expect(await Promise.all(results)).toEqual([24, 'ongeluk', 28]);
    expect(seen).toEqual([[0], [12, 13, 14], [12], [13], [14]]);
  });
});

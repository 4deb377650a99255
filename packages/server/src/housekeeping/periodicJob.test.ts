import { describe, expect, it } from 'vitest';
import { startPeriodicJob } from './periodicJob';

const output = { info: () => {}, error: () => {} };

describe('startPeriodicJob', () => {
  it('should tell the pass in flight to stop, and wait for it, when stopped (R-CLUSTER-2)', async () => {
    let seen: AbortSignal | null = null;
    let finished = false;
    const job = startPeriodicJob({
      run: async (signal) => {
        seen = signal;
        // A long pass that takes new work until it is told to stop.
        while (!signal.aborted) await new Promise((resolve) => setTimeout(resolve, 5));
        finished = true;
        return 1;
      },
      intervalMs: 60_000,
      output,
      failure: 'mislukt',
    });
    while (seen === null) await new Promise((resolve) => setTimeout(resolve, 5));
    expect((seen as AbortSignal).aborted).toBe(false);
    await job.stop();
    expect(finished).toBe(true);
  });

  it('should count a failed pass as 0 and report it', async () => {
    const errors: string[] = [];
    const job = startPeriodicJob({
      run: async () => {
        throw new Error('weg');
      },
      intervalMs: 60_000,
      output: { info: () => {}, error: (_details, message) => errors.push(message) },
      failure: 'Opruimen mislukt',
    });
    expect(await job.runOnce()).toBe(0);
    await job.stop();
    expect(errors).toContain('Opruimen mislukt');
  });
});

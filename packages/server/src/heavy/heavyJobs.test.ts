import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../http/apiError';
import { HEAVY_JOB_MESSAGES, HeavyJobs } from './heavyJobs';

/** A job that runs until `finish` is called. */
function held(): { readonly work: () => Promise<string>; readonly finish: () => void } {
  let finish = () => {};
  const done = new Promise<string>((resolve) => {
    finish = () => resolve('klaar');
  });
  return { work: () => done, finish };
}

describe('HeavyJobs', () => {
  it("should refuse an organisation's third job at once with 429 while two run (R-HEAVY-5)", async () => {
    const jobs = new HeavyJobs(2);
    const first = held();
    const second = held();
    const running = [jobs.run(1, first.work), jobs.run(1, second.work)];
    let thirdStarted = false;
    const third = jobs.run(1, async () => {
      thirdStarted = true;
      return 'te veel';
    });
    await expect(third).rejects.toEqual(new ApiError(429, HEAVY_JOB_MESSAGES.busy(2)));
    expect(thirdStarted).toBe(false);
    expect(HEAVY_JOB_MESSAGES.busy(2)).toMatch(/^Er lopen al 2 .*Probeer het zo opnieuw\.$/);
    // Another organisation is not held back.
    await expect(jobs.run(2, async () => 'ander')).resolves.toBe('ander');
    first.finish();
    second.finish();
    await expect(Promise.all(running)).resolves.toEqual(['klaar', 'klaar']);
    expect(jobs.runningFor(1)).toBe(0);
  });

  it('should free the place of a job that failed', async () => {
    const jobs = new HeavyJobs(1);
    await expect(jobs.run(7, () => Promise.reject(new Error('kapot')))).rejects.toThrow('kapot');
    expect(jobs.runningFor(7)).toBe(0);
    await expect(jobs.run(7, async () => 'weer')).resolves.toBe('weer');
  });
});

describe('HeavyJobs.stream (R-HEAVY-9)', () => {
  it('should hold a place until the body has been read, and free it when the body is destroyed', async () => {
    const jobs = new HeavyJobs(2);
    const read = await jobs.stream(7, () => ({ body: Readable.from(['a', 'b']) }));
    const cancelled = await jobs.stream(7, () => ({ body: Readable.from(['c']) }));
    expect(jobs.runningFor(7)).toBe(2);
    await expect(jobs.stream(7, () => ({ body: Readable.from([]) }))).rejects.toEqual(
      new ApiError(429, HEAVY_JOB_MESSAGES.busy(2)),
    );
    expect(await read.body.toArray()).toEqual(['a', 'b']);
    await expect.poll(() => jobs.runningFor(7)).toBe(1);
    cancelled.body.destroy();
    await expect.poll(() => jobs.runningFor(7)).toBe(0);
  });

  it('should free the place when the file cannot be opened', async () => {
    const jobs = new HeavyJobs(1);
    await expect(
      jobs.stream(7, () => {
        throw new Error('geen bestand');
      }),
    ).rejects.toThrow('geen bestand');
    expect(jobs.runningFor(7)).toBe(0);
  });
});

// Runs in the benchmark's page (bundled by bench/browserPage.ts): times named steps run by run,
// each answering a number (a length, a byte count) so the work cannot be skipped and can be shown.

/** Timings in ms of `runs` runs of one step, and what its last run answered. */
export interface StepTimes {
  readonly times: number[];
  readonly result: number;
}

/** A `time(name, runs)` over `steps`, for the page to put on `window.__bench`. */
export function stepTimer(
  steps: Readonly<Record<string, () => number>>,
): (name: string, runs: number) => StepTimes {
  return (name, runs) => {
    const step = steps[name];
    if (!step) throw new Error(`unknown step ${name}`);
    const times: number[] = [];
    let result = 0;
    for (let run = 0; run < runs; run++) {
      const start = performance.now();
      result = step();
      times.push(performance.now() - start);
    }
    return { times, result };
  };
}

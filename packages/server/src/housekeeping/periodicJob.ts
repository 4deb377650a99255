/** Where a periodic job reports (the server's pino logger). */
export interface JobOutput {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

export interface PeriodicJob {
  /** One pass now (joining a pass already running); resolves with what it returns, 0 after a failure. */
  runOnce(): Promise<number>;
  /** Stops the timers, tells a pass in flight to stop (its `signal`) and waits for it. */
  stop(): Promise<void>;
}

/**
 * Runs `run` right after start and then every `intervalMs`, one pass at a time, without keeping
 * the process alive. A failed pass is reported through `output.error` with `failure` and counts
 * as 0; the next pass tries again. Several servers on one database may all run the same job, so
 * a pass must be safe to repeat (the clean-ups delete what is past a cut-off).
 */
export function startPeriodicJob(options: {
  /** One pass; `signal` aborts when the job stops (a long pass stops taking new work then). */
  readonly run: (signal: AbortSignal) => Promise<number>;
  readonly intervalMs: number;
  readonly output: JobOutput;
  readonly failure: string;
}): PeriodicJob {
  let running: Promise<number> | null = null;
  const stopping = new AbortController();
  const runOnce = (): Promise<number> => {
    running ??= (async () => {
      try {
        return await options.run(stopping.signal);
      } catch (error) {
        options.output.error({ err: error }, options.failure);
        return 0;
      } finally {
        running = null;
      }
    })();
    return running;
  };
  const first = setTimeout(() => void runOnce(), 0);
  const timer = setInterval(() => void runOnce(), options.intervalMs);
  first.unref?.();
  timer.unref?.();
  return {
    runOnce,
    async stop() {
      clearTimeout(first);
      clearInterval(timer);
      stopping.abort();
      await running;
    },
  };
}

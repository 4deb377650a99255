interface Waiting<I, O> {
  readonly input: I;
  readonly resolve: (output: O) => void;
  readonly reject: (error: unknown) => void;
}

export interface BatcherOptions<I> {
  /** Most inputs in one batch. */
  readonly maxBatch: number;
  /** Batches running at once; further inputs wait and go together in the next one. */
  readonly maxInFlight: number;
  /** Inputs with the same key never share a batch (a later one waits for the next batch). */
  readonly keyOf?: (input: I) => unknown;
}

/**
 * Runs many small database operations as few statements, the way a database groups commits: an
 * input is sent at once while fewer than `maxInFlight` batches run, and inputs arriving while they
 * run go together in the next batch. Under light load nothing waits; under heavy load one statement
 * (one round trip, one commit) serves many requests. When a batch fails, each of its inputs is run
 * alone, so one bad input fails only its own request.
 */
export class Batcher<I, O> {
  readonly #run: (inputs: readonly I[]) => Promise<readonly O[]>;
  readonly #options: BatcherOptions<I>;
  #waiting: Waiting<I, O>[] = [];
  #inFlight = 0;

  /** `run` answers one output per input, in the same order. */
  constructor(run: (inputs: readonly I[]) => Promise<readonly O[]>, options: BatcherOptions<I>) {
    this.#run = run;
    this.#options = options;
  }

  submit(input: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.#waiting.push({ input, resolve, reject });
      this.#drain();
    });
  }

  #drain(): void {
    while (this.#inFlight < this.#options.maxInFlight && this.#waiting.length > 0) {
      const batch = this.#take();
      this.#inFlight++;
      void this.#execute(batch).finally(() => {
        this.#inFlight--;
        this.#drain();
      });
    }
  }

  /** The next batch: the oldest waiting inputs, at most one per key. */
  #take(): Waiting<I, O>[] {
    const { maxBatch, keyOf } = this.#options;
    if (keyOf === undefined) return this.#waiting.splice(0, maxBatch);
    const batch: Waiting<I, O>[] = [];
    const rest: Waiting<I, O>[] = [];
    const keys = new Set<unknown>();
    for (const entry of this.#waiting) {
      const key = keyOf(entry.input);
      if (batch.length >= maxBatch || keys.has(key)) rest.push(entry);
      else {
        keys.add(key);
        batch.push(entry);
      }
    }
    this.#waiting = rest;
    return batch;
  }

  async #execute(batch: readonly Waiting<I, O>[]): Promise<void> {
    try {
      const outputs = await this.#run(batch.map((entry) => entry.input));
      batch.forEach((entry, index) => {
        entry.resolve(outputs[index] as O);
      });
    } catch (error) {
      if (batch.length === 1) {
        batch[0]?.reject(error);
        return;
      }
      await Promise.all(
        batch.map(async (entry) => {
          try {
            const [output] = await this.#run([entry.input]);
            entry.resolve(output as O);
          } catch (alone) {
            entry.reject(alone);
          }
        }),
      );
    }
  }
}

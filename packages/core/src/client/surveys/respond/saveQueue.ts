import type { Timer } from '../../session';

/** Waits before saving again after a failed save: quick at first, then every 30 s. */
export const SAVE_RETRY_DELAYS_MS: readonly number[] = [2_000, 5_000, 10_000, 30_000];

export interface SaveQueueDeps<Body, Answer> {
  readonly timer: Timer;
  /** Whether a save is wanted now: something unsaved, and saving allowed. */
  readonly wanted: () => boolean;
  /** What to send for whatever is unsaved now, or null when there is nothing to send. */
  readonly prepare: () => Body | null;
  readonly send: (body: Body) => Promise<Answer>;
  /**
   * Takes the answer in. True when it was saved (more may follow); false when the saving stops
   * (the page is gone, or it failed: the caller decides on `retryLater`).
   */
  readonly settle: (body: Body, answer: Answer) => boolean;
}

/**
 * Saves one request at a time: a save asked for while one is on its way follows it with whatever is
 * new then. A failed save is tried again after a back-off (SAVE_RETRY_DELAYS_MS) that starts over
 * after a save that worked.
 */
export class SaveQueue<Body, Answer> {
  readonly #deps: SaveQueueDeps<Body, Answer>;
  #running: Promise<void> | null = null;
  #again = false;
  #attempt = 0;
  #cancelRetry: (() => void) | null = null;

  constructor(deps: SaveQueueDeps<Body, Answer>) {
    this.#deps = deps;
  }

  /** The saves on their way, or null when none is. */
  get running(): Promise<void> | null {
    return this.#running;
  }

  /** Saves what is unsaved; with a save on its way, one more follows it. */
  request(): void {
    if (!this.#deps.wanted()) return;
    if (this.#running) {
      this.#again = true;
      return;
    }
    this.cancelRetry();
    this.#running = this.#loop().finally(() => {
      this.#running = null;
    });
  }

  /** Asks again after the next back-off delay. */
  retryLater(): void {
    const delays = SAVE_RETRY_DELAYS_MS;
    const delay = delays[Math.min(this.#attempt, delays.length - 1)] ?? 30_000;
    this.#attempt++;
    this.#cancelRetry = this.#deps.timer.after(delay, () => {
      this.#cancelRetry = null;
      this.request();
    });
  }

  /** Drops a retry that waits. */
  cancelRetry(): void {
    this.#cancelRetry?.();
    this.#cancelRetry = null;
  }

  async #loop(): Promise<void> {
    do {
      this.#again = false;
      const body = this.#deps.prepare();
      if (body === null) return;
      const answer = await this.#deps.send(body);
      if (!this.#deps.settle(body, answer)) return;
      this.#attempt = 0;
    } while (this.#again && this.#deps.wanted());
  }
}

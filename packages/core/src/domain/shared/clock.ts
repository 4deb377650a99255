/** Milliseconds since the epoch. */
export interface Clock {
  now(): number;
}

/** Runs `task` after `ms`; the returned function cancels it. */
export interface Timer {
  after(ms: number, task: () => void): () => void;
}

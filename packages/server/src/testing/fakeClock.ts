import type { Clock } from '../clock';

/** A clock that stands still until a test moves it. */
export class FakeClock implements Clock {
  #now: number;

  constructor(start: Date = new Date('2026-03-02T09:00:00.000Z')) {
    this.#now = start.getTime();
  }

  now(): Date {
    return new Date(this.#now);
  }

  advance(milliseconds: number): void {
    this.#now += milliseconds;
  }
}

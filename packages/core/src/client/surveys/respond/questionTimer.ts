import { SECONDS_SPENT_MAX } from '../../../domain/surveys/model';
import type { Clock } from '../../session';

/**
 * Counts the seconds each question is on screen, summed over every time it was shown and capped at
 * what the server accepts. Counting stops while nothing counts: the introduction, or the page out
 * of view (`hide`).
 */
export class QuestionTimer {
  readonly #clock: Clock;
  /** The id of the question on screen, or null when no question is (intro, thank-you page). */
  readonly #onScreen: () => string | null;
  /** Seconds per question id. */
  readonly #seconds: Record<string, number> = {};
  /** When the question on screen started counting; null while nothing counts. */
  #shownAt: number | null = null;
  #hidden = false;

  constructor(clock: Clock, onScreen: () => string | null) {
    this.#clock = clock;
    this.#onScreen = onScreen;
  }

  get hidden(): boolean {
    return this.#hidden;
  }

  /** The seconds counted for a question, or undefined before it was ever on screen. */
  secondsOf(questionId: string): number | undefined {
    return this.#seconds[questionId];
  }

  /** A copy of the seconds counted so far, per question id. */
  snapshot(): Record<string, number> {
    return { ...this.#seconds };
  }

  /** Takes over the seconds the server saved for a question. */
  restore(questionId: string, seconds: number): void {
    this.#seconds[questionId] = seconds;
  }

  /** Takes over the seconds a draft counted, when they are more than what is known. */
  restoreDraft(questionId: string, seconds: number): void {
    if (Number.isFinite(seconds) && seconds > (this.#seconds[questionId] ?? 0))
      this.#seconds[questionId] = Math.min(seconds, SECONDS_SPENT_MAX);
  }

  /** The question on screen starts counting (unless the page is out of view). */
  start(): void {
    this.#shownAt = this.#hidden ? null : this.#clock.now();
  }

  /** Adds the time the question on screen has been shown since counting started, and stops. */
  stop(): void {
    this.count();
    this.#shownAt = null;
  }

  /** Adds the time the question on screen has been shown since counting started, and goes on. */
  count(): void {
    const questionId = this.#onScreen();
    if (this.#shownAt === null || questionId === null) return;
    const now = this.#clock.now();
    const elapsed = Math.max(0, now - this.#shownAt) / 1000;
    this.#seconds[questionId] = Math.min((this.#seconds[questionId] ?? 0) + elapsed, SECONDS_SPENT_MAX);
    this.#shownAt = now;
  }

  /** The page went out of view: stops counting. Answers false when it already was. */
  hide(): boolean {
    if (this.#hidden) return false;
    this.#hidden = true;
    this.stop();
    return true;
  }

  /** The page is in view again. Answers false when it already was. */
  show(): boolean {
    if (!this.#hidden) return false;
    this.#hidden = false;
    return true;
  }
}

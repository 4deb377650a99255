import type { Timer } from '../../session';
import type { AnswerLedger } from './answerLedger';
import type { QuestionTimer } from './questionTimer';
import type { RespondentState } from './respondentState';
import type { AnswerDraft, AnswerDraftStore } from './respondPorts';

/**
 * How long an answer change waits before it is written to the draft in session storage: a burst of
 * changes writes once. Moving, saving, submitting and leaving the page (`pause`) write at once.
 */
export const DRAFT_DELAY_MS = 500;

/** The draft of the page now: the answers the server does not hold yet, the seconds counted, the question on screen. */
export function draftOf(state: RespondentState, ledger: AnswerLedger, timing: QuestionTimer): AnswerDraft {
  timing.count();
  return { answers: ledger.unsaved(state), seconds: timing.snapshot(), index: state.index };
}

/** What a draft write stores: the token it belongs to and the draft; null when nothing may be written. */
export type DraftSource = () => { readonly token: string; readonly draft: AnswerDraft } | null;

/**
 * Writes the answering page's draft (unsaved answers, seconds, the question on screen) to the
 * draft store: at once, or DRAFT_DELAY_MS after the first change not yet written.
 */
export class DraftWriter {
  readonly #timer: Timer;
  readonly #store: AnswerDraftStore;
  readonly #source: DraftSource;
  /** Cancels the write a change scheduled; null when none waits. */
  #cancel: (() => void) | null = null;

  constructor(deps: { readonly timer: Timer; readonly store: AnswerDraftStore }, source: DraftSource) {
    this.#timer = deps.timer;
    this.#store = deps.store;
    this.#source = source;
  }

  /** A write is waiting for its delay. */
  get pending(): boolean {
    return this.#cancel !== null;
  }

  /** Writes DRAFT_DELAY_MS from now, unless a write already waits (one write per burst). */
  schedule(): void {
    if (this.#cancel) return;
    this.#cancel = this.#timer.after(DRAFT_DELAY_MS, () => {
      this.#cancel = null;
      this.write();
    });
  }

  /** Writes now (a waiting write is dropped: this one covers it). */
  write(): void {
    this.cancel();
    const next = this.#source();
    if (next) this.#store.write(next.token, next.draft);
  }

  /** Drops a waiting write. */
  cancel(): void {
    this.#cancel?.();
    this.#cancel = null;
  }

  /** Removes the draft of a token. */
  clear(token: string): void {
    this.#store.clear(token);
  }
}

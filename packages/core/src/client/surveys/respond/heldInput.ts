/**
 * Text a field keeps to itself while the respondent types (so a keystroke re-renders only the
 * field) registers how to hand it to the session; the session takes it before it moves, saves or
 * submits. Answers the function that ends the registration.
 */
export type HoldInput = (commit: () => void) => () => void;

/** The fields that hold typed text back, and how to take it from all of them. */
export class HeldInputs {
  readonly #held = new Set<() => void>();

  /** Registers how a field hands its text over; answers how to end the registration. */
  readonly hold: HoldInput = (commit) => {
    this.#held.add(commit);
    return () => {
      this.#held.delete(commit);
    };
  };

  /** Hands over what every field still holds. */
  takeAll(): void {
    for (const commit of [...this.#held]) commit();
  }
}

import type { HoldInput } from '@loop/core/surveys/respond';
import { useCallback, useEffect, useRef } from 'react';
import { useRespondClock } from './respondClock';

/** The pause in typing after which the text goes to the session (and from there to the draft). */
export const HAND_OVER_MS = 300;

export interface HeldText {
  /** A keystroke: touches no React state; the session gets the text after a pause. */
  readonly change: (text: string) => void;
  /** Hands the text over now (the field calls it on blur). */
  readonly handOver: () => void;
}

/**
 * Text the respondent types, held back from the session for a moment: handing every keystroke
 * over replaced the whole answer state, wrote the draft and re-rendered the page (at 4× CPU over
 * twice what a bare text box takes per key: docs/benchmarks.md, issue 13). The session gets the
 * text after HAND_OVER_MS without typing, on `handOver` (blur) and whenever it moves, saves or
 * submits: it takes held text first (`hold`, the session's `holdInput`), so 'Volgende' or Enter
 * right after the last key carries it. Unmounting hands over what is left. The field itself stays
 * uncontrolled (see OpenTextField), so a keystroke renders nothing at all. The pause is measured on
 * the page's clock (`RespondClock`).
 */
export function useHeldText(commit: (text: string) => void, hold: HoldInput): HeldText {
  const clock = useRespondClock();
  const pending = useRef<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const lastKeyAt = useRef(0);
  const latestCommit = useRef(commit);
  useEffect(() => {
    latestCommit.current = commit;
  });

  const handOver = useCallback(() => {
    if (timer.current !== null) clearTimeout(timer.current);
    timer.current = null;
    const value = pending.current;
    if (value === null) return;
    pending.current = null;
    latestCommit.current(value);
  }, []);

  useEffect(() => {
    const release = hold(handOver);
    return () => {
      release();
      handOver();
    };
  }, [hold, handOver]);

  // One timer per pause, not one per key: when it fires early (typing went on), it waits the rest.
  const change = useCallback(
    (text: string) => {
      pending.current = text;
      lastKeyAt.current = clock.now();
      if (timer.current !== null) return;
      const check = () => {
        const quiet = clock.now() - lastKeyAt.current;
        timer.current = quiet >= HAND_OVER_MS ? null : setTimeout(check, HAND_OVER_MS - quiet);
        if (timer.current === null) handOver();
      };
      timer.current = setTimeout(check, HAND_OVER_MS);
    },
    [handOver, clock],
  );

  return { change, handOver };
}

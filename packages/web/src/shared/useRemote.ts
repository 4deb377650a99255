import type { ApiResult } from '@loop/core';
import { useCallback, useEffect, useRef, useState } from 'react';

export interface Remote<T> {
  /** The latest answer; kept while the next one loads, so a table does not flicker between pages. */
  readonly value: T | null;
  readonly loading: boolean;
  /** The server's Dutch detail when the latest call failed. */
  readonly error: string | null;
  readonly reload: () => void;
}

/** Runs `load` whenever `key` changes; answers of superseded calls are dropped. */
export function useRemote<T>(load: () => Promise<ApiResult<T>>, key: string): Remote<T> {
  const [state, setState] = useState<Omit<Remote<T>, 'reload'>>({ value: null, loading: true, error: null });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` and `attempt` say when to load again
  useEffect(() => {
    const call = ++latest.current;
    setState((s) => ({ ...s, loading: true, error: null }));
    void loadRef.current().then((result) => {
      if (call !== latest.current) return;
      setState((s) =>
        result.ok
          ? { value: result.value, loading: false, error: null }
          : { value: s.value, loading: false, error: result.detail },
      );
    });
  }, [key, attempt]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  return { ...state, reload };
}

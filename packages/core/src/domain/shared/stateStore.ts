/**
 * The state a core store shows to a UI: `getSnapshot` and `subscribe` as React's
 * `useSyncExternalStore` reads them, `set` for the store itself. Every store of core keeps its state
 * in one of these instead of writing the listener bookkeeping again.
 */
export interface StateStore<S> {
  /** The current state; the same object until the next `set`. */
  readonly getSnapshot: () => S;
  /** Calls `listener` after every `set`; returns the way to stop. */
  readonly subscribe: (listener: () => void) => () => void;
  /** Replaces the state and tells every listener. */
  set(state: S): void;
  /** Drops every listener (the store is disposed of). */
  clear(): void;
}

/** A StateStore starting at `initial`. */
export function createStateStore<S>(initial: S): StateStore<S> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    getSnapshot: () => state,
    subscribe: (listener) => {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    set(next) {
      state = next;
      for (const listener of [...listeners]) listener();
    },
    clear() {
      listeners.clear();
    },
  };
}

import type { ApiResult } from '../../domain/api';

/** What a screen shows of one server resource. */
export interface QueryState<T> {
  /** The latest answer; kept while the next one loads, so a revisit shows it at once. */
  readonly value: T | null;
  /** True while a request for it is out (also when a kept value is being revalidated). */
  readonly loading: boolean;
  /** The server's Dutch detail when the latest request failed. */
  readonly error: string | null;
  /** Whether any request for it has answered since it was last forgotten. */
  readonly settled: boolean;
}

const EMPTY: QueryState<never> = { value: null, loading: false, error: null, settled: false };

interface Entry {
  state: QueryState<unknown>;
  inFlight: Promise<void> | null;
  /** The latest way to load it, so an invalidation can ask again for whoever shows it. */
  load: (() => Promise<ApiResult<unknown>>) | null;
  /** Bumped by clear(): an answer to a request from before it is dropped. */
  generation: number;
  readonly listeners: Set<() => void>;
}

/**
 * The one way screens load server data: answers cached by key, so going back to a screen shows
 * what it showed before at once while it asks the server again in the background; identical
 * requests at the same time share one call; a failure keeps the last good value. Keys name the
 * resource and everything it depends on ('survey:12', 'results:12:2026-01-01..'); the cache is
 * cleared when the user or the organisation changes.
 */
export class QueryCache {
  readonly #entries = new Map<string, Entry>();
  #generation = 0;

  #entry(key: string): Entry {
    let entry = this.#entries.get(key);
    if (!entry) {
      entry = {
        state: EMPTY,
        inFlight: null,
        load: null,
        generation: this.#generation,
        listeners: new Set(),
      };
      this.#entries.set(key, entry);
    }
    return entry;
  }

  #set(entry: Entry, state: QueryState<unknown>): void {
    entry.state = state;
    for (const listener of [...entry.listeners]) listener();
  }

  /** The resource's state now (the same object until it changes). */
  get<T>(key: string): QueryState<T> {
    return (this.#entries.get(key)?.state ?? EMPTY) as QueryState<T>;
  }

  /** Calls `listener` whenever the resource's state changes; returns the way to stop. */
  subscribe(key: string, listener: () => void): () => void {
    const entry = this.#entry(key);
    entry.listeners.add(listener);
    return () => {
      entry.listeners.delete(listener);
    };
  }

  /**
   * Asks the server for the resource with `load`, unless a request for it is already out (then
   * this waits for that one). The cached value stays visible meanwhile.
   */
  request<T>(key: string, load: () => Promise<ApiResult<T>>): Promise<void> {
    const entry = this.#entry(key);
    entry.load = load;
    if (entry.inFlight) return entry.inFlight;
    const generation = this.#generation;
    this.#set(entry, { ...entry.state, loading: true, error: null });
    const request: Promise<void> = load().then(
      (result) => {
        if (generation !== this.#generation || entry.inFlight !== request) return;
        entry.inFlight = null;
        this.#set(
          entry,
          result.ok
            ? { ...entry.state, value: result.value, loading: false, error: null, settled: true }
            : { ...entry.state, loading: false, error: result.detail, settled: true },
        );
      },
      (error: unknown) => {
        if (generation !== this.#generation || entry.inFlight !== request) return;
        entry.inFlight = null;
        this.#set(entry, { ...entry.state, loading: false, error: String(error), settled: true });
        throw error;
      },
    );
    entry.inFlight = request;
    return request;
  }

  /**
   * After a change on the server: every resource whose key starts with `prefix` is asked for again
   * now where a screen shows it (keeping its value meanwhile, and dropping the answer of a request
   * that was already out, which may predate the change); the others are asked for when next shown.
   */
  invalidate(prefix: string): void {
    for (const [key, entry] of this.#entries) {
      if (!key.startsWith(prefix)) continue;
      entry.inFlight = null;
      if (entry.listeners.size > 0 && entry.load) void this.request(key, entry.load);
    }
  }

  /**
   * Forgets everything (signed out, another organisation): no answer of before shows again, and an
   * answer still on its way is dropped. Resources a screen shows are asked for again at once, for
   * whoever is signed in now.
   */
  clear(): void {
    this.#generation++;
    for (const [key, entry] of this.#entries) {
      entry.inFlight = null;
      this.#set(entry, EMPTY);
      if (entry.listeners.size > 0 && entry.load) void this.request(key, entry.load);
      else this.#entries.delete(key);
    }
  }
}

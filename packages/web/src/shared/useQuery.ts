import type { ApiResult } from '@loop/core';
import { useCallback, useEffect, useRef, useSyncExternalStore } from 'react';
import { useInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';

export interface Remote<T> {
  /** The latest answer; kept while the next one loads, so a revisit or a next page does not flicker. */
  readonly value: T | null;
  /** True until the first answer, and while a request is out. */
  readonly loading: boolean;
  /** The server's Dutch detail when the latest call failed. */
  readonly error: string | null;
  /** Asks the server again (a failed load, or after a change). */
  readonly reload: () => void;
}

/**
 * A server resource through core's QueryCache: `key` names the resource and all it depends on
 * ('survey:12'); a screen that shows it again gets the cached answer at once while it is asked for
 * again in the background, and identical requests share one call.
 */
export function useQuery<T>(key: string, load: () => Promise<ApiResult<T>>): Remote<T> {
  const cache = useInjection(TOKENS.QueryCache);
  const subscribe = useCallback((listener: () => void) => cache.subscribe(key, listener), [cache, key]);
  const state = useSyncExternalStore(subscribe, () => cache.get<T>(key));
  const loadRef = useRef(load);
  loadRef.current = load;

  // Every mount, key change and invalidation asks once; the cache shares a request already out.
  useEffect(() => {
    void cache.request(key, () => loadRef.current());
  }, [cache, key]);

  const reload = useCallback(() => void cache.request(key, () => loadRef.current()), [cache, key]);
  return { value: state.value, loading: state.loading || !state.settled, error: state.error, reload };
}

/** Forgets cached answers by key prefix after a change on the server; screens showing them ask again. */
export function useInvalidate(): (prefix: string) => void {
  const cache = useInjection(TOKENS.QueryCache);
  return useCallback((prefix: string) => cache.invalidate(prefix), [cache]);
}

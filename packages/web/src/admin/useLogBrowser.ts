import type { LogBrowser, LogBrowserState } from '@loop/core/logBrowser';
import { useEffect, useState, useSyncExternalStore } from 'react';
import { useAsyncInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';

/**
 * The application log for one visit of its screen: a browser of its own (its rows go when the
 * screen does), loaded on mount.
 */
export function useLogBrowser(): { readonly browser: LogBrowser; readonly state: LogBrowserState } {
  const create = useAsyncInjection(TOKENS.CreateLogBrowser);
  const [browser] = useState(() => create());
  const state = useSyncExternalStore(browser.subscribe, browser.getSnapshot);
  useEffect(() => {
    void browser.load();
  }, [browser]);
  return { browser, state };
}

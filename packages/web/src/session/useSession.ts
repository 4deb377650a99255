import type { SessionState } from '@loop/core/session';
import { useSyncExternalStore } from 'react';
import { useInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';

/** The session as the SessionKeeper sees it; re-renders when it changes. */
export function useSession(): SessionState {
  const keeper = useInjection(TOKENS.SessionKeeper);
  return useSyncExternalStore(keeper.subscribe, keeper.getSnapshot);
}

import type { CurrentUserState } from '@loop/core/account';
import { useSyncExternalStore } from 'react';
import { useInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';

/** The signed-in user and current organisation; re-renders when they change. */
export function useCurrentUser(): CurrentUserState {
  const store = useInjection(TOKENS.CurrentUserStore);
  return useSyncExternalStore(store.subscribe, store.getSnapshot);
}

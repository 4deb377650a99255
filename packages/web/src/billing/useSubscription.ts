import type { SubscriptionState } from '@loop/core/subscription';
import { useEffect, useSyncExternalStore } from 'react';
import { useInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { useCurrentUser } from '../organisation/useCurrentUser';
import { useSession } from '../session/useSession';

/**
 * The current organisation's subscription, plans and checkout settings; loads them once the user
 * and organisation are known (again after a reset: session ended, organisation switched).
 */
export function useSubscription(): SubscriptionState {
  const store = useInjection(TOKENS.SubscriptionStore);
  const state = useSyncExternalStore(store.subscribe, store.getSnapshot);
  const session = useSession();
  const { organisation } = useCurrentUser();
  const ready = session.status === 'authenticated' && organisation !== null;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `state.status` says when to check again (after a reset)
  useEffect(() => {
    // Several components may ask in one commit: the first call moves the store out of 'idle'.
    if (ready && store.getSnapshot().status === 'idle') void store.load();
  }, [ready, state.status, store]);

  return state;
}

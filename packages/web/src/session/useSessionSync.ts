import { useEffect } from 'react';
import { useInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';

/** R-AUTH-9: the token is polled every 1 s. */
export const TOKEN_POLL_MS = 1000;

/** Notices tokens another tab changed or removed: a 1 s poll plus the window `storage` event. */
export function useSessionSync(): void {
  const keeper = useInjection(TOKENS.SessionKeeper);
  useEffect(() => {
    const sync = () => keeper.sync();
    const poll = setInterval(sync, TOKEN_POLL_MS);
    window.addEventListener('storage', sync);
    return () => {
      clearInterval(poll);
      window.removeEventListener('storage', sync);
    };
  }, [keeper]);
}

import type { Notifier } from '@loop/core/billing';
import type { Clock } from '@loop/core/session';
import { useMemo } from 'react';
import { useInjection } from './ContainerProvider';
import { TOKENS } from './tokens';

/** The clock every component reads time from (tests bind a fixed one). */
export const useClock = (): Clock => useInjection(TOKENS.Clock);

/** Toasts through the Notifier port, with the call shape the screens use: `notices.error('…')`. */
export interface Notices {
  success(message: string): void;
  error(message: string): void;
  info(message: string): void;
}

export function useNotices(): Notices {
  const notifier: Notifier = useInjection(TOKENS.Notifier);
  return useMemo(
    () => ({
      success: (message: string) => notifier.notify({ kind: 'success', message }),
      error: (message: string) => notifier.notify({ kind: 'error', message }),
      info: (message: string) => notifier.notify({ kind: 'info', message }),
    }),
    [notifier],
  );
}

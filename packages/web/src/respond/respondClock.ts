import { systemClock } from '@loop/adapters';
import type { Clock } from '@loop/core/session';
import { createContext, useContext } from 'react';

/**
 * The clock the answering page's fields read time from. `RespondentPage` hands it down: the page's
 * own entry (main.tsx) gives it the system clock, the app's preview the container's Clock.
 */
export const RespondClock = createContext<Clock>(systemClock);

/** The answering page's clock (see RespondClock). */
export const useRespondClock = (): Clock => useContext(RespondClock);

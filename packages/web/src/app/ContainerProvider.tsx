import { createContext, type ReactNode, useContext, useState } from 'react';
import type { AppContainer } from './container';
import type { Token } from './tokens';

const ContainerContext = createContext<AppContainer | null>(null);

/** Makes the composition root's container available to `useInjection`. */
export function ContainerProvider({ container, children }: { container: AppContainer; children: ReactNode }) {
  return <ContainerContext.Provider value={container}>{children}</ContainerContext.Provider>;
}

/** Resolves a service once per component; the container keeps it a singleton. */
export function useInjection<T>(token: Token<T>): T {
  const container = useContext(ContainerContext);
  if (!container) {
    throw new Error(
      `useInjection(${String(token)}) was called outside <ContainerProvider>: wrap the app in a ContainerProvider.`,
    );
  }
  const [service] = useState(() => container.get(token));
  return service;
}

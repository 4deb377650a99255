import { createContext, type ReactNode, use, useContext, useState } from 'react';
import type { AppContainer, Token } from './tokens';

const ContainerContext = createContext<AppContainer | null>(null);

/** Makes the composition root's container available to `useInjection`. */
export function ContainerProvider({ container, children }: { container: AppContainer; children: ReactNode }) {
  return <ContainerContext.Provider value={container}>{children}</ContainerContext.Provider>;
}

function useContainer(hook: string, token: Token<unknown>): AppContainer {
  const container = useContext(ContainerContext);
  if (!container) {
    throw new Error(
      `${hook}(${String(token)}) was called outside <ContainerProvider>: wrap the app in a ContainerProvider.`,
    );
  }
  return container;
}

/** Resolves a service once per component; the container keeps it a singleton. */
export function useInjection<T>(token: Token<T>): T {
  const container = useContainer('useInjection', token);
  const [service] = useState(() => container.get(token));
  return service;
}

/**
 * One resolution per container and token, so every component waits on the same promise: React's
 * `use` marks a promise it has seen settle, and then returns its value in the same render.
 */
const resolutions = new WeakMap<AppContainer, Map<symbol, Promise<unknown>>>();

/**
 * A service whose code loads on demand (the survey services): the component suspends until it has
 * arrived, once per app; afterwards it is handed out at once, like `useInjection`.
 */
export function useAsyncInjection<T>(token: Token<T>): T {
  const container = useContainer('useAsyncInjection', token);
  let byToken = resolutions.get(container);
  if (byToken === undefined) {
    byToken = new Map();
    resolutions.set(container, byToken);
  }
  let promise = byToken.get(token as symbol) as Promise<T> | undefined;
  if (promise === undefined) {
    promise = container.getAsync(token);
    byToken.set(token as symbol, promise);
  }
  return use(promise);
}

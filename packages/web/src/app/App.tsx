import type { BaseLocationHook } from 'wouter';
import { Router } from 'wouter';
import { AppRoutes } from '../routing/AppRoutes';
import { AppShell } from '../shell/AppShell';
import { ContainerProvider } from './ContainerProvider';
import { ErrorBoundary } from './ErrorBoundary';
import type { AppContainer } from './tokens';

/** The whole app for a container; `locationHook` swaps the browser location for a memory one in tests. */
export function App({
  container,
  locationHook,
}: {
  container: AppContainer;
  locationHook?: BaseLocationHook;
}) {
  return (
    <ErrorBoundary>
      <ContainerProvider container={container}>
        <Router {...(locationHook ? { hook: locationHook } : {})}>
          <AppShell>
            <AppRoutes />
          </AppShell>
        </Router>
      </ContainerProvider>
    </ErrorBoundary>
  );
}

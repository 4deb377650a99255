import { lazy, Suspense, useSyncExternalStore } from 'react';
import { loadToastHost, onToastHostRequested, toastHostRequested } from './notify';

const ToastHost = lazy(() => loadToastHost().then((module) => ({ default: module.ToastHost })));

/** The app's toast container, on the page from the first toast on (see notify.ts). */
export function Toasts() {
  const requested = useSyncExternalStore(onToastHostRequested, toastHostRequested, toastHostRequested);
  return requested ? (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  ) : null;
}

import type { NoticeKind } from './noticeKind';

type ToastModule = typeof import('./ToastHost');

/**
 * react-toastify and its stylesheet load with the first toast, not with every page: the login page
 * shows none. Until then no container is rendered; `Toasts` renders it once one is asked for.
 */
let host: Promise<ToastModule> | null = null;
const listeners = new Set<() => void>();

export function loadToastHost(): Promise<ToastModule> {
  if (host === null) {
    host = import('./ToastHost');
    for (const listener of [...listeners]) listener();
  }
  return host;
}

/** Whether a toast has been asked for, so the container must be on the page (for `Toasts`). */
export const toastHostRequested = (): boolean => host !== null;

export function onToastHostRequested(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

function show(kind: NoticeKind, message: string): void {
  void loadToastHost().then((module) => module.showToast(kind, message));
}

/** Toasts for the screens; one import, so every screen shares the container's settings. */
export const notify = {
  success: (message: string) => show('success', message),
  error: (message: string) => show('error', message),
  info: (message: string) => show('info', message),
};

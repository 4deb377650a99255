import type { ToastContainerProps } from 'react-toastify/unstyled';

/**
 * R-UI-1 Notifications: top center, 4000 ms, progress bar, oldest first, close on click, pause on
 * hover and on focus loss, drag to dismiss, coloured, left-to-right, at most 20, 350px wide.
 */
export const TOAST_CONFIG = {
  position: 'top-center',
  autoClose: 4000,
  hideProgressBar: false,
  newestOnTop: false,
  closeOnClick: true,
  pauseOnHover: true,
  pauseOnFocusLoss: true,
  draggable: true,
  theme: 'colored',
  rtl: false,
  limit: 20,
  style: { width: '350px' },
} as const satisfies ToastContainerProps;

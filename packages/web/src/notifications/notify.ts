import { toast } from 'react-toastify/unstyled';

/** Toasts for the screens; one import, so every screen shares the container's settings. */
export const notify = {
  success: (message: string) => toast.success(message),
  error: (message: string) => toast.error(message),
  info: (message: string) => toast.info(message),
};

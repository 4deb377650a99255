// The unstyled entry: the default one injects a <style> element at run time, which a CSP without
// 'unsafe-inline' styles would block. Its stylesheet is bundled with ours instead (main.tsx).
import { ToastContainer } from 'react-toastify/unstyled';
import { TOAST_CONFIG } from './toastConfig';

/** The one toast container of the app. */
export function Toasts() {
  return <ToastContainer {...TOAST_CONFIG} />;
}

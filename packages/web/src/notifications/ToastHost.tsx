// The unstyled entry: the default one injects a <style> element at run time, which a CSP without
// 'unsafe-inline' styles would block. Its stylesheet is bundled as a file instead, with this module.
import 'react-toastify/ReactToastify.css';
import './toasts.css';
import { type CloseButtonProps, ToastContainer, toast } from 'react-toastify/unstyled';
import type { NoticeKind } from './noticeKind';
import { TOAST_CONFIG } from './toastConfig';

/** react-toastify's own button says 'close'; ours says it in Dutch. */
function CloseButton({ closeToast, theme }: CloseButtonProps) {
  return (
    <button
      type="button"
      className={`Toastify__close-button Toastify__close-button--${theme}`}
      aria-label="Sluiten"
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 14 16" width="14" height="16">
        <path
          fillRule="evenodd"
          d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"
        />
      </svg>
    </button>
  );
}

/** The one toast container of the app. */
export function ToastHost() {
  return <ToastContainer {...TOAST_CONFIG} closeButton={CloseButton} />;
}

/** Shows a toast; before the container has mounted, react-toastify keeps it until it has. */
export function showToast(kind: NoticeKind, message: string): void {
  toast[kind](message);
}

import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

export interface ConfirmDialogProps {
  readonly title: string;
  /** What will happen; read out with the title when the dialog opens. */
  readonly children: ReactNode;
  readonly confirmLabel: string;
  /** While the action runs both buttons wait and Escape does nothing. */
  readonly busy?: boolean;
  /** Why the action failed; the dialog stays open. */
  readonly error?: string | null;
  readonly onConfirm: () => void;
  readonly onCancel: () => void;
  /** Where focus goes when the dialog closes and the element that opened it is gone. */
  readonly returnFocus?: RefObject<HTMLElement | null>;
}

const FOCUSABLE = 'button:not(:disabled), a[href], input:not(:disabled), select, textarea, [tabindex="0"]';

/**
 * A modal confirmation of something that cannot be undone (WAI-ARIA's alertdialog): focus moves
 * to 'Annuleren', the least destructive choice; Tab stays inside; Escape cancels; the rest of the
 * page is inert while it is open; and on closing focus returns to the element that opened it (or
 * to `returnFocus` when that element is gone). Render it only while it is open.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  busy = false,
  error = null,
  onConfirm,
  onCancel,
  returnFocus,
}: ConfirmDialogProps) {
  const [host] = useState(() => document.createElement('div'));
  const titleId = useId();
  const messageId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  const latest = useRef({ busy, onCancel, returnFocus });
  latest.current = { busy, onCancel, returnFocus };

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    document.body.appendChild(host);
    // Everything else leaves the tab order and the accessibility tree until the dialog closes.
    const made: Element[] = [];
    for (const element of document.body.children)
      if (element !== host && !element.hasAttribute('inert')) {
        element.setAttribute('inert', '');
        made.push(element);
      }
    cancel.current?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        if (!latest.current.busy) latest.current.onCancel();
        return;
      }
      if (event.key !== 'Tab' || !dialog.current) return;
      const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const first = focusable[0];
      const last = focusable.at(-1);
      const inside = dialog.current.contains(document.activeElement);
      if (!first || !last) event.preventDefault();
      else if (event.shiftKey && (document.activeElement === first || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        first.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown);

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      for (const element of made) element.removeAttribute('inert');
      host.remove();
      const target = opener?.isConnected ? opener : (latest.current.returnFocus?.current ?? null);
      target?.focus();
    };
  }, [host]);

  return createPortal(
    <div className="dialog-backdrop">
      <div
        ref={dialog}
        className="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={messageId}
      >
        <h2 id={titleId}>{title}</h2>
        <div id={messageId}>{children}</div>
        {error ? (
          <p className="alert alert-error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="actions">
          <button
            type="button"
            className="button button-danger"
            disabled={busy}
            aria-busy={busy || undefined}
            onClick={onConfirm}
          >
            {confirmLabel}
          </button>
          <button
            ref={cancel}
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={onCancel}
          >
            Annuleren
          </button>
        </div>
      </div>
    </div>,
    host,
  );
}

import { type ReactNode, type RefObject, useId, useRef } from 'react';
import { FormAlert } from '../forms/FormAlert';
import { Dialog } from './Dialog';

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
  const messageId = useId();
  const cancel = useRef<HTMLButtonElement>(null);
  return (
    <Dialog
      title={title}
      role="alertdialog"
      describedBy={messageId}
      busy={busy}
      onCancel={onCancel}
      initialFocus={cancel}
      returnFocus={returnFocus}
    >
      <div id={messageId}>{children}</div>
      <FormAlert message={error} />
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
    </Dialog>
  );
}

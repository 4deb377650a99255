import { type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { createPortal } from 'react-dom';

export interface DialogProps {
  readonly title: string;
  readonly children: ReactNode;
  /** Escape and the dialog's own cancel buttons; ignored while `busy`. */
  readonly onCancel: () => void;
  readonly busy?: boolean;
  /** 'alertdialog' for a confirmation of something that cannot be undone. */
  readonly role?: 'dialog' | 'alertdialog';
  /** The id of the text read out with the title when the dialog opens. */
  readonly describedBy?: string;
  /** What gets focus when it opens; the first field or button otherwise. */
  readonly initialFocus?: RefObject<HTMLElement | null>;
  /** Where focus goes when the dialog closes and the element that opened it is gone. */
  readonly returnFocus?: RefObject<HTMLElement | null>;
  /** 'dialog-wide' for forms. */
  readonly className?: string;
}

const FOCUSABLE =
  'button:not(:disabled), a[href], input:not(:disabled), select:not(:disabled), textarea:not(:disabled), [tabindex="0"]';

/**
 * A modal (WAI-ARIA dialog): focus moves into it, Tab stays inside, Escape cancels, the rest of
 * the page is inert while it is open, and on closing focus returns to the element that opened it
 * (or to `returnFocus` when that element is gone). Render it only while it is open.
 */
export function Dialog({
  title,
  children,
  onCancel,
  busy = false,
  role = 'dialog',
  describedBy,
  initialFocus,
  returnFocus,
  className,
}: DialogProps) {
  const [host] = useState(() => document.createElement('div'));
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const latest = useRef({ busy, onCancel, returnFocus, initialFocus });
  latest.current = { busy, onCancel, returnFocus, initialFocus };

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
    const first =
      latest.current.initialFocus?.current ?? dialog.current?.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        // A keyboard drag in progress (dnd-kit listens on the document, before this listener on the
        // window) cancels itself on Escape and marks the event handled: the dialog stays.
        if (event.defaultPrevented) return;
        event.preventDefault();
        if (!latest.current.busy) latest.current.onCancel();
        return;
      }
      if (event.key !== 'Tab' || !dialog.current) return;
      const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
      const head = focusable[0];
      const last = focusable.at(-1);
      const inside = dialog.current.contains(document.activeElement);
      if (!head || !last) event.preventDefault();
      else if (event.shiftKey && (document.activeElement === head || !inside)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (document.activeElement === last || !inside)) {
        event.preventDefault();
        head.focus();
      }
    };
    globalThis.addEventListener('keydown', onKeyDown);

    return () => {
      globalThis.removeEventListener('keydown', onKeyDown);
      for (const element of made) element.removeAttribute('inert');
      host.remove();
      // No opener (focus was on the page itself, as after a button that got disabled) counts as gone.
      const opened = opener?.isConnected && opener !== document.body;
      const target = opened ? opener : (latest.current.returnFocus?.current ?? null);
      target?.focus();
    };
  }, [host]);

  const shared = {
    ref: dialog,
    className: className ? `dialog ${className}` : 'dialog',
    'aria-labelledby': titleId,
    'aria-describedby': describedBy,
  };
  const content = (
    <>
      <h2 id={titleId}>{title}</h2>
      {children}
    </>
  );
  return createPortal(
    <div className="dialog-backdrop">
      {role === 'alertdialog' ? (
        <div role="alertdialog" aria-modal="true" {...shared}>
          {content}
        </div>
      ) : (
        <div role="dialog" aria-modal="true" {...shared}>
          {content}
        </div>
      )}
    </div>,
    host,
  );
}

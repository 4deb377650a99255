import { type ReactNode, type RefObject, Suspense } from 'react';
import { Loading } from '../routing/Loading';
import { Dialog } from '../shell/Dialog';

/** The board's dialogs: wide enough for a form, 'Laden…' while their data or code arrives. */
export function KpiDialog({
  title,
  onClose,
  returnFocus,
  children,
}: {
  title: string;
  onClose: () => void;
  returnFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  return (
    <Dialog title={title} onCancel={onClose} className="dialog-wide" returnFocus={returnFocus}>
      <Suspense fallback={<Loading />}>{children}</Suspense>
    </Dialog>
  );
}

/** A dialog with nothing to do yet: why, and 'Sluiten'. */
export function DialogNote({ children, onClose }: { children: ReactNode; onClose: () => void }) {
  return (
    <>
      <p>{children}</p>
      <div className="actions">
        <button type="button" className="button button-secondary" onClick={onClose}>
          Sluiten
        </button>
      </div>
    </>
  );
}

import type { ReactNode } from 'react';

/** Disabled and relabelled while its form is busy, so it cannot be sent twice. */
export function SubmitButton({
  busy,
  busyLabel,
  children,
  className = 'button',
}: {
  busy: boolean;
  busyLabel: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <button type="submit" className={className} disabled={busy} aria-busy={busy || undefined}>
      {busy ? busyLabel : children}
    </button>
  );
}

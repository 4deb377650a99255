/** Spec §2: what the route guard shows while it checks. */
export const GUARD_LOADING_TEXT = 'Bezig met laden...';

export function Loading({ text = GUARD_LOADING_TEXT }: { text?: string }) {
  return (
    <p className="loading" role="status" aria-live="polite">
      {text}
    </p>
  );
}

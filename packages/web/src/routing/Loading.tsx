/** Spec §2: what the route guard shows while it checks. */
export const GUARD_LOADING_TEXT = 'Bezig met laden...';

export function Loading({ text = GUARD_LOADING_TEXT }: { text?: string }) {
  return (
    <p className="loading" role="status" aria-live="polite">
      {text}
    </p>
  );
}

/** What a screen shows when its data could not be loaded: the reason, announced, and a retry. */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <div className="alert alert-error" role="alert">
      <p>{message}</p>
      <button type="button" className="button button-secondary" onClick={onRetry}>
        Opnieuw proberen
      </button>
    </div>
  );
}

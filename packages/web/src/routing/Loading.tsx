/** R-ACCESS-5: what the route guard shows while it checks. */
export const GUARD_LOADING_TEXT = 'Bezig met laden...';

/** A polite status message; `spinner` adds a turning circle before it (decorative, CSS only). */
export function Loading({
  text = GUARD_LOADING_TEXT,
  spinner = false,
}: {
  text?: string;
  spinner?: boolean;
}) {
  return (
    <p className={spinner ? 'loading loading-spinner' : 'loading'} role="status" aria-live="polite">
      {text}
    </p>
  );
}

/** What a screen shows when its data could not be loaded: the reason, announced, and a retry. */
export function LoadFailed({
  message,
  onRetry,
  retryLabel = 'Opnieuw proberen',
}: {
  message: string;
  onRetry: () => void;
  retryLabel?: string;
}) {
  return (
    <div className="alert alert-error" role="alert">
      <p>{message}</p>
      <button type="button" className="button button-secondary" onClick={onRetry}>
        {retryLabel}
      </button>
    </div>
  );
}

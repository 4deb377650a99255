/** Why a send failed, as the outbox acts on it. */
export interface DeliveryFailure {
  /** 5xx: the server refused for good; anything else may work later. */
  readonly permanent: boolean;
  /** The SMTP reply's code (550, 421 …), if it gave one. */
  readonly code: number | null;
  /** The SMTP server's reply as received ("550 5.1.1 <x@y.nl>: user unknown"), if it gave one. */
  readonly reply: string | null;
  /** Without a reply: what went wrong on the way (connection refused, timeout …). */
  readonly detail: string;
}

/**
 * Reads nodemailer's error: `responseCode` and `response` when the server answered (4xx is
 * temporary, 5xx permanent, RFC 5321 §4.2.1); without an answer (refused, reset, timed out, DNS)
 * the failure is temporary. Unknown errors are temporary too: the attempt limit ends them.
 */
export function classifyFailure(error: unknown): DeliveryFailure {
  const fields = (typeof error === 'object' && error !== null ? error : {}) as {
    readonly responseCode?: unknown;
    readonly response?: unknown;
    readonly code?: unknown;
    readonly message?: unknown;
  };
  const code = typeof fields.responseCode === 'number' ? fields.responseCode : null;
  const reply = typeof fields.response === 'string' && fields.response !== '' ? fields.response : null;
  const message = typeof fields.message === 'string' ? fields.message : String(error);
  const detail = typeof fields.code === 'string' ? `${fields.code}: ${message}` : message;
  return { permanent: code !== null && code >= 500 && code < 600, code, reply, detail };
}

/** A delay in Dutch words: "45 seconden", "1 minuut", "16 minuten", "1 uur". */
export function dutchDuration(ms: number): string {
  const seconds = Math.max(1, Math.round(ms / 1000));
  if (seconds < 60) return seconds === 1 ? '1 seconde' : `${seconds} seconden`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return minutes === 1 ? '1 minuut' : `${minutes} minuten`;
  const hours = Math.round(minutes / 60);
  return hours === 1 ? '1 uur' : `${hours} uur`;
}

const what = (failure: DeliveryFailure) =>
  failure.reply === null
    ? `mailserver niet bereikbaar (${failure.detail})`
    : `antwoord van de mailserver: ${failure.reply}`;

/** The text a screen shows as the mail's last error (ours in Dutch, the server's reply as received). */
export function failureMessage(
  failure: DeliveryFailure,
  attempt: number,
  maxAttempts: number,
  retryInMs: number | null,
): string {
  if (failure.permanent) return `Geweigerd door de mailserver: ${failure.reply ?? failure.detail}`;
  if (retryInMs === null) return `Niet verstuurd na ${attempt} pogingen; ${what(failure)}`;
  return (
    `Poging ${attempt} van ${maxAttempts} mislukt, nieuwe poging over ${dutchDuration(retryInMs)}; ` +
    what(failure)
  );
}

/** Exponential back-off: `baseMs` after the first attempt, doubling, at most `maxMs`. */
export const backoffMs = (attempt: number, baseMs: number, maxMs: number): number =>
  Math.min(maxMs, baseMs * 2 ** Math.max(0, attempt - 1));

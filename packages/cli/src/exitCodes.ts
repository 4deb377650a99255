/**
 * The exit codes of `loop` (R-CLI-3), one per kind of failure a script may want to tell apart; the
 * table is in README.md and docs/cli.md.
 */
export const EXIT = {
  ok: 0,
  /** The command line itself: unknown command or option, a missing argument. */
  usage: 1,
  /** No key, or the server refused it (401, 403, 419). */
  auth: 2,
  /** The survey, KPI or other object does not exist in the organisation (404). */
  notFound: 3,
  /** The input was refused, by core's rules before sending or by the server (400, 409, 413, 422). */
  refused: 4,
  /** The server failed or could not be reached (5xx, 429, network). */
  server: 5,
  /** `webhooks verify`: the delivery is not genuine or too old. */
  signature: 6,
  /** A local file could not be read or written. */
  file: 7,
} as const;

export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** The exit code of a failed API call with this HTTP status (0: no answer). */
export function exitCodeOfStatus(status: number): ExitCode {
  if (status === 401 || status === 403 || status === 419) return EXIT.auth;
  if (status === 404) return EXIT.notFound;
  if (status === 400 || status === 409 || status === 413 || status === 422) return EXIT.refused;
  return EXIT.server;
}

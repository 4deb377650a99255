import type { FieldErrors } from '@loop/core/auth';

/**
 * An expected failure answered as `{detail, fields?}` with this status. Thrown from route handlers
 * (the HTTP edge); the domain functions return Result values that the routes map to these. `more`
 * adds properties a route documents in its own error schema (a list a client can act on).
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly fields?: FieldErrors,
    readonly more?: Readonly<Record<string, unknown>>,
  ) {
    super(detail);
  }
}

/** 400 with a message per field; the detail repeats the first one so a toast alone is still useful. */
export function invalidInput(fields: FieldErrors): ApiError {
  const first = Object.values(fields)[0] ?? 'Controleer de ingevulde gegevens.';
  return new ApiError(400, first, fields);
}

export const MESSAGES = {
  notFound: 'Niet gevonden.',
  invalidJson: 'De aanvraag bevat ongeldige JSON.',
  emptyJson: 'De aanvraag is leeg, terwijl er JSON werd verwacht.',
  bodyTooLarge: 'De aanvraag is te groot.',
  unsupportedMediaType: 'Dit soort inhoud wordt niet ondersteund. Stuur JSON (application/json).',
  badRequest: 'De aanvraag is ongeldig.',
  serverError: 'Er ging iets mis op de server. Probeer het later opnieuw.',
  tooManyAttempts: 'Te veel pogingen. Probeer het over een paar minuten opnieuw.',
  notLoggedIn: 'Je bent niet ingelogd.',
  accessExpired: 'Je sessie is verlopen.',
  sessionRevoked: 'Je sessie is beëindigd. Log opnieuw in.',
  forbiddenAdmin: 'Je hebt geen toegang tot deze pagina.',
} as const;

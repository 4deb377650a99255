import { type ApiResult, apiFailure, GENERIC_ERROR_MESSAGE, NETWORK_ERROR_MESSAGE } from '@loop/core';

const FALLBACK_DETAILS: Readonly<Record<number, string>> = {
  0: NETWORK_ERROR_MESSAGE,
  400: 'De gegevens zijn niet geldig. Controleer je invoer.',
  401: 'Je sessie is verlopen. Log opnieuw in.',
  403: 'Je hebt geen toegang tot deze pagina.',
  404: 'Niet gevonden.',
  409: 'Dit is intussen gewijzigd. Vernieuw de pagina en probeer het opnieuw.',
  413: 'Het bestand is te groot.',
  419: 'Je sessie is beëindigd. Log opnieuw in.',
  422: 'Dit verzoek is al eerder met andere gegevens verstuurd.',
  429: 'Te veel pogingen. Probeer het over een paar minuten opnieuw.',
};

/** The Dutch message shown for a failed call whose answer carries no usable `detail`. */
export function fallbackDetail(status: number): string {
  return FALLBACK_DETAILS[status] ?? GENERIC_ERROR_MESSAGE;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function readFields(raw: unknown): Readonly<Record<string, string>> | undefined {
  if (!isRecord(raw)) return undefined;
  const entries = Object.entries(raw).filter(
    (entry): entry is [string, string] => typeof entry[1] === 'string',
  );
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/**
 * Maps an error answer to core's failure value: the server's `detail` sentence when it sent one
 * (an error body of the wire contract), otherwise the fallback for the status. Bodies from proxies
 * (HTML pages, plain text) are ignored rather than shown to the user.
 */
export function failureFromBody(status: number, body: unknown): ApiResult<never> {
  const fields = isRecord(body) ? readFields(body.fields) : undefined;
  if (isRecord(body) && typeof body.detail === 'string' && body.detail.trim() !== '') {
    return apiFailure(status, body.detail, fields);
  }
  // Screens with a fallback text of their own (R-BILL-8, R-ANALYSIS-6) show it instead of this generic one.
  return { ...apiFailure(status, fallbackDetail(status), fields), fallback: true } as ApiResult<never>;
}

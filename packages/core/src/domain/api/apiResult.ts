/**
 * What every gateway port answers: the value, or a failure carrying the HTTP status and the
 * server's Dutch `detail` (status 0 when the server could not be reached).
 */
export type ApiResult<T> =
  | { readonly ok: true; readonly value: T }
  | {
      readonly ok: false;
      readonly status: number;
      readonly detail: string;
      readonly fields?: Readonly<Record<string, string>>;
      /** True when the server sent no `detail` and `detail` is the client's own fallback text. */
      readonly fallback?: true;
    };

export const NETWORK_ERROR_MESSAGE = 'Kan de server niet bereiken. Controleer je internetverbinding.';
export const GENERIC_ERROR_MESSAGE = 'Er ging iets mis. Probeer het later opnieuw.';

export const apiOk = <T>(value: T): ApiResult<T> => ({ ok: true, value });

export const apiFailure = (
  status: number,
  detail: string,
  fields?: Readonly<Record<string, string>>,
): ApiResult<never> => (fields ? { ok: false, status, detail, fields } : { ok: false, status, detail });

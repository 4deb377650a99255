import type { FieldErrors } from '../shared';
import type { ApiResult } from './apiResult';

/** What a form gets back from a use-case: the value, or a message and/or per-field errors in Dutch. */
export type FormResult<T> =
  | { readonly ok: true; readonly value: T }
  | {
      readonly ok: false;
      readonly message: string | null;
      readonly fields: FieldErrors;
      /** The HTTP status when the server refused (0: unreachable); absent when refused before any call. */
      readonly status?: number;
    };

export const formOk = <T>(value: T): FormResult<T> => ({ ok: true, value });

/** Input refused before any call: only field errors. */
export const formInvalid = (fields: FieldErrors): FormResult<never> => ({ ok: false, message: null, fields });

/** Maps a failed call to a form failure; the server's Dutch detail is the message. */
export const formFromApi = <T>(result: ApiResult<T>): FormResult<T> =>
  result.ok
    ? formOk(result.value)
    : { ok: false, message: result.detail, fields: result.fields ?? {}, status: result.status };

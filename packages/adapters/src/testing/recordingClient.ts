import { type ApiResult, apiOk } from '@loop/core';
import type { ApiClient, HttpMethod, RequestOptions } from '../http/createApiClient';

export interface SentRequest {
  readonly method: HttpMethod;
  readonly path: string;
  readonly options: RequestOptions | undefined;
}

/** A client that records each request and answers `{ ok: true, value: 'answer' }`. */
export function recordingClient(): { client: ApiClient; sent: SentRequest[] } {
  const sent: SentRequest[] = [];
  const client: ApiClient = {
    apiBase: '/api/v1',
    request: async <T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<ApiResult<T>> => {
      sent.push({ method, path, options });
      return apiOk('answer' as T);
    },
  };
  return { client, sent };
}

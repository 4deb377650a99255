import { type ApiResult, apiOk } from '@loop/core';
import type { InvitationPreviewGateway, RespondGateway } from '@loop/core/surveys/respond';
import {
  type ApiClient,
  apiBaseUrl,
  type HttpMethod,
  parseBody,
  type RequestOptions,
} from './createApiClient';
import { failureFromBody } from './failureFromBody';

const tokenPath = (token: string): string => `/respond/${encodeURIComponent(token)}`;

/** The public answering calls; they carry no login, so a 401 never starts a refresh. */
export function createRespondGateway(client: ApiClient): RespondGateway {
  return {
    view: (token, language) =>
      client.request(
        'GET',
        language === undefined
          ? tokenPath(token)
          : `${tokenPath(token)}?lang=${encodeURIComponent(language)}`,
        { auth: 'none' },
      ),
    respond: (token, request) => client.request('POST', tokenPath(token), { body: request, auth: 'none' }),
  };
}

/** The invitation e-mail of a survey of the organisation in X-Organization-Id. */
export function createInvitationPreviewGateway(client: ApiClient): InvitationPreviewGateway {
  return {
    invitationPreview: (surveyId, language) =>
      client.request(
        'GET',
        language === undefined
          ? `/surveys/${surveyId}/invitation-preview`
          : `/surveys/${surveyId}/invitation-preview?lang=${encodeURIComponent(language)}`,
      ),
  };
}

/**
 * The HTTP client of the answering page: the browser's fetch alone, JSON in and out, no login, no
 * organisation and so nothing to refresh. Failures come back as the app's client gives them (the
 * server's `detail`, else the fallback for the status; no connection: status 0). Built without
 * ofetch and the app's client, which a respondent's phone would load for nothing (their ~7 kB
 * gzip keeps the /respond entry within its budget, docs/architecture.md, Budgets).
 */
export function createRespondentApiClient(options: {
  readonly baseUrl: string;
  readonly fetch?: typeof globalThis.fetch;
}): ApiClient {
  const apiBase = apiBaseUrl(options.baseUrl);
  const send = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  async function request<T>(
    method: HttpMethod,
    path: string,
    request: RequestOptions = {},
  ): Promise<ApiResult<T>> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    let body: string | undefined;
    if (request.body !== undefined) {
      body = JSON.stringify(request.body);
      headers['Content-Type'] = 'application/json';
    }
    let status = 0;
    let answer: unknown;
    try {
      const url = `${apiBase}${path.startsWith('/') ? '' : '/'}${path}`;
      const response = await send(url, { method, headers, body, signal: request.signal ?? null });
      status = response.status;
      answer = parseBody(await response.text());
    } catch {
      return failureFromBody(0, undefined);
    }
    return status >= 200 && status < 300 ? apiOk(answer as T) : failureFromBody(status, answer);
  }
  return { request, apiBase };
}

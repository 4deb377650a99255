import { API_PREFIX, type ApiResult, apiOk, ORGANIZATION_HEADER } from '@loop/core';
import { ofetch } from 'ofetch';
import { failureFromBody } from './failureFromBody';

/** What the client needs of the session; core's SessionKeeper satisfies it. */
export interface ApiSession {
  accessToken(): string | null;
  /** Resolves true when a new access token is stored; concurrent callers share one refresh. */
  refresh(): Promise<boolean>;
  end(reason: 'revoked'): void;
}

/**
 * The session of a client that signs nothing: the /auth calls (login, refresh, registration, …)
 * need no token, so the session keeper's refresh does not depend on the client it serves.
 */
export const NO_SESSION: ApiSession = {
  accessToken: () => null,
  refresh: () => Promise.resolve(false),
  end: () => {},
};

export interface ApiClientOptions {
  /** VITE_API_URL, or '' for the same origin; `/api/v1` is appended. */
  baseUrl: string;
  session: ApiSession;
  /** The current organisation, sent as X-Organization-Id when present. */
  organisationId: () => number | string | null;
  /** Replaces the global fetch (tests). */
  fetch?: typeof globalThis.fetch;
  /**
   * Sends a request whose caller follows its upload (`onUploadProgress`): the browser's fetch
   * cannot report how much of a body has gone out, XMLHttpRequest can (`xhrUpload`). Without
   * one, such requests go through fetch and report only their end.
   */
  upload?: Uploader | null;
}

/** One request sent with upload progress; resolves with the status and the answer's text. */
export type Uploader = (
  url: string,
  init: {
    readonly method: HttpMethod;
    readonly headers: Readonly<Record<string, string>>;
    readonly body: BodyInit | undefined;
    readonly signal?: AbortSignal | undefined;
    /** Bytes sent of the body's total, as they go out. */
    readonly onProgress: (sent: number, total: number) => void;
  },
) => Promise<{ readonly status: number; readonly text: string }>;

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export type RequestOptions = {
  /** Sent as JSON, except FormData, Blob, URLSearchParams and binary bodies, which pass untouched. */
  body?: unknown;
  /** Undefined values are left out; a list repeats the name once per value (`tag=a&tag=b`). */
  query?: Record<string, string | number | boolean | readonly string[] | undefined>;
  /** 'retry' (default): on 401 refresh once and retry; 'none': never refresh (login, refresh, logout). */
  auth?: 'retry' | 'none';
  signal?: AbortSignal;
  /**
   * 'blob': a file download; a successful answer is a `DownloadBody` (the bytes and the headers,
   * for Content-Disposition) and a failure still reads the JSON `detail`. Default 'json'.
   */
  responseType?: 'json' | 'blob';
  /** Told the share of the body sent (0..1) while it uploads, and 1 when it is out. */
  onUploadProgress?: (sent: number) => void;
  /**
   * Error statuses whose body is still the answer (an import's report of refused lines, 422),
   * when that body is a JSON object; other bodies of those statuses are failures as usual.
   */
  okStatuses?: readonly number[];
};

/** The answer of a request with `responseType: 'blob'`. */
export interface DownloadBody {
  readonly blob: Blob;
  readonly headers: Headers;
}

/** The one HTTP client of the app; answers are values, never exceptions. */
export interface ApiClient {
  request<T>(method: HttpMethod, path: string, options?: RequestOptions): Promise<ApiResult<T>>;
  /** The resolved base, e.g. `https://api.example.nl/api/v1` or `/api/v1`. */
  apiBase: string;
}

/** The configured API address with its trailing slashes trimmed and the version prefix appended. */
export function apiBaseUrl(base: string): string {
  const trimmed = base.trim().replace(/\/+$/, '');
  // A base that already names the version (a common way to set VITE_API_URL) is taken as is.
  return trimmed.endsWith(API_PREFIX) ? trimmed : `${trimmed}${API_PREFIX}`;
}

interface Answer {
  readonly status: number;
  readonly body: unknown;
  /** The access token the request carried. */
  readonly token: string | null;
}

const passesUntouched = (body: unknown): boolean =>
  (typeof FormData !== 'undefined' && body instanceof FormData) ||
  (typeof Blob !== 'undefined' && body instanceof Blob) ||
  body instanceof URLSearchParams ||
  body instanceof ArrayBuffer ||
  ArrayBuffer.isView(body);

// Error pages of proxies are not JSON; their text is kept (and ignored by the error mapping).
/** An answer's text as JSON; an empty text is undefined, other text stays text. */
export function parseBody(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function withQuery(url: string, query: RequestOptions['query']): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else if (value !== undefined) params.append(key, String(value));
  }
  const search = params.toString();
  return search === '' ? url : `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

/**
 * The HTTP client of R-API-1, R-AUTH-7, R-AUTH-8 on ofetch: bearer token and organisation header read at send time,
 * on 401 one shared refresh and one retry, on 419 the session ends. HTTP and network failures come
 * back as `{ ok: false }` (network failure and abort: status 0).
 */
export function createApiClient(options: ApiClientOptions): ApiClient {
  const { session } = options;
  const apiBase = apiBaseUrl(options.baseUrl);
  const $fetch = ofetch.create(
    // ofetch's own retries (GET on 5xx, network errors) would hide failures and repeat requests
    // behind the session's back; the only retry is the one after a refresh, below.
    { retry: false, ignoreResponseError: true, parseResponse: parseBody },
    options.fetch ? { fetch: options.fetch } : {},
  );
  // Downloads keep the bytes: a parseResponse (even a default one) would turn them into text.
  const $fetchBlob = ofetch.create(
    { retry: false, ignoreResponseError: true, responseType: 'blob' },
    options.fetch ? { fetch: options.fetch } : {},
  );

  async function send(method: HttpMethod, path: string, request: RequestOptions): Promise<Answer> {
    const token = session.accessToken();
    const download = request.responseType === 'blob';
    const headers: Record<string, string> = { Accept: download ? '*/*' : 'application/json' };
    if (token) headers.Authorization = `Bearer ${token}`;
    const organisation = options.organisationId();
    if (organisation !== null && organisation !== '') headers[ORGANIZATION_HEADER] = String(organisation);
    let body: BodyInit | undefined;
    if (request.body !== undefined) {
      if (passesUntouched(request.body)) {
        body = request.body as BodyInit;
      } else {
        body = JSON.stringify(request.body);
        headers['Content-Type'] = 'application/json';
      }
    }
    const url = withQuery(`${apiBase}${path.startsWith('/') ? '' : '/'}${path}`, request.query);
    try {
      const progress = request.onUploadProgress;
      if (progress !== undefined && options.upload) {
        const answer = await options.upload(url, {
          method,
          headers,
          body,
          signal: request.signal,
          onProgress: (sent, total) => progress(total > 0 ? Math.min(1, sent / total) : 0),
        });
        return { status: answer.status, body: parseBody(answer.text), token };
      }
      if (download) {
        const response = await $fetchBlob.raw(url, { method, headers, body, signal: request.signal });
        const blob = response._data instanceof Blob ? response._data : new Blob([]);
        const answer: unknown = response.ok
          ? ({ blob, headers: response.headers } satisfies DownloadBody)
          : parseBody(await blob.text());
        return { status: response.status, body: answer, token };
      }
      const response = await $fetch.raw(url, { method, headers, body, signal: request.signal });
      progress?.(1);
      return { status: response.status, body: response._data, token };
    } catch {
      return { status: 0, body: undefined, token };
    }
  }

  /** After a 401: may the call be retried with a new access token? */
  async function renewed(sentToken: string | null): Promise<boolean> {
    const current = session.accessToken();
    // Another call's refresh already replaced the token this one was sent with (its 401 arrived
    // after that refresh finished): retry with the new token instead of a second refresh, which
    // would rotate the refresh token again. No token any more means the session ended meanwhile.
    if (current !== sentToken) return current !== null;
    try {
      return await session.refresh();
    } catch {
      return false;
    }
  }

  async function request<T>(
    method: HttpMethod,
    path: string,
    request: RequestOptions = {},
  ): Promise<ApiResult<T>> {
    let answer = await send(method, path, request);
    if (
      answer.status === 401 &&
      request.auth !== 'none' &&
      !request.signal?.aborted &&
      (await renewed(answer.token))
    ) {
      // Exactly one retry: a 401 now is returned as is, so a server that keeps refusing cannot loop.
      answer = await send(method, path, request);
    }
    if (answer.status === 419) session.end('revoked');
    if (answer.status >= 200 && answer.status < 300) return apiOk(answer.body as T);
    if (
      request.okStatuses?.includes(answer.status) &&
      typeof answer.body === 'object' &&
      answer.body !== null &&
      !Array.isArray(answer.body)
    )
      return apiOk(answer.body as T);
    return failureFromBody(answer.status, answer.body);
  }

  return { request, apiBase };
}

import type { Uploader } from './createApiClient';

/** What the uploader needs of XMLHttpRequest (the browser's, or a test's stand-in). */
export interface XhrLike {
  open(method: string, url: string): void;
  setRequestHeader(name: string, value: string): void;
  send(body?: unknown): void;
  abort(): void;
  readonly status: number;
  readonly responseText: string;
  readonly upload: { onprogress: ((event: { loaded: number; total: number }) => void) | null };
  onload: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
}

/**
 * The upload transport of the API client on XMLHttpRequest, the one browser API that reports how
 * much of a request body has been sent. A network failure or an abort rejects, which the client
 * turns into status 0 like a failed fetch.
 */
export function createXhrUpload(create: () => XhrLike): Uploader {
  return (url, init) =>
    new Promise((resolve, reject) => {
      const xhr = create();
      xhr.open(init.method, url);
      for (const [name, value] of Object.entries(init.headers)) xhr.setRequestHeader(name, value);
      xhr.upload.onprogress = (event) => init.onProgress(event.loaded, event.total);
      xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
      xhr.onerror = () => reject(new Error('upload failed'));
      xhr.onabort = () => reject(new Error('upload aborted'));
      if (init.signal?.aborted) {
        reject(new Error('upload aborted'));
        return;
      }
      init.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
      xhr.send(init.body ?? null);
    });
}

/** The browser's uploader: a new XMLHttpRequest per request, looked up at call time. */
export const xhrUpload: Uploader = (url, init) =>
  createXhrUpload(() => new globalThis.XMLHttpRequest() as unknown as XhrLike)(url, init);

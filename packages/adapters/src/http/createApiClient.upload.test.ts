import { describe, expect, it } from 'vitest';
import { type ApiSession, createApiClient, type Uploader } from './createApiClient';
import { createXhrUpload, type XhrLike } from './xhrUpload';

/** A session whose refresh swaps `token-a` for `token-b`. */
function session(): ApiSession & { refreshes: number } {
  let token = 'token-a';
  const value = {
    refreshes: 0,
    accessToken: () => token,
    refresh: async () => {
      value.refreshes++;
      token = 'token-b';
      return true;
    },
    end: () => {},
  };
  return value;
}

interface Upload {
  readonly url: string;
  readonly method: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: unknown;
}

/** An uploader that reports half, then all of the body, and answers what `answers` say in turn. */
function fakeUploader(answers: { status: number; text: string }[]) {
  const uploads: Upload[] = [];
  const upload: Uploader = async (url, init) => {
    uploads.push({ url, method: init.method, headers: init.headers, body: init.body });
    init.onProgress(50, 100);
    init.onProgress(100, 100);
    const answer = answers.shift();
    if (answer === undefined) throw new Error('network down');
    return answer;
  };
  return { upload, uploads };
}

const noFetch = (async () => {
  throw new Error('fetch must not be used for an upload with progress');
}) as typeof globalThis.fetch;

describe('createApiClient uploads with progress', () => {
  it('should send FormData untouched through the uploader with token and organisation, reporting progress', async () => {
    const { upload, uploads } = fakeUploader([{ status: 201, text: '{"imported":3}' }]);
    const client = createApiClient({
      baseUrl: '',
      session: session(),
      organisationId: () => 7,
      fetch: noFetch,
      upload,
    });
    const form = new FormData();
    form.append('file', new Blob(['a;b']), 'x.csv');
    const seen: number[] = [];
    const result = await client.request('POST', '/finance/imports', {
      body: form,
      onUploadProgress: (share) => seen.push(share),
    });
    expect(result).toEqual({ ok: true, value: { imported: 3 } });
    expect(seen).toEqual([0.5, 1]);
    expect(uploads[0]?.url).toBe('/api/v1/finance/imports');
    expect(uploads[0]?.body).toBe(form);
    expect(uploads[0]?.headers).toMatchObject({ Authorization: 'Bearer token-a', 'X-Organization-Id': '7' });
    expect(uploads[0]?.headers['Content-Type']).toBeUndefined();
  });

  it('should refresh once on 401 and send the upload again with the new token', async () => {
    const { upload, uploads } = fakeUploader([
      { status: 401, text: '{"detail":"Verlopen"}' },
      { status: 201, text: '{"imported":1}' },
    ]);
    const keeper = session();
    const client = createApiClient({ baseUrl: '', session: keeper, organisationId: () => null, upload });
    const result = await client.request('POST', '/finance/imports', {
      body: new FormData(),
      onUploadProgress: () => {},
    });
    expect(result.ok).toBe(true);
    expect(keeper.refreshes).toBe(1);
    expect(uploads.map((sent) => sent.headers.Authorization)).toEqual(['Bearer token-a', 'Bearer token-b']);
  });

  it('should answer a failed upload as a network failure', async () => {
    const { upload } = fakeUploader([]);
    const client = createApiClient({ baseUrl: '', session: session(), organisationId: () => null, upload });
    const result = await client.request('POST', '/x', { body: new FormData(), onUploadProgress: () => {} });
    expect(result).toMatchObject({ ok: false, status: 0 });
  });

  it('should report the end through fetch when there is no uploader', async () => {
    const fetch = (async () => new Response('{"ok":1}', { status: 200 })) as typeof globalThis.fetch;
    const client = createApiClient({ baseUrl: '', session: session(), organisationId: () => null, fetch });
    const seen: number[] = [];
    await client.request('POST', '/x', {
      body: new FormData(),
      onUploadProgress: (share) => seen.push(share),
    });
    expect(seen).toEqual([1]);
  });
});

describe('createApiClient okStatuses', () => {
  const clientAnswering = (status: number, body: string) =>
    createApiClient({
      baseUrl: '',
      session: session(),
      organisationId: () => null,
      fetch: (async () => new Response(body, { status })) as typeof globalThis.fetch,
    });

  it("should answer a listed status's JSON object as the value", async () => {
    const result = await clientAnswering(422, '{"detail":"2 regels geweigerd","refused":2}').request(
      'POST',
      '/x',
      {
        okStatuses: [422],
      },
    );
    expect(result).toEqual({ ok: true, value: { detail: '2 regels geweigerd', refused: 2 } });
  });

  it('should keep other statuses and bodies that are no object as failures', async () => {
    expect(
      await clientAnswering(400, '{"detail":"Fout"}').request('POST', '/x', { okStatuses: [422] }),
    ).toMatchObject({
      ok: false,
      status: 400,
      detail: 'Fout',
    });
    expect(
      await clientAnswering(422, 'Bad gateway').request('POST', '/x', { okStatuses: [422] }),
    ).toMatchObject({
      ok: false,
      status: 422,
    });
  });
});

class FakeXhr implements XhrLike {
  static made: FakeXhr[] = [];
  opened: [string, string] | null = null;
  headers: Record<string, string> = {};
  sent: unknown = undefined;
  aborted = false;
  status = 0;
  responseText = '';
  upload: XhrLike['upload'] = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  constructor() {
    FakeXhr.made.push(this);
  }
  open(method: string, url: string) {
    this.opened = [method, url];
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body?: unknown) {
    this.sent = body;
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
}

describe('createXhrUpload', () => {
  it('should send with the headers, pass on progress events and resolve with status and text', async () => {
    const upload = createXhrUpload(() => new FakeXhr());
    const progress: [number, number][] = [];
    const answer = upload('/api/v1/x', {
      method: 'POST',
      headers: { Authorization: 'Bearer t' },
      body: 'data',
      onProgress: (sent, total) => progress.push([sent, total]),
    });
    const xhr = FakeXhr.made.at(-1)!;
    expect(xhr.opened).toEqual(['POST', '/api/v1/x']);
    expect(xhr.headers).toEqual({ Authorization: 'Bearer t' });
    expect(xhr.sent).toBe('data');
    xhr.upload.onprogress?.({ loaded: 10, total: 40 });
    xhr.status = 201;
    xhr.responseText = '{}';
    xhr.onload?.();
    await expect(answer).resolves.toEqual({ status: 201, text: '{}' });
    expect(progress).toEqual([[10, 40]]);
  });

  it('should reject on a network error and abort with the signal', async () => {
    const upload = createXhrUpload(() => new FakeXhr());
    const failing = upload('/x', { method: 'POST', headers: {}, body: undefined, onProgress: () => {} });
    FakeXhr.made.at(-1)!.onerror?.();
    await expect(failing).rejects.toThrow();
    const controller = new AbortController();
    const aborted = upload('/x', {
      method: 'POST',
      headers: {},
      body: undefined,
      signal: controller.signal,
      onProgress: () => {},
    });
    controller.abort();
    expect(FakeXhr.made.at(-1)!.aborted).toBe(true);
    await expect(aborted).rejects.toThrow();
  });
});

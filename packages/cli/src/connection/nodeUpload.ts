import type { Uploader } from '@loop/adapters/http';

/** Bytes handed to fetch per read of the body: the bar moves at least every 64 KiB. */
const CHUNK_BYTES = 64 * 1024;

/**
 * The API client's upload transport on Node's fetch (R-CLI-4): Node has no XMLHttpRequest, and its
 * fetch reports nothing of a body going out. The form is encoded first (a contacts file is at most
 * 20 MB) and handed to fetch as a stream of chunks; each chunk fetch pulls is one step of the bar.
 */
export function nodeUpload(fetch: typeof globalThis.fetch): Uploader {
  return async (url, init) => {
    const encoded = new Request(url, { method: init.method, body: init.body ?? null });
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    const total = bytes.byteLength;
    let sent = 0;
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent >= total) {
          controller.close();
          return;
        }
        const chunk = bytes.subarray(sent, Math.min(total, sent + CHUNK_BYTES));
        sent += chunk.byteLength;
        controller.enqueue(chunk);
        init.onProgress(sent, total);
      },
    });
    const headers = new Headers(init.headers);
    const type = encoded.headers.get('content-type');
    if (type !== null) headers.set('content-type', type);
    const response = await fetch(url, {
      method: init.method,
      headers,
      body: total === 0 ? null : body,
      // Node's fetch sends a stream body only when told it may start before the answer comes.
      duplex: 'half',
      ...(init.signal === undefined ? {} : { signal: init.signal }),
    } as RequestInit);
    return { status: response.status, text: await response.text() };
  };
}

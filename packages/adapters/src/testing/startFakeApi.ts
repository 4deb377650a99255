import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  readonly method: string;
  /** The path without the query string. */
  readonly path: string;
  readonly query: URLSearchParams;
  readonly authorization: string | null;
  readonly organisation: string | null;
  readonly body: unknown;
}

export interface Reply {
  readonly status: number;
  readonly body?: unknown;
}

export interface FakeApi {
  /** `http://127.0.0.1:<port>`, to be used as the client's base URL. */
  readonly url: string;
  /** Every request in order of arrival. */
  readonly requests: RecordedRequest[];
  close(): Promise<void>;
}

async function readBody(request: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (text === '') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

const header = (request: IncomingMessage, name: string): string | null => {
  const value = request.headers[name];
  return typeof value === 'string' ? value : null;
};

/**
 * A real HTTP server on 127.0.0.1 and a random port, answering JSON with `handle` and recording
 * each request when it arrives (before `handle` runs, so held answers are counted too).
 */
export async function startFakeApi(
  handle: (request: RecordedRequest) => Reply | Promise<Reply>,
): Promise<FakeApi> {
  const requests: RecordedRequest[] = [];
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const recorded: RecordedRequest = {
      method: req.method ?? 'GET',
      path: url.pathname,
      query: url.searchParams,
      authorization: header(req, 'authorization'),
      organisation: header(req, 'x-organization-id'),
      body: await readBody(req),
    };
    requests.push(recorded);
    const reply = await handle(recorded);
    if (reply.body === undefined) {
      res.writeHead(reply.status).end();
      return;
    }
    res.writeHead(reply.status, { 'content-type': 'application/json' }).end(JSON.stringify(reply.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

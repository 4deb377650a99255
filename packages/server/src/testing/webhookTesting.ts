import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { queryRows } from '../results/resultsSql';

/** One request a test receiver got: its headers and raw body, exactly as sent. */
export interface ReceivedHook {
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
}

/** How the receiver answers the next requests. */
export type ReceiverMode =
  | { readonly kind: 'status'; readonly status: number }
  | { readonly kind: 'slow'; readonly ms: number }
  | { readonly kind: 'hang' }
  | { readonly kind: 'redirect'; readonly to: string };

/**
 * A webhook receiver on 127.0.0.1 and a free port: records every request (also those it fails)
 * and answers per its mode. For the deliveries' tests and the bench.
 */
export interface HookReceiver {
  readonly url: string;
  readonly received: ReceivedHook[];
  mode(next: ReceiverMode): void;
  close(): Promise<void>;
}

export async function startHookReceiver(path = '/loop-hooks'): Promise<HookReceiver> {
  const received: ReceivedHook[] = [];
  let mode: ReceiverMode = { kind: 'status', status: 204 };
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString('utf8') });
      const now = mode;
      if (now.kind === 'hang') return;
      if (now.kind === 'redirect') {
        response.writeHead(302, { location: now.to }).end();
        return;
      }
      if (now.kind === 'slow') {
        setTimeout(() => response.writeHead(200).end('ok'), now.ms);
        return;
      }
      response.writeHead(now.status, { 'content-type': 'text/plain' }).end(now.status < 300 ? '' : 'stuk');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}${path}`,
    received,
    mode(next) {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Makes every queued delivery due now (the retry waits are PostgreSQL's own clock). */
export const makeDeliveriesDue = (db: Queryable) =>
  db.execute(sql`update webhook_deliveries set not_before = now() where state = 'queued'`);

export const deliveryRows = (db: Queryable, endpointId: number) =>
  queryRows<{
    id: number;
    type: string;
    state: string;
    attempts: number;
    message_id: string;
    subject: string;
  }>(
    db,
    sql`select id::int as id, type, state, attempts, message_id, subject from webhook_deliveries
        where endpoint_id = ${endpointId} order by id`,
  );

import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, like } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { mailOutbox, memberships, users } from '../db/schema';

/** What a fake incoming-webhook receiver got: the JSON bodies, in order. */
export interface FakeWebhookReceiver {
  readonly origin: string;
  readonly url: string;
  readonly received: unknown[];
  /** The status the next requests get (200 unless a test says otherwise), with an optional body. */
  answer(status: number, body?: string): void;
  close(): Promise<void>;
}

const bodyOf = (request: IncomingMessage) =>
  new Promise<string>((resolve) => {
    let text = '';
    request.setEncoding('utf8');
    request.on('data', (chunk: string) => {
      text += chunk;
    });
    request.on('end', () => resolve(text));
  });

/** A local stand-in for Slack's or Teams' incoming webhook, on 127.0.0.1 and a free port. */
export async function startFakeWebhookReceiver(): Promise<FakeWebhookReceiver> {
  const received: unknown[] = [];
  let status = 200;
  let reply = 'ok';
  const server = createServer((request, response) => {
    void bodyOf(request).then((text) => {
      if (status >= 200 && status < 300) received.push(JSON.parse(text));
      response.writeHead(status, { 'content-type': 'text/plain' }).end(reply);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    url: `${origin}/hook/T000/B000/geheim`,
    received,
    answer(next, body = next < 300 ? 'ok' : 'fout') {
      status = next;
      reply = body;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The e-mail addresses of an organisation's owner and member. */
export async function teamAddresses(db: Queryable, organizationId: number) {
  const rows = await db
    .select({ id: users.id, email: users.email, role: memberships.role })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organizationId, organizationId));
  const of = (role: string) => rows.find((row) => row.role === role) as { id: number; email: string };
  return { owner: of('owner'), member: of('member') };
}

/** The outbox's rows whose reference starts with `prefix` for one organisation. */
export const outboxRows = (db: Queryable, organizationId: number, prefix: string) =>
  db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.organizationId, organizationId), like(mailOutbox.reference, `${prefix}%`)))
    .orderBy(mailOutbox.id);

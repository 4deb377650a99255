import type { AddressInfo, Socket } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message the sink accepted (answered 250). */
export interface SinkDelivery {
  readonly messageId: string | null;
  readonly to: readonly string[];
  readonly raw: string;
  /** performance.now() when the sink accepted it. */
  readonly at: number;
}

/** An SMTP reply the sink gives instead of 250, e.g. { code: 451, message: '4.3.0 Probeer later' }. */
export interface SinkRefusal {
  readonly code: number;
  readonly message: string;
}

export interface SmtpSink {
  /** smtp://127.0.0.1:<port> */
  readonly url: string;
  readonly deliveries: SinkDelivery[];
  /** Every DATA the sink saw, accepted or not, by Message-ID. */
  readonly attempts: Map<string, number>;
  close(): Promise<void>;
}

const MESSAGE_ID = /^Message-ID:[ \t]*(<[^>\r\n]+>)/im;

/**
 * A local SMTP server (the smtp-server package) that keeps what it receives: the real SMTP
 * conversation nodemailer has with a mail provider, without one. `refuse` may answer a message
 * with a 4xx or 5xx reply instead of 250 (it sees the message and how often it came).
 */
export async function startSmtpSink(
  options: {
    readonly refuse?: (mail: {
      readonly messageId: string | null;
      readonly attempt: number;
    }) => SinkRefusal | null;
    readonly port?: number;
  } = {},
): Promise<SmtpSink> {
  const deliveries: SinkDelivery[] = [];
  const attempts = new Map<string, number>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    logger: false,
    maxClients: 1000,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const messageId = MESSAGE_ID.exec(raw)?.[1] ?? null;
        const attempt = (attempts.get(messageId ?? '') ?? 0) + 1;
        attempts.set(messageId ?? '', attempt);
        const refusal = options.refuse?.({ messageId, attempt }) ?? null;
        if (refusal !== null) {
          callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }));
          return;
        }
        deliveries.push({
          messageId,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          at: performance.now(),
        });
        callback(null, `Opgeslagen als ${deliveries.length}`);
      });
    },
  });
  // Replies go out at once: with Nagle's algorithm a reply waits for the client's delayed ACK
  // (40 ms on Linux), which would make every local send look 40 ms slow.
  server.server.on('connection', (socket: Socket) => socket.setNoDelay(true));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  // A client that dies mid-conversation (the kill -9 tests) resets its connection: the sink goes on.
  server.on('error', () => {});
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    deliveries,
    attempts,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

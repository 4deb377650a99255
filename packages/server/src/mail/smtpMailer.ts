import { connect } from 'node:net';
import { createTransport } from 'nodemailer';
import type SMTPPool from 'nodemailer/lib/smtp-pool';
import type { Mailer } from './mailer';
import { oneLine, parseMailFrom } from './mailFrom';

/**
 * Transport settings that SMTP_URL may override in its query string (smtp://host:587?pool=false):
 * a pool of kept-open connections, so a queue of mails does not pay a TCP and EHLO round per mail,
 * and time limits well under the five minutes for which the outbox worker's heartbeat keeps renewing
 * a claim (R-CLUSTER-5), so a hanging server fails a send before another worker may take the mail over.
 */
export const SMTP_DEFAULTS: Readonly<Record<string, string>> = {
  pool: 'true',
  maxConnections: '4',
  connectionTimeout: '30000',
  greetingTimeout: '30000',
  socketTimeout: '60000',
};

const setting = (raw: string): string | number | boolean =>
  raw === 'true' ? true : raw === 'false' ? false : /^\d+$/.test(raw) ? Number(raw) : raw;

/** SMTP_URL as nodemailer's transport options, with the defaults above where it sets nothing. */
export function smtpTransportOptions(smtpUrl: string): SMTPPool.Options {
  const url = new URL(smtpUrl);
  const options: Record<string, unknown> = {
    host: url.hostname,
    secure: url.protocol === 'smtps:',
    ...(url.port === '' ? {} : { port: Number(url.port) }),
    ...(url.username === ''
      ? {}
      : { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }),
  };
  for (const [key, value] of Object.entries(SMTP_DEFAULTS)) options[key] = setting(value);
  for (const [key, value] of url.searchParams) options[key] = setting(value);
  return options as unknown as SMTPPool.Options;
}

/**
 * Opens the TCP connection with Nagle's algorithm off. nodemailer writes a message's final "."
 * on its own; with Nagle on, that line waits for the server's delayed ACK of the body (40 ms on
 * Linux, up to 200 ms elsewhere), the same for every mail on a connection.
 */
const noDelaySocket: NonNullable<SMTPPool.Options['getSocket']> = (options, callback) => {
  const socket = connect({ host: options.host ?? 'localhost', port: options.port ?? 25, noDelay: true });
  const failed = (error: Error) => callback(error, undefined as never);
  socket.setTimeout(options.connectionTimeout ?? 30_000, () => {
    socket.destroy(Object.assign(new Error('Connection timeout'), { code: 'ETIMEDOUT' }));
  });
  socket.once('error', failed);
  socket.once('connect', () => {
    socket.setTimeout(0);
    socket.off('error', failed);
    callback(null, { connection: socket });
  });
};

/** Sends through the SMTP server in SMTP_URL (smtp://user:pass@host:587 or smtps://…:465). */
export function createSmtpMailer(options: { readonly smtpUrl: string; readonly from: string }): Mailer {
  const transport = createTransport({ ...smtpTransportOptions(options.smtpUrl), getSocket: noDelaySocket });
  const sender = parseMailFrom(options.from);
  return {
    async send(message) {
      const info = await transport.sendMail({
        // An address object: nodemailer quotes or encodes the name (RFC 5322, RFC 2047) itself.
        from: message.fromName ? { name: oneLine(message.fromName), address: sender.address } : options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: { ...message.headers, 'X-Loop-Mail': message.kind },
        ...(message.messageId === undefined ? {} : { messageId: message.messageId }),
      });
      return { response: typeof info.response === 'string' ? info.response : null };
    },
    async close() {
      transport.close();
    },
  };
}

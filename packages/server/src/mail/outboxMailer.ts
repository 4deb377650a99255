import { randomBytes, randomUUID } from 'node:crypto';
import { link, mkdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Mailer, MailLog, MailMessage } from './mailer';
import { formatAddress, parseMailFrom } from './mailFrom';

// RFC 2047 for non-ASCII header values.
const headerValue = (value: string): string =>
  /^[\x20-\x7e]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;

/** MAIL_FROM, or the message's own display name on MAIL_FROM's address, as the From header. */
const senderHeader = (mailFrom: string, fromName: string | null): string => {
  const sender = parseMailFrom(mailFrom);
  return formatAddress({ name: fromName ?? sender.name, address: sender.address });
};

/**
 * A complete MIME message (multipart/alternative, UTF-8, 8bit) that mail clients open. The bodies
 * stay as written, so links are never wrapped or encoded and a person or a test can copy them.
 */
export function toEml(message: MailMessage, from: string, date: Date): string {
  const boundary = `loop-${randomBytes(12).toString('hex')}`;
  const part = (type: string, body: string) =>
    [
      `--${boundary}`,
      `Content-Type: ${type}; charset=utf-8`,
      'Content-Transfer-Encoding: 8bit',
      '',
      body,
    ].join('\n');
  return [
    `From: ${senderHeader(from, message.fromName ?? null)}`,
    `To: ${headerValue(message.to)}`,
    `Subject: ${headerValue(message.subject)}`,
    `Date: ${date.toUTCString()}`,
    `Message-ID: ${message.messageId ?? `<${randomBytes(12).toString('hex')}@loop.local>`}`,
    'MIME-Version: 1.0',
    `X-Loop-Mail: ${message.kind}`,
    ...Object.entries(message.headers ?? {}).map(([name, value]) => `${name}: ${headerValue(value)}`),
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
    '',
    part('text/plain', message.text),
    part('text/html', message.html),
    `--${boundary}--`,
    '',
  ].join('\n');
}

/**
 * The developer mail sink: each message becomes `<iso-timestamp>-<kind>.eml` in `dir` and its link
 * is logged, so a local run needs no SMTP server.
 */
export function createOutboxMailer(options: {
  readonly dir: string;
  readonly from: string;
  readonly log: MailLog;
  readonly now?: () => Date;
}): Mailer {
  const now = options.now ?? (() => new Date());
  return {
    async send(message) {
      const date = now();
      const eml = toEml(message, options.from, date);
      await mkdir(options.dir, { recursive: true });
      const stamp = date.toISOString().replace(/:/g, '-');
      // Written aside and then linked into place, so a reader never sees half a message.
      const draft = join(options.dir, `.${randomUUID()}.part`);
      await writeFile(draft, eml, { flag: 'wx' });
      let file = '';
      try {
        for (let attempt = 0; ; attempt++) {
          file = join(options.dir, `${stamp}-${message.kind}${attempt === 0 ? '' : `-${attempt}`}.eml`);
          try {
            await link(draft, file);
            break;
          } catch (error) {
            if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 1000) throw error;
          }
        }
      } finally {
        await unlink(draft);
      }
      options.log.info(
        { to: message.to, file },
        message.link === null
          ? `E-mail (${message.kind}) geschreven naar ${file}`
          : `Bevestigingslink voor ${message.kind}: ${message.link}`,
      );
      return { response: null };
    },
    async close() {},
  };
}

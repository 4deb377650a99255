import { createTransport } from 'nodemailer';
import type { Mailer } from './mailer';

/**
 * Transport settings that SMTP_URL may override in its query string (smtp://host:587?pool=false):
 * a pool of kept-open connections, so a queue of mails does not pay a TCP and EHLO round per mail,
 * and time limits well under the outbox lease (OUTBOX_LEASE_SECONDS, five minutes by default), so
 * a hanging server fails a send before another worker may take the mail over.
 */
export const SMTP_DEFAULTS: Readonly<Record<string, string>> = {
  pool: 'true',
  maxConnections: '4',
  connectionTimeout: '30000',
  greetingTimeout: '30000',
  socketTimeout: '60000',
};

/** SMTP_URL with the defaults above added where it sets nothing of its own. */
export function smtpTransportUrl(smtpUrl: string): string {
  const url = new URL(smtpUrl);
  for (const [key, value] of Object.entries(SMTP_DEFAULTS)) {
    if (!url.searchParams.has(key)) url.searchParams.set(key, value);
  }
  return url.toString();
}

/** Sends through the SMTP server in SMTP_URL (smtp://user:pass@host:587 or smtps://…:465). */
export function createSmtpMailer(options: { readonly smtpUrl: string; readonly from: string }): Mailer {
  const transport = createTransport(smtpTransportUrl(options.smtpUrl));
  return {
    async send(message) {
      const info = await transport.sendMail({
        from: options.from,
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

import { createTransport } from 'nodemailer';
import type { Mailer } from './mailer';

/** Sends through the SMTP server in SMTP_URL (smtp://user:pass@host:587 or smtps://…:465). */
export function createSmtpMailer(options: { readonly smtpUrl: string; readonly from: string }): Mailer {
  const transport = createTransport(options.smtpUrl);
  return {
    async send(message) {
      await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: { 'X-Loop-Mail': message.kind },
      });
    },
    async close() {
      transport.close();
    },
  };
}

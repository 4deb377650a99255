import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { createTransport } from 'nodemailer';
import type { MailLog, Mailer } from './mailer';

/**
 * The developer mail sink: each message becomes `<iso-timestamp>-<kind>.eml` in `dir` (a complete
 * MIME message any mail client opens) and its link is logged, so a local run needs no SMTP server.
 */
export function createOutboxMailer(options: {
  readonly dir: string;
  readonly from: string;
  readonly log: MailLog;
  readonly now?: () => Date;
}): Mailer {
  const composer = createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const now = options.now ?? (() => new Date());
  return {
    async send(message) {
      const info = await composer.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        headers: { 'X-Loop-Mail': message.kind },
      });
      await mkdir(options.dir, { recursive: true });
      const stamp = now().toISOString().replace(/:/g, '-');
      let file = '';
      for (let attempt = 0; ; attempt++) {
        file = join(options.dir, `${stamp}-${message.kind}${attempt === 0 ? '' : `-${attempt}`}.eml`);
        try {
          await writeFile(file, info.message, { flag: 'wx' });
          break;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 100) throw error;
        }
      }
      options.log.info(
        { to: message.to, file },
        message.link === null ? `E-mail (${message.kind}) geschreven naar ${file}` : `Bevestigingslink voor ${message.kind}: ${message.link}`,
      );
    },
    async close() {},
  };
}

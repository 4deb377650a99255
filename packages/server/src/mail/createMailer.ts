import { type AppConfig, outboxDir } from '../config';
import type { Mailer, MailLog } from './mailer';
import { createOutboxMailer } from './outboxMailer';
import { createSmtpMailer } from './smtpMailer';

/** SMTP when SMTP_URL is set, else the outbox folder in DATA_DIR. */
export function createMailer(
  config: Pick<AppConfig, 'smtpUrl' | 'mailFrom' | 'dataDir'>,
  log: MailLog,
): Mailer {
  return config.smtpUrl === null
    ? createOutboxMailer({ dir: outboxDir(config), from: config.mailFrom, log })
    : createSmtpMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom });
}

import type { Analyst } from './analysis/analyst';
import type { AccessTokens } from './auth/accessTokens';
import type { PasswordHasher } from './auth/passwordHasher';
import type { PaymentProviders } from './billing/paymentProvider';
import type { Clock } from './clock';
import type { AppConfig } from './config';
import type { Database } from './db/database';
import type { HeavyJobs } from './heavy/heavyJobs';
import type { AppLog } from './logs/appLog';
import type { MailQueue } from './mail/mailQueue';
import type { mailLinks } from './mail/messages';
import type { Outbox } from './outbox/outbox';

/** What the use-cases and routes work with; built once by buildApp. */
export interface AppDeps {
  readonly config: AppConfig;
  readonly db: Database;
  readonly clock: Clock;
  readonly passwords: PasswordHasher;
  readonly accessTokens: AccessTokens;
  readonly mail: MailQueue;
  readonly links: ReturnType<typeof mailLinks>;
  /** Mails that must go out exactly once (invitations, reminders), queued with the caller's writes. */
  readonly outbox: Outbox;
  /** The payment providers this server can use (null: not configured or refused in production). */
  readonly payments: PaymentProviders;
  /** The application log (metadata and audit events, never personal data). */
  readonly log: AppLog;
  /** Who writes business analyses: the built-in analyst, or the LLM of LLM_BASE_URL/LLM_MODEL. */
  readonly analyst: Analyst;
  /** The organisations' heavy jobs (imports read, XLSX/ZIP exports), limited over all instances. */
  readonly heavyJobs: HeavyJobs;
}

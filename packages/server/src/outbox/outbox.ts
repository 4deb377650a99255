import type { AppConfig } from '../config';
import type { Queryable } from '../db/database';
import {
  type CancelFilter,
  cancelMail,
  type Enqueued,
  enqueueMail,
  enqueueMails,
  mailStatus,
  messageIdDomain,
  type OutboxMail,
  type OutboxStatus,
} from './outboxStore';

/**
 * The outgoing mail queue as features use it (AppDeps.outbox): every call takes the caller's
 * database handle or transaction, so a mail is queued or cancelled together with the caller's own
 * writes. The worker (outboxWorker.ts, started by main.ts) sends what is queued.
 */
export interface Outbox {
  enqueue(db: Queryable, mail: OutboxMail): Promise<Enqueued>;
  /** Many at once (one statement); answers how many were new. */
  enqueueMany(db: Queryable, mails: readonly OutboxMail[]): Promise<number>;
  cancel(db: Queryable, filter: CancelFilter): Promise<number>;
  status(db: Queryable, reference: string, organizationId?: number): Promise<OutboxStatus | null>;
}

export function createOutbox(config: Pick<AppConfig, 'mailFrom'>): Outbox {
  const domain = messageIdDomain(config.mailFrom);
  return {
    enqueue: (db, mail) => enqueueMail(db, mail, { messageIdDomain: domain }),
    enqueueMany: (db, mails) => enqueueMails(db, mails, { messageIdDomain: domain }),
    cancel: cancelMail,
    status: mailStatus,
  };
}

/**
 * The senders bench/mail-queue compares the outbox worker with, each in a process of its own (so
 * the SMTP sink in run.ts does not share their event loop). Mode in argv[2]:
 * - `bare`: nodemailer (the app's SMTP mailer: the same pooled transport) sends the mails straight
 *   from memory, LANES at a time, no database: the floor under any queue;
 * - `held`: the other exactly-once design: each lane opens a transaction, takes one due row
 *   `for update skip locked`, sends it and marks it 'sent' before committing, so PostgreSQL itself
 *   releases the row when the process dies.
 * Prints `ready` when it starts sending and `{"ms": …}` when done.
 */
import type { MailKind } from '@loop/server';
import { createSmtpMailer, outboxMessage } from '@loop/server/internals';
import postgres from 'postgres';
import { benchMail } from './mails';

const MAILS = Number(process.env.MAILS ?? 10_000);
const LANES = Number(process.env.LANES ?? 4);
const mailer = createSmtpMailer({
  smtpUrl: process.env.SMTP_URL ?? '',
  from: 'Loop <no-reply@loop.voorbeeld.nl>',
});

async function bare(): Promise<void> {
  let next = 0;
  const lane = async () => {
    for (let i = next++; i < MAILS; i = next++) {
      await mailer.send({
        ...benchMail(i),
        kind: 'survey-invitation',
        link: null,
        messageId: `<bare-${i}@loop.voorbeeld.nl>`,
        headers: { 'List-Unsubscribe': `<https://loop.voorbeeld.nl/afmelden/${i}>` },
      });
    }
  };
  await Promise.all(Array.from({ length: LANES }, lane));
}

interface Row {
  readonly id: string;
  readonly recipient: string;
  readonly subject: string;
  readonly text: string;
  readonly html: string;
  readonly kind: MailKind;
  readonly headers: Record<string, string>;
  readonly messageId: string;
}

async function held(): Promise<void> {
  const sql = postgres(process.env.DATABASE_URL ?? '', { max: LANES, onnotice: () => {} });
  const lane = async () => {
    for (;;) {
      const sent = await sql.begin(async (tx) => {
        const [row] = await tx<Row[]>`
          select id, recipient, subject, text, html, kind, headers, message_id as "messageId" from mail_outbox
          where state = 'queued' and not_before <= now()
          order by not_before, id limit 1
          for update skip locked`;
        if (!row) return false;
        const receipt = await mailer.send(outboxMessage(row));
        await tx`
          update mail_outbox set state = 'sent', sent_at = now(), attempts = attempts + 1,
            smtp_response = ${receipt.response}
          where id = ${row.id}`;
        return true;
      });
      if (!sent) return;
    }
  };
  await Promise.all(Array.from({ length: LANES }, lane));
  await sql.end();
}

const mode = process.argv[2];
console.log('ready');
const start = performance.now();
if (mode === 'bare') await bare();
else if (mode === 'held') await held();
else throw new Error(`unknown mode ${mode}`);
console.log(JSON.stringify({ ms: performance.now() - start }));
await mailer.close();
process.exit(0);

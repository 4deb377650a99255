import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { mailOutbox, type OutboxRow } from '../db/schema';
import type { OutboxMail } from '../outbox/outboxStore';

let counter = 0;

/** A survey invitation for the outbox with a reference and address no other test mail has. */
export function outboxMail(overrides: Partial<OutboxMail> = {}): OutboxMail {
  counter += 1;
  return {
    reference: `invitation:${counter}`,
    kind: 'survey-invitation',
    to: `contact-${counter}@voorbeeld.nl`,
    subject: 'Uw mening telt',
    text: 'Vul de peiling in',
    html: '<p>Vul de peiling in</p>',
    ...overrides,
  };
}

/** The outbox row of `reference`; fails the test when there is none. */
export async function outboxRow(db: Queryable, reference: string): Promise<OutboxRow> {
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.reference, reference));
  if (!row) throw new Error(`No outbox row ${reference}`);
  return row;
}

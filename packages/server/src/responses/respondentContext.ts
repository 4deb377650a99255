import { and, eq } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { contacts, surveyInvitations, surveys } from '../db/schema';
import { statementsOf } from './respondStatements';
import type { StoredContext } from './responses';

// What a response knows besides its answers (R-RESP-5): the hidden fields and language it fixed at
// its first write, and a personal link's invited contact, which gives them before that write.

/** The hidden fields and language a response fixed at its first write (none for an unknown one). */
export async function storedContext(db: Queryable, responseId: number): Promise<StoredContext> {
  const [response] = await statementsOf(db).seconds.execute({ responseId });
  return { hidden_fields: response?.hiddenFields ?? {}, language: response?.language ?? null };
}

/** What a personal link's contact gives a response: its language and attributes (R-RESP-5). */
export interface ContactContext {
  readonly language: string | null;
  readonly attributes: Readonly<Record<string, unknown>>;
}

/**
 * The contact invited through a personal link's response, or null: a link without an invitation,
 * a deleted contact, or an anonymous survey (whose invitations hold no response, R-RESP-4; the
 * survey is checked too).
 */
export async function invitedContact(db: Queryable, responseId: number): Promise<ContactContext | null> {
  const [row] = await db
    .select({ language: contacts.language, attributes: contacts.attributes })
    .from(surveyInvitations)
    .innerJoin(contacts, eq(contacts.id, surveyInvitations.contactId))
    .innerJoin(surveys, eq(surveys.id, surveyInvitations.surveyId))
    .where(and(eq(surveyInvitations.responseId, responseId), eq(surveys.anonymous, false)))
    .limit(1);
  return row ?? null;
}

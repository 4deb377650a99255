/**
 * The public unsubscribe link (R-INV-3): what the page shows
 * for a token, and the unsubscribe itself. A forged token, or one of a contact erased since, finds
 * nothing (null), which the routes answer as 404.
 */
import type { UnsubscribePreview } from '@loop/core';
import { emailHint } from '@loop/core/invitations';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../appDeps';
import { contacts, organizations } from '../db/schema';
import { unsubscribeContact } from './invitationDelivery';
import { unsubscribeContactId } from './invitationTokens';

type UnsubscribeDeps = Pick<AppDeps, 'config' | 'db' | 'outbox' | 'clock'>;

/** The contact of a token with what the page shows, or null. */
async function findByToken(
  deps: Pick<AppDeps, 'config' | 'db'>,
  token: string,
): Promise<{ readonly id: number; readonly preview: UnsubscribePreview } | null> {
  const id = unsubscribeContactId(deps.config.jwtSecret, token);
  if (id === null) return null;
  const [row] = await deps.db
    .select({
      email: contacts.email,
      unsubscribedAt: contacts.unsubscribedAt,
      organizationName: organizations.name,
    })
    .from(contacts)
    .innerJoin(organizations, eq(organizations.id, contacts.organizationId))
    .where(eq(contacts.id, id));
  if (row === undefined) return null;
  return {
    id,
    preview: {
      organization_name: row.organizationName,
      email_hint: emailHint(row.email),
      unsubscribed: row.unsubscribedAt !== null,
    },
  };
}

/** What the unsubscribe page shows for a token, or null. */
export async function unsubscribePreview(
  deps: Pick<AppDeps, 'config' | 'db'>,
  token: string,
): Promise<UnsubscribePreview | null> {
  return (await findByToken(deps, token))?.preview ?? null;
}

/** Unsubscribes the token's contact (again is a no-op) and answers the page, now unsubscribed; or null. */
export async function unsubscribeByToken(
  deps: UnsubscribeDeps,
  token: string,
): Promise<UnsubscribePreview | null> {
  const found = await findByToken(deps, token);
  if (found === null || !(await unsubscribeContact(deps, found.id, deps.clock.now()))) return null;
  return { ...found.preview, unsubscribed: true };
}

import {
  type AcceptedInvitation,
  err,
  type Invitation,
  type InvitationLinkPreview,
  type MemberRole,
  type Organization,
  ok,
  type Result,
} from '@loop/core';
import { normaliseEmail } from '@loop/core/auth';
import { decideInvitation } from '@loop/core/organisation';
import { and, desc, eq } from 'drizzle-orm';
import type { AppDeps } from '../appDeps';
import { hashToken, newSecureToken } from '../auth/secureToken';
import { isUniqueViolation } from '../auth/users';
import type { Queryable, Transaction } from '../db/database';
import { invitations, memberships, organizations, type UserRow, users } from '../db/schema';
import { invitationMail } from './invitationMail';
import { isMemberByEmail } from './teams';

/** How long an invitation link works; re-sending starts a new period with a new link. */
export const INVITATION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

export const INVITATION_MESSAGES = {
  alreadyMember: 'Deze persoon is al lid van de organisatie.',
  alreadyInvited: 'Er staat al een uitnodiging open voor dit adres. Verstuur die opnieuw vanuit de lijst.',
  notFound: 'Deze uitnodiging bestaat niet (meer).',
  invalidLink: 'Deze uitnodiging is ongeldig, al gebruikt of ingetrokken. Vraag om een nieuwe uitnodiging.',
  expired: 'Deze uitnodiging is verlopen. Vraag degene die je uitnodigde om haar opnieuw te versturen.',
  otherAddress:
    'Deze uitnodiging is voor een ander e-mailadres. Log in met het adres waarop je de uitnodiging kreeg.',
} as const;

export type InvitationRefusal =
  | 'forbidden'
  | 'not_assignable'
  | 'already_member'
  | 'already_invited'
  | 'not_found'
  | 'expired'
  | 'other_address';

type InvitationDeps = Pick<AppDeps, 'db' | 'clock' | 'mail' | 'links'>;

const expiry = (now: Date) => new Date(now.getTime() + INVITATION_LIFETIME_MS);

function mailInvitation(
  deps: InvitationDeps,
  values: {
    email: string;
    token: string;
    role: MemberRole;
    organizationName: string;
    inviterName: string;
    expiresAt: Date;
  },
) {
  deps.mail.enqueue(
    invitationMail({
      to: values.email,
      organizationName: values.organizationName,
      inviterName: values.inviterName,
      role: values.role,
      link: deps.links.invitation(values.token),
      expiresAt: values.expiresAt,
    }),
  );
}

/** The organisation's open invitations, newest first, with who sent them. */
export async function listInvitations(
  db: Queryable,
  organizationId: number,
  now: Date,
): Promise<Invitation[]> {
  const rows = await db
    .select({
      id: invitations.id,
      email: invitations.email,
      role: invitations.role,
      inviter: users.name,
      createdAt: invitations.createdAt,
      expiresAt: invitations.expiresAt,
    })
    .from(invitations)
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(eq(invitations.organizationId, organizationId))
    .orderBy(desc(invitations.createdAt), desc(invitations.id));
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: row.role,
    invited_by: row.inviter,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
    state: row.expiresAt.getTime() > now.getTime() ? 'pending' : 'expired',
  }));
}

/** An owner or manager invites an address with a role; the link goes out by mail. */
export async function createInvitation(
  deps: InvitationDeps,
  organization: Organization,
  inviter: UserRow,
  input: { readonly email: string; readonly role: MemberRole },
): Promise<Result<Invitation, InvitationRefusal>> {
  const decided = decideInvitation(organization.role, input.role);
  if (!decided.ok) return decided;
  const email = normaliseEmail(input.email);
  if (await isMemberByEmail(deps.db, organization.id, email)) {
    return err('already_member', INVITATION_MESSAGES.alreadyMember);
  }
  const token = newSecureToken();
  const now = deps.clock.now();
  let created: { id: number } | undefined;
  try {
    [created] = await deps.db
      .insert(invitations)
      .values({
        organizationId: organization.id,
        email,
        role: decided.value,
        tokenHash: hashToken(token),
        invitedBy: inviter.id,
        createdAt: now,
        expiresAt: expiry(now),
      })
      .returning({ id: invitations.id });
  } catch (error) {
    if (isUniqueViolation(error)) return err('already_invited', INVITATION_MESSAGES.alreadyInvited);
    throw error;
  }
  if (created === undefined) throw new Error('INSERT … RETURNING gave no row');
  mailInvitation(deps, {
    email,
    token,
    role: decided.value,
    organizationName: organization.name,
    inviterName: inviter.name,
    expiresAt: expiry(now),
  });
  return ok({
    id: created.id,
    email,
    role: decided.value,
    invited_by: inviter.name,
    created_at: now.toISOString(),
    expires_at: expiry(now).toISOString(),
    state: 'pending',
  });
}

/** An invitation of this organisation that the caller may manage (a manager not an owner's). */
async function manageableInvitation(
  db: Queryable,
  organization: Organization,
  invitationId: number,
): Promise<Result<typeof invitations.$inferSelect, InvitationRefusal>> {
  const [row] = await db
    .select()
    .from(invitations)
    .where(and(eq(invitations.id, invitationId), eq(invitations.organizationId, organization.id)));
  if (row === undefined) return err('not_found', INVITATION_MESSAGES.notFound);
  const allowed = decideInvitation(organization.role, row.role);
  if (!allowed.ok) return allowed;
  return ok(row);
}

/** Withdraws an open invitation: its link stops working and the address is forgotten. */
export async function withdrawInvitation(
  deps: Pick<AppDeps, 'db'>,
  organization: Organization,
  invitationId: number,
): Promise<Result<true, InvitationRefusal>> {
  const found = await manageableInvitation(deps.db, organization, invitationId);
  if (!found.ok) return found;
  await deps.db.delete(invitations).where(eq(invitations.id, invitationId));
  return ok(true);
}

/** Sends an invitation again with a new link and a new expiry; the old link stops working. */
export async function resendInvitation(
  deps: InvitationDeps,
  organization: Organization,
  inviter: UserRow,
  invitationId: number,
): Promise<Result<Invitation, InvitationRefusal>> {
  const found = await manageableInvitation(deps.db, organization, invitationId);
  if (!found.ok) return found;
  const token = newSecureToken();
  const now = deps.clock.now();
  await deps.db
    .update(invitations)
    .set({ tokenHash: hashToken(token), expiresAt: expiry(now), invitedBy: inviter.id })
    .where(eq(invitations.id, invitationId));
  mailInvitation(deps, {
    email: found.value.email,
    token,
    role: found.value.role,
    organizationName: organization.name,
    inviterName: inviter.name,
    expiresAt: expiry(now),
  });
  return ok({
    id: found.value.id,
    email: found.value.email,
    role: found.value.role,
    invited_by: inviter.name,
    created_at: found.value.createdAt.toISOString(),
    expires_at: expiry(now).toISOString(),
    state: 'pending',
  });
}

async function invitationByToken(db: Queryable, token: string) {
  const [row] = await db
    .select({
      id: invitations.id,
      organizationId: invitations.organizationId,
      organizationName: organizations.name,
      email: invitations.email,
      role: invitations.role,
      expiresAt: invitations.expiresAt,
      inviter: users.name,
    })
    .from(invitations)
    .innerJoin(organizations, eq(organizations.id, invitations.organizationId))
    .leftJoin(users, eq(users.id, invitations.invitedBy))
    .where(eq(invitations.tokenHash, hashToken(token)));
  return row;
}

/** What the invitation page shows; an unknown, accepted or withdrawn link is 'not_found'. */
export async function previewInvitation(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  token: string,
): Promise<Result<InvitationLinkPreview, 'not_found'>> {
  const row = await invitationByToken(deps.db, token);
  if (row === undefined) return err('not_found', INVITATION_MESSAGES.invalidLink);
  const [account] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, row.email));
  return ok({
    organization_name: row.organizationName,
    email: row.email,
    role: row.role,
    invited_by: row.inviter,
    state: row.expiresAt.getTime() > deps.clock.now().getTime() ? 'valid' : 'expired',
    has_account: account !== undefined,
  });
}

/**
 * Makes the user a member with the invitation's role and uses the invitation up, in the caller's
 * transaction. The user must have the invited address: the link is for that mailbox, and a
 * forwarded or leaked link must not let someone else in.
 */
export async function joinByInvitation(
  tx: Transaction,
  token: string,
  user: Pick<UserRow, 'id' | 'email'>,
  now: Date,
): Promise<Result<AcceptedInvitation, InvitationRefusal>> {
  const [row] = await tx
    .select()
    .from(invitations)
    .where(eq(invitations.tokenHash, hashToken(token)))
    .for('update');
  if (row === undefined) return err('not_found', INVITATION_MESSAGES.invalidLink);
  if (row.expiresAt.getTime() <= now.getTime()) return err('expired', INVITATION_MESSAGES.expired);
  if (row.email !== normaliseEmail(user.email)) return err('other_address', INVITATION_MESSAGES.otherAddress);
  const [organization] = await tx
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, row.organizationId));
  if (organization === undefined) return err('not_found', INVITATION_MESSAGES.invalidLink);
  // Already a member (say, added twice): keep the role they have, use the invitation up.
  const [existing] = await tx
    .select({ role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.organizationId, row.organizationId), eq(memberships.userId, user.id)));
  if (existing === undefined) {
    await tx
      .insert(memberships)
      .values({ userId: user.id, organizationId: row.organizationId, role: row.role, joinedAt: now });
  }
  await tx.delete(invitations).where(eq(invitations.id, row.id));
  await tx.update(users).set({ onboardingCompleted: true, updatedAt: now }).where(eq(users.id, user.id));
  return ok({
    organization_id: row.organizationId,
    organization_name: organization.name,
    role: existing?.role ?? row.role,
  });
}

/** A signed-in user accepts an invitation. */
export function acceptInvitation(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  token: string,
  user: UserRow,
): Promise<Result<AcceptedInvitation, InvitationRefusal>> {
  return deps.db.transaction((tx) => joinByInvitation(tx, token, user, deps.clock.now()));
}

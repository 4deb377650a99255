import { err, fileNameDate, ok, type Result } from '@loop/core';
import { normaliseEmail } from '@loop/core/auth';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../appDeps';
import type { UploadStore } from '../branding/uploadStore';
import type { Queryable } from '../db/database';
import {
  emailChanges,
  emailTokens,
  invitations,
  memberships,
  organizations,
  refreshTokens,
  sessions,
  surveys,
  type UserRow,
  users,
} from '../db/schema';
import { deleteOrganization, otherMemberCount } from '../organizations/organizationData';

export const ACCOUNT_MESSAGES = {
  wrongPassword: 'Je huidige wachtwoord klopt niet.',
  wrongConfirmation: 'Typ je e-mailadres precies zoals het hierboven staat.',
  lastOwner: (organization: string) =>
    `Je bent de laatste eigenaar van ${organization}, waar nog anderen lid van zijn. Maak eerst iemand anders ` +
    'eigenaar of draag het eigendom over.',
  providerUnreachable:
    'De betaalprovider is nu niet bereikbaar, dus het abonnement kan niet worden gestopt. Er is niets ' +
    'verwijderd; probeer het later opnieuw.',
  deleted: 'Je account is verwijderd.',
} as const;

/** The export's file name: `loop-account-{YYYY-MM-DD}.json`. */
export const accountExportName = (now: Date): string => `loop-account-${fileNameDate(now)}.json`;

/**
 * Everything Loop holds about a person, as one JSON document: the account (never the password
 * hash), memberships, sessions and links (dates only, never tokens), e-mail changes, invitations
 * they sent and surveys they made. Every table that refers to the user appears here; a test checks
 * that against the schema's foreign keys.
 */
export async function accountExport(db: Queryable, user: UserRow, now: Date) {
  const sessionRows = await db
    .select({
      id: sessions.id,
      created_at: sessions.createdAt,
      last_used_at: sessions.lastUsedAt,
      revoked_at: sessions.revokedAt,
      revoked_reason: sessions.revokedReason,
    })
    .from(sessions)
    .where(eq(sessions.userId, user.id))
    .orderBy(asc(sessions.createdAt));
  const sessionIds = sessionRows.map((row) => row.id);
  return {
    exported_at: now.toISOString(),
    notes:
      'Dit zijn alle gegevens die Loop over jou bewaart. Wachtwoorden en de geheime delen van links en sessies ' +
      'staan er niet in. Het applicatielogboek bevat geen gegevens die naar jou herleidbaar zijn (geen naam, ' +
      'e-mailadres of IP-adres). Antwoorden op surveys zijn niet aan accounts gekoppeld en horen bij de ' +
      'organisatie die de survey maakte.',
    account: {
      id: user.id,
      name: user.name,
      email: user.email,
      email_verified_at: user.emailVerifiedAt,
      is_admin: user.isAdmin,
      can_manage_templates: user.canManageTemplates,
      onboarding_completed: user.onboardingCompleted,
      created_at: user.createdAt,
      updated_at: user.updatedAt,
    },
    memberships: await db
      .select({
        organization_id: organizations.id,
        organization_name: organizations.name,
        role: memberships.role,
        joined_at: memberships.joinedAt,
      })
      .from(memberships)
      .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
      .where(eq(memberships.userId, user.id))
      .orderBy(asc(organizations.id)),
    sessions: sessionRows,
    refresh_tokens:
      sessionIds.length === 0
        ? []
        : await db
            .select({
              session_id: refreshTokens.sessionId,
              created_at: refreshTokens.createdAt,
              expires_at: refreshTokens.expiresAt,
              used_at: refreshTokens.usedAt,
            })
            .from(refreshTokens)
            .where(sql`${refreshTokens.sessionId} = any(${sql.param(sessionIds)}::uuid[])`)
            .orderBy(asc(refreshTokens.createdAt)),
    email_links: await db
      .select({
        kind: emailTokens.kind,
        created_at: emailTokens.createdAt,
        expires_at: emailTokens.expiresAt,
        used_at: emailTokens.usedAt,
      })
      .from(emailTokens)
      .where(eq(emailTokens.userId, user.id))
      .orderBy(asc(emailTokens.createdAt)),
    email_changes: await db
      .select({
        old_email: emailChanges.oldEmail,
        new_email: emailChanges.newEmail,
        created_at: emailChanges.createdAt,
        confirmed_at: emailChanges.confirmedAt,
        undone_at: emailChanges.undoneAt,
      })
      .from(emailChanges)
      .where(eq(emailChanges.userId, user.id))
      .orderBy(asc(emailChanges.createdAt)),
    invitations_sent: await db
      .select({
        organization_id: invitations.organizationId,
        email: invitations.email,
        role: invitations.role,
        created_at: invitations.createdAt,
        expires_at: invitations.expiresAt,
      })
      .from(invitations)
      .where(eq(invitations.invitedBy, user.id))
      .orderBy(asc(invitations.createdAt)),
    surveys_created: await db
      .select({
        id: surveys.id,
        organization_id: surveys.organizationId,
        title: surveys.title,
        status: surveys.status,
        created_at: surveys.createdAt,
      })
      .from(surveys)
      .where(eq(surveys.createdBy, user.id))
      .orderBy(asc(surveys.id)),
  };
}

export type DeleteAccountRefusal =
  | 'wrong_password'
  | 'wrong_confirmation'
  | 'last_owner'
  | 'provider_unreachable';

/**
 * Deletes an account after the password and the typed address. Refused while the user is the last
 * owner of an organisation that has other members (they must not lose it). Organisations where the
 * user is the only member go with the account; elsewhere the membership ends, surveys they made stay
 * with their organisation (`created_by` becomes empty) and their invitations lose their sender.
 */
export async function deleteAccount(
  deps: Pick<AppDeps, 'db' | 'clock' | 'log' | 'payments' | 'passwords'>,
  uploads: UploadStore,
  user: UserRow,
  input: { readonly currentPassword: string; readonly confirmEmail: string },
): Promise<Result<{ readonly deletedOrganizations: readonly number[] }, DeleteAccountRefusal>> {
  if (!(await deps.passwords.verify(user.passwordHash, input.currentPassword))) {
    return err('wrong_password', ACCOUNT_MESSAGES.wrongPassword);
  }
  if (normaliseEmail(input.confirmEmail) !== user.email) {
    return err('wrong_confirmation', ACCOUNT_MESSAGES.wrongConfirmation);
  }
  const owned = await deps.db
    .select({ id: organizations.id, name: organizations.name })
    .from(memberships)
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(memberships.userId, user.id), eq(memberships.role, 'owner')));
  const solo: number[] = [];
  for (const organization of owned) {
    const others = await otherMemberCount(deps.db, organization.id, user.id);
    if (others === 0) {
      solo.push(organization.id);
      continue;
    }
    const [otherOwners] = await deps.db
      .select({ count: sql<number>`count(*)::int` })
      .from(memberships)
      .where(
        and(
          eq(memberships.organizationId, organization.id),
          eq(memberships.role, 'owner'),
          sql`${memberships.userId} <> ${user.id}`,
        ),
      );
    if ((otherOwners?.count ?? 0) === 0)
      return err('last_owner', ACCOUNT_MESSAGES.lastOwner(organization.name));
  }
  for (const organizationId of solo) {
    const deleted = await deleteOrganization(deps, uploads, organizationId);
    if (!deleted.ok) return err('provider_unreachable', ACCOUNT_MESSAGES.providerUnreachable);
  }
  // Memberships, sessions, refresh tokens, links and e-mail changes cascade; surveys and
  // invitations keep existing without the person (set null).
  await deps.db.delete(users).where(eq(users.id, user.id));
  return ok({ deletedOrganizations: solo });
}

import { err, fileNameDate, ok, type Result } from '@loop/core';
import { normaliseEmail } from '@loop/core/auth';
import { and, asc, eq, type SQL, sql } from 'drizzle-orm';
import type { AnyPgColumn, PgTable, SelectedFields } from 'drizzle-orm/pg-core';
import type { AppDeps } from '../appDeps';
import type { UploadStore } from '../branding/uploadStore';
import type { Queryable } from '../db/database';
import {
  apiKeys,
  businessAnalyses,
  contactImports,
  emailChanges,
  emailTokens,
  financeImports,
  financeRecords,
  invitations,
  kpiBoards,
  kpis,
  kpiValues,
  memberships,
  organizations,
  refreshTokens,
  sessions,
  surveyAlertMembers,
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

/** Rows of one table about the user: the export shows `fields` of those `about` the user, in `order`. */
interface UserSection {
  readonly table: PgTable;
  readonly about: (userId: number) => SQL;
  readonly order: AnyPgColumn;
  /** What the export shows: never a password hash, a token or a token's hash. */
  readonly fields: SelectedFields;
}

/** The rows whose `column` is the user. */
const namedIn =
  (column: AnyPgColumn) =>
  (userId: number): SQL =>
    eq(column, userId);

/**
 * The sections of the export that are one table's rows, under their names in the export and in
 * its order: every table about the user (directly or through a session) but memberships, which
 * are shown with their organisation's name.
 */
const USER_SECTIONS: Readonly<Record<string, UserSection>> = {
  sessions: {
    table: sessions,
    about: namedIn(sessions.userId),
    order: sessions.createdAt,
    fields: {
      id: sessions.id,
      created_at: sessions.createdAt,
      last_used_at: sessions.lastUsedAt,
      revoked_at: sessions.revokedAt,
      revoked_reason: sessions.revokedReason,
    },
  },
  refresh_tokens: {
    table: refreshTokens,
    about: (userId) =>
      sql`${refreshTokens.sessionId} in (select ${sessions.id} from ${sessions} where ${sessions.userId} = ${userId})`,
    order: refreshTokens.createdAt,
    fields: {
      session_id: refreshTokens.sessionId,
      created_at: refreshTokens.createdAt,
      expires_at: refreshTokens.expiresAt,
      used_at: refreshTokens.usedAt,
    },
  },
  email_links: {
    table: emailTokens,
    about: namedIn(emailTokens.userId),
    order: emailTokens.createdAt,
    fields: {
      kind: emailTokens.kind,
      created_at: emailTokens.createdAt,
      expires_at: emailTokens.expiresAt,
      used_at: emailTokens.usedAt,
    },
  },
  email_changes: {
    table: emailChanges,
    about: namedIn(emailChanges.userId),
    order: emailChanges.createdAt,
    fields: {
      old_email: emailChanges.oldEmail,
      new_email: emailChanges.newEmail,
      created_at: emailChanges.createdAt,
      confirmed_at: emailChanges.confirmedAt,
      undone_at: emailChanges.undoneAt,
    },
  },
  invitations_sent: {
    table: invitations,
    about: namedIn(invitations.invitedBy),
    order: invitations.createdAt,
    fields: {
      organization_id: invitations.organizationId,
      email: invitations.email,
      role: invitations.role,
      created_at: invitations.createdAt,
      expires_at: invitations.expiresAt,
    },
  },
  surveys_created: {
    table: surveys,
    about: namedIn(surveys.createdBy),
    order: surveys.id,
    fields: {
      id: surveys.id,
      organization_id: surveys.organizationId,
      title: surveys.title,
      status: surveys.status,
      created_at: surveys.createdAt,
    },
  },
  // Finance records and imports belong to their organisation; the account export says which ones
  // this person entered, not what they hold (the organisation's owners export that).
  finance_records_entered: {
    table: financeRecords,
    about: namedIn(financeRecords.createdBy),
    order: financeRecords.id,
    fields: {
      id: financeRecords.id,
      organization_id: financeRecords.organizationId,
      source: financeRecords.source,
      created_at: financeRecords.createdAt,
    },
  },
  finance_imports_made: {
    table: financeImports,
    about: namedIn(financeImports.createdBy),
    order: financeImports.id,
    fields: {
      id: financeImports.id,
      organization_id: financeImports.organizationId,
      file_name: financeImports.fileName,
      format: financeImports.format,
      created_at: financeImports.createdAt,
    },
  },
  // What this person chose to be told about new responses, per survey (issue 27).
  survey_alert_choices: {
    table: surveyAlertMembers,
    about: namedIn(surveyAlertMembers.userId),
    order: surveyAlertMembers.surveyId,
    fields: {
      survey_id: surveyAlertMembers.surveyId,
      organization_id: surveyAlertMembers.organizationId,
      mode: surveyAlertMembers.mode,
      conditions: surveyAlertMembers.conditions,
      last_digest_day: surveyAlertMembers.lastDigestDay,
      updated_at: surveyAlertMembers.updatedAt,
    },
  },
  // API keys belong to their organisation; the export says which this person made (never the hash).
  api_keys_made: {
    table: apiKeys,
    about: namedIn(apiKeys.createdBy),
    order: apiKeys.id,
    fields: {
      id: apiKeys.id,
      organization_id: apiKeys.organizationId,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      scopes: apiKeys.scopes,
      created_at: apiKeys.createdAt,
      expires_at: apiKeys.expiresAt,
      revoked_at: apiKeys.revokedAt,
      last_used_at: apiKeys.lastUsedAt,
      last_used_ip: apiKeys.lastUsedIp,
    },
  },
  // Contact imports belong to their organisation; the account export says which files this person imported.
  contact_imports_made: {
    table: contactImports,
    about: namedIn(contactImports.createdBy),
    order: contactImports.id,
    fields: {
      id: contactImports.id,
      organization_id: contactImports.organizationId,
      file_name: contactImports.fileName,
      state: contactImports.state,
      created_at: contactImports.createdAt,
    },
  },
  kpis_owned: {
    table: kpis,
    about: namedIn(kpis.ownerId),
    order: kpis.id,
    fields: { id: kpis.id, organization_id: kpis.organizationId, name: kpis.name },
  },
  kpi_values_entered: {
    table: kpiValues,
    about: namedIn(kpiValues.enteredBy),
    order: kpiValues.enteredAt,
    fields: {
      kpi_id: kpiValues.kpiId,
      period: kpiValues.period,
      value: kpiValues.value,
      note: kpiValues.note,
      entered_at: kpiValues.enteredAt,
    },
  },
  // Analyses belong to their organisation; the account export says which ones this person asked for.
  business_analyses_made: {
    table: businessAnalyses,
    about: namedIn(businessAnalyses.createdBy),
    order: businessAnalyses.id,
    fields: {
      id: businessAnalyses.id,
      organization_id: businessAnalyses.organizationId,
      generated_at: businessAnalyses.generatedAt,
    },
  },
  kpi_boards: {
    table: kpiBoards,
    about: namedIn(kpiBoards.userId),
    order: kpiBoards.organizationId,
    fields: {
      organization_id: kpiBoards.organizationId,
      kpi_ids: kpiBoards.kpiIds,
      updated_at: kpiBoards.updatedAt,
    },
  },
};

/**
 * Everything Loop holds about a person, as one JSON document: the account (never the password
 * hash), memberships, sessions and links (dates only, never tokens), e-mail changes, invitations
 * they sent, surveys they made, which finance records and imports they entered, KPIs they own,
 * KPI values they entered, business analyses they asked for and their KPI boards. Every table that refers to the user appears here;
 * a test checks that against the schema's foreign keys.
 */
export async function accountExport(db: Queryable, user: UserRow, now: Date) {
  const sections: Record<string, unknown[]> = {};
  for (const [name, { table, about, order, fields }] of Object.entries(USER_SECTIONS)) {
    sections[name] = await db.select(fields).from(table).where(about(user.id)).orderBy(asc(order));
  }
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
    ...sections,
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
  deps: Pick<AppDeps, 'db' | 'clock' | 'log' | 'payments' | 'passwords' | 'config'>,
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

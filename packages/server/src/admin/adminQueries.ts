import type { AdminOverview, AdminUser, Page } from '@loop/core';
import { and, asc, eq, exists, gt, ilike, isNotNull, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { memberships, organizations, refreshTokens, sessions, users } from '../db/schema';

/** Platform totals; a session counts as active when it is not revoked and can still be refreshed. */
export async function adminOverview(db: Queryable, now: Date): Promise<AdminOverview> {
  const refreshable = db
    .select({ one: sql`1` })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.sessionId, sessions.id),
        isNull(refreshTokens.usedAt),
        gt(refreshTokens.expiresAt, now),
      ),
    );
  const [usersTotal, usersVerified, organizationsTotal, sessionsActive] = await Promise.all([
    db.$count(users),
    db.$count(users, isNotNull(users.emailVerifiedAt)),
    db.$count(organizations),
    db.$count(sessions, and(isNull(sessions.revokedAt), exists(refreshable))),
  ]);
  return {
    users_total: usersTotal,
    users_verified: usersVerified,
    organizations_total: organizationsTotal,
    sessions_active: sessionsActive,
  };
}

/** `%`, `_` and `\` are wildcards in LIKE; a search for them means the characters themselves. */
const likePattern = (search: string): string => `%${search.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** One page of users, oldest first, optionally filtered on name or address (case-insensitive). */
export async function adminUsers(
  db: Queryable,
  query: { readonly page: number; readonly pageSize: number; readonly search: string },
): Promise<Page<AdminUser>> {
  const filter: SQL | undefined =
    query.search === ''
      ? undefined
      : or(ilike(users.name, likePattern(query.search)), ilike(users.email, likePattern(query.search)));
  const organizationCount =
    sql<number>`(select count(*) from ${memberships} where ${memberships.userId} = ${users.id})`.mapWith(
      Number,
    );
  const [total, rows] = await Promise.all([
    db.$count(users, filter),
    db
      .select({
        id: users.id,
        name: users.name,
        email: users.email,
        isAdmin: users.isAdmin,
        canManageTemplates: users.canManageTemplates,
        emailVerifiedAt: users.emailVerifiedAt,
        onboardingCompleted: users.onboardingCompleted,
        organizations: organizationCount,
        createdAt: users.createdAt,
      })
      .from(users)
      .where(filter)
      .orderBy(asc(users.id))
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.id,
      name: row.name,
      email: row.email,
      is_admin: row.isAdmin,
      can_manage_templates: row.canManageTemplates,
      email_verified: row.emailVerifiedAt !== null,
      onboarding_completed: row.onboardingCompleted,
      organizations: row.organizations,
      created_at: row.createdAt.toISOString(),
    })),
    total,
    page: query.page,
    page_size: query.pageSize,
  };
}

import { err, type Member, type MemberRole, type Organization, ok, type Result } from '@loop/core';
import { nameLine } from '@loop/core/auth';
import {
  decideLeave,
  decideOwnershipTransfer,
  decideRemoval,
  decideRoleChange,
  type MemberFacts,
  type MembershipRefusal,
} from '@loop/core/organisation';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../appDeps';
import type { Queryable, Transaction } from '../db/database';
import { memberships, organizations, users } from '../db/schema';

type TeamDeps = Pick<AppDeps, 'db' | 'clock'>;

export type TeamRefusal = MembershipRefusal | 'not_member';

export const TEAM_MESSAGES = {
  memberNotFound: 'Dit lid hoort niet bij de organisatie.',
} as const;

const ROLE_ORDER = sql`case ${memberships.role} when 'owner' then 0 when 'manager' then 1 when 'member' then 2 else 3 end`;

/** The members of an organisation: owners first, then managers, members and viewers, each by name. */
export async function listMembers(db: Queryable, organizationId: number, youId: number): Promise<Member[]> {
  const rows = await db
    .select({
      userId: users.id,
      name: users.name,
      email: users.email,
      role: memberships.role,
      joinedAt: memberships.joinedAt,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organizationId, organizationId))
    .orderBy(ROLE_ORDER, asc(sql`lower(${users.name})`), asc(users.id));
  return rows.map((row) => ({
    user_id: row.userId,
    name: row.name,
    email: row.email,
    role: row.role,
    joined_at: row.joinedAt?.toISOString() ?? null,
    is_you: row.userId === youId,
  }));
}

/**
 * The organisation's memberships, locked for the rest of the transaction: two owners demoting each
 * other at the same moment must not leave the organisation without one.
 */
async function lockedMembers(tx: Transaction, organizationId: number): Promise<MemberFacts[]> {
  const rows = await tx
    .select({ userId: memberships.userId, role: memberships.role })
    .from(memberships)
    .where(eq(memberships.organizationId, organizationId))
    .orderBy(asc(memberships.userId))
    .for('update');
  return rows;
}

/** Runs a membership change on freshly locked facts: the caller's role may have changed since the check. */
async function withMembers<T>(
  deps: TeamDeps,
  organization: Organization,
  actorId: number,
  targetId: number | null,
  change: (
    tx: Transaction,
    facts: { actor: MemberFacts; target: MemberFacts | null; members: MemberFacts[] },
  ) => Promise<Result<T, TeamRefusal>>,
): Promise<Result<T, TeamRefusal>> {
  return deps.db.transaction(async (tx) => {
    const members = await lockedMembers(tx, organization.id);
    const actor = members.find((member) => member.userId === actorId);
    if (actor === undefined) return err('not_member', TEAM_MESSAGES.memberNotFound);
    const target = targetId === null ? null : (members.find((member) => member.userId === targetId) ?? null);
    if (targetId !== null && target === null) return err('not_member', TEAM_MESSAGES.memberNotFound);
    return change(tx, { actor, target, members });
  });
}

const setRole = (tx: Transaction, organizationId: number, userId: number, role: MemberRole) =>
  tx
    .update(memberships)
    .set({ role })
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));

const removeMembership = (tx: Transaction, organizationId: number, userId: number) =>
  tx
    .delete(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));

/** An owner gives another member a new role. */
export function changeMemberRole(
  deps: TeamDeps,
  organization: Organization,
  actorId: number,
  targetId: number,
  role: MemberRole,
): Promise<Result<MemberRole, TeamRefusal>> {
  return withMembers(deps, organization, actorId, targetId, async (tx, { actor, target, members }) => {
    const decided = decideRoleChange(actor, target!, role, members);
    if (!decided.ok) return decided;
    await setRole(tx, organization.id, target!.userId, decided.value);
    return ok(decided.value);
  });
}

/**
 * An owner removes a member. The membership row is what every request checks
 * (`currentOrganization`), so the removed member's next request with this organisation answers 404.
 */
export function removeMember(
  deps: TeamDeps,
  organization: Organization,
  actorId: number,
  targetId: number,
): Promise<Result<true, TeamRefusal>> {
  return withMembers(deps, organization, actorId, targetId, async (tx, { actor, target, members }) => {
    const decided = decideRemoval(actor, target!, members);
    if (!decided.ok) return decided;
    await removeMembership(tx, organization.id, target!.userId);
    return ok(true);
  });
}

/** The caller leaves the organisation (never its last owner). */
export function leaveOrganization(
  deps: TeamDeps,
  organization: Organization,
  userId: number,
): Promise<Result<true, TeamRefusal>> {
  return withMembers(deps, organization, userId, null, async (tx, { actor, members }) => {
    const decided = decideLeave(actor, members);
    if (!decided.ok) return decided;
    await removeMembership(tx, organization.id, userId);
    return ok(true);
  });
}

/** The owner hands the organisation to another member and becomes a manager. */
export function transferOwnership(
  deps: TeamDeps,
  organization: Organization,
  actorId: number,
  targetId: number,
): Promise<Result<true, TeamRefusal>> {
  return withMembers(deps, organization, actorId, targetId, async (tx, { actor, target }) => {
    const decided = decideOwnershipTransfer(actor, target!);
    if (!decided.ok) return decided;
    await setRole(tx, organization.id, target!.userId, decided.value.targetRole);
    await setRole(tx, organization.id, actor.userId, decided.value.actorRole);
    return ok(true);
  });
}

/** Renames the organisation; the caller's permission was checked by the route. */
export async function renameOrganization(
  deps: TeamDeps,
  organizationId: number,
  name: string,
): Promise<Organization['name']> {
  const [row] = await deps.db
    .update(organizations)
    .set({ name: nameLine(name) })
    .where(eq(organizations.id, organizationId))
    .returning({ name: organizations.name });
  if (row === undefined) throw new Error(`organisation ${organizationId} vanished during a rename`);
  return row.name;
}

/** Whether this address already belongs to a member of the organisation. */
export async function isMemberByEmail(
  db: Queryable,
  organizationId: number,
  email: string,
): Promise<boolean> {
  const [row] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), eq(users.email, email)));
  return row !== undefined;
}

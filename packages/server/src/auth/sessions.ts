import { randomUUID } from 'node:crypto';
import { err, type Organization, ok, type Result, type TokenPair } from '@loop/core';
import { and, eq, gt, isNull, ne, sql } from 'drizzle-orm';
import type { AppDeps } from '../appDeps';
import { preparedPer, type Queryable } from '../db/database';
import { memberships, organizations, refreshTokens, sessions, type UserRow, users } from '../db/schema';
import { hashToken, newSecureToken } from './secureToken';

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Two tabs of one browser share the tokens and can refresh with the same one at the same moment.
 * A token presented again within this window after its rotation, while its successor is still
 * unused, gets a successor of its own instead of counting as theft. Later reuse revokes the session.
 */
export const REFRESH_REUSE_GRACE_MS = 10_000;

/** Why a session ended; kept on the row for support and audits. */
export type RevokeReason =
  | 'logout'
  | 'refresh_token_reuse'
  | 'password_reset'
  | 'password_changed'
  | 'email_change_undone';

type SessionDeps = Pick<AppDeps, 'db' | 'clock' | 'accessTokens' | 'config'>;

async function storeRefreshToken(
  db: Queryable,
  deps: SessionDeps,
  sessionId: string,
  now: Date,
): Promise<string> {
  const token = newSecureToken();
  await db.insert(refreshTokens).values({
    tokenHash: hashToken(token),
    sessionId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + deps.config.refreshTokenTtlDays * DAY_MS),
  });
  return token;
}

/** Opens a new session (one per login) and hands out its first token pair. */
export async function startSession(
  deps: SessionDeps,
  user: Pick<UserRow, 'id' | 'isAdmin'>,
): Promise<TokenPair> {
  const now = deps.clock.now();
  const sessionId = randomUUID();
  const refreshToken = await deps.db.transaction(async (tx) => {
    await tx.insert(sessions).values({ id: sessionId, userId: user.id, createdAt: now, lastUsedAt: now });
    return storeRefreshToken(tx, deps, sessionId, now);
  });
  const accessToken = await deps.accessTokens.sign({ userId: user.id, sessionId, isAdmin: user.isAdmin });
  return { access_token: accessToken, refresh_token: refreshToken, token_type: 'bearer' };
}

export type RefreshError = 'unknown' | 'expired' | 'reused' | 'revoked';

/**
 * Rotates a refresh token: the presented one is used up and a new one issued in the same session.
 * Using a token is one conditional update, so when the same token arrives twice at once only one
 * request wins; the other sees a used token. Within REFRESH_REUSE_GRACE_MS that is a second tab and
 * gets its own new token, once; otherwise it is reuse and the whole session is revoked.
 */
export async function refreshSession(
  deps: SessionDeps,
  refreshToken: string,
): Promise<Result<{ access_token: string; refresh_token: string }, RefreshError>> {
  const now = deps.clock.now();
  const presented = hashToken(refreshToken);
  const next = newSecureToken();

  const outcome = await deps.db.transaction(async (tx) => {
    const [claimed] = await tx
      .update(refreshTokens)
      .set({ usedAt: now, replacedBy: hashToken(next) })
      .where(
        and(
          eq(refreshTokens.tokenHash, presented),
          isNull(refreshTokens.usedAt),
          gt(refreshTokens.expiresAt, now),
        ),
      )
      .returning({ sessionId: refreshTokens.sessionId });

    let sessionId = claimed?.sessionId;
    if (sessionId === undefined) {
      const [known] = await tx
        .select({
          sessionId: refreshTokens.sessionId,
          usedAt: refreshTokens.usedAt,
          replacedBy: refreshTokens.replacedBy,
          graceUsedAt: refreshTokens.graceUsedAt,
        })
        .from(refreshTokens)
        .where(eq(refreshTokens.tokenHash, presented))
        .for('update');
      if (known === undefined) return err('unknown');
      if (known.usedAt === null) return err('expired');
      if (!(await isSecondTab(tx, known, now))) {
        await revokeSession(tx, known.sessionId, 'refresh_token_reuse', now);
        return err('reused');
      }
      // The one successor the grace allows (the row is locked): any later replay is reuse.
      await tx.update(refreshTokens).set({ graceUsedAt: now }).where(eq(refreshTokens.tokenHash, presented));
      sessionId = known.sessionId;
    }
    const claimedSession = sessionId;

    const [session] = await tx
      .select({ revokedAt: sessions.revokedAt, userId: users.id, isAdmin: users.isAdmin })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.id, claimedSession));
    if (session === undefined || session.revokedAt !== null) return err('revoked');

    await tx.insert(refreshTokens).values({
      tokenHash: hashToken(next),
      sessionId: claimedSession,
      createdAt: now,
      expiresAt: new Date(now.getTime() + deps.config.refreshTokenTtlDays * DAY_MS),
    });
    await tx.update(sessions).set({ lastUsedAt: now }).where(eq(sessions.id, claimedSession));
    return ok({ sessionId: claimedSession, userId: session.userId, isAdmin: session.isAdmin });
  });

  if (!outcome.ok) return outcome;
  const accessToken = await deps.accessTokens.sign(outcome.value);
  return ok({ access_token: accessToken, refresh_token: next });
}

/**
 * A used token presented again shortly after its rotation, while its successor is still unused, and
 * for the first time: a second tab gets one successor of its own, never a chain per replay.
 */
async function isSecondTab(
  tx: Queryable,
  known: { usedAt: Date | null; replacedBy: string | null; graceUsedAt: Date | null },
  now: Date,
): Promise<boolean> {
  if (known.usedAt === null || known.replacedBy === null || known.graceUsedAt !== null) return false;
  if (now.getTime() - known.usedAt.getTime() > REFRESH_REUSE_GRACE_MS) return false;
  const [successor] = await tx
    .select({ usedAt: refreshTokens.usedAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, known.replacedBy));
  return successor !== undefined && successor.usedAt === null;
}

/** Ends the session a refresh token belongs to. Unknown tokens and ended sessions are fine (idempotent). */
export async function endSession(deps: Pick<AppDeps, 'db' | 'clock'>, refreshToken: string): Promise<void> {
  const [known] = await deps.db
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashToken(refreshToken)));
  if (known !== undefined) await revokeSession(deps.db, known.sessionId, 'logout', deps.clock.now());
}

export async function revokeSession(
  db: Queryable,
  sessionId: string,
  reason: RevokeReason,
  now: Date,
): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every open session of a user, optionally except the one making the request. */
export async function revokeUserSessions(
  db: Queryable,
  userId: number,
  reason: RevokeReason,
  now: Date,
  exceptSessionId?: string,
): Promise<void> {
  const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
  if (exceptSessionId !== undefined) conditions.push(ne(sessions.id, exceptSessionId));
  await db
    .update(sessions)
    .set({ revokedAt: now, revokedReason: reason })
    .where(and(...conditions));
}

export type SessionLookup =
  | { readonly state: 'active'; readonly user: UserRow }
  | { readonly state: 'revoked' }
  | { readonly state: 'unknown' };

const sessionStatement = preparedPer((db: Queryable) =>
  db
    .select({ revokedAt: sessions.revokedAt, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('session')), eq(sessions.userId, sql.placeholder('user'))))
    .prepare('session_lookup'),
);

export type SessionMembershipLookup =
  | { readonly state: 'active'; readonly user: UserRow; readonly organization: Organization | null }
  | { readonly state: 'revoked' }
  | { readonly state: 'unknown' };

/** The session lookup with the caller's membership of one organisation, in the same round trip. */
const sessionMembershipStatement = preparedPer((db: Queryable) =>
  db
    .select({
      revokedAt: sessions.revokedAt,
      user: users,
      organizationId: organizations.id,
      organizationName: organizations.name,
      role: memberships.role,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(
      memberships,
      and(eq(memberships.userId, users.id), eq(memberships.organizationId, sql.placeholder('organization'))),
    )
    .leftJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(and(eq(sessions.id, sql.placeholder('session')), eq(sessions.userId, sql.placeholder('user'))))
    .prepare('session_membership_lookup'),
);

/** The session behind an access token, with its user as stored now (not as the token remembers). */
export async function lookupSession(
  db: Queryable,
  sessionId: string,
  userId: number,
): Promise<SessionLookup> {
  const [row] = await sessionStatement(db).execute({ session: sessionId, user: userId });
  if (row === undefined) return { state: 'unknown' };
  if (row.revokedAt !== null) return { state: 'revoked' };
  return { state: 'active', user: row.user };
}

/**
 * lookupSession and, when the session is active, the user's membership of `organizationId` (null
 * when they are no member): what every organisation route needs, in one round trip.
 */
export async function lookupSessionWithMembership(
  db: Queryable,
  sessionId: string,
  userId: number,
  organizationId: number,
): Promise<SessionMembershipLookup> {
  const [row] = await sessionMembershipStatement(db).execute({
    session: sessionId,
    user: userId,
    organization: organizationId,
  });
  if (row === undefined) return { state: 'unknown' };
  if (row.revokedAt !== null) return { state: 'revoked' };
  const { organizationId: id, organizationName: name, role } = row;
  return {
    state: 'active',
    user: row.user,
    organization: id === null || name === null || role === null ? null : { id, name, role },
  };
}

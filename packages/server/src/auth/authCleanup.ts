import { and, isNotNull, isNull, lt, or } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database, Queryable } from '../db/database';
import { emailTokens, refreshTokens, sessions } from '../db/schema';
import { deleteInChunks } from '../housekeeping/deleteInChunks';
import { type JobOutput, type PeriodicJob, startPeriodicJob } from '../housekeeping/periodicJob';

const DAY_MS = 86_400_000;
export const AUTH_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;
/** Expired rows stay a day longer, so a clock a little off never removes what is still in use. */
const GRACE_MS = DAY_MS;

export interface AuthCleanupCounts {
  readonly sessions: number;
  readonly refreshTokens: number;
  readonly emailTokens: number;
}

/**
 * Removes what can no longer be used, a day after it stopped being usable:
 * - sessions whose last refresh token has expired: the newest token of a session was issued at
 *   its last use, so that is `last_used_at` + the refresh-token lifetime, or for a revoked session
 *   `revoked_at` + that lifetime (until then a stale tab still hears 'logged out elsewhere', 419);
 *   their refresh tokens go with them;
 * - refresh tokens past their expiry (used ones are kept until then: presenting one again is how
 *   reuse is detected);
 * - e-mail links (verification, reset) past their expiry.
 */
export async function deleteExpiredAuthRows(
  db: Queryable,
  now: Date,
  refreshTokenTtlDays: number,
): Promise<AuthCleanupCounts> {
  const sessionCutoff = new Date(now.getTime() - refreshTokenTtlDays * DAY_MS - GRACE_MS);
  const tokenCutoff = new Date(now.getTime() - GRACE_MS);
  const removedSessions = await deleteInChunks(
    db,
    sessions,
    sessions.id,
    or(
      and(isNotNull(sessions.revokedAt), lt(sessions.revokedAt, sessionCutoff)),
      and(isNull(sessions.revokedAt), lt(sessions.lastUsedAt, sessionCutoff)),
    ),
  );
  const removedRefresh = await deleteInChunks(
    db,
    refreshTokens,
    refreshTokens.tokenHash,
    lt(refreshTokens.expiresAt, tokenCutoff),
  );
  const removedEmail = await deleteInChunks(
    db,
    emailTokens,
    emailTokens.tokenHash,
    lt(emailTokens.expiresAt, tokenCutoff),
  );
  return { sessions: removedSessions, refreshTokens: removedRefresh, emailTokens: removedEmail };
}

/** `deleteExpiredAuthRows` at start and then every hour; resolves each pass with the rows removed. */
export function startAuthCleanup(
  deps: { readonly db: Database; readonly clock: Clock; readonly output: JobOutput },
  options: { readonly refreshTokenTtlDays: number; readonly intervalMs?: number },
): PeriodicJob {
  return startPeriodicJob({
    intervalMs: options.intervalMs ?? AUTH_CLEANUP_INTERVAL_MS,
    output: deps.output,
    failure: 'Opschonen: verlopen sessies en tokens konden niet worden verwijderd',
    run: async () => {
      const counts = await deleteExpiredAuthRows(deps.db, deps.clock.now(), options.refreshTokenTtlDays);
      const total = counts.sessions + counts.refreshTokens + counts.emailTokens;
      if (total > 0) {
        deps.output.info(
          counts,
          `Opschonen: ${counts.sessions} sessie(s), ${counts.refreshTokens} verversingstoken(s) en ` +
            `${counts.emailTokens} e-maillink(s) verwijderd`,
        );
      }
      return total;
    },
  });
}

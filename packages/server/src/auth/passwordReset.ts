import { err, ok, type Result } from '@loop/core';
import { eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../appDeps';
import { users } from '../db/schema';
import { passwordResetMail } from '../mail/messages';
import { consumeEmailToken, issueEmailToken, retireEmailTokens } from './emailTokens';
import { revokeUserSessions } from './sessions';
import { findUserByEmail } from './users';

type ResetDeps = Pick<AppDeps, 'db' | 'clock' | 'passwords' | 'mail' | 'links'>;

/** Mails a reset link when the address has an account. The caller answers the same either way. */
export async function requestPasswordReset(deps: ResetDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (user === undefined) return;
  const token = await issueEmailToken(deps.db, deps.clock, user.id, 'reset');
  deps.mail.enqueue(passwordResetMail(user, deps.links.reset(token)));
}

/**
 * Sets a new password through a reset link (single use, 1 hour). Ends every session of the user,
 * invalidates their other reset links, and counts the address as confirmed: the link proved it.
 */
export async function resetPassword(
  deps: ResetDeps,
  input: { readonly token: string; readonly password: string },
): Promise<Result<void, 'invalid'>> {
  const passwordHash = await deps.passwords.hash(input.password);
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, input.token, 'reset', now);
    if (userId === null) return err('invalid');
    await tx
      .update(users)
      .set({
        passwordHash,
        updatedAt: now,
        emailVerifiedAt: sql`coalesce(${users.emailVerifiedAt}, ${now.toISOString()}::timestamptz)`,
      })
      .where(eq(users.id, userId));
    await retireEmailTokens(tx, userId, 'reset', now);
    await revokeUserSessions(tx, userId, 'password_reset', now);
    return ok(undefined);
  });
}

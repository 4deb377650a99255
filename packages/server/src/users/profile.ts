import { err, ok, type Result, type UpdateProfileRequest } from '@loop/core';
import { nameLine } from '@loop/core/auth';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../appDeps';
import { revokeUserSessions } from '../auth/sessions';
import { type UserRow, users } from '../db/schema';

/** Changes the name, stored on one line (R-TEXT-2). The address changes only through a confirmed e-mail change (emailChange.ts). */
export async function updateProfile(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  user: UserRow,
  input: UpdateProfileRequest,
): Promise<UserRow> {
  const name = input.name === undefined ? undefined : nameLine(input.name);
  if (name === undefined || name === user.name) return user;
  const [updated] = await deps.db
    .update(users)
    .set({ name, updatedAt: deps.clock.now() })
    .where(eq(users.id, user.id))
    .returning();
  return updated ?? user;
}

/**
 * Changes the password after checking the current one; every other session of the user ends (all
 * of them without a session: API keys never reach this route, R-KEY-5).
 */
export async function changePassword(
  deps: AppDeps,
  user: UserRow,
  sessionId: string | null,
  input: { readonly currentPassword: string; readonly newPassword: string },
): Promise<Result<void, 'wrong_password'>> {
  if (!(await deps.passwords.verify(user.passwordHash, input.currentPassword))) return err('wrong_password');
  const passwordHash = await deps.passwords.hash(input.newPassword);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id, 'password_changed', now, sessionId ?? undefined);
  });
  return ok(undefined);
}

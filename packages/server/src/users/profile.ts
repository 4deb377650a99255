import { err, normaliseEmail, ok, type Result, type UpdateProfileRequest } from '@loop/core';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../appDeps';
import { sendVerificationMail } from '../auth/registration';
import { revokeUserSessions } from '../auth/sessions';
import { isUniqueViolation } from '../auth/users';
import { type UserRow, users } from '../db/schema';
import { emailChangedMail } from '../mail/messages';

/**
 * Changes name and/or address. A new address must be confirmed again (a verification link goes to
 * it) and the old address is told about the change.
 */
export async function updateProfile(
  deps: AppDeps,
  user: UserRow,
  input: UpdateProfileRequest,
): Promise<Result<UserRow, 'email_taken'>> {
  const name = input.name?.trim();
  const email = input.email === undefined ? undefined : normaliseEmail(input.email);
  const emailChanged = email !== undefined && email !== user.email;
  if ((name === undefined || name === user.name) && !emailChanged) return ok(user);

  const now = deps.clock.now();
  let updated: UserRow | undefined;
  try {
    [updated] = await deps.db
      .update(users)
      .set({
        ...(name === undefined ? {} : { name }),
        ...(emailChanged ? { email, emailVerifiedAt: null } : {}),
        updatedAt: now,
      })
      .where(eq(users.id, user.id))
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) return err('email_taken');
    throw error;
  }
  if (updated === undefined) return ok(user);
  if (emailChanged) {
    await sendVerificationMail(deps, updated);
    deps.mail.enqueue(emailChangedMail(user, updated.email));
  }
  return ok(updated);
}

/** Changes the password after checking the current one; every other session of the user ends. */
export async function changePassword(
  deps: AppDeps,
  user: UserRow,
  sessionId: string,
  input: { readonly currentPassword: string; readonly newPassword: string },
): Promise<Result<void, 'wrong_password'>> {
  if (!(await deps.passwords.verify(user.passwordHash, input.currentPassword))) return err('wrong_password');
  const passwordHash = await deps.passwords.hash(input.newPassword);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx.update(users).set({ passwordHash, updatedAt: now }).where(eq(users.id, user.id));
    await revokeUserSessions(tx, user.id, 'password_changed', now, sessionId);
  });
  return ok(undefined);
}

import { err, normaliseEmail, ok, type RegisterRequest, type Result } from '@loop/core';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../appDeps';
import { type UserRow, users } from '../db/schema';
import { accountExistsMail, verificationMail } from '../mail/messages';
import { consumeEmailToken, issueEmailToken, retireEmailTokens } from './emailTokens';
import { findUserByEmail, isUniqueViolation } from './users';

type RegistrationDeps = Pick<AppDeps, 'db' | 'clock' | 'passwords' | 'mail' | 'links'>;

/** Mails a fresh verification link to a user whose address is not confirmed yet. */
export async function sendVerificationMail(
  deps: RegistrationDeps,
  user: Pick<UserRow, 'id' | 'name' | 'email'>,
) {
  const token = await issueEmailToken(deps.db, deps.clock, user.id, 'verify');
  deps.mail.enqueue(verificationMail(user, deps.links.verify(token)));
}

/**
 * Creates an account and mails a verification link. An address that already has an account gets
 * the same answer (nothing stored) and its owner a "you already have an account" mail, so the
 * answer never tells whether an address is registered. The password is hashed either way so the
 * two cases also take as long.
 */
export async function register(deps: RegistrationDeps, input: RegisterRequest): Promise<void> {
  const email = normaliseEmail(input.email);
  const name = input.name.trim();
  const passwordHash = await deps.passwords.hash(input.password);
  const existing = await findUserByEmail(deps.db, email);
  if (existing !== undefined) {
    mailExistingAccount(deps, existing);
    return;
  }
  const now = deps.clock.now();
  let created: UserRow | undefined;
  try {
    [created] = await deps.db
      .insert(users)
      .values({ name, email, passwordHash, createdAt: now, updatedAt: now })
      .returning();
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
  }
  if (created === undefined) {
    // Someone registered this address a moment ago: treat it as an existing account.
    const winner = await findUserByEmail(deps.db, email);
    if (winner !== undefined) mailExistingAccount(deps, winner);
    return;
  }
  await sendVerificationMail(deps, created);
}

function mailExistingAccount(deps: RegistrationDeps, user: UserRow): void {
  deps.mail.enqueue(
    accountExistsMail(user, { login: deps.links.login(), reset: deps.links.forgotPassword() }),
  );
}

/** Confirms the address behind a verification link; the link works once and for 48 hours. */
export async function verifyEmail(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  token: string,
): Promise<Result<void, 'invalid'>> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const userId = await consumeEmailToken(tx, token, 'verify', now);
    if (userId === null) return err('invalid');
    const [user] = await tx
      .select({ verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, userId));
    if (user?.verifiedAt === null) {
      await tx.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, userId));
    }
    await retireEmailTokens(tx, userId, 'verify', now);
    return ok(undefined);
  });
}

/** Sends a new verification link if the address belongs to an unconfirmed account; silent otherwise. */
export async function resendVerification(deps: RegistrationDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (user !== undefined && user.emailVerifiedAt === null) await sendVerificationMail(deps, user);
}

import { timingSafeEqual } from 'node:crypto';
import {
  type AcceptedInvitation,
  err,
  ok,
  type RegisterRequest,
  type Result,
  type TokenPair,
} from '@loop/core';
import { nameLine, normaliseEmail } from '@loop/core/auth';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../appDeps';
import { type UserRow, users } from '../db/schema';
import { accountExistsMail, verificationMail } from '../mail/messages';
import { type InvitationRefusal, joinByInvitation } from '../organizations/invitations';
import { consumeEmailTokenRow, issueEmailToken, retireEmailTokens } from './emailTokens';
import { hashToken } from './secureToken';
import { startSession } from './sessions';
import { findUserByEmail, isUniqueViolation } from './users';

type RegistrationDeps = Pick<AppDeps, 'db' | 'clock' | 'passwords' | 'mail' | 'links'>;

export const REGISTRATION_MESSAGES = {
  accountExists: 'Er is al een account met dit e-mailadres. Log in om de uitnodiging te accepteren.',
} as const;

/**
 * Mails a fresh verification link to a user whose address is not confirmed yet; `browserKey` (at
 * registration) ties the link to the registering browser.
 */
export async function sendVerificationMail(
  deps: RegistrationDeps,
  user: Pick<UserRow, 'id' | 'name' | 'email'>,
  browserKey?: string,
) {
  const token = await issueEmailToken(deps.db, deps.clock, user.id, 'verify', browserKey);
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
  const name = nameLine(input.name);
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
  await sendVerificationMail(deps, created, input.browser_key);
}

function mailExistingAccount(deps: RegistrationDeps, user: UserRow): void {
  deps.mail.enqueue(
    accountExistsMail(user, { login: deps.links.login(), reset: deps.links.forgotPassword() }),
  );
}

/**
 * Registration through an invitation link. The link went to the invited address, so following it
 * proves the mailbox: the account starts confirmed and joins the organisation in the same
 * transaction, with no verification mail. Only for that address; an address that already has an
 * account is told to log in instead (whoever holds the link may know that: the link says so too).
 */
export async function registerByInvitation(
  deps: RegistrationDeps,
  input: RegisterRequest & { readonly invitation_token: string },
): Promise<Result<AcceptedInvitation, InvitationRefusal | 'account_exists'>> {
  const email = normaliseEmail(input.email);
  const passwordHash = await deps.passwords.hash(input.password);
  if ((await findUserByEmail(deps.db, email)) !== undefined) {
    return err('account_exists', REGISTRATION_MESSAGES.accountExists);
  }
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          name: nameLine(input.name),
          email,
          passwordHash,
          emailVerifiedAt: now,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      if (created === undefined) throw new Error('INSERT … RETURNING gave no row');
      const joined = await joinByInvitation(tx, input.invitation_token, created, now);
      // A refused invitation leaves no account behind: throwing rolls the transaction back.
      if (!joined.ok) throw new InvitationRefused(joined);
      return joined;
    });
  } catch (error) {
    if (error instanceof InvitationRefused) return error.refusal;
    if (isUniqueViolation(error)) return err('account_exists', REGISTRATION_MESSAGES.accountExists);
    throw error;
  }
}

/** Carries a refused invitation out of the registration's transaction, rolling it back. */
class InvitationRefused extends Error {
  constructor(readonly refusal: Result<never, InvitationRefusal>) {
    super('invitation refused');
  }
}

/** A confirmed address, and the new session when the link was opened in the registering browser. */
export interface VerifiedEmail {
  readonly email: string;
  readonly session: TokenPair | null;
}

/** The same key as the one whose hash was stored at registration; constant-time. */
function sameBrowser(browserKey: string | undefined, storedHash: string | null): boolean {
  if (browserKey === undefined || browserKey === '' || storedHash === null) return false;
  const given = Buffer.from(hashToken(browserKey), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

/**
 * Confirms the address behind a verification link; the link works once and for 48 hours. Opened
 * in the browser that registered (it sends the key whose hash the link's token holds), the user is
 * signed in as well; anywhere else the address is only confirmed, so a forwarded or scanned link
 * never opens a session (docs/decisions/auth.md, 'Signed in by the confirmation link').
 */
export async function verifyEmail(
  deps: Pick<AppDeps, 'db' | 'clock' | 'accessTokens' | 'config'>,
  token: string,
  browserKey?: string,
): Promise<Result<VerifiedEmail, 'invalid'>> {
  const now = deps.clock.now();
  const confirmed = await deps.db.transaction(async (tx) => {
    const consumed = await consumeEmailTokenRow(tx, token, 'verify', now);
    if (consumed === null) return null;
    const [user] = await tx
      .select({ id: users.id, email: users.email, isAdmin: users.isAdmin, verifiedAt: users.emailVerifiedAt })
      .from(users)
      .where(eq(users.id, consumed.userId));
    if (user === undefined) return null;
    if (user.verifiedAt === null) {
      await tx.update(users).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(users.id, user.id));
    }
    await retireEmailTokens(tx, user.id, 'verify', now);
    return { user, signIn: sameBrowser(browserKey, consumed.browserKeyHash) };
  });
  if (confirmed === null) return err('invalid');
  const session = confirmed.signIn ? await startSession(deps, confirmed.user) : null;
  return ok({ email: confirmed.user.email, session });
}

/** Sends a new verification link if the address belongs to an unconfirmed account; silent otherwise. */
export async function resendVerification(deps: RegistrationDeps, email: string): Promise<void> {
  const user = await findUserByEmail(deps.db, email);
  if (user !== undefined && user.emailVerifiedAt === null) await sendVerificationMail(deps, user);
}

import { err, ok, type Result } from '@loop/core';
import { normaliseEmail } from '@loop/core/auth';
import { and, eq, gt, isNull } from 'drizzle-orm';
import type { AppDeps } from '../appDeps';
import { retireEmailTokens } from '../auth/emailTokens';
import { hashToken, newSecureToken } from '../auth/secureToken';
import { revokeUserSessions } from '../auth/sessions';
import { findUserByEmail, isUniqueViolation } from '../auth/users';
import type { Queryable, Transaction } from '../db/database';
import { emailChanges, type UserRow, users } from '../db/schema';
import { emailChangeConfirmMail, emailChangedMail, emailTakenMail } from '../mail/messages';

const HOUR_MS = 60 * 60 * 1000;
/** How long the confirmation link to the new address works. */
export const EMAIL_CHANGE_CONFIRM_MS = 24 * HOUR_MS;
/** How long the old address can undo a change that took effect. */
export const EMAIL_CHANGE_UNDO_MS = 7 * 24 * HOUR_MS;

export const EMAIL_CHANGE_MESSAGES = {
  requested:
    'Als dit adres nog niet in gebruik is, sturen we er een bevestigingslink naartoe. Je huidige adres blijft ' +
    'gelden tot je de wijziging bevestigt.',
  sameAddress: 'Dit is al je e-mailadres.',
  wrongPassword: 'Je huidige wachtwoord klopt niet.',
  confirmed: 'Je nieuwe e-mailadres is bevestigd. Je logt voortaan met dit adres in.',
  confirmInvalid: 'Deze bevestigingslink is ongeldig of verlopen. Vraag de wijziging opnieuw aan.',
  taken: 'Dit e-mailadres is intussen in gebruik bij een ander account. Er is niets gewijzigd.',
  undone:
    'Je oude e-mailadres is teruggezet en je bent op al je apparaten uitgelogd. Deed je de wijziging niet zelf? ' +
    'Kies dan meteen een nieuw wachtwoord.',
  undoInvalid: 'Deze link om je oude adres terug te zetten is ongeldig of verlopen.',
  undoTaken: 'Je oude e-mailadres is intussen in gebruik bij een ander account. Neem contact met ons op.',
} as const;

type EmailChangeDeps = Pick<AppDeps, 'db' | 'clock' | 'passwords' | 'mail' | 'links'>;

/** The address the user asked for and has not confirmed yet (expired ones do not count). */
export async function pendingEmail(db: Queryable, userId: number, now: Date): Promise<string | null> {
  const [row] = await db
    .select({ newEmail: emailChanges.newEmail })
    .from(emailChanges)
    .where(
      and(
        eq(emailChanges.userId, userId),
        isNull(emailChanges.confirmedAt),
        gt(emailChanges.confirmExpiresAt, now),
      ),
    );
  return row?.newEmail ?? null;
}

const forgetUnconfirmed = (db: Queryable, userId: number) =>
  db.delete(emailChanges).where(and(eq(emailChanges.userId, userId), isNull(emailChanges.confirmedAt)));

/**
 * Asks for a new address after checking the current password. What happens next is decided after
 * the answer (mail queue), and the answer is the same whether the address is free: a free one gets
 * a confirmation link, a taken one's owner gets a notice, and nothing tells the caller which.
 */
export async function requestEmailChange(
  deps: EmailChangeDeps,
  user: UserRow,
  input: { readonly newEmail: string; readonly currentPassword: string },
): Promise<Result<void, 'wrong_password' | 'same_address'>> {
  if (!(await deps.passwords.verify(user.passwordHash, input.currentPassword))) return err('wrong_password');
  const newEmail = normaliseEmail(input.newEmail);
  if (newEmail === user.email) return err('same_address');
  deps.mail.later('email change', async () => {
    const owner = await findUserByEmail(deps.db, newEmail);
    if (owner !== undefined) {
      deps.mail.enqueue(emailTakenMail(owner));
      return;
    }
    const token = newSecureToken();
    const now = deps.clock.now();
    await deps.db.transaction(async (tx) => {
      await forgetUnconfirmed(tx, user.id);
      await tx.insert(emailChanges).values({
        userId: user.id,
        oldEmail: user.email,
        newEmail,
        confirmTokenHash: hashToken(token),
        createdAt: now,
        confirmExpiresAt: new Date(now.getTime() + EMAIL_CHANGE_CONFIRM_MS),
      });
    });
    deps.mail.enqueue(
      emailChangeConfirmMail({ name: user.name, email: newEmail }, deps.links.confirmEmailChange(token)),
    );
  });
  return ok(undefined);
}

/** Withdraws an address waiting for confirmation; its link stops working. */
export async function cancelEmailChange(deps: Pick<AppDeps, 'db'>, userId: number): Promise<void> {
  await forgetUnconfirmed(deps.db, userId);
}

/**
 * The link from the new mailbox: the address becomes the login (and counts as confirmed), the old
 * address gets a notice with a link to undo it for 7 days, and the links that went to the old
 * address (confirmation, password reset) stop working.
 */
export async function confirmEmailChange(
  deps: Pick<AppDeps, 'db' | 'clock' | 'mail' | 'links'>,
  token: string,
): Promise<Result<{ userId: number }, 'invalid' | 'taken'>> {
  const now = deps.clock.now();
  const undoToken = newSecureToken();
  let notice: { name: string; oldEmail: string; newEmail: string } | null = null;
  let outcome: Result<{ userId: number }, 'invalid' | 'taken'>;
  try {
    outcome = await deps.db.transaction(async (tx) => {
      const [change] = await tx
        .select()
        .from(emailChanges)
        .where(
          and(
            eq(emailChanges.confirmTokenHash, hashToken(token)),
            isNull(emailChanges.confirmedAt),
            gt(emailChanges.confirmExpiresAt, now),
          ),
        )
        .for('update');
      if (change === undefined) return err('invalid');
      const [user] = await tx.select().from(users).where(eq(users.id, change.userId)).for('update');
      // The address changed another way since (an earlier change): this link is stale.
      if (user === undefined || user.email !== change.oldEmail) return err('invalid');
      await tx
        .update(users)
        .set({ email: change.newEmail, emailVerifiedAt: now, updatedAt: now })
        .where(eq(users.id, user.id));
      await tx
        .update(emailChanges)
        .set({
          confirmedAt: now,
          undoTokenHash: hashToken(undoToken),
          undoExpiresAt: new Date(now.getTime() + EMAIL_CHANGE_UNDO_MS),
        })
        .where(eq(emailChanges.id, change.id));
      await retireEmailTokens(tx, user.id, 'verify', now);
      await retireEmailTokens(tx, user.id, 'reset', now);
      notice = { name: user.name, oldEmail: change.oldEmail, newEmail: change.newEmail };
      return ok({ userId: user.id });
    });
  } catch (error) {
    if (isUniqueViolation(error)) return err('taken');
    throw error;
  }
  const sent = notice as { name: string; oldEmail: string; newEmail: string } | null;
  if (outcome.ok && sent !== null) {
    deps.mail.enqueue(
      emailChangedMail(
        { name: sent.name, email: sent.oldEmail },
        sent.newEmail,
        deps.links.undoEmailChange(undoToken),
      ),
    );
  }
  return outcome;
}

/**
 * The link from the old mailbox, within 7 days: the old address is the login again, every session
 * of the account ends and every open link is retired, so whoever changed it is locked out.
 */
export async function undoEmailChange(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  token: string,
): Promise<Result<{ userId: number }, 'invalid' | 'taken'>> {
  const now = deps.clock.now();
  try {
    return await deps.db.transaction(async (tx: Transaction) => {
      const [change] = await tx
        .select()
        .from(emailChanges)
        .where(
          and(
            eq(emailChanges.undoTokenHash, hashToken(token)),
            isNull(emailChanges.undoneAt),
            gt(emailChanges.undoExpiresAt, now),
          ),
        )
        .for('update');
      if (change === undefined) return err('invalid');
      await tx
        .update(users)
        .set({ email: change.oldEmail, emailVerifiedAt: now, updatedAt: now })
        .where(eq(users.id, change.userId));
      await tx.update(emailChanges).set({ undoneAt: now }).where(eq(emailChanges.id, change.id));
      await forgetUnconfirmed(tx, change.userId);
      await retireEmailTokens(tx, change.userId, 'verify', now);
      await retireEmailTokens(tx, change.userId, 'reset', now);
      await revokeUserSessions(tx, change.userId, 'email_change_undone', now);
      return ok({ userId: change.userId });
    });
  } catch (error) {
    if (isUniqueViolation(error)) return err('taken');
    throw error;
  }
}

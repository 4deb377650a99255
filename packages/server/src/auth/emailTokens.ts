import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Queryable } from '../db/database';
import { type EmailTokenKind, emailTokens } from '../db/schema';
import { hashToken, newSecureToken } from './secureToken';

const HOUR_MS = 60 * 60 * 1000;

/** How long a link in a mail works. */
export const EMAIL_TOKEN_LIFETIME_MS: Readonly<Record<EmailTokenKind, number>> = {
  verify: 48 * HOUR_MS,
  reset: 1 * HOUR_MS,
};

/** Stores a new single-use token (hashed) and returns the raw one for the link in the mail. */
export async function issueEmailToken(
  db: Queryable,
  clock: Clock,
  userId: number,
  kind: EmailTokenKind,
): Promise<string> {
  const token = newSecureToken();
  const now = clock.now();
  await db.insert(emailTokens).values({
    tokenHash: hashToken(token),
    userId,
    kind,
    createdAt: now,
    expiresAt: new Date(now.getTime() + EMAIL_TOKEN_LIFETIME_MS[kind]),
  });
  return token;
}

/**
 * Uses up a token: one conditional update, so of two simultaneous uses only one wins.
 * Returns the user id, or null for an unknown, used or expired token.
 */
export async function consumeEmailToken(
  db: Queryable,
  token: string,
  kind: EmailTokenKind,
  now: Date,
): Promise<number | null> {
  const [row] = await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(emailTokens.tokenHash, hashToken(token)),
        eq(emailTokens.kind, kind),
        isNull(emailTokens.usedAt),
        gt(emailTokens.expiresAt, now),
      ),
    )
    .returning({ userId: emailTokens.userId });
  return row?.userId ?? null;
}

/** Invalidates every other open link of this kind, e.g. older reset mails after a reset. */
export async function retireEmailTokens(
  db: Queryable,
  userId: number,
  kind: EmailTokenKind,
  now: Date,
): Promise<void> {
  await db
    .update(emailTokens)
    .set({ usedAt: now })
    .where(and(eq(emailTokens.userId, userId), eq(emailTokens.kind, kind), isNull(emailTokens.usedAt)));
}

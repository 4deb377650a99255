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

/**
 * Stores a new single-use token (hashed) and returns the raw one for the link in the mail. With
 * `browserKey` (a verification link made at registration) the key's hash is stored with it.
 */
export async function issueEmailToken(
  db: Queryable,
  clock: Clock,
  userId: number,
  kind: EmailTokenKind,
  browserKey?: string,
): Promise<string> {
  const token = newSecureToken();
  const now = clock.now();
  await db.insert(emailTokens).values({
    tokenHash: hashToken(token),
    userId,
    kind,
    createdAt: now,
    expiresAt: new Date(now.getTime() + EMAIL_TOKEN_LIFETIME_MS[kind]),
    browserKeyHash: browserKey === undefined ? null : hashToken(browserKey),
  });
  return token;
}

/** A used-up token: whose it was, and the hash of the registering browser's key if it had one. */
export interface ConsumedEmailToken {
  readonly userId: number;
  readonly browserKeyHash: string | null;
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
  return (await consumeEmailTokenRow(db, token, kind, now))?.userId ?? null;
}

/** `consumeEmailToken`, also giving the browser key's hash stored with the token. */
export async function consumeEmailTokenRow(
  db: Queryable,
  token: string,
  kind: EmailTokenKind,
  now: Date,
): Promise<ConsumedEmailToken | null> {
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
    .returning({ userId: emailTokens.userId, browserKeyHash: emailTokens.browserKeyHash });
  return row ?? null;
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

import { normaliseEmail } from '@loop/core/auth';
import { eq } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { type UserRow, users } from '../db/schema';

/** The user with this address (case and surrounding spaces ignored), if any. */
export async function findUserByEmail(db: Queryable, email: string): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(eq(users.email, normaliseEmail(email)));
  return user;
}

/** Postgres' unique_violation, e.g. two registrations with one address at the same moment. */
export function isUniqueViolation(error: unknown): boolean {
  for (let current: unknown = error; current instanceof Error || isRecord(current); ) {
    if (isRecord(current) && current.code === '23505') return true;
    current = isRecord(current) ? current.cause : undefined;
  }
  return false;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

import type { Organization } from '@loop/core';
import { nameLine } from '@loop/core/auth';
import { eq } from 'drizzle-orm';
import type { AppDeps } from '../appDeps';
import { startDefaultSubscription } from '../billing/subscriptions';
import { memberships, organizations, users } from '../db/schema';

/**
 * Creates an organisation owned by the user, on the default plan (basicloop); having one completes
 * the user's onboarding. The name is stored on one line (R-TEXT-2).
 */
export async function createOrganization(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  userId: number,
  name: string,
): Promise<Organization> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const [created] = await tx
      .insert(organizations)
      .values({ name: nameLine(name), createdAt: now })
      .returning({ id: organizations.id, name: organizations.name });
    if (created === undefined) throw new Error('INSERT … RETURNING gave no row');
    await tx.insert(memberships).values({ userId, organizationId: created.id, role: 'owner', joinedAt: now });
    await startDefaultSubscription(tx, created.id, now);
    await tx.update(users).set({ onboardingCompleted: true, updatedAt: now }).where(eq(users.id, userId));
    return { ...created, role: 'owner' };
  });
}

import { and, eq, sql } from 'drizzle-orm';
import type { AppDeps } from '../appDeps';
import { switchPlan } from '../billing/subscriptions';
import type { Transaction } from '../db/database';
import { branding, memberships, organizations, plans, subscriptions, users } from '../db/schema';
import { seedDemoContacts } from './demoContacts';
import { seedDemoSurveys } from './demoSurveys';

/** On proloop, so the demo shows every feature. */
export const DEMO_ORGANIZATION = {
  name: 'Demo Organisatie',
  primaryColor: '#0f766e',
  plan: 'proloop',
} as const;

/** Platform admin and template manager, owner of the demo organisation. */
export const DEMO_ADMIN = {
  name: 'Anna Beheerder',
  email: 'admin@loop.demo',
  password: 'LoopAdmin!2026',
} as const;

/** An ordinary member of the demo organisation. */
export const DEMO_USER = { name: 'Daan Demo', email: 'demo@loop.demo', password: 'LoopDemo!2026' } as const;

// Any fixed number: two instances seeding one PostgreSQL at once take turns.
const SEED_LOCK_ID = 7_406_212;

export interface SeedReport {
  readonly createdUsers: readonly string[];
  readonly createdOrganization: boolean;
  /** Titles of the demo surveys written now. */
  readonly createdSurveys: readonly string[];
}

type SeedDeps = Pick<AppDeps, 'db' | 'clock' | 'passwords'>;

async function ensureUser(
  tx: Transaction,
  deps: SeedDeps,
  account: { readonly name: string; readonly email: string; readonly password: string },
  rights: { readonly isAdmin: boolean },
): Promise<{ id: number; created: boolean }> {
  const [existing] = await tx.select({ id: users.id }).from(users).where(eq(users.email, account.email));
  // An existing account is left exactly as it is: its password may have been changed on purpose.
  if (existing !== undefined) return { id: existing.id, created: false };
  const now = deps.clock.now();
  const [created] = await tx
    .insert(users)
    .values({
      name: account.name,
      email: account.email,
      passwordHash: await deps.passwords.hash(account.password),
      isAdmin: rights.isAdmin,
      canManageTemplates: rights.isAdmin,
      emailVerifiedAt: now,
      onboardingCompleted: true,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: users.id });
  if (created === undefined) throw new Error('INSERT … RETURNING gave no row');
  return { id: created.id, created: true };
}

/**
 * Puts the demo organisation on the demo plan while it still has only the subscription it started
 * with (created here, or basicloop from the billing migration); a plan chosen later is left alone.
 */
async function ensureDemoPlan(tx: Transaction, organizationId: number, now: Date): Promise<void> {
  const [plan] = await tx
    .select({ id: plans.id })
    .from(plans)
    .where(sql`lower(${plans.name}) = ${DEMO_ORGANIZATION.plan}`);
  if (plan === undefined) return;
  const history = await tx
    .select({ planId: subscriptions.planId, isDefault: plans.isDefault })
    .from(subscriptions)
    .innerJoin(plans, eq(plans.id, subscriptions.planId))
    .where(eq(subscriptions.organizationId, organizationId));
  const untouched = history.length === 0 || (history.length === 1 && history[0]?.isDefault === true);
  if (untouched) await switchPlan(tx, organizationId, plan.id, now);
}

/**
 * The demo accounts and organisation, created when missing and otherwise left alone, so it can run
 * at every start: it never duplicates anything and never overwrites a changed password or colour.
 */
export async function seedDemoData(deps: SeedDeps): Promise<SeedReport> {
  return deps.db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_ID})`);
    const admin = await ensureUser(tx, deps, DEMO_ADMIN, { isAdmin: true });
    const user = await ensureUser(tx, deps, DEMO_USER, { isAdmin: false });

    const [found] = await tx
      .select({ id: organizations.id })
      .from(organizations)
      .innerJoin(memberships, eq(memberships.organizationId, organizations.id))
      .where(
        and(
          eq(organizations.name, DEMO_ORGANIZATION.name),
          eq(memberships.userId, admin.id),
          eq(memberships.role, 'owner'),
        ),
      )
      .orderBy(organizations.id)
      .limit(1);
    let organizationId = found?.id;
    const createdOrganization = organizationId === undefined;
    if (organizationId === undefined) {
      const now = deps.clock.now();
      const [created] = await tx
        .insert(organizations)
        .values({ name: DEMO_ORGANIZATION.name, createdAt: now })
        .returning({ id: organizations.id });
      if (created === undefined) throw new Error('INSERT … RETURNING gave no row');
      organizationId = created.id;
      await tx
        .insert(branding)
        .values({
          organizationId,
          primaryColor: DEMO_ORGANIZATION.primaryColor,
          version: '1',
          updatedAt: now,
        })
        .onConflictDoNothing();
    }

    await ensureDemoPlan(tx, organizationId, deps.clock.now());

    await tx
      .insert(memberships)
      .values([
        { userId: admin.id, organizationId, role: 'owner', joinedAt: deps.clock.now() },
        { userId: user.id, organizationId, role: 'member', joinedAt: deps.clock.now() },
      ])
      .onConflictDoNothing();

    const contactIds = await seedDemoContacts(tx, { organizationId, now: deps.clock.now() });
    const createdSurveys = await seedDemoSurveys(tx, {
      organizationId,
      createdBy: admin.id,
      now: deps.clock.now(),
      contactIds,
    });

    const createdUsers: string[] = [];
    if (admin.created) createdUsers.push(DEMO_ADMIN.email);
    if (user.created) createdUsers.push(DEMO_USER.email);
    return { createdUsers, createdOrganization, createdSurveys };
  });
}

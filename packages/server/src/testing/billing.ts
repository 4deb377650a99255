import type { CheckoutRequest, Organization, PaymentProvider, Plan, UserSubscription } from '@loop/core';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { findPlan } from '../billing/catalog';
import { switchPlan } from '../billing/subscriptions';
import {
  invoices,
  memberships,
  paymentEvents,
  payments,
  plans,
  processedWebhookEvents,
  simulatedCheckouts,
  subscriptions,
} from '../db/schema';
import { api, createUser, login, type TestContext } from './testApp';

/** A seeded plan by name (basicloop, smartloop, proloop). */
export async function planNamed(ctx: Pick<TestContext, 'db'>, name: string): Promise<Plan> {
  const [row] = await ctx.db
    .select({ id: plans.id })
    .from(plans)
    .where(sql`lower(${plans.name}) = lower(${name})`);
  const plan = row === undefined ? null : await findPlan(ctx.db, row.id);
  if (plan === null) throw new Error(`No plan named ${name}`);
  return plan;
}

/** Puts an organisation on a plan straight in the database (tests of features that need one). */
export async function putOnPlan(
  ctx: Pick<TestContext, 'db' | 'clock'>,
  organizationId: number,
  planName: string,
): Promise<Plan> {
  const plan = await planNamed(ctx, planName);
  await ctx.db.transaction((tx) => switchPlan(tx, organizationId, plan.id, ctx.clock.now()));
  return plan;
}

export interface TestOrganization {
  readonly organization: Organization;
  readonly ownerToken: string;
  readonly memberToken: string;
  /** X-Organization-Id of this organisation. */
  readonly headers: Record<string, string>;
}

/** An organisation created through the API (so on basicloop), with an owner and a member. */
export async function createOrganizationWithMember(
  ctx: Pick<TestContext, 'app' | 'db' | 'clock'>,
  name = 'Abonnement BV',
): Promise<TestOrganization> {
  const ownerToken = (await login(ctx.app, await createUser(ctx))).access_token;
  const created = await api(ctx.app, 'POST', '/organizations', { token: ownerToken, payload: { name } });
  if (created.statusCode !== 201) throw new Error(`organisation not created: ${created.body}`);
  const organization = created.json<Organization>();
  const member = await createUser(ctx);
  await ctx.db
    .insert(memberships)
    .values({ userId: member.id, organizationId: organization.id, role: 'member' });
  const memberToken = (await login(ctx.app, member)).access_token;
  return { organization, ownerToken, memberToken, headers: { 'x-organization-id': String(organization.id) } };
}

/** Row counts of the billing tables: "nothing stored" in numbers. */
export async function billingCounts(ctx: Pick<TestContext, 'db'>) {
  return {
    subscriptions: await ctx.db.$count(subscriptions),
    payments: await ctx.db.$count(payments),
    paymentEvents: await ctx.db.$count(paymentEvents),
    processedWebhookEvents: await ctx.db.$count(processedWebhookEvents),
    simulatedCheckouts: await ctx.db.$count(simulatedCheckouts),
    plans: await ctx.db.$count(plans),
    invoices: await ctx.db.$count(invoices),
  };
}

/** The return screen's address on the test APP_URL (http://loop.test). */
export const TEST_RETURN_URL = 'http://loop.test/billing/return';

/** The checkout request the app sends for `planName`, against the organisation's current subscription. */
export async function checkoutRequestFor(
  ctx: Pick<TestContext, 'db'>,
  app: FastifyInstance,
  org: TestOrganization,
  provider: PaymentProvider,
  planName = 'smartloop',
): Promise<CheckoutRequest> {
  const plan = await planNamed(ctx, planName);
  const subscription = (
    await api(app, 'GET', '/user-subscriptions/me', { token: org.ownerToken, headers: org.headers })
  ).json<UserSubscription>();
  return {
    provider,
    kind: 'subscription',
    amount_cents: Math.round(plan.price_per_month * 100),
    currency: 'EUR',
    user_subscription_id: subscription.id,
    plan_id: plan.id,
    success_url: `${TEST_RETURN_URL}?status=success`,
    cancel_url: `${TEST_RETURN_URL}?status=cancelled`,
  };
}

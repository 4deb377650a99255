import type { Feature, Plan, PlanInput } from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Database, Queryable } from '../db/database';
import { features, type PlanRow, planFeatures, plans } from '../db/schema';

export const PLAN_NAME_MAX_LENGTH = 60;
/** € 100.000 a month: far above any real plan, low enough to stay exact in cents. */
export const PLAN_PRICE_MAX = 100_000;
export const CORE_FEATURE = 'core';

export const PLAN_MESSAGES = {
  notFound: 'Dit plan bestaat niet.',
  nameRequired: 'Vul de naam van het plan in.',
  nameTooLong: `De naam mag hoogstens ${PLAN_NAME_MAX_LENGTH} tekens lang zijn.`,
  nameTaken: 'Er bestaat al een plan met deze naam.',
  priceInvalid: `De prijs per maand moet een bedrag van 0 tot en met ${PLAN_PRICE_MAX} euro zijn, met hoogstens twee decimalen.`,
  unknownFeature: (keys: readonly string[]) => `Onbekende functie: ${keys.join(', ')}.`,
  coreRequired: 'Elk plan bevat de basisfunctie "core".',
  defaultMustBeFree: 'Het standaardplan (waarop nieuwe organisaties beginnen) moet gratis blijven.',
} as const;

/** Euros (as sent on the wire) to whole cents; null unless ≥ 0, ≤ the maximum and at most 2 decimals. */
export function priceToCents(price: number): number | null {
  if (!Number.isFinite(price) || price < 0 || price > PLAN_PRICE_MAX) return null;
  const cents = Math.round(price * 100);
  // 19.99 × 100 is 1998.9999999999998 in binary floating point: allow that, refuse 19.999.
  return Math.abs(price * 100 - cents) < 1e-6 ? cents : null;
}

export const centsToPrice = (cents: number): number => cents / 100;

const toFeature = (row: { key: string; name: string; description: string }): Feature => ({
  key: row.key,
  name: row.name,
  description: row.description,
});

/** Every feature in display order. */
export async function listFeatures(db: Queryable): Promise<Feature[]> {
  const rows = await db.select().from(features).orderBy(asc(features.sort), asc(features.key));
  return rows.map(toFeature);
}

/** The features of each plan (display order), by plan id. */
export async function featuresByPlan(
  db: Queryable,
  planIds: readonly number[],
): Promise<Map<number, Feature[]>> {
  const byPlan = new Map<number, Feature[]>(planIds.map((id) => [id, []]));
  if (planIds.length === 0) return byPlan;
  const rows = await db
    .select({
      planId: planFeatures.planId,
      key: features.key,
      name: features.name,
      description: features.description,
    })
    .from(planFeatures)
    .innerJoin(features, eq(features.key, planFeatures.featureKey))
    .where(inArray(planFeatures.planId, [...planIds]))
    .orderBy(asc(features.sort), asc(features.key));
  for (const row of rows) byPlan.get(row.planId)?.push(toFeature(row));
  return byPlan;
}

const toPlan = (row: PlanRow, planFeatureList: readonly Feature[]): Plan => ({
  id: row.id,
  name: row.name,
  price_per_month: centsToPrice(row.priceCents),
  features: planFeatureList,
});

const byName = new Intl.Collator('nl', { sensitivity: 'base', numeric: true });

/** Every plan with its features, cheapest first (then by name). */
export async function listPlans(db: Queryable): Promise<Plan[]> {
  const rows = await db.select().from(plans);
  rows.sort((a, b) => a.priceCents - b.priceCents || byName.compare(a.name, b.name) || a.id - b.id);
  const planFeatureMap = await featuresByPlan(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => toPlan(row, planFeatureMap.get(row.id) ?? []));
}

export async function findPlanRow(db: Queryable, planId: number): Promise<PlanRow | null> {
  const [row] = await db.select().from(plans).where(eq(plans.id, planId));
  return row ?? null;
}

export async function findPlan(db: Queryable, planId: number): Promise<Plan | null> {
  const row = await findPlanRow(db, planId);
  if (row === null) return null;
  return toPlan(row, (await featuresByPlan(db, [row.id])).get(row.id) ?? []);
}

/** The plan every new organisation starts on (basicloop). */
export async function defaultPlanRow(db: Queryable): Promise<PlanRow> {
  const [row] = await db.select().from(plans).where(eq(plans.isDefault, true));
  if (row === undefined) throw new Error('No default plan: the billing seed migration has not run');
  return row;
}

export interface ValidPlanInput {
  readonly name: string;
  readonly priceCents: number;
  readonly featureKeys: readonly string[];
}

/** Checks a PlanInput against the known feature keys; the name is trimmed, the keys deduplicated. */
export function validatePlanInput(
  input: PlanInput,
  knownKeys: ReadonlySet<string>,
): { ok: true; value: ValidPlanInput } | { ok: false; fields: FieldErrors } {
  const fields: Record<string, string> = {};
  const name = input.name.trim();
  if (name === '') fields.name = PLAN_MESSAGES.nameRequired;
  else if ([...name].length > PLAN_NAME_MAX_LENGTH) fields.name = PLAN_MESSAGES.nameTooLong;
  const priceCents = priceToCents(input.price_per_month);
  if (priceCents === null) fields.price_per_month = PLAN_MESSAGES.priceInvalid;
  const featureKeys = [...new Set(input.feature_keys)];
  const unknown = featureKeys.filter((key) => !knownKeys.has(key));
  if (unknown.length > 0) fields.feature_keys = PLAN_MESSAGES.unknownFeature(unknown);
  else if (!featureKeys.includes(CORE_FEATURE)) fields.feature_keys = PLAN_MESSAGES.coreRequired;
  if (Object.keys(fields).length > 0 || priceCents === null) return { ok: false, fields };
  return { ok: true, value: { name, priceCents, featureKeys } };
}

export async function knownFeatureKeys(db: Queryable): Promise<Set<string>> {
  const rows = await db.select({ key: features.key }).from(features);
  return new Set(rows.map((row) => row.key));
}

export type SavePlanResult =
  | { readonly ok: true; readonly plan: Plan }
  | { readonly ok: false; readonly error: 'not-found' | 'name-taken' | 'default-must-be-free' };

async function nameTaken(db: Queryable, name: string, exceptId: number | null): Promise<boolean> {
  const rows = await db
    .select({ id: plans.id })
    .from(plans)
    .where(sql`lower(${plans.name}) = lower(${name})`);
  return rows.some((row) => row.id !== exceptId);
}

/** Creates a plan (admin). A taken name (case-insensitive) is refused. */
export async function createPlan(db: Database, clock: Clock, input: ValidPlanInput): Promise<SavePlanResult> {
  const now = clock.now();
  return db.transaction(async (tx) => {
    if (await nameTaken(tx, input.name, null)) return { ok: false, error: 'name-taken' } as const;
    const [row] = await tx
      .insert(plans)
      .values({ name: input.name, priceCents: input.priceCents, createdAt: now, updatedAt: now })
      .onConflictDoNothing()
      .returning();
    // A concurrent insert of the same name got there first.
    if (row === undefined) return { ok: false, error: 'name-taken' } as const;
    await tx
      .insert(planFeatures)
      .values(input.featureKeys.map((featureKey) => ({ planId: row.id, featureKey })));
    return { ok: true, plan: toPlan(row, (await featuresByPlan(tx, [row.id])).get(row.id) ?? []) } as const;
  });
}

/**
 * Replaces a plan's name, price and features (admin). Subscriptions on it keep it and get the new
 * features at once; the default plan must stay free.
 */
export async function updatePlan(
  db: Database,
  clock: Clock,
  planId: number,
  input: ValidPlanInput,
): Promise<SavePlanResult> {
  return db.transaction(async (tx) => {
    const [existing] = await tx.select().from(plans).where(eq(plans.id, planId)).for('update');
    if (existing === undefined) return { ok: false, error: 'not-found' } as const;
    if (existing.isDefault && input.priceCents !== 0) {
      return { ok: false, error: 'default-must-be-free' } as const;
    }
    if (await nameTaken(tx, input.name, planId)) return { ok: false, error: 'name-taken' } as const;
    const [row] = await tx
      .update(plans)
      .set({ name: input.name, priceCents: input.priceCents, updatedAt: clock.now() })
      .where(eq(plans.id, planId))
      .returning();
    if (row === undefined) throw new Error(`Plan ${planId} vanished`);
    await tx.delete(planFeatures).where(eq(planFeatures.planId, planId));
    await tx.insert(planFeatures).values(input.featureKeys.map((featureKey) => ({ planId, featureKey })));
    return { ok: true, plan: toPlan(row, (await featuresByPlan(tx, [row.id])).get(row.id) ?? []) } as const;
  });
}

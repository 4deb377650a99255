import type { Feature, Plan, UserSubscription } from '../contract';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isFeature = (value: unknown): value is Feature =>
  isRecord(value) &&
  typeof value.key === 'string' &&
  typeof value.name === 'string' &&
  typeof value.description === 'string';

const isFeatureList = (value: unknown): value is readonly Feature[] =>
  Array.isArray(value) && value.every(isFeature);

/**
 * The subscription answer as the screens use it, or null when its shape is off (a proxy's error
 * page, an older server): the screen then shows its error state instead of failing halfway.
 */
export function readSubscription(value: unknown): UserSubscription | null {
  if (!isRecord(value)) return null;
  const ok =
    Number.isInteger(value.id) &&
    Number.isInteger(value.plan_id) &&
    typeof value.plan_name === 'string' &&
    typeof value.status === 'string' &&
    typeof value.start_date === 'string' &&
    (value.end_date === null || value.end_date === undefined || typeof value.end_date === 'string') &&
    isFeatureList(value.features);
  return ok ? ({ ...value, end_date: value.end_date ?? null } as unknown as UserSubscription) : null;
}

/** The plan list, or null when any plan's shape is off. */
export function readPlans(value: unknown): readonly Plan[] | null {
  if (!Array.isArray(value)) return null;
  const ok = value.every(
    (plan) =>
      isRecord(plan) &&
      Number.isInteger(plan.id) &&
      typeof plan.name === 'string' &&
      typeof plan.price_per_month === 'number' &&
      Number.isFinite(plan.price_per_month) &&
      isFeatureList(plan.features),
  );
  return ok ? (value as readonly Plan[]) : null;
}

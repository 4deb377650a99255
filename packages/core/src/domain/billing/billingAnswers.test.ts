import { describe, expect, it } from 'vitest';
import { readPlans, readSubscription } from './billingAnswers';

const FEATURE = { key: 'core', name: 'Basis', description: '<p>Surveys</p>' };
const SUBSCRIPTION = {
  id: 1,
  plan_id: 2,
  plan_name: 'smartloop',
  status: 'active',
  start_date: '2026-01-01T00:00:00.000Z',
  end_date: null,
  features: [FEATURE],
};

describe('readSubscription', () => {
  it('should accept a well-formed answer and default a missing end date to null', () => {
    expect(readSubscription(SUBSCRIPTION)).toEqual(SUBSCRIPTION);
    const { end_date: _, ...withoutEnd } = SUBSCRIPTION;
    expect(readSubscription(withoutEnd)?.end_date).toBeNull();
  });

  it.each([
    ['features as a string', { ...SUBSCRIPTION, features: 'core' }],
    ['a feature without key', { ...SUBSCRIPTION, features: [{ name: 'x', description: '' }] }],
    ['no plan name', { ...SUBSCRIPTION, plan_name: undefined }],
    ['an id as text', { ...SUBSCRIPTION, id: '1' }],
    ['an end date as number', { ...SUBSCRIPTION, end_date: 5 }],
    ['an array', [SUBSCRIPTION]],
    ['null', null],
  ])('should refuse %s', (_, value) => {
    expect(readSubscription(value)).toBeNull();
  });
});

describe('readPlans', () => {
  const PLAN = { id: 1, name: 'basicloop', price_per_month: 0, features: [FEATURE] };
  it('should accept a list of well-formed plans, the empty list too', () => {
    expect(readPlans([PLAN])).toEqual([PLAN]);
    expect(readPlans([])).toEqual([]);
  });

  it.each([
    ['not a list', { items: [PLAN] }],
    ['a price as text', [{ ...PLAN, price_per_month: '0' }]],
    ['a price that is not finite', [{ ...PLAN, price_per_month: Number.NaN }]],
    ['features missing', [{ ...PLAN, features: undefined }]],
  ])('should refuse %s', (_, value) => {
    expect(readPlans(value)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { assignPlanErrors, assignPlanRequestOf, planFormErrors, planInputOf } from './adminPlanForms';

describe('planFormErrors', () => {
  it('should accept a Dutch or an English price, and a free plan', () => {
    expect(planFormErrors({ name: 'smartloop', price: '29,50', featureKeys: ['core'] })).toEqual({});
    expect(planFormErrors({ name: 'smartloop', price: '29.50', featureKeys: ['core'] })).toEqual({});
    expect(planFormErrors({ name: 'basicloop', price: '0', featureKeys: [] })).toEqual({});
  });

  it.each(['', 'gratis', '-1', '29,505'])('should refuse the price %j in Dutch', (price) => {
    expect(planFormErrors({ name: 'smartloop', price, featureKeys: ['core'] })).toEqual({
      price_per_month: 'Vul een geldige prijs in, bijvoorbeeld 29,00.',
    });
  });
});

describe('planInputOf', () => {
  it('should send the trimmed name, the price in euros and the chosen features', () => {
    expect(planInputOf({ name: '  smartloop ', price: '29,50', featureKeys: ['core', 'analytics'] })).toEqual(
      {
        name: 'smartloop',
        price_per_month: 29.5,
        feature_keys: ['core', 'analytics'],
      },
    );
  });

  it('should send a price that is not a price as 0 (the form refuses it first)', () => {
    expect(planInputOf({ name: 'x', price: 'abc', featureKeys: [] }).price_per_month).toBe(0);
  });
});

describe('assignPlanErrors', () => {
  it('should accept an organisation id and a chosen plan', () => {
    expect(assignPlanErrors({ organisationId: ' 12 ', planId: '3' })).toEqual({});
  });

  it('should ask for a valid organisation id and a plan, in Dutch', () => {
    expect(assignPlanErrors({ organisationId: '', planId: '' })).toEqual({
      organization_id: 'Vul een geldig organisatie-ID in.',
      plan_id: 'Kies een plan.',
    });
  });

  it.each(['0', '-4', '1,5', 'abc'])('should refuse the organisation id %j', (organisationId) => {
    expect(assignPlanErrors({ organisationId, planId: '3' })).toEqual({
      organization_id: 'Vul een geldig organisatie-ID in.',
    });
  });
});

describe('assignPlanRequestOf', () => {
  it('should send the organisation and the plan as numbers', () => {
    expect(assignPlanRequestOf({ organisationId: ' 12 ', planId: '3' })).toEqual({
      organization_id: 12,
      plan_id: 3,
    });
  });
});

import { describe, expect, it } from 'vitest';
import type { Feature } from '../contract';
import { planFeatureGroups, subscriptionAccess } from './subscriptionView';

const feature = (key: string, name: string): Feature => ({ key, name, description: `<p>${name}</p>` });
const CORE = feature('core', 'Kern');
const ANALYTICS = feature('analytics', 'Analyse');
const EXPORT = feature('export', 'Export');

describe('planFeatureGroups', () => {
  it('should put the core feature apart from the extra features, keeping their order', () => {
    expect(planFeatureGroups([ANALYTICS, CORE, EXPORT])).toEqual({
      core: [CORE],
      extra: [ANALYTICS, EXPORT],
    });
  });

  it('should leave both groups empty for a plan without features', () => {
    expect(planFeatureGroups([])).toEqual({ core: [], extra: [] });
  });

  it('should leave the extra group empty for a plan with only the core feature', () => {
    expect(planFeatureGroups([CORE])).toEqual({ core: [CORE], extra: [] });
  });
});

describe('subscriptionAccess', () => {
  it('should let an owner change the plan, read the invoices and edit the invoice details', () => {
    expect(subscriptionAccess('owner')).toEqual({
      changePlan: true,
      readInvoices: true,
      editInvoiceDetails: true,
    });
  });

  it.each(['manager', 'member', 'viewer'] as const)('should not let a %s change the plan', (role) => {
    expect(subscriptionAccess(role).changePlan).toBe(false);
    expect(subscriptionAccess(role).editInvoiceDetails).toBe(false);
  });

  it('should keep the plan buttons usable while the role is unknown, and hide the invoices', () => {
    expect(subscriptionAccess(null)).toEqual({
      changePlan: true,
      readInvoices: false,
      editInvoiceDetails: false,
    });
  });
});

import { describe, expect, it } from 'vitest';
import { paymentProviderLabel, paymentStatusLabel, subscriptionStatusLabel } from './billingLabels';

describe('billing labels', () => {
  it('should show every subscription status the server sends in Dutch', () => {
    expect(['active', 'cancelled', 'expired'].map(subscriptionStatusLabel)).toEqual([
      'Actief',
      'Geannuleerd',
      'Verlopen',
    ]);
  });

  it('should show every payment status and provider in Dutch', () => {
    expect(['pending', 'paid', 'failed', 'cancelled', 'expired'].map(paymentStatusLabel)).toEqual([
      'In afwachting',
      'Betaald',
      'Mislukt',
      'Geannuleerd',
      'Verlopen',
    ]);
    expect(['stripe', 'simulated'].map(paymentProviderLabel)).toEqual(['Stripe', 'Proefbetaling']);
  });

  it('should show an unknown value as received and a missing one as -', () => {
    expect(paymentStatusLabel('requires_action')).toBe('requires_action');
    expect(subscriptionStatusLabel('toString')).toBe('toString');
    expect(paymentProviderLabel(null)).toBe('-');
    expect(paymentStatusLabel('')).toBe('-');
  });
});

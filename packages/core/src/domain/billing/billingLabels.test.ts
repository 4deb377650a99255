import { describe, expect, it } from 'vitest';
import { paymentProviderLabel, statusAsReceived, statusMeaning } from './billingLabels';

describe('statusMeaning', () => {
  it('should give every status the return address, a subscription or a payment has its Dutch meaning', () => {
    expect(
      ['paid', 'success', 'open', 'pending', 'failed', 'canceled', 'cancelled', 'expired', 'active'].map(
        statusMeaning,
      ),
    ).toEqual([
      'betaald',
      'terug van de betaalpagina na betalen',
      'nog niet betaald',
      'in afwachting',
      'mislukt',
      'geannuleerd',
      'geannuleerd',
      'verlopen',
      'actief',
    ]);
  });

  it("should call an unknown value 'onbekende status', also one named like an object's property", () => {
    expect(statusMeaning('requires_action')).toBe('onbekende status');
    expect(statusMeaning('toString')).toBe('onbekende status');
    expect(statusMeaning('PAID ')).toBe('betaald');
  });
});

describe('statusAsReceived', () => {
  it('should show the value exactly as received with its meaning beside it, paid and success alike', () => {
    expect(statusAsReceived('paid')).toBe('paid (betaald)');
    expect(statusAsReceived('success')).toBe('success (terug van de betaalpagina na betalen)');
    expect(statusAsReceived('Paid')).toBe('Paid (betaald)');
    expect(statusAsReceived('requires_action')).toBe('requires_action (onbekende status)');
  });

  it('should show a missing value as the screen asks', () => {
    expect(statusAsReceived(null, 'onbekend')).toBe('onbekend');
    expect(statusAsReceived('')).toBe('-');
    expect(statusAsReceived(undefined)).toBe('-');
  });
});

describe('paymentProviderLabel', () => {
  it('should name the providers as users know them', () => {
    expect(['stripe', 'simulated'].map(paymentProviderLabel)).toEqual(['Stripe', 'Proefbetaling']);
    expect(paymentProviderLabel(null)).toBe('-');
  });
});

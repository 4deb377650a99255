import type { Invoice, Payment, PaymentReceipt } from '@loop/core';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../app/App';
import { json } from '../testing/fakeApi';
import { render, unmountAll, waitFor } from '../testing/render';
import { createSignedInApp } from '../testing/testContainer';

afterEach(unmountAll);

const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

const PAYMENT: Payment = {
  id: 31,
  provider: 'simulated',
  kind: 'subscription',
  status: 'paid',
  amount_cents: 7900,
  currency: 'EUR',
  user_subscription_id: 3,
  plan_id: 3,
  created_at: '2026-05-21T08:00:00Z',
};

const INVOICE: Invoice = {
  id: 12,
  number: 'LOOP-2026-000007',
  payment_id: 31,
  issue_date: '2026-05-21',
  period_start: '2026-05-21',
  period_end: '2026-06-20',
  supplier: { name: 'Loop Software BV', address: [], kvk_number: '12345678', vat_number: 'NL001234567B01' },
  customer: { name: 'Demo BV', address: [], vat_number: null },
  description: 'Loop proloop, abonnement voor een maand (21 mei 2026 tot en met 20 juni 2026)',
  amount_excl_cents: 6529,
  vat_rate: 21,
  vat_cents: 1371,
  total_cents: 7900,
  currency: 'EUR',
  specimen: null,
};

const RECEIPT: PaymentReceipt = {
  payment: PAYMENT,
  paid_at: '2026-05-21T08:01:00Z',
  plan_name: 'proloop',
  features: [
    { key: 'core', name: 'Kern', description: '<p>Alles om feedback te verzamelen.</p>' },
    {
      key: 'business',
      name: 'Bedrijfsanalyse',
      description: '<p>Een bedrijfsanalyse van je organisatie.</p>',
    },
  ],
  previous_plan_name: 'smartloop',
  previous_plan_price_per_month: 29,
  plan_changed: true,
  invoice: INVOICE,
};

function app(path: string, payment: Payment = PAYMENT) {
  return createSignedInApp({
    path,

    routes: {
      'POST /payments/31/sync': () => json(200, payment),
      'POST /payments/31/cancel': () => json(200, payment),
      'GET /payments': () => json(200, { items: [payment], total: 1, page: 1, page_size: 10 }),
      'GET /payments/31/receipt': () => json(200, { ...RECEIPT, payment }),
    },
  });
}

describe("'Terug van betaling'", () => {
  it("should put the receipt above R-BILL-10's lines: what was bought, the running period, unlocked, BTW, renewal, invoice", async () => {
    const test = app('/billing/return?status=success&payment_id=31');
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    const receipt = await waitFor(() => {
      const found = container.querySelector('.receipt');
      if (!found) throw new Error('not yet');
      return found;
    });
    expect(receipt.querySelector('h2')?.textContent).toBe('Bedankt voor je betaling');
    expect(receipt.querySelector('.receipt-bought')?.textContent).toBe(
      'Je hebt proloop gekocht voor een maand: van 21 mei 2026 tot en met 20 juni 2026.',
    );
    expect(receipt.querySelector('.receipt-change')?.textContent).toBe(
      'Je proloop-abonnement is op 21 mei 2026 ingegaan en smartloop is toen gestopt; de resterende dagen van smartloop worden niet verrekend.',
    );
    expect([...receipt.querySelectorAll('.receipt-unlocked li')].map((li) => li.textContent)).toEqual([
      'Kern: Alles om feedback te verzamelen.',
      'Bedrijfsanalyse: Een bedrijfsanalyse van je organisatie.',
    ]);
    expect(plain(receipt.querySelector('.receipt-amount')?.textContent)).toBe(
      'Bedrag: € 79,00 inclusief 21% btw (€ 65,29 zonder btw en € 13,71 btw).',
    );
    expect(plain(receipt.querySelector('.receipt-renewal')?.textContent)).toBe(
      'Volgende verlenging: 21 juni 2026, voor € 79,00.',
    );
    expect(receipt.querySelector('button')?.textContent).toBe('Factuur LOOP-2026-000007 downloaden (PDF)');

    // Below it R-BILL-10's lines, exactly as received with the meaning beside the status.
    const sections = [
      ...container.querySelectorAll('main .receipt, main .plan-dates, main .payment-details'),
    ];
    expect(sections.map((element) => element.className)).toEqual([
      'panel receipt',
      'plan-dates',
      'payment-details',
    ]);
    const query = [...container.querySelectorAll('.plan-dates dd')].map((dd) => dd.textContent);
    expect(query).toEqual(['success (terug van de betaalpagina na betalen)', '31']);
    const payment = [...container.querySelectorAll('.payment-details dd')].map((dd) => plain(dd.textContent));
    expect(payment).toEqual(['31', 'Proefbetaling', 'paid (betaald)', '€ 79,00']);
  });

  it('should show status=paid as received too, and an unknown status with what that means', async () => {
    const paid = app('/billing/return?status=paid&payment_id=31');
    const first = await render(<App container={paid.container} locationHook={paid.location.hook} />);
    await waitFor(() =>
      expect(first.container.querySelector('.plan-dates dd')?.textContent).toBe('paid (betaald)'),
    );
    unmountAll();
    const odd = app('/billing/return?status=requires_action&payment_id=31');
    const second = await render(<App container={odd.container} locationHook={odd.location.hook} />);
    await waitFor(() =>
      expect(second.container.querySelector('.plan-dates dd')?.textContent).toBe(
        'requires_action (onbekende status)',
      ),
    );
  });

  it('should show no receipt for a payment that was cancelled', async () => {
    const cancelled = { ...PAYMENT, status: 'cancelled' as const };
    const test = app('/billing/return?status=cancelled&payment_id=31', cancelled);
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(container.querySelector('.payment-details')).not.toBeNull());
    expect(container.querySelector('.receipt')).toBeNull();
    expect(container.querySelector('.plan-dates dd')?.textContent).toBe('cancelled (geannuleerd)');
    expect(test.api.seen.some((request) => request.path === '/payments/31/receipt')).toBe(false);
  });
});

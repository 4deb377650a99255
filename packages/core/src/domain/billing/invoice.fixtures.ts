import type { Invoice, PaymentReceipt } from '../contract';

/** An invoice with every field filled, as the server stores it for a smartloop month. */
export function sampleInvoice(patch: Partial<Invoice> = {}): Invoice {
  return {
    id: 7,
    number: 'LOOP-2026-000042',
    payment_id: 31,
    issue_date: '2026-05-21',
    period_start: '2026-05-21',
    period_end: '2026-06-20',
    supplier: {
      name: 'Loop Software BV',
      address: ['Stationsplein 1', '3511 ED Utrecht', 'Nederland'],
      kvk_number: '12345678',
      vat_number: 'NL001234567B01',
    },
    customer: {
      name: 'Bakkerij De Korrel',
      address: ['Dorpsstraat 12', '1234 AB Ergenshuizen', 'Nederland'],
      vat_number: 'NL812345678B01',
    },
    description: 'Loop smartloop, abonnement voor een maand (21 mei 2026 tot en met 20 juni 2026)',
    amount_excl_cents: 2397,
    vat_rate: 21,
    vat_cents: 503,
    total_cents: 2900,
    currency: 'EUR',
    specimen: null,
    ...patch,
  };
}

/** The receipt of a paid smartloop payment made on basicloop. */
export function sampleReceipt(patch: Partial<PaymentReceipt> = {}): PaymentReceipt {
  return {
    payment: {
      id: 31,
      provider: 'simulated',
      kind: 'subscription',
      status: 'paid',
      amount_cents: 2900,
      currency: 'EUR',
      user_subscription_id: 3,
      plan_id: 2,
      created_at: '2026-05-21T08:00:00Z',
    },
    paid_at: '2026-05-21T08:01:00Z',
    plan_name: 'smartloop',
    features: [
      {
        key: 'core',
        name: 'Kern',
        description: '<p>Alles om <strong>feedback</strong> te verzamelen.</p><ul><li>x</li></ul>',
      },
      { key: 'analytics', name: 'Analyse', description: '<p>Zie al je surveys samen.</p>' },
    ],
    previous_plan_name: 'basicloop',
    previous_plan_price_per_month: 0,
    plan_changed: true,
    invoice: sampleInvoice(),
    ...patch,
  };
}

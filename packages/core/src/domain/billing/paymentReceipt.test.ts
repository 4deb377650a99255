import { describe, expect, it } from 'vitest';
import { sampleInvoice, sampleReceipt } from './invoice.fixtures';
import { receiptView } from './paymentReceipt';

const plain = (text: string | null | undefined) => (text ?? '').replace(/\u00a0/g, ' ');

describe('receiptView', () => {
  it('should say what was bought, what is unlocked, the amount with and without BTW, the renewal and the invoice', () => {
    const view = receiptView(sampleReceipt());
    expect(view?.heading).toBe('Bedankt voor je betaling');
    expect(view?.bought).toBe(
      'Je hebt smartloop gekocht voor een maand: van 21 mei 2026 tot en met 20 juni 2026.',
    );
    expect(view?.change).toBe('Je smartloop-abonnement is op 21 mei 2026 ingegaan en vervangt basicloop.');
    expect(view?.unlockedHeading).toBe('Dit zit nu in je abonnement (smartloop):');
    expect(view?.unlocked.map((line) => `${line.name}: ${line.summary}`)).toEqual([
      'Kern: Alles om feedback te verzamelen.',
      'Analyse: Zie al je surveys samen.',
    ]);
    expect(plain(view?.amount)).toBe('Bedrag: € 29,00 inclusief 21% btw (€ 23,97 zonder btw en € 5,03 btw).');
    expect(plain(view?.renewal)).toBe('Volgende verlenging: 21 juni 2026, voor € 29,00.');
    expect(view?.invoice).toEqual({ id: 7, label: 'Factuur LOOP-2026-000042 downloaden (PDF)' });
  });

  it('should say that the days left of a paid plan are not settled when moving from smartloop to proloop', () => {
    const view = receiptView(
      sampleReceipt({
        plan_name: 'proloop',
        previous_plan_name: 'smartloop',
        previous_plan_price_per_month: 29,
        payment: { ...sampleReceipt().payment, amount_cents: 7900 },
        invoice: sampleInvoice({ amount_excl_cents: 6529, vat_cents: 1371, total_cents: 7900 }),
      }),
    );
    expect(view?.change).toBe(
      'Je proloop-abonnement is op 21 mei 2026 ingegaan en smartloop is toen gestopt; de resterende dagen van smartloop worden niet verrekend.',
    );
    expect(plain(view?.amount)).toBe(
      'Bedrag: € 79,00 inclusief 21% btw (€ 65,29 zonder btw en € 13,71 btw).',
    );
  });

  it('should compute amounts and dates from the payment when it has no invoice (paid before invoices existed)', () => {
    const view = receiptView(sampleReceipt({ invoice: null, paid_at: '2026-01-31T12:00:00Z' }));
    expect(view?.bought).toBe(
      'Je hebt smartloop gekocht voor een maand: van 31 januari 2026 tot en met 27 februari 2026.',
    );
    expect(plain(view?.renewal)).toBe('Volgende verlenging: 28 februari 2026, voor € 29,00.');
    expect(plain(view?.amount)).toContain('€ 23,97 zonder btw');
    expect(view?.invoice).toBeNull();
  });

  it('should not claim a plan change for a payment that changed nothing', () => {
    const view = receiptView(sampleReceipt({ plan_changed: false }));
    expect(view?.change).toBe(
      'Deze betaling heeft je abonnement niet gewijzigd, want dat was intussen al gewijzigd; ze is gemeld voor terugbetaling.',
    );
    expect(view?.unlocked).toEqual([]);
    expect(view?.renewal).toBeNull();
  });

  it('should be no receipt for a payment that is not paid', () => {
    expect(
      receiptView(sampleReceipt({ payment: { ...sampleReceipt().payment, status: 'cancelled' } })),
    ).toBeNull();
    expect(receiptView(sampleReceipt({ paid_at: null }))).toBeNull();
  });
});

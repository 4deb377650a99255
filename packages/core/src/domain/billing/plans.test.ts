import { describe, expect, it } from 'vitest';
import type { Plan } from '../contract';
import { formatCents, formatEuros } from '../format';
import {
  amountCents,
  decidePlanChange,
  formatDate,
  formatPlanPrice,
  INVALID_CHECKOUT_URL_MESSAGE,
  otherPlans,
  planBadgeColour,
  readCheckoutUrl,
} from './plans';

// Intl's nl-NL currency format puts a no-break space (U+00A0) between the euro sign and the amount.
const NBSP = '\u00a0';

const plan = (id: number, name: string, price: number): Plan => ({
  id,
  name,
  price_per_month: price,
  features: [{ key: 'core', name: 'Basis', description: '' }],
});

const FREE = plan(1, 'Gratis', 0);
const BASIC = plan(2, 'basicloop', 9.5);
const SMART = plan(3, 'smartloop', 29);
const PRO = plan(4, 'proloop', 79);

const ids = (plans: readonly Plan[]) => plans.map((p) => p.id);
const names = (plans: readonly Plan[]) => plans.map((p) => p.name);

describe('otherPlans', () => {
  it('should sort by price descending', () => {
    expect(ids(otherPlans([BASIC, FREE, PRO, SMART], null))).toEqual([4, 3, 2, 1]);
  });

  it('should leave out the current plan', () => {
    expect(ids(otherPlans([BASIC, FREE, PRO, SMART], 3))).toEqual([4, 2, 1]);
  });

  it('should leave out the current plan when it is the free plan (id compared, not price)', () => {
    expect(ids(otherPlans([FREE, PRO], 1))).toEqual([4]);
  });

  it('should return every plan when there is no current plan', () => {
    expect(ids(otherPlans([FREE, SMART, BASIC], null))).toEqual([3, 2, 1]);
  });

  it('should return every plan when the current plan is not in the list', () => {
    expect(ids(otherPlans([FREE, SMART], 99))).toEqual([3, 1]);
  });

  it('should order equal prices by name (nl collation, not code units), whatever the input order', () => {
    const zeta = plan(10, 'Zeta', 19);
    const beta = plan(11, 'Beta', 19);
    const alpha = plan(12, 'alpha', 19);
    expect(names(otherPlans([zeta, beta, alpha], null))).toEqual(['alpha', 'Beta', 'Zeta']);
    expect(names(otherPlans([alpha, zeta, beta], null))).toEqual(['alpha', 'Beta', 'Zeta']);
  });

  it('should sort by price before name', () => {
    const cheapA = plan(10, 'A', 5);
    const dearZ = plan(11, 'Z', 50);
    expect(names(otherPlans([cheapA, dearZ], null))).toEqual(['Z', 'A']);
  });

  it('should not mutate the input (a frozen list works and keeps its order)', () => {
    const input = Object.freeze([BASIC, FREE, PRO, SMART]);
    const result = otherPlans(input, 2);
    expect(ids(input)).toEqual([2, 1, 4, 3]);
    expect(result).not.toBe(input);
    expect(ids(result)).toEqual([4, 3, 1]);
  });

  it('should return a new list even when nothing is filtered out', () => {
    const input = [PRO, SMART];
    const result = otherPlans(input, null);
    expect(result).not.toBe(input);
    expect(result).toEqual(input);
  });

  it('should return an empty list for no plans', () => {
    expect(otherPlans([], 1)).toEqual([]);
  });
});

describe('formatPlanPrice', () => {
  it("should show 'Gratis' for 0", () => {
    expect(formatPlanPrice(0)).toBe('Gratis');
  });

  it("should show 29 as '€ 29,00 / maand' with a no-break space after the euro sign", () => {
    expect(formatPlanPrice(29)).toBe('€\u00a029,00 / maand');
  });

  it("should show 9.5 as '€ 9,50 / maand'", () => {
    expect(formatPlanPrice(9.5)).toBe(`€${NBSP}9,50 / maand`);
  });

  it("should group thousands with '.' and use ',' for decimals", () => {
    expect(formatPlanPrice(1234.5)).toBe(`€${NBSP}1.234,50 / maand`);
  });

  it('should round to whole cents', () => {
    expect(formatPlanPrice(0.001)).toBe(`€${NBSP}0,00 / maand`);
    expect(formatPlanPrice(19.99)).toBe(`€${NBSP}19,99 / maand`);
  });
});

describe('formatEuros and formatCents', () => {
  it("should format euros in nl-NL, e.g. '€ 29,00'", () => {
    expect(formatEuros(29)).toBe(`€${NBSP}29,00`);
    expect(formatEuros(0)).toBe(`€${NBSP}0,00`);
  });

  it("should format 2900 cents as '€ 29,00'", () => {
    expect(formatCents(2900)).toBe('€\u00a029,00');
  });

  it('should format odd cent amounts and thousands', () => {
    expect(formatCents(999)).toBe(`€${NBSP}9,99`);
    expect(formatCents(5)).toBe(`€${NBSP}0,05`);
    expect(formatCents(123456)).toBe(`€${NBSP}1.234,56`);
  });
});

describe('formatDate', () => {
  it('should show an ISO timestamp as a nl-NL long date', () => {
    expect(formatDate('2026-11-21T10:00:00Z')).toBe('21 november 2026');
  });

  it('should use Amsterdam time: 23:30 UTC on 20 November is 21 November in winter time', () => {
    expect(formatDate('2026-11-20T23:30:00Z')).toBe('21 november 2026');
  });

  it('should still show 20 November one second before midnight in Amsterdam (22:59:59 UTC)', () => {
    expect(formatDate('2026-11-20T22:59:59Z')).toBe('20 november 2026');
  });

  it('should use summer time: 22:30 UTC on 30 June is 1 July in Amsterdam', () => {
    expect(formatDate('2026-06-30T22:30:00Z')).toBe('1 juli 2026');
    expect(formatDate('2026-06-30T21:59:00Z')).toBe('30 juni 2026');
  });

  it('should honour an explicit offset', () => {
    expect(formatDate('2026-03-01T00:30:00+01:00')).toBe('1 maart 2026');
  });

  it('should show a date-only ISO string as that day', () => {
    expect(formatDate('2026-01-05')).toBe('5 januari 2026');
  });

  it.each([null, undefined, '', 'not a date', '2026-13-45T00:00:00Z'])("should return '' for %j", (value) => {
    expect(formatDate(value)).toBe('');
  });
});

describe('planBadgeColour', () => {
  it.each([
    ['basicloop', 'blue'],
    ['smartloop', 'green'],
    ['proloop', 'purple'],
  ] as const)('should colour %s %s', (name, colour) => {
    expect(planBadgeColour(name)).toBe(colour);
  });

  it.each([
    ['BasicLoop', 'blue'],
    ['SMARTLOOP', 'green'],
    ['  proloop ', 'purple'],
    ['\tBasicloop\n', 'blue'],
  ] as const)('should ignore case and surrounding space: %j is %s', (name, colour) => {
    expect(planBadgeColour(name)).toBe(colour);
  });

  it.each(['Gratis', 'freeloop', 'basicloop+', 'proloops', 'loop', ''])('should colour %j grey', (name) => {
    expect(planBadgeColour(name)).toBe('grey');
  });
});

describe('amountCents', () => {
  it('should multiply whole euros by 100', () => {
    expect(amountCents(29)).toBe(2900);
    expect(amountCents(0)).toBe(0);
  });

  it('should give 999 for 9.99 (9.99 × 100 is 999.0000000000001 in binary floating point)', () => {
    expect(amountCents(9.99)).toBe(999);
  });

  it('should give 1999 for 19.99 (19.99 × 100 is 1998.9999999999998)', () => {
    expect(amountCents(19.99)).toBe(1999);
  });

  it('should round 19.995 as Math.round does: 19.995 × 100 evaluates to exactly 1999.5, so 2000', () => {
    expect(amountCents(19.995)).toBe(Math.round(19.995 * 100));
    expect(amountCents(19.995)).toBe(2000);
  });

  it('should round 1.005 down to 100: 1.005 × 100 is 100.49999999999999', () => {
    expect(amountCents(1.005)).toBe(100);
  });

  it('should round half up (0.125 × 100 = 12.5 → 13)', () => {
    expect(amountCents(0.125)).toBe(13);
  });

  it('should give whole cents for sums that are not exact in binary (0.1 + 0.2, 4.35, 1.15, 0.29, 0.57)', () => {
    expect(amountCents(0.1 + 0.2)).toBe(30);
    expect(amountCents(4.35)).toBe(435);
    expect(amountCents(1.15)).toBe(115);
    expect(amountCents(0.29)).toBe(29);
    expect(amountCents(0.57)).toBe(57);
  });

  it('should always return an integer', () => {
    for (const price of [0.01, 0.07, 2.675, 8.2, 33.33, 99.99, 1234.56]) {
      expect(Number.isInteger(amountCents(price))).toBe(true);
    }
  });
});

describe('decidePlanChange', () => {
  const RETURN = 'https://app.example.nl/billing/return';
  const base = { subscriptionId: 42, provider: 'simulated', returnUrl: RETURN } as const;

  it('should switch directly to a free plan when checkout is off', () => {
    expect(decidePlanChange({ ...base, plan: FREE, onlineCheckout: false })).toEqual({
      kind: 'switch',
      planId: 1,
    });
  });

  it('should switch directly to a free plan even when checkout is on', () => {
    expect(decidePlanChange({ ...base, plan: FREE, onlineCheckout: true })).toEqual({
      kind: 'switch',
      planId: 1,
    });
  });

  it('should start a checkout with every field of R-BILL-6 for a paid plan when checkout is on', () => {
    expect(decidePlanChange({ ...base, plan: SMART, onlineCheckout: true })).toStrictEqual({
      kind: 'checkout',
      request: {
        provider: 'simulated',
        kind: 'subscription',
        amount_cents: 2900,
        currency: 'EUR',
        user_subscription_id: 42,
        plan_id: 3,
        success_url: 'https://app.example.nl/billing/return?status=success',
        cancel_url: 'https://app.example.nl/billing/return?status=cancelled',
      },
    });
  });

  it('should pass the provider through and round amount_cents', () => {
    const change = decidePlanChange({
      ...base,
      provider: 'stripe',
      plan: plan(7, 'odd', 9.99),
      onlineCheckout: true,
    });
    expect(change.kind === 'checkout' && change.request.provider).toBe('stripe');
    expect(change.kind === 'checkout' && change.request.amount_cents).toBe(999);
    expect(change.kind === 'checkout' && change.request.plan_id).toBe(7);
  });

  it('should build the return addresses from the given return URL', () => {
    const change = decidePlanChange({
      ...base,
      returnUrl: 'http://localhost:5173/billing/return',
      plan: PRO,
      onlineCheckout: true,
    });
    expect(change.kind === 'checkout' && change.request.success_url).toBe(
      'http://localhost:5173/billing/return?status=success',
    );
    expect(change.kind === 'checkout' && change.request.cancel_url).toBe(
      'http://localhost:5173/billing/return?status=cancelled',
    );
  });

  it("should answer 'checkout-disabled' for a paid plan when checkout is off", () => {
    expect(decidePlanChange({ ...base, plan: BASIC, onlineCheckout: false })).toEqual({
      kind: 'checkout-disabled',
    });
  });

  it('should treat a price of a single cent as paid', () => {
    expect(decidePlanChange({ ...base, plan: plan(8, 'cent', 0.01), onlineCheckout: false })).toEqual({
      kind: 'checkout-disabled',
    });
  });
});

describe('readCheckoutUrl', () => {
  const INVALID = {
    ok: false,
    error: 'invalid-checkout-url',
    detail: 'Geen geldige checkout_url ontvangen van de server.',
  };

  it('should export the message of R-BILL-7', () => {
    expect(INVALID_CHECKOUT_URL_MESSAGE).toBe('Geen geldige checkout_url ontvangen van de server.');
  });

  it('should read checkout_url at top level', () => {
    expect(readCheckoutUrl({ checkout_url: 'https://pay.example/cs_1' })).toEqual({
      ok: true,
      value: 'https://pay.example/cs_1',
    });
  });

  it('should read checkout_url under data', () => {
    expect(readCheckoutUrl({ data: { checkout_url: 'https://pay.example/cs_2' } })).toEqual({
      ok: true,
      value: 'https://pay.example/cs_2',
    });
  });

  it('should prefer the top-level address over the one under data', () => {
    expect(
      readCheckoutUrl({
        checkout_url: 'https://top.example/',
        data: { checkout_url: 'https://data.example/' },
      }),
    ).toEqual({ ok: true, value: 'https://top.example/' });
  });

  it.each([
    'http://localhost:8000/pay/1',
    'https://checkout.stripe.com/c/pay/cs_test',
    'HTTPS://PAY.EXAMPLE/X',
    'Http://pay.example/x',
  ])('should accept %s unchanged', (url) => {
    expect(readCheckoutUrl({ checkout_url: url })).toEqual({ ok: true, value: url });
    expect(readCheckoutUrl({ data: { checkout_url: url } })).toEqual({ ok: true, value: url });
  });

  it.each([
    'javascript:alert(1)',
    'JavaScript://%0aalert(1)',
    '//evil.example/pay',
    'ftp://pay.example/x',
    'data:text/html,<script>alert(1)</script>',
    'https:pay.example',
    ' https://pay.example/leading-space',
    '/relative/path',
    'pay.example',
    '',
  ])('should refuse %j', (url) => {
    expect(readCheckoutUrl({ checkout_url: url })).toEqual(INVALID);
    expect(readCheckoutUrl({ data: { checkout_url: url } })).toEqual(INVALID);
  });

  it.each([
    ['a number', { checkout_url: 42 }],
    ['an object', { checkout_url: { href: 'https://pay.example/' } }],
    ['an array', { checkout_url: ['https://pay.example/'] }],
    ['missing', {}],
    ['missing under data', { data: {} }],
    ['data null', { data: null }],
    ['data a string', { data: 'https://pay.example/' }],
    ['a null body', null],
    ['an undefined body', undefined],
    ['a string body', 'https://pay.example/'],
    ['a number body', 7],
  ])('should refuse checkout_url that is %s', (_label, body) => {
    expect(readCheckoutUrl(body)).toEqual(INVALID);
  });
});

import { describe, expect, it } from 'vitest';
import { type ApiResult, apiFailure, apiOk } from '../api';
import type { Page, Payment, PaymentReceipt } from '../contract';
import { sampleReceipt } from './invoice.fixtures';
import { createPaymentReturn, parsePaymentId, RETURN_PAYMENTS_QUERY } from './paymentReturn';
import type { BillingGateway, PageQuery } from './ports';

const payment = (id: number, status: Payment['status'] = 'paid'): Payment => ({
  id,
  provider: 'simulated',
  kind: 'subscription',
  status,
  amount_cents: 2900,
  currency: 'EUR',
  user_subscription_id: 1,
  plan_id: 2,
  created_at: '2026-11-21T10:00:00Z',
});

/** Records the order of calls; only the two the return screen uses answer. */
function gateway(
  list: ApiResult<Page<Payment>>,
  sync: ApiResult<Payment> = apiOk(payment(7)),
  cancel: ApiResult<Payment> = apiOk(payment(7, 'cancelled')),
  receipt: ApiResult<PaymentReceipt> = apiOk(sampleReceipt()),
) {
  const calls: string[] = [];
  const unused = () => Promise.reject(new Error('not used by the return screen'));
  const fake: BillingGateway = {
    subscription: unused,
    plans: unused,
    settings: unused,
    changePlan: unused,
    checkout: unused,
    payments: async (query: PageQuery) => {
      calls.push(`payments ${query.page}/${query.page_size}`);
      return list;
    },
    syncPayment: async (id: number) => {
      calls.push(`sync ${id}`);
      return sync;
    },
    cancelPayment: async (id: number) => {
      calls.push(`cancel ${id}`);
      return cancel;
    },
    receipt: async (id: number) => {
      calls.push(`receipt ${id}`);
      return receipt;
    },
  };
  return { fake, calls };
}

/** The view without a receipt. */
const shown = (value: Payment | null) => apiOk({ payment: value, receipt: null });

const page = (items: Payment[]): ApiResult<Page<Payment>> =>
  apiOk({ items, total: items.length, page: 1, page_size: 10 });

describe('parsePaymentId', () => {
  it.each([
    ['12', 12],
    [' 7 ', 7],
    [null, null],
    ['', null],
    ['0', null],
    ['-3', null],
    ['1.5', null],
    ['abc', null],
    ['99999999999999999999', null],
  ])('should read %j as %j', (raw, expected) => {
    expect(parsePaymentId(raw)).toBe(expected);
  });
});

describe('createPaymentReturn', () => {
  it('should sync the returned payment before reading the latest ten (R-BILL-10)', async () => {
    const { fake, calls } = gateway(page([payment(9), payment(7)]));
    const result = await createPaymentReturn({ gateway: fake }).load(7, 'success');
    expect(calls).toEqual(['sync 7', 'payments 1/10', 'receipt 7']);
    expect(RETURN_PAYMENTS_QUERY).toEqual({ page: 1, page_size: 10 });
    expect(result).toEqual(apiOk({ payment: payment(7), receipt: sampleReceipt() }));
  });

  it('should show the newest payment without a payment id, and sync nothing', async () => {
    const { fake, calls } = gateway(page([payment(9), payment(7)]));
    expect(await createPaymentReturn({ gateway: fake }).load(null, null)).toEqual(shown(payment(9)));
    expect(calls).toEqual(['payments 1/10']);
  });

  it('should still show the list when the sync fails', async () => {
    const { fake } = gateway(page([payment(7, 'pending')]), apiFailure(502, 'Betaalprovider onbereikbaar.'));
    expect(await createPaymentReturn({ gateway: fake }).load(7, 'success')).toEqual(
      shown(payment(7, 'pending')),
    );
  });

  it('should answer null when there are no payments, and the failure when the list fails', async () => {
    expect(await createPaymentReturn({ gateway: gateway(page([])).fake }).load(null, null)).toEqual(
      shown(null),
    );
    const failed = apiFailure(500, 'Mislukt.');
    expect(await createPaymentReturn({ gateway: gateway(failed).fake }).load(3, 'success')).toEqual(failed);
  });

  it('should cancel, not sync, the returned payment when the user came back through the cancel address', async () => {
    const { fake, calls } = gateway(page([payment(9), payment(7, 'cancelled')]));
    const result = await createPaymentReturn({ gateway: fake }).load(7, 'cancelled');
    expect(calls).toEqual(['cancel 7', 'payments 1/10']);
    expect(result).toEqual(shown(payment(7, 'cancelled')));
  });

  it('should sync for any other status, or none', async () => {
    for (const status of ['success', 'onbekend', null]) {
      const { fake, calls } = gateway(page([payment(7)]));
      await createPaymentReturn({ gateway: fake }).load(7, status);
      expect(calls).toEqual(['sync 7', 'payments 1/10', 'receipt 7']);
    }
  });

  it('should cancel nothing without a payment id', async () => {
    const { fake, calls } = gateway(page([payment(9)]));
    expect(await createPaymentReturn({ gateway: fake }).load(null, 'cancelled')).toEqual(shown(payment(9)));
    expect(calls).toEqual(['payments 1/10']);
  });

  it('should still show the list when the cancel is refused (paid after all: 409)', async () => {
    const { fake } = gateway(page([payment(7)]), undefined, apiFailure(409, 'Deze betaling is al betaald.'));
    expect(await createPaymentReturn({ gateway: fake }).load(7, 'cancelled')).toEqual(
      apiOk({ payment: payment(7), receipt: sampleReceipt() }),
    );
  });

  it('should show the payment without a receipt when the receipt cannot be read', async () => {
    const { fake } = gateway(page([payment(7)]), undefined, undefined, apiFailure(500, 'Mislukt.'));
    expect(await createPaymentReturn({ gateway: fake }).load(7, 'success')).toEqual(shown(payment(7)));
  });
});

import type { ApiResult } from '../api';
import type { Payment, PaymentReceipt } from '../contract';
import type { BillingGateway } from './ports';

/** R-BILL-10: the return screen asks for the first page of 10 payments. */
export const RETURN_PAYMENTS_QUERY = { page: 1, page_size: 10 } as const;

/** The payment id of the return address, or null when it is missing or not a positive integer. */
export function parsePaymentId(raw: string | null): number | null {
  if (raw === null || !/^\d+$/.test(raw.trim())) return null;
  const id = Number(raw.trim());
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/** The return address's status after the user cancelled at the provider (the checkout's cancel_url). */
export const CANCELLED_RETURN_STATUS = 'cancelled';

/** What the return screen shows: the payment of R-BILL-10 and, once it is paid, its receipt. */
export interface PaymentReturnView {
  readonly payment: Payment | null;
  /** Only for the payment the user returned from, once it is paid. */
  readonly receipt: PaymentReceipt | null;
}

/**
 * The return screen's use-case ('Terug van betaling'). With a payment id it first asks the server to
 * sync that payment with the provider's verified state (the return address alone proves nothing) or,
 * when the user came back through the cancel address, to cancel it (the server still reads the
 * provider's state back, so a payment that went through stays paid), then reads the latest payments
 * (R-BILL-10: page 1, size 10) and, for the returned payment once paid, its receipt.
 */
export interface PaymentReturn {
  /**
   * The payment to show: the returned one when it is among the latest payments, else the newest.
   * `status` is the return address's status ('success', 'cancelled', or null when missing).
   */
  load(paymentId: number | null, status: string | null): Promise<ApiResult<PaymentReturnView>>;
}

export function createPaymentReturn(deps: { readonly gateway: BillingGateway }): PaymentReturn {
  const { gateway } = deps;
  return {
    async load(paymentId, status) {
      // A failed sync or cancel is not fatal: the list below still shows the payment as the server knows it.
      if (paymentId !== null) {
        if (status?.trim() === CANCELLED_RETURN_STATUS) await gateway.cancelPayment(paymentId);
        else await gateway.syncPayment(paymentId);
      }
      const page = await gateway.payments(RETURN_PAYMENTS_QUERY);
      if (!page.ok) return page;
      const items = page.value.items;
      const returned = paymentId === null ? undefined : items.find((payment) => payment.id === paymentId);
      // A failed receipt is not fatal either: R-BILL-10's lines still show the payment.
      const receipt = returned?.status === 'paid' ? await gateway.receipt(returned.id) : null;
      return {
        ok: true,
        value: { payment: returned ?? items[0] ?? null, receipt: receipt?.ok ? receipt.value : null },
      };
    },
  };
}

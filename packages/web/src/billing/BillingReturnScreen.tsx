import { parsePaymentId, paymentProviderLabel, receiptView, statusAsReceived } from '@loop/core/billing';
import { formatCents } from '@loop/core/format';
import type { ReactNode } from 'react';
import { Link, useSearch } from 'wouter';
import { useAsyncInjection, useInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { FormAlert } from '../forms/FormAlert';
import { Loading } from '../routing/Loading';
import { useSession } from '../session/useSession';
import { useInvalidate, useQuery } from '../shared/useQuery';
import { Page } from '../shell/Page';
import { Receipt } from './Receipt';
import { INVOICES_KEY } from './useInvoices';

/**
 * /billing/return ('Terug van betaling', R-BILL-10): the receipt of the payment once it is paid, then
 * the query's status and payment id exactly as received (the status with its meaning beside it),
 * and the latest payment.
 */
export function BillingReturnScreen() {
  const params = new URLSearchParams(useSearch());
  const rawStatus = params.get('status');
  const rawPaymentId = params.get('payment_id');
  const signedIn = useSession().status === 'authenticated';
  const query = (
    <dl className="plan-dates">
      <div>
        <dt>Status</dt>
        <dd>{statusAsReceived(rawStatus, 'onbekend')}</dd>
      </div>
      <div>
        <dt>Betaling-ID</dt>
        <dd>{rawPaymentId || '-'}</dd>
      </div>
    </dl>
  );

  return (
    <Page title="Terug van betaling" width="narrow">
      {signedIn ? (
        <ReturnedPayment paymentId={parsePaymentId(rawPaymentId)} status={rawStatus} query={query} />
      ) : (
        query
      )}
      <p className="actions">
        <Link href="/profile">Naar profiel / abonnement</Link>
        <Link href="/dashboard">Naar dashboard</Link>
      </p>
    </Page>
  );
}

function ReturnedPayment({
  paymentId,
  status,
  query,
}: {
  paymentId: number | null;
  status: string | null;
  query: ReactNode;
}) {
  const payments = useAsyncInjection(TOKENS.PaymentReturn);
  const subscription = useInjection(TOKENS.SubscriptionStore);
  const invalidate = useInvalidate();
  const returned = useQuery(`payment-return:${paymentId}:${status}`, async () => {
    const result = await payments.load(paymentId, status);
    // A paid payment changes the plan and brings an invoice: the subscription screen asks again.
    subscription.reset();
    invalidate(INVOICES_KEY);
    return result;
  });
  const payment = returned.value?.payment ?? null;
  const receipt = returned.value?.receipt ? receiptView(returned.value.receipt) : null;

  return (
    <>
      {receipt ? <Receipt view={receipt} /> : null}
      {query}
      <section className="panel" aria-labelledby="latest-payment-heading">
        <h2 id="latest-payment-heading">Laatste betaling</h2>
        {returned.loading && returned.value === null ? (
          <Loading />
        ) : returned.error ? (
          <FormAlert message={returned.error} />
        ) : payment ? (
          <dl className="payment-details">
            <div>
              <dt>ID</dt>
              <dd>{payment.id}</dd>
            </div>
            <div>
              <dt>Betaalprovider</dt>
              <dd>{paymentProviderLabel(payment.provider)}</dd>
            </div>
            <div>
              <dt>Status</dt>
              <dd>{statusAsReceived(payment.status)}</dd>
            </div>
            <div>
              <dt>Bedrag</dt>
              <dd>{formatCents(payment.amount_cents)}</dd>
            </div>
          </dl>
        ) : (
          <p>Er zijn nog geen betalingen.</p>
        )}
      </section>
    </>
  );
}

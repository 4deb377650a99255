import { parsePaymentId, paymentProviderLabel, paymentStatusLabel } from '@loop/core/billing';
import { formatCents } from '@loop/core/format';
import { Link, useSearch } from 'wouter';
import { useAsyncInjection, useInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { FormAlert } from '../forms/FormAlert';
import { Loading } from '../routing/Loading';
import { useSession } from '../session/useSession';
import { useQuery } from '../shared/useQuery';
import { Page } from '../shell/Page';

/** /billing/return ('Terug van betaling', spec §2): the query's status and payment id, and the latest payment. */
export function BillingReturnScreen() {
  const params = new URLSearchParams(useSearch());
  const rawStatus = params.get('status');
  const status = rawStatus || 'onbekend';
  const rawPaymentId = params.get('payment_id');
  const signedIn = useSession().status === 'authenticated';

  return (
    <Page title="Terug van betaling" width="narrow">
      <dl className="plan-dates">
        <div>
          <dt>Status</dt>
          <dd>{rawStatus ? paymentStatusLabel(rawStatus) : status}</dd>
        </div>
        <div>
          <dt>Betaling-ID</dt>
          <dd>{rawPaymentId || '-'}</dd>
        </div>
      </dl>
      {signedIn ? <LatestPayment paymentId={parsePaymentId(rawPaymentId)} status={rawStatus} /> : null}
      <p className="actions">
        <Link href="/profile">Naar profiel / abonnement</Link>
        <Link href="/dashboard">Naar dashboard</Link>
      </p>
    </Page>
  );
}

function LatestPayment({ paymentId, status }: { paymentId: number | null; status: string | null }) {
  const payments = useAsyncInjection(TOKENS.PaymentReturn);
  const subscription = useInjection(TOKENS.SubscriptionStore);
  const latest = useQuery(`payment-return:${paymentId}:${status}`, async () => {
    const result = await payments.load(paymentId, status);
    // A paid payment changes the plan: the subscription screen must fetch it again.
    subscription.reset();
    return result;
  });

  return (
    <section className="panel" aria-labelledby="latest-payment-heading">
      <h2 id="latest-payment-heading">Laatste betaling</h2>
      {latest.loading && latest.value === null ? (
        <Loading />
      ) : latest.error ? (
        <FormAlert message={latest.error} />
      ) : latest.value ? (
        <dl className="payment-details">
          <div>
            <dt>ID</dt>
            <dd>{latest.value.id}</dd>
          </div>
          <div>
            <dt>Betaalprovider</dt>
            <dd>{paymentProviderLabel(latest.value.provider)}</dd>
          </div>
          <div>
            <dt>Status</dt>
            <dd>{paymentStatusLabel(latest.value.status)}</dd>
          </div>
          <div>
            <dt>Bedrag</dt>
            <dd>{formatCents(latest.value.amount_cents)}</dd>
          </div>
        </dl>
      ) : (
        <p>Er zijn nog geen betalingen.</p>
      )}
    </section>
  );
}

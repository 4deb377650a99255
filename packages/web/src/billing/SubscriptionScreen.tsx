import type { Feature, Plan } from '@loop/core';
import {
  featureDescriptionHtml,
  formatDate,
  otherPlans,
  planCardView,
  planChangeNote,
  planFeatureGroups,
  statusAsReceived,
  subscriptionAccess,
} from '@loop/core/billing';
import { PERMISSION_DENIED } from '@loop/core/organisation';
import { use, useEffect, useMemo } from 'react';
import { Link } from 'wouter';
import { useInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { useCurrentRole } from '../organisation/useCurrentRole';
import { useCurrentUser } from '../organisation/useCurrentUser';
import { LoadFailed, Loading } from '../routing/Loading';
import { Page } from '../shell/Page';
import { InvoiceDetailsSection } from './InvoiceDetailsSection';
import { InvoicesSection } from './InvoicesSection';
import { PlanBadge } from './PlanBadge';
import { PlanCard } from './PlanCard';
import { useSubscription } from './useSubscription';

/** A feature's description: only ever the sanitiser's output of core's pipeline (R-BILL-13). */
function FeatureDescription({ description }: { description: string }) {
  // Suspends (inside the routes' Suspense) until DOMPurify has loaded.
  const sanitizer = use(useInjection(TOKENS.LoadHtmlSanitizer)());
  const html = useMemo(() => featureDescriptionHtml(description, sanitizer), [description, sanitizer]);
  // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by core's feature HTML policy (DOMPurify)
  return <div className="feature-description" dangerouslySetInnerHTML={{ __html: html }} />;
}

function FeatureList({ features, empty }: { features: readonly Feature[]; empty: string }) {
  if (features.length === 0) return <p>{empty}</p>;
  return (
    <ul className="feature-list">
      {features.map((feature) => (
        <li key={feature.key}>
          <strong>{feature.name}</strong>
          <FeatureDescription description={feature.description} />
        </li>
      ))}
    </ul>
  );
}

/** /dashboard/abonnement ('Mijn Abonnement', R-BILL-1). */
export function SubscriptionScreen() {
  const store = useInjection(TOKENS.SubscriptionStore);
  const state = useSubscription();
  const { subscription, plans, changingPlanId } = state;
  const choices = otherPlans(plans, subscription?.plan_id ?? null);
  const features = planFeatureGroups(subscription?.features ?? []);
  const users = useInjection(TOKENS.CurrentUserStore);
  const role = useCurrentRole();
  const { organisation } = useCurrentUser();
  // Unknown while the user loads: the buttons stay usable and the server decides; invoices are
  // finance documents, shown once the role is known to read the finance.
  const access = subscriptionAccess(role);
  const currentPlan = plans.find((plan) => plan.id === subscription?.plan_id) ?? null;
  const current = currentPlan ? planCardView(currentPlan) : null;

  useEffect(() => {
    void users.ensureLoaded();
  }, [users]);

  return (
    <Page title="Mijn Abonnement">
      <p>
        <Link href="/dashboard">Terug naar dashboard</Link>
      </p>
      {state.status !== 'loaded' ? (
        <Loading />
      ) : (
        <>
          {subscription ? (
            <section className="panel" aria-labelledby="current-plan-heading">
              <h2 id="current-plan-heading">Huidig plan</h2>
              <p className="current-plan">
                <PlanBadge name={subscription.plan_name} />
                <span className="plan-status">Status: {statusAsReceived(subscription.status)}</span>
              </p>
              <dl className="plan-dates">
                <div>
                  <dt>Startdatum</dt>
                  <dd>{formatDate(subscription.start_date)}</dd>
                </div>
                {subscription.end_date ? (
                  <div>
                    <dt>Einddatum</dt>
                    <dd>{formatDate(subscription.end_date)}</dd>
                  </div>
                ) : null}
              </dl>
              {current ? (
                <p className="current-plan-price">
                  {current.price}
                  {current.vatNote ? <span className="plan-vat"> · {current.vatNote}</span> : null}
                </p>
              ) : null}
              <h3>Inbegrepen kernfunctie</h3>
              <FeatureList features={features.core} empty="Geen kernfunctie." />
              <h3>Extra functies</h3>
              <FeatureList features={features.extra} empty="Dit plan heeft geen extra functies." />
              {current ? <p className="plan-note">{current.analyticsNote}</p> : null}
            </section>
          ) : (
            <LoadFailed message="Je abonnement kon niet worden geladen." onRetry={() => void store.load()} />
          )}

          <section className="panel" aria-labelledby="other-plans-heading">
            <h2 id="other-plans-heading">Andere plannen</h2>
            <p>Alle prijzen zijn per maand en inclusief 21% btw.</p>
            {access.changePlan ? null : (
              <p className="alert alert-info">{PERMISSION_DENIED['billing.manage']}</p>
            )}
            {choices.length === 0 ? (
              <p>Er zijn geen andere plannen.</p>
            ) : (
              <ul className="plan-list">
                {choices.map((plan) => (
                  <PlanChoice
                    key={plan.id}
                    plan={plan}
                    changeNote={planChangeNote(currentPlan, plan)}
                    busy={changingPlanId === plan.id}
                    disabled={!access.changePlan || changingPlanId !== null || subscription === null}
                    onChoose={() => void store.choosePlan(plan)}
                  />
                ))}
              </ul>
            )}
          </section>
          {access.readInvoices ? <InvoicesSection /> : null}
          {access.editInvoiceDetails ? (
            <InvoiceDetailsSection organisationName={organisation?.name ?? 'je organisatie'} />
          ) : null}
        </>
      )}
    </Page>
  );
}

function PlanChoice({
  plan,
  changeNote,
  busy,
  disabled,
  onChoose,
}: {
  plan: Plan;
  changeNote: string | null;
  busy: boolean;
  disabled: boolean;
  onChoose: () => void;
}) {
  return (
    <PlanCard plan={plan} headingId={`plan-${plan.id}-heading`} changeNote={changeNote}>
      <button
        type="button"
        className="button"
        onClick={onChoose}
        disabled={disabled}
        aria-busy={busy || undefined}
        aria-label={`Kies dit plan: ${plan.name}`}
      >
        {busy ? 'Bezig...' : 'Kies dit plan'}
      </button>
    </PlanCard>
  );
}

import type { Feature, Plan } from '@loop/core';
import {
  featureDescriptionHtml,
  formatDate,
  formatPlanPrice,
  otherPlans,
  subscriptionStatusLabel,
} from '@loop/core/billing';
import { can, PERMISSION_DENIED } from '@loop/core/organisation';
import { use, useEffect, useMemo } from 'react';
import { Link } from 'wouter';
import { useInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { useCurrentRole } from '../organisation/useCurrentRole';
import { LoadFailed, Loading } from '../routing/Loading';
import { Page } from '../shell/Page';
import { PlanBadge } from './PlanBadge';
import { useSubscription } from './useSubscription';

/** A feature's description: only ever the sanitiser's output of core's pipeline (spec §5). */
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

/** /dashboard/abonnement ('Mijn Abonnement', spec §2). */
export function SubscriptionScreen() {
  const store = useInjection(TOKENS.SubscriptionStore);
  const state = useSubscription();
  const { subscription, plans, changingPlanId } = state;
  const choices = otherPlans(plans, subscription?.plan_id ?? null);
  const coreFeatures = subscription?.features.filter((feature) => feature.key === 'core') ?? [];
  const extraFeatures = subscription?.features.filter((feature) => feature.key !== 'core') ?? [];
  const users = useInjection(TOKENS.CurrentUserStore);
  const role = useCurrentRole();
  // Unknown while the user loads: the buttons stay usable and the server decides.
  const mayChange = role === null || can(role, 'billing.manage');

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
                <span className="plan-status">Status: {subscriptionStatusLabel(subscription.status)}</span>
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
              <h3>Inbegrepen kernfunctie</h3>
              <FeatureList features={coreFeatures} empty="Geen kernfunctie." />
              <h3>Extra functies</h3>
              <FeatureList features={extraFeatures} empty="Dit plan heeft geen extra functies." />
            </section>
          ) : (
            <LoadFailed message="Je abonnement kon niet worden geladen." onRetry={() => void store.load()} />
          )}

          <section className="panel" aria-labelledby="other-plans-heading">
            <h2 id="other-plans-heading">Andere plannen</h2>
            {mayChange ? null : <p className="alert alert-info">{PERMISSION_DENIED['billing.manage']}</p>}
            {choices.length === 0 ? (
              <p>Er zijn geen andere plannen.</p>
            ) : (
              <ul className="plan-list">
                {choices.map((plan) => (
                  <PlanChoice
                    key={plan.id}
                    plan={plan}
                    busy={changingPlanId === plan.id}
                    disabled={!mayChange || changingPlanId !== null || subscription === null}
                    onChoose={() => void store.choosePlan(plan)}
                  />
                ))}
              </ul>
            )}
          </section>
        </>
      )}
    </Page>
  );
}

function PlanChoice({
  plan,
  busy,
  disabled,
  onChoose,
}: {
  plan: Plan;
  busy: boolean;
  disabled: boolean;
  onChoose: () => void;
}) {
  const headingId = `plan-${plan.id}-heading`;
  return (
    <li className="plan-card" aria-labelledby={headingId}>
      <h3 id={headingId}>
        <PlanBadge name={plan.name} />
      </h3>
      <p className="plan-price">{formatPlanPrice(plan.price_per_month)}</p>
      {plan.features.length > 0 ? (
        <ul className="plan-features">
          {plan.features.map((feature) => (
            <li key={feature.key}>{feature.name}</li>
          ))}
        </ul>
      ) : null}
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
    </li>
  );
}

import { decideFeatureGate } from '@loop/core/billing';
import type { FeatureKey } from '@loop/core/features';
import { can, PERMISSION_DENIED } from '@loop/core/organisation';
import type { ReactNode } from 'react';
import { Link, Redirect } from 'wouter';
import { useCurrentRole } from '../organisation/useCurrentRole';
import { Page } from '../shell/Page';
import { useFeature } from './useFeature';
import { useSubscription } from './useSubscription';

/**
 * A screen behind a plan feature (R-BILL-14): nothing while the plan is checked, the screen when the
 * plan has the feature, and otherwise what core's decideFeatureGate says: the page's title with
 * which plans unlock it and a link to 'Mijn Abonnement', or R-ANALYSIS-1's redirect (the business
 * analysis goes to /dashboard).
 */
export function FeatureGate({
  feature,
  title,
  children,
}: {
  feature: FeatureKey;
  /** The screen's own title, shown above the explanation. */
  title: string;
  children: ReactNode;
}) {
  const check = useFeature(feature);
  const { plans } = useSubscription();
  const decision = decideFeatureGate({ feature, check, plans });
  if (decision.kind === 'loading') return null;
  if (decision.kind === 'redirect') return <Redirect to={decision.to} replace />;
  if (decision.kind === 'explain') return <MissingFeature title={title} text={decision.text} />;
  return <>{children}</>;
}

function MissingFeature({ title, text }: { title: string; text: string }) {
  const role = useCurrentRole();
  // Unknown while the user loads: say nothing about who may change the plan.
  const mayChange = role === null || can(role, 'billing.manage');
  return (
    <Page title={title}>
      <section className="panel feature-missing">
        <p>{text}</p>
        {mayChange ? null : <p>{PERMISSION_DENIED['billing.manage']}</p>}
        <p>
          <Link href="/dashboard/abonnement" className="button">
            Mijn Abonnement
          </Link>
        </p>
      </section>
    </Page>
  );
}

import type { Plan } from '@loop/core';
import { planCardView } from '@loop/core/billing';
import type { ReactNode } from 'react';
import { PlanBadge } from './PlanBadge';

/**
 * A plan's card (docs/decisions/billing.md, 'Plan cards explain themselves'): the price of R-BILL-3,
 * whether it includes BTW, one line per feature with what it is, where KPI's and Financiën come from, and
 * what a change does to the running period. `children` is the card's button, if any.
 */
export function PlanCard({
  plan,
  headingId,
  changeNote = null,
  children,
  className = 'plan-card',
}: {
  plan: Plan;
  headingId: string;
  changeNote?: string | null;
  children?: ReactNode;
  className?: string;
}) {
  const view = planCardView(plan);
  return (
    <li className={className} aria-labelledby={headingId}>
      <h3 id={headingId}>
        <PlanBadge name={plan.name} />
      </h3>
      <p className="plan-price">{view.price}</p>
      {view.vatNote ? <p className="plan-vat">{view.vatNote}</p> : null}
      {view.features.length > 0 ? (
        <ul className="plan-features" aria-label={`Wat ${plan.name} bevat`}>
          {view.features.map((feature) => (
            <li key={feature.key}>
              <strong>{feature.name}</strong>
              {feature.summary ? `: ${feature.summary}` : null}
            </li>
          ))}
        </ul>
      ) : null}
      <p className="plan-note">{view.analyticsNote}</p>
      {changeNote ? <p className="plan-change-note">{changeNote}</p> : null}
      {children}
    </li>
  );
}

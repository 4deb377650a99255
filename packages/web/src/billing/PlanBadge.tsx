import { planBadgeColour } from '@loop/core/billing';

/** The plan's name as a coloured badge (R-BILL-4: basicloop blue, smartloop green, proloop purple). */
export function PlanBadge({ name }: { name: string }) {
  return <span className={`plan-badge plan-badge-${planBadgeColour(name)}`}>{name}</span>;
}

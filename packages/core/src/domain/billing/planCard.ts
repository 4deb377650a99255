import { decode } from 'he';
import type { Feature, Plan } from '../contract';
import { formatCents } from '../format';
import { amountCents, formatPlanPrice } from './plans';
import { splitVat, VAT_RATE } from './vat';

/** The feature whose plans open the Analytics, KPI's and Financiën pages. */
const ANALYTICS = 'analytics';

/** One line of a plan card: the feature's name and what it is in a sentence. */
export interface FeatureLine {
  readonly key: string;
  readonly name: string;
  readonly summary: string;
}

/** What a plan's card says (docs/decisions/billing.md, 'Plan cards explain themselves'). */
export interface PlanCardView {
  /** 'Gratis' or '€ 29,00 / maand' (R-BILL-3, exactly). */
  readonly price: string;
  /** Whether the price includes BTW, and what it is without; null for a free plan. */
  readonly vatNote: string | null;
  /** One line per feature, in the plan's order. */
  readonly features: readonly FeatureLine[];
  /** That the Analytics, KPI's and Financiën pages come with 'Analyse', and whether this plan has it. */
  readonly analyticsNote: string;
}

/**
 * A feature's description in one plain sentence: the text of its first paragraph (the seeded texts
 * open with what the feature is, then list the details), entities decoded, tags and extra spaces
 * gone. Shown as text, never as HTML.
 */
export function featureSummary(description: string): string {
  const html = decode(description);
  const first = /<p\b[^>]*>([\s\S]*?)<\/p>/i.exec(html)?.[1] ?? html.split(/<(?:ul|ol|li|br)\b/i)[0] ?? '';
  return decode(first.replace(/<[^>]*>/g, ' '))
    .replace(/\s+/g, ' ')
    .replace(/\s+([.,:;!?])/g, '$1')
    .trim();
}

export const featureLines = (features: readonly Feature[]): FeatureLine[] =>
  features.map((feature) => ({
    key: feature.key,
    name: feature.name,
    summary: featureSummary(feature.description),
  }));

/** 'Inclusief 21% btw (€ 23,97 zonder btw)'; null for a free plan. */
export function planVatNote(pricePerMonth: number): string | null {
  const cents = amountCents(pricePerMonth);
  if (cents === 0) return null;
  return `Inclusief ${VAT_RATE}% btw (${formatCents(splitVat(cents).exclCents)} zonder btw)`;
}

/** A plan's card: price, BTW, one line per feature and where KPI's and Financiën are. */
export function planCardView(plan: Plan): PlanCardView {
  const analytics = plan.features.find((feature) => feature.key === ANALYTICS);
  const name = `'${analytics?.name ?? 'Analyse'}'`;
  return {
    price: formatPlanPrice(plan.price_per_month),
    vatNote: planVatNote(plan.price_per_month),
    features: featureLines(plan.features),
    analyticsNote:
      analytics === undefined
        ? `De pagina's Analytics, KPI's en Financiën horen bij ${name}, dat niet in dit plan zit.`
        : `De pagina's Analytics, KPI's en Financiën horen bij ${name} en zitten in dit plan.`,
  };
}

/**
 * What happens to the running period when the organisation moves from `current` to `next`, said
 * before the choice (docs/decisions/billing.md, 'A plan change starts at once and settles nothing'). The
 * server ends the current subscription the moment the new one starts and credits nothing for the
 * days left, so a paid plan left early says so. Null when there is nothing to say.
 */
export function planChangeNote(current: Plan | null, next: Plan): string | null {
  if (current === null || current.id === next.id) return null;
  const leavesPaid = amountCents(current.price_per_month) > 0;
  const unsettled = `de resterende dagen van ${current.name} worden niet verrekend`;
  if (amountCents(next.price_per_month) === 0) {
    return leavesPaid ? `Kies je ${next.name}, dan stopt ${current.name} meteen; ${unsettled}.` : null;
  }
  return leavesPaid
    ? `Na betaling gaat ${next.name} meteen in en stopt ${current.name}; ${unsettled}.`
    : `Na betaling gaat ${next.name} meteen in en wordt het elke maand verlengd.`;
}

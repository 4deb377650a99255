import type { Plan } from '../contract';
import type { FeatureKey } from '../features';
import { formatPlanPrice } from './plans';

const byName = new Intl.Collator('nl', { sensitivity: 'base', numeric: true });

/**
 * The plans that include a feature, cheapest first, then by name (the server lists plans that way
 * too, but the sentence must not depend on the order of the wire).
 */
export function plansWithFeature(plans: readonly Plan[], key: FeatureKey): readonly Plan[] {
  return plans
    .filter((plan) => plan.features.some((feature) => feature.key === key))
    .slice()
    .sort((a, b) => a.price_per_month - b.price_per_month || byName.compare(a.name, b.name));
}

/** 'a', 'a en b', 'a, b en c' (or with 'of'). */
export function joinNames(names: readonly string[], word: 'en' | 'of'): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} ${word} ${names.at(-1)}`;
}

/** 'smartloop (€ 29,00 / maand)', 'basicloop (gratis)'. */
const planWithPrice = (plan: Plan): string =>
  `${plan.name} (${plan.price_per_month === 0 ? 'gratis' : formatPlanPrice(plan.price_per_month)})`;

/**
 * Why a page behind a plan feature shows no content, in Dutch: the feature by the name the plans
 * give it and the plans that have it, cheapest first with their prices. With no plans at all (they
 * could not be loaded) it says where to look instead of claiming that no plan has it.
 */
export function missingFeatureText(plans: readonly Plan[], key: FeatureKey): string {
  const unlocking = plansWithFeature(plans, key);
  const first = unlocking[0]?.features.find((feature) => feature.key === key);
  if (first !== undefined) {
    return (
      `Voor deze pagina is de functie ${first.name} nodig. Die zit niet in het abonnement van je ` +
      `organisatie, wel in ${joinNames(unlocking.map(planWithPrice), 'en')}.`
    );
  }
  if (plans.length === 0) {
    return (
      'Voor deze pagina is een functie nodig die niet in het abonnement van je organisatie zit. Bij ' +
      'Mijn Abonnement zie je welke abonnementen die functie wel hebben.'
    );
  }
  return 'Voor deze pagina is een functie nodig die op dit moment bij geen enkel abonnement hoort.';
}

/**
 * Pages whose missing feature sends the user elsewhere instead of explaining: R-ANALYSIS-1 sends
 * /bedrijfsanalyse without `business` to the dashboard. Every other gated page explains itself.
 */
export const FEATURE_REDIRECTS: Readonly<Partial<Record<FeatureKey, string>>> = { business: '/dashboard' };

export type FeatureGateDecision =
  | { readonly kind: 'loading' }
  | { readonly kind: 'render' }
  | { readonly kind: 'redirect'; readonly to: string }
  | { readonly kind: 'explain'; readonly text: string };

/**
 * What a page behind a plan feature shows: nothing yet while the plan is checked, the page when
 * the plan has the feature, otherwise the redirect a rule prescribes (R-ANALYSIS-1) and else the
 * explanation of `missingFeatureText`.
 */
export function decideFeatureGate(input: {
  readonly feature: FeatureKey;
  /** useFeature's answer: 'loading' until the subscription is known. */
  readonly check: 'loading' | boolean;
  readonly plans: readonly Plan[];
}): FeatureGateDecision {
  if (input.check === 'loading') return { kind: 'loading' };
  if (input.check) return { kind: 'render' };
  const to = FEATURE_REDIRECTS[input.feature];
  if (to !== undefined) return { kind: 'redirect', to };
  return { kind: 'explain', text: missingFeatureText(input.plans, input.feature) };
}

/**
 * The short form for a link to a gated page (a dashboard card): 'Zit niet in je abonnement, wel in
 * smartloop en proloop.', or without the second half when no plan (or none known) has it.
 */
export function missingFeatureNote(plans: readonly Plan[], key: FeatureKey): string {
  const names = plansWithFeature(plans, key).map((plan) => plan.name);
  return names.length === 0
    ? 'Zit niet in je abonnement.'
    : `Zit niet in je abonnement, wel in ${joinNames(names, 'en')}.`;
}

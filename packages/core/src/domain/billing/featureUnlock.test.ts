import { describe, expect, it } from 'vitest';
import type { Plan } from '../contract';
import {
  decideFeatureGate,
  joinNames,
  missingFeatureNote,
  missingFeatureText,
  plansWithFeature,
} from './featureUnlock';

// Intl's nl-NL currency format puts a no-break space (U+00A0) between the euro sign and the amount.
const NBSP = '\u00a0';

const NAMES: Record<string, string> = { core: 'Basis', analytics: 'Analyse', branding: 'Eigen huisstijl' };

const plan = (id: number, name: string, price: number, keys: readonly string[]): Plan => ({
  id,
  name,
  price_per_month: price,
  features: keys.map((key) => ({ key, name: NAMES[key] ?? key, description: '' })),
});

const BASIC = plan(1, 'basicloop', 0, ['core']);
const SMART = plan(2, 'smartloop', 29, ['core', 'analytics', 'branding']);
const PRO = plan(3, 'proloop', 79, ['core', 'analytics', 'branding']);
const TEAM = plan(4, 'teamloop', 29, ['core', 'analytics']);

const names = (plans: readonly Plan[]) => plans.map((each) => each.name);

describe('plansWithFeature', () => {
  it('should keep the plans with the feature, cheapest first, whatever order they came in', () => {
    expect(names(plansWithFeature([PRO, BASIC, SMART], 'analytics'))).toEqual(['smartloop', 'proloop']);
  });

  it('should order plans of one price by name', () => {
    expect(names(plansWithFeature([PRO, TEAM, SMART], 'analytics'))).toEqual([
      'smartloop',
      'teamloop',
      'proloop',
    ]);
  });

  it('should answer no plans when none has the feature, and leave its input alone', () => {
    const input = [PRO, BASIC];
    expect(plansWithFeature(input, 'export')).toEqual([]);
    expect(names(input)).toEqual(['proloop', 'basicloop']);
  });
});

describe('joinNames', () => {
  it('should join names the Dutch way', () => {
    expect(joinNames([], 'en')).toBe('');
    expect(joinNames(['a'], 'en')).toBe('a');
    expect(joinNames(['a', 'b'], 'of')).toBe('a of b');
    expect(joinNames(['a', 'b', 'c'], 'en')).toBe('a, b en c');
  });
});

describe('missingFeatureText', () => {
  it('should name the feature and the plans that have it, cheapest first with their prices', () => {
    expect(missingFeatureText([PRO, BASIC, SMART], 'analytics')).toBe(
      'Voor deze pagina is de functie Analyse nodig. Die zit niet in het abonnement van je organisatie, ' +
        `wel in smartloop (€${NBSP}29,00 / maand) en proloop (€${NBSP}79,00 / maand).`,
    );
  });

  it('should name one plan alone, and a free plan as free', () => {
    const free = plan(5, 'gratisloop', 0, ['core', 'branding']);
    expect(missingFeatureText([BASIC, free], 'branding')).toBe(
      'Voor deze pagina is de functie Eigen huisstijl nodig. Die zit niet in het abonnement van je ' +
        'organisatie, wel in gratisloop (gratis).',
    );
  });

  it('should say so when no plan has the feature', () => {
    expect(missingFeatureText([BASIC, SMART], 'export')).toBe(
      'Voor deze pagina is een functie nodig die op dit moment bij geen enkel abonnement hoort.',
    );
  });

  it('should send the user to Mijn Abonnement when the plans are unknown', () => {
    expect(missingFeatureText([], 'analytics')).toBe(
      'Voor deze pagina is een functie nodig die niet in het abonnement van je organisatie zit. Bij Mijn ' +
        'Abonnement zie je welke abonnementen die functie wel hebben.',
    );
  });
});

describe('decideFeatureGate', () => {
  const plans = [BASIC, SMART, PRO];

  it('should wait while the plan is checked', () => {
    expect(decideFeatureGate({ feature: 'analytics', check: 'loading', plans })).toEqual({ kind: 'loading' });
  });

  it('should render the page when the plan has the feature', () => {
    expect(decideFeatureGate({ feature: 'analytics', check: true, plans })).toEqual({ kind: 'render' });
  });

  it('should explain a missing feature with the plans that have it', () => {
    expect(decideFeatureGate({ feature: 'analytics', check: false, plans })).toEqual({
      kind: 'explain',
      text: missingFeatureText(plans, 'analytics'),
    });
  });

  it('should keep the redirect R-ANALYSIS-1 prescribes for the business analysis', () => {
    expect(decideFeatureGate({ feature: 'business', check: false, plans })).toEqual({
      kind: 'redirect',
      to: '/dashboard',
    });
  });
});

describe('missingFeatureNote', () => {
  it('should name the plans with the feature, cheapest first', () => {
    expect(missingFeatureNote([PRO, BASIC, SMART], 'branding')).toBe(
      'Zit niet in je abonnement, wel in smartloop en proloop.',
    );
    expect(missingFeatureNote([BASIC, SMART], 'branding')).toBe(
      'Zit niet in je abonnement, wel in smartloop.',
    );
  });

  it('should name no plan when none has it or the plans are unknown', () => {
    expect(missingFeatureNote([BASIC], 'branding')).toBe('Zit niet in je abonnement.');
    expect(missingFeatureNote([], 'branding')).toBe('Zit niet in je abonnement.');
  });
});

import { describe, expect, it } from 'vitest';
import type { Feature, Plan } from '../contract';
import { featureSummary, planCardView, planChangeNote, planVatNote } from './planCard';

const feature = (key: string, name: string, description: string): Feature => ({ key, name, description });
const plan = (id: number, name: string, price: number, features: Feature[] = []): Plan => ({
  id,
  name,
  price_per_month: price,
  features,
});

const CORE = feature(
  'core',
  'Kern',
  '<p>Alles om <strong>feedback te verzamelen</strong>, met elk abonnement.</p><ul><li>Surveys</li></ul>',
);
const ANALYTICS = feature(
  'analytics',
  'Analyse',
  '<p>Zie <strong>al je surveys samen</strong> en volg je KPI&#39;s.</p>',
);
const basic = plan(1, 'basicloop', 0, [CORE]);
const smart = plan(2, 'smartloop', 29, [CORE, ANALYTICS]);
const pro = plan(3, 'proloop', 79, [CORE, ANALYTICS]);

describe('planCardView', () => {
  it('should list one line per feature with what it is, and say whether the price includes BTW', () => {
    const view = planCardView(smart);
    expect(view.price.replace(/\u00a0/g, ' ')).toBe('€ 29,00 / maand');
    expect(view.vatNote?.replace(/\u00a0/g, ' ')).toBe('Inclusief 21% btw (€ 23,97 zonder btw)');
    expect(view.features).toEqual([
      { key: 'core', name: 'Kern', summary: 'Alles om feedback te verzamelen, met elk abonnement.' },
      { key: 'analytics', name: 'Analyse', summary: "Zie al je surveys samen en volg je KPI's." },
    ]);
  });

  it("should say on every card that Analytics, KPI's and Financiën come with 'Analyse'", () => {
    expect(planCardView(smart).analyticsNote).toBe(
      "De pagina's Analytics, KPI's en Financiën horen bij 'Analyse' en zitten in dit plan.",
    );
    expect(planCardView(basic).analyticsNote).toBe(
      "De pagina's Analytics, KPI's en Financiën horen bij 'Analyse', dat niet in dit plan zit.",
    );
  });

  it("should keep R-BILL-3's 'Gratis' and have no BTW note for a free plan", () => {
    expect(planCardView(basic).price).toBe('Gratis');
    expect(planVatNote(0)).toBeNull();
    expect(planVatNote(79)?.replace(/\u00a0/g, ' ')).toBe('Inclusief 21% btw (€ 65,29 zonder btw)');
  });
});

describe('featureSummary', () => {
  it('should take the first paragraph as plain text, decoding entities, never keeping markup', () => {
    expect(
      featureSummary(
        '&lt;p&gt;Eigen &lt;em&gt;logo&lt;/em&gt;&lt;/p&gt;&lt;ul&gt;&lt;li&gt;x&lt;/li&gt;&lt;/ul&gt;',
      ),
    ).toBe('Eigen logo');
    expect(featureSummary('Zonder alinea<ul><li>lijst</li></ul>')).toBe('Zonder alinea');
    expect(featureSummary('<p>Met <script>alert(1)</script>script</p>')).not.toContain('<');
  });
});

describe('planChangeNote', () => {
  it('should say that leaving a paid plan starts the new one at once without settling the days left', () => {
    expect(planChangeNote(smart, pro)).toBe(
      'Na betaling gaat proloop meteen in en stopt smartloop; de resterende dagen van smartloop worden niet verrekend.',
    );
    expect(planChangeNote(pro, basic)).toBe(
      'Kies je basicloop, dan stopt proloop meteen; de resterende dagen van proloop worden niet verrekend.',
    );
  });

  it('should say a paid plan from a free one starts at payment and renews monthly, and nothing between free plans', () => {
    expect(planChangeNote(basic, smart)).toBe(
      'Na betaling gaat smartloop meteen in en wordt het elke maand verlengd.',
    );
    expect(planChangeNote(basic, plan(9, 'gratisloop', 0))).toBeNull();
    expect(planChangeNote(null, smart)).toBeNull();
  });
});

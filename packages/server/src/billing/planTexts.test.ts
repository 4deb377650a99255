import { featureDescriptionHtml } from '@loop/core/billing';
import { asc, eq, inArray } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { features, planFeatures, plans } from '../db/schema';
import { serverHtmlSanitizer } from '../surveys/surveyHtml';
import { createTestContext, type TestContext, testConfig } from '../testing/testApp';
import { CORE_FEATURE } from './catalog';

/**
 * Things Loop does not do yet, which a plan text must therefore not name. Each issue that builds
 * one removes its phrase here in the same change (and gives its feature a true text). Issue 15
 * built the business analysis with its PDF and Markdown export, the PDF summary of a survey's
 * results ('export', migration 0017) and the summaries of open answers (the feature 'ai',
 * 'AI-inzichten', migration 0018, whose text says a language model is only involved when one is
 * connected); the seed's other promises for 'ai' are not built. Issue 16 built contacts (list,
 * search, segments, CSV import and export; migration 0019) and the invitations sent to them (with
 * reminders, the contact rule, one-click unsubscribe and anonymous surveys; migration 0023).
 */
const NOT_YET_BUILT = ['signalen', 'vervolgvragen', 'kunstmatige intelligentie'];

/** The phrase as a whole word, any case: 'PDF' finds "PDF's" and "PDF-export", not "pdfs". */
const phrasePattern = (phrase: string): RegExp =>
  new RegExp(`(?<![\\p{L}\\p{N}])${phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'iu');

/** The little of the DOM this test reads (the server is compiled without the DOM library). */
interface NodeLike {
  readonly nodeType: number;
  readonly nodeValue: string | null;
  readonly childNodes: ArrayLike<NodeLike>;
  querySelectorAll?(selector: string): ArrayLike<{ getAttribute(name: string): string | null }>;
}

const TEXT_NODE = 3;

const reader = new JSDOM('<!doctype html><html><body></body></html>').window as unknown as {
  document: { createElement(name: 'template'): { innerHTML: string; content: Required<NodeLike> } };
};

/** A description as the subscription screen shows it: core's pipeline with the same DOMPurify policy. */
function shown(description: string): Required<NodeLike> {
  const template = reader.document.createElement('template');
  template.innerHTML = featureDescriptionHtml(description, serverHtmlSanitizer);
  return template.content;
}

/** Its text nodes joined by spaces: `textContent` runs list items together ("surveyContacten"). */
function textOf(node: NodeLike): string {
  if (node.nodeType === TEXT_NODE) return node.nodeValue ?? '';
  return Array.from(node.childNodes, textOf).join(' ');
}

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

describe('plan texts (migrated database)', () => {
  it('should sell only features a server route checks, besides core, which every plan has', async () => {
    const sold = await ctx.db
      .selectDistinct({ key: planFeatures.featureKey })
      .from(planFeatures)
      .orderBy(asc(planFeatures.featureKey));
    // The app itself says which keys its routes check; a plan selling another key sells nothing.
    const checked = new Set<string>([CORE_FEATURE, ...ctx.app.checkedFeatures]);
    expect(ctx.app.checkedFeatures.size).toBeGreaterThan(0);
    expect(sold.map((row) => row.key).filter((key) => !checked.has(key))).toEqual([]);
  });

  it("should link only to Loop's own pages: relative links or the configured public origin", async () => {
    const origin = new URL(testConfig(ctx.dataDir).appUrl).origin;
    const rows = await ctx.db.select().from(features);
    const foreign: string[] = [];
    for (const row of rows) {
      for (const element of Array.from(shown(row.description).querySelectorAll('[href]'))) {
        const href = element.getAttribute('href') ?? '';
        const absolute = /^[a-z][a-z\d+.-]*:/i.test(href) || href.startsWith('//');
        if (absolute && new URL(href, origin).origin !== origin) foreign.push(`${row.key}: ${href}`);
      }
    }
    expect(foreign).toEqual([]);
  });

  it('should not name anything Loop has not built yet', async () => {
    const sold = new Set((await ctx.db.select().from(planFeatures)).map((row) => row.featureKey));
    const rows = await ctx.db.select().from(features);
    const named: string[] = [];
    for (const row of rows) {
      // Every description (an admin may add any feature to a plan); the names of sold features.
      const text = `${textOf(shown(row.description))} ${sold.has(row.key) ? row.name : ''}`;
      for (const phrase of NOT_YET_BUILT) {
        if (phrasePattern(phrase).test(text)) named.push(`${row.key}: ${phrase}`);
      }
    }
    expect(named).toEqual([]);
  });
});

describe('plan texts in one language (migration 0029)', () => {
  it("should use Loop's words: 'reactie' not 'respons', 'je' not 'u', the ASCII apostrophe, 'Analyse' for the page", async () => {
    const forbidden: ReadonlyArray<readonly [string, RegExp]> = [
      ['respons', /(?<![\p{L}\p{N}])respons(en)?(?![\p{L}\p{N}])/iu],
      ['u/uw', /(?<![\p{L}\p{N}'])(u|uw)(?![\p{L}\p{N}'])/iu],
      ['curly apostrophe', /[\u2018\u2019]/u],
      ['U+2212', /\u2212/u],
      ['Analytics', /\bAnalytics\b/u],
    ];
    const rows = await ctx.db.select().from(features);
    const found: string[] = [];
    for (const row of rows) {
      const text = `${row.name} ${textOf(shown(row.description))}`;
      for (const [name, pattern] of forbidden) if (pattern.test(text)) found.push(`${row.key}: ${name}`);
    }
    expect(found).toEqual([]);
  });
});

describe('the business analysis and the AI insights on the plans (migrations 0016 and 0018)', () => {
  it("should sell 'business' and 'ai' on proloop only", async () => {
    const rows = await ctx.db
      .select({ plan: plans.name, key: planFeatures.featureKey })
      .from(planFeatures)
      .innerJoin(plans, eq(plans.id, planFeatures.planId))
      .where(inArray(planFeatures.featureKey, ['ai', 'business']))
      .orderBy(asc(planFeatures.featureKey));
    expect(rows).toEqual([
      { plan: 'proloop', key: 'ai' },
      { plan: 'proloop', key: 'business' },
    ]);
  });

  it('should say what the summaries do, that Loop makes them by counting words, and when answers go to a language model', async () => {
    const [ai] = await ctx.db.select().from(features).where(eq(features.key, 'ai'));
    expect(ai?.name).toBe('AI-inzichten');
    const text = textOf(shown(ai?.description ?? '')).replace(/\s+/g, ' ');
    for (const phrase of [
      'Samenvattingen van open antwoorden',
      'thema',
      'citaten',
      'zonder e-mailadressen en telefoonnummers',
      'geen enkel thema',
      'zonder taalmodel',
      'Koppelt de beheerder van je Loop-server een taalmodel',
      'de antwoorden gaan dan mee',
    ])
      expect(text.toLowerCase()).toContain(phrase.toLowerCase());
    expect(text).not.toContain('nog niet beschikbaar');
  });

  it('should say what the analysis does, and that Loop writes it by rules unless a language model is connected', async () => {
    const [business] = await ctx.db.select().from(features).where(eq(features.key, 'business'));
    const text = textOf(shown(business?.description ?? ''));
    for (const phrase of [
      'KPI',
      'surveys',
      'financiën',
      'Sterke punten',
      'PDF',
      'Markdown',
      'Eerdere analyses',
      'vaste regels',
      'taalmodel',
    ])
      expect(text.toLowerCase()).toContain(phrase.toLowerCase());
    expect(text).not.toContain('nog niet beschikbaar');
  });
});

describe('contacts on the plans (migration 0019)', () => {
  it("should say that 'core' has contacts: the list, search, segments, CSV import and export, and erasing", async () => {
    const [core] = await ctx.db.select().from(features).where(eq(features.key, 'core'));
    const text = textOf(shown(core?.description ?? '')).toLowerCase();
    for (const phrase of [
      'Contacten',
      'zoeken',
      'tags',
      'segmenten',
      'importeren en exporteren als CSV',
      'wissen',
    ])
      expect(text).toContain(phrase.toLowerCase());
  });
});

describe('invitations on the plans (migration 0023)', () => {
  it("should say that 'core' sends invitations with reminders, the contact rule, unsubscribing and anonymity", async () => {
    const [core] = await ctx.db.select().from(features).where(eq(features.key, 'core'));
    const text = textOf(shown(core?.description ?? '')).toLowerCase();
    for (const phrase of [
      'Uitnodigingen per e-mail',
      'eigen persoonlijke link',
      'herinneringen',
      'verstuurd, geopend of ingevuld',
      'contactregel',
      'afmelden met één klik',
      'anonieme surveys',
    ])
      expect(text).toContain(phrase.toLowerCase());
  });
});

describe('the contacts map on the plans (migration 0026)', () => {
  it("should say that 'core' shows contacts on a map, coloured by NPS or invitation status", async () => {
    const [core] = await ctx.db.select().from(features).where(eq(features.key, 'core'));
    const text = textOf(shown(core?.description ?? '')).toLowerCase();
    for (const phrase of [
      'kaart van Nederland',
      'geplaatst op hun adres',
      'laatste NPS-antwoord',
      'uitnodiging',
    ])
      expect(text).toContain(phrase.toLowerCase());
  });
});

describe('the results PDF on the plans (migration 0017)', () => {
  it("should say that 'export' makes the XLSX export and a PDF summary of the results, without open answers", async () => {
    const [exportFeature] = await ctx.db.select().from(features).where(eq(features.key, 'export'));
    const text = textOf(shown(exportFeature?.description ?? '')).toLowerCase();
    for (const phrase of [
      'XLSX',
      'samenvatting als PDF',
      'resultatenpagina',
      'NPS',
      'open antwoorden blijven erbuiten',
      'CSV',
    ])
      expect(text).toContain(phrase.toLowerCase());
  });

  it("should sell 'export' on smartloop and proloop, not on basicloop", async () => {
    const rows = await ctx.db
      .select({ plan: plans.name })
      .from(planFeatures)
      .innerJoin(plans, eq(plans.id, planFeatures.planId))
      .where(eq(planFeatures.featureKey, 'export'))
      .orderBy(asc(plans.name));
    expect(rows.map((row) => row.plan)).toEqual(['proloop', 'smartloop']);
  });
});

describe('phrasePattern', () => {
  it('should find a phrase as a whole word in any case, also in compounds with a hyphen', () => {
    expect(phrasePattern('PDF').test("de PDF's")).toBe(true);
    expect(phrasePattern('Bedrijfsanalyse').test('de bedrijfsanalyse-pagina')).toBe(true);
    expect(phrasePattern('AI').test('AI-inzichten')).toBe(true);
    expect(phrasePattern('Contacten').test('contacten beheren')).toBe(true);
    expect(phrasePattern('AI').test('e-mail en daarna')).toBe(false);
    expect(phrasePattern('uitnodigingen').test("collega's uitnodigen")).toBe(false);
  });
});

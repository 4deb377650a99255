import type { DownloadedFile, FileSaver, Invoice } from '@loop/core';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../app/App';
import type { ContainerOverrides } from '../app/container';
import { json, type SeenRequest } from '../testing/fakeApi';
import { button, click, render, type, unmountAll, waitFor } from '../testing/render';
import { createSignedInApp, type TestRoutes } from '../testing/testContainer';

afterEach(unmountAll);

const NAMES: Record<string, string> = { branding: 'Eigen huisstijl', analytics: 'Analyse' };

const feature = (key: string, description = '') => ({
  key,
  name: NAMES[key] ?? `Functie ${key}`,
  description,
});

const INVOICE: Invoice = {
  id: 12,
  number: 'LOOP-2026-000007',
  payment_id: 31,
  issue_date: '2026-05-21',
  period_start: '2026-05-21',
  period_end: '2026-06-20',
  supplier: {
    name: 'Loop Software BV',
    address: ['Stationsplein 1'],
    kvk_number: '12345678',
    vat_number: 'NL001234567B01',
  },
  customer: { name: 'Demo BV', address: [], vat_number: null },
  description: 'Loop smartloop, abonnement voor een maand (21 mei 2026 tot en met 20 juni 2026)',
  amount_excl_cents: 2397,
  vat_rate: 21,
  vat_cents: 503,
  total_cents: 2900,
  currency: 'EUR',
  specimen: null,
};

const NO_DETAILS = { name: '', street: '', postcode: '', city: '', country: '', vat_number: '' };

const subscription = (features: ReturnType<typeof feature>[]) => ({
  id: 3,
  plan_id: 1,
  plan_name: 'basicloop',
  status: 'active',
  start_date: '2026-03-05T10:00:00Z',
  end_date: null,
  features,
});

function app(
  path: string,
  features: ReturnType<typeof feature>[],
  extra: { role?: string; routes?: TestRoutes; overrides?: ContainerOverrides } = {},
) {
  return createSignedInApp({
    path,

    ...(extra.overrides ? { overrides: extra.overrides } : {}),
    ...(extra.role ? { role: extra.role } : {}),
    routes: {
      'GET /invoices': () => json(200, { items: [INVOICE], total: 1, page: 1, page_size: 25 }),
      'GET /organization/invoice-details': () => json(200, NO_DETAILS),

      'GET /user-subscriptions/me': () => json(200, subscription(features)),
      'GET /plans': () =>
        json(200, [
          { id: 1, name: 'basicloop', price_per_month: 0, features: [feature('core')] },
          { id: 2, name: 'smartloop', price_per_month: 29, features: [feature('core'), feature('branding')] },
          { id: 3, name: 'proloop', price_per_month: 79, features: [feature('core')] },
        ]),
      'GET /billing/settings': () => json(200, { online_checkout: false, provider: 'stripe' }),
      ...extra.routes,
    },
  });
}

describe('Mijn Abonnement', () => {
  it('should show the plan, sanitised feature HTML and the other plans by price descending', async () => {
    const test = app('/dashboard/abonnement', [
      feature(
        'core',
        '<p>Kern <img src=x onerror="alert(1)"><script>alert(2)</script><a href="javascript:alert(3)">x</a></p>',
      ),
      feature('export', '&lt;strong&gt;Exporteren&lt;/strong&gt;'),
    ]);
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Mijn Abonnement'));
    await waitFor(() =>
      expect(container.querySelector('.current-plan .plan-badge-blue')?.textContent).toBe('basicloop'),
    );
    expect(container.textContent).toContain('5 maart 2026');
    // Shown as received, with its meaning beside it.
    expect(container.querySelector('.plan-status')?.textContent).toBe('Status: active (actief)');
    const descriptions = container.querySelectorAll('.feature-description');
    expect(descriptions[0]?.innerHTML).not.toMatch(/script|onerror|img|javascript:/);
    expect(descriptions[1]?.querySelector('strong')?.textContent).toBe('Exporteren');
    expect([...container.querySelectorAll('.plan-card .plan-badge')].map((b) => b.textContent)).toEqual([
      'proloop',
      'smartloop',
    ]);
    expect(
      [...container.querySelectorAll('.plan-price')].map((p) => p.textContent?.replace(/\s/g, ' ')),
    ).toEqual(['€ 79,00 / maand', '€ 29,00 / maand']);
  });
});

describe('Mijn Abonnement: plan cards, invoices and invoice details', () => {
  const plain = (text: string | null | undefined) => (text ?? '').replace(/\s/g, ' ');

  it("should give every plan's card one line per feature, where KPI's and Financiën come from, and the BTW", async () => {
    const analytics = feature(
      'analytics',
      '<p>Zie <strong>al je surveys</strong> samen.</p><ul><li>Trends</li></ul>',
    );
    const test = app('/dashboard/abonnement', [feature('core')], {
      routes: {
        'GET /plans': () =>
          json(200, [
            { id: 1, name: 'basicloop', price_per_month: 0, features: [feature('core')] },
            {
              id: 2,
              name: 'smartloop',
              price_per_month: 29,
              features: [feature('core'), feature('branding')],
            },
            { id: 3, name: 'proloop', price_per_month: 79, features: [feature('core'), analytics] },
          ]),
      },
    });
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(container.querySelectorAll('.plan-card')).toHaveLength(2));
    const [pro, smart] = [...container.querySelectorAll('.plan-card')];
    expect([...(pro?.querySelectorAll('.plan-features li') ?? [])].map((li) => li.textContent)).toEqual([
      'Functie core',
      'Analyse: Zie al je surveys samen.',
    ]);
    expect(plain(smart?.querySelector('.plan-vat')?.textContent)).toBe(
      'Inclusief 21% btw (€ 23,97 zonder btw)',
    );
    expect(plain(pro?.querySelector('.plan-vat')?.textContent)).toBe(
      'Inclusief 21% btw (€ 65,29 zonder btw)',
    );
    expect(pro?.querySelector('.plan-note')?.textContent).toBe(
      "De pagina's Analytics, KPI's en Financiën horen bij 'Analyse' en zitten in dit plan.",
    );
    expect(smart?.querySelector('.plan-note')?.textContent).toBe(
      "De pagina's Analytics, KPI's en Financiën horen bij 'Analyse', dat niet in dit plan zit.",
    );
    // Leaving basicloop for a paid plan: it starts at payment and renews monthly.
    expect(smart?.querySelector('.plan-change-note')?.textContent).toBe(
      'Na betaling gaat smartloop meteen in en wordt het elke maand verlengd.',
    );
    // The current plan's part says it too, and the sorting (R-BILL-2) and prices (R-BILL-3) stay.
    expect(container.querySelector('.current-plan-price')?.textContent).toBe('Gratis');
    expect(
      container.querySelector('#current-plan-heading')?.parentElement?.querySelector('.plan-note')
        ?.textContent,
    ).toBe("De pagina's Analytics, KPI's en Financiën horen bij 'Analyse', dat niet in dit plan zit.");
    expect([...container.querySelectorAll('.plan-price')].map((price) => plain(price.textContent))).toEqual([
      '€ 79,00 / maand',
      '€ 29,00 / maand',
    ]);
    expect(container.textContent).toContain('Alle prijzen zijn per maand en inclusief 21% btw.');
  });

  it('should list the invoices and download one as PDF through the use-case', async () => {
    const saved: DownloadedFile[] = [];
    const files: FileSaver = {
      saveFile: (file) => saved.push(file),
      saveText: () => {},
      saveBytes: () => {},
    };
    const test = app('/dashboard/abonnement', [feature('core')], {
      overrides: { FileSaver: files },
      routes: {
        'GET /invoices/12/pdf': () =>
          new Response(new Uint8Array([37, 80, 68, 70, 45]), {
            status: 200,
            headers: {
              'content-type': 'application/pdf',
              'content-disposition': 'attachment; filename="factuur-LOOP-2026-000007.pdf"',
            },
          }),
      },
    });
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    const table = await waitFor(() => {
      const found = container.querySelector('[aria-label="Tabel met facturen"]');
      if (!found) throw new Error('not yet');
      return found;
    });
    const cells = [...table.querySelectorAll('tbody td')].map((td) => plain(td.textContent));
    expect(cells.slice(0, 4)).toEqual([
      'LOOP-2026-000007',
      '21 mei 2026',
      'Loop smartloop, abonnement voor een maand (21 mei 2026 tot en met 20 juni 2026)',
      '€ 29,00',
    ]);
    await click(button(container, 'LOOP-2026-000007 downloaden'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.filename).toBe('factuur-LOOP-2026-000007.pdf');
    expect(test.api.seen.some((request) => request.path === '/invoices/12/pdf')).toBe(true);
  });

  it('should not show a viewer the invoices, nor the invoice details to anyone but the owner', async () => {
    const asViewer = app('/dashboard/abonnement', [feature('core')], { role: 'viewer' });
    const viewer = await render(<App container={asViewer.container} locationHook={asViewer.location.hook} />);
    await waitFor(() => expect(viewer.container.querySelectorAll('.plan-card')).toHaveLength(2));
    expect(viewer.container.querySelector('#invoices-heading')).toBeNull();
    expect(viewer.container.querySelector('#invoice-details-heading')).toBeNull();
    expect(asViewer.api.seen.some((request) => request.path.startsWith('/invoices'))).toBe(false);
    unmountAll();

    const asMember = app('/dashboard/abonnement', [feature('core')], { role: 'member' });
    const member = await render(<App container={asMember.container} locationHook={asMember.location.hook} />);
    await waitFor(() => expect(member.container.querySelector('#invoices-heading')).not.toBeNull());
    expect(member.container.querySelector('#invoice-details-heading')).toBeNull();
  });

  it("should save the invoice details, and show the server's Dutch field errors without saving", async () => {
    const puts: SeenRequest[] = [];
    const test = app('/dashboard/abonnement', [feature('core')], {
      routes: {
        'PUT /organization/invoice-details': (request) => {
          puts.push(request);
          return json(200, request.body);
        },
      },
    });
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    const vat = await waitFor(() => {
      const found = container.querySelector('#invoice-vat_number');
      if (!found) throw new Error('not yet');
      return found;
    });
    await type(vat, 'NL123');
    await click(button(container, 'Factuurgegevens opslaan'));
    await waitFor(() =>
      expect(container.querySelector('#invoice-vat_number-error')?.textContent).toBe(
        'Een Nederlands btw-nummer is NL, 9 cijfers, B en 2 cijfers, zoals NL123456789B01.',
      ),
    );
    expect(puts).toEqual([]);

    await type(vat, 'nl123456789b01');
    await type(container.querySelector('#invoice-street'), 'Dorpsstraat 12');
    await type(container.querySelector('#invoice-postcode'), '1234ab');
    await type(container.querySelector('#invoice-city'), 'Ergenshuizen');
    await click(button(container, 'Factuurgegevens opslaan'));
    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]?.body).toEqual({
      name: '',
      street: 'Dorpsstraat 12',
      postcode: '1234 AB',
      city: 'Ergenshuizen',
      country: 'Nederland',
      vat_number: 'NL123456789B01',
    });
  });
});

describe('feature gating', () => {
  it('should explain /personalisatie without branding instead of leaving it, and keep its menu item hidden', async () => {
    const test = app('/personalisatie', [feature('core')]);
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(container.querySelector('.feature-missing')).not.toBeNull());
    expect(container.querySelector('h1')?.textContent).toBe('Personalisatie');
    expect(container.querySelector('.feature-missing p')?.textContent?.replace(/\s/g, ' ')).toBe(
      'Voor deze pagina is de functie Eigen huisstijl nodig. Die zit niet in het abonnement van je ' +
        'organisatie, wel in smartloop (€ 29,00 / maand).',
    );
    expect(container.querySelector('.feature-missing a[href="/dashboard/abonnement"]')?.textContent).toBe(
      'Mijn Abonnement',
    );
    expect(test.location.history).toEqual(['/personalisatie']);
    await waitFor(() => expect(container.querySelector('#main-nav a[href="/surveys"]')).not.toBeNull());
    expect(container.querySelector('#main-nav')?.textContent).not.toContain('Personalisatie');
  });

  it('should keep the Personalisatie card on the dashboard without branding, saying which plan has it', async () => {
    const test = app('/dashboard', [feature('core')]);
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    const card = await waitFor(() => {
      const found = container.querySelector('a.card[href="/personalisatie"]');
      if (!found?.textContent?.includes('abonnement')) throw new Error('not yet');
      return found;
    });
    expect(card.querySelector('.card-text')?.textContent).toBe(
      'Logo, achtergrond en huisstijlkleur van Demo BV. Zit niet in je abonnement, wel in smartloop.',
    );
  });

  it('should still send /bedrijfsanalyse to the dashboard, as R-ANALYSIS-1 prescribes', async () => {
    const test = app('/bedrijfsanalyse', [feature('core')]);
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(test.location.history.at(-1)).toBe('/dashboard'));
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Welkom, Demo Gebruiker'));
  });

  it('should open /personalisatie when the plan includes branding', async () => {
    const test = app('/personalisatie', [feature('core'), feature('branding')]);
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Personalisatie'));
    expect(test.location.history.at(-1)).toBe('/personalisatie');
  });
});

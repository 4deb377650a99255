import { STORAGE_KEYS } from '@loop/adapters';
import type { FileSaver } from '@loop/core';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { App } from '../app/App';
import type { ContainerOverrides } from '../app/container';
import { json, meBody } from '../testing/fakeApi';
import { button, click, render, settle, unmountAll, waitFor } from '../testing/render';
import { createSignedInApp } from '../testing/testContainer';

afterEach(() => {
  unmountAll();
  vi.restoreAllMocks();
});

// The route's lazy chunk is transformed on first import, which takes longer than waitFor waits.
beforeAll(async () => {
  await import('./BusinessAnalysisScreen');
});

const REPORT = [
  '# Bedrijfsanalyse Bakkerij De Zon',
  '',
  'De **omzet** steeg met 12%.',
  '<script>window.hacked = true</script><img src=x onerror="window.hacked = true">',
  '[Bron](https://voorbeeld.nl) en [fout](javascript:alert(1))',
].join('\n');

const made = (generatedAt: string) => ({
  analysis: REPORT,
  metadata: {
    organization: { name: 'Bakkerij De Zon' },
    data_points: { kpis: 4, surveys: 2 },
    generated_at: generatedAt,
  },
});

const LIST = {
  data_points: { kpis: 5, surveys: 3 },
  analyses: [
    { id: 9, generated_at: '2025-10-01T08:30:00Z', data_points: { kpis: 3, surveys: 1 } },
    { id: 4, generated_at: '2025-09-01T08:30:00Z', data_points: { kpis: 2, surveys: 1 } },
  ],
};

const subscription = (keys: string[]) => ({
  id: 3,
  plan_id: 3,
  plan_name: 'proloop',
  status: 'active',
  start_date: '2026-01-01T10:00:00Z',
  end_date: null,
  features: keys.map((key) => ({ key, name: key, description: '' })),
});

/** `create`: the POST's answer, given when the test resolves it (or at once). */
function app(
  options: {
    features?: string[];
    create?: () => Response | Promise<Response>;
    subscriptionHeld?: Promise<void>;
    overrides?: ContainerOverrides;
    path?: string;
    role?: 'owner' | 'viewer';
    /** The organisation's newest analysis (none by default). */
    latest?: ReturnType<typeof made> & { id: number };
  } = {},
) {
  const features = options.features ?? ['core', 'analytics', 'business'];
  return createSignedInApp({
    path: options.path ?? '/bedrijfsanalyse',
    storage: { [STORAGE_KEYS.currentOrgId]: '7', [STORAGE_KEYS.currentOrgName]: 'Bakkerij De Zon' },
    overrides: options.overrides,
    routes: {
      'GET /users/me': () =>
        json(
          200,
          meBody({ organizations: [{ id: 7, name: 'Bakkerij De Zon', role: options.role ?? 'owner' }] }),
        ),

      'GET /user-subscriptions/me': async () => {
        await options.subscriptionHeld;
        return json(200, subscription(features));
      },
      'GET /plans': () => json(200, []),
      'GET /kpis/board': () => json(200, { kpis: [], is_default: true, periods: 6 }),
      'GET /organization/business-analysis': () => json(200, { latest: options.latest ?? null }),
      'GET /organization/business-analyses': () => json(200, LIST),
      'GET /organization/business-analyses/9': () => json(200, made('2025-10-01T08:30:00Z')),
      'POST /organization/business-analysis': () =>
        options.create?.() ?? json(200, made('2026-11-26T09:00:00Z')),
    },
  });
}

async function open(test: ReturnType<typeof app>) {
  const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
  await waitFor(() => expect(button(container, 'Maak Analyse'), container.innerHTML).not.toBeNull());
  return container;
}

const text = (element: Element | null | undefined) => element?.textContent?.replace(/\s+/g, ' ').trim();

describe('BusinessAnalysisScreen', () => {
  it('should show the header, the empty state and the earlier analyses before a result', async () => {
    const test = app();
    const container = await open(test);
    expect(text(container.querySelector('.analysis-header h1'))).toBe('Bedrijfsanalyse');
    expect(container.querySelector('.analysis-header img')).not.toBeNull();
    expect(container.querySelector('.analysis-header a[href="/dashboard"]')?.textContent).toBe(
      'Terug naar dashboard',
    );
    await waitFor(() =>
      expect(text(container.querySelector('.analysis-header .lead'))).toBe(
        "Gebaseerd op 5 KPI's en 3 surveys",
      ),
    );
    expect(text(container.querySelector('.analysis-empty h2'))).toBe('Er is nog geen analyse beschikbaar');
    expect(text(container.querySelector('.analysis-empty p'))).toContain("Klik op 'Maak Analyse'");
    expect([...container.querySelectorAll('.analysis-earlier-date')].map((item) => item.textContent)).toEqual(
      ['1 oktober 2025 om 10:30', '1 september 2025 om 10:30'],
    );
    expect(container.querySelector('.analysis-toolbar')).toBeNull();
    expect(container.querySelector('[role="alert"]')).toBeNull();
  });

  it("should show the organisation's latest analysis after a reload, 'Gegenereerd op …', not the empty state", async () => {
    const test = app({ latest: { id: 9, ...made('2025-10-01T08:30:00Z') } });
    const container = await open(test);
    await waitFor(() => expect(container.querySelector('.analysis-report h1')).not.toBeNull());
    expect(text(container.querySelector('.analysis-generated'))).toBe(
      'Gegenereerd op 1 oktober 2025 om 10:30',
    );
    expect(container.querySelector('.analysis-empty')).toBeNull();
    expect(text(container.querySelector('.analysis-report h1'))).toBe('Bedrijfsanalyse Bakkerij De Zon');
    expect(button(container, 'PDF')).not.toBeNull();
    expect(button(container, 'Maak Analyse')?.disabled).toBe(false);
    expect(text(container.querySelector('.analysis-header .lead'))).toBe("Gebaseerd op 4 KPI's en 2 surveys");
  });

  it("should read 'Bezig met analyseren...' while loading, then show the sanitised report with its toolbar", async () => {
    let answer!: (response: Response) => void;
    const test = app({ create: () => new Promise<Response>((resolve) => (answer = resolve)) });
    const container = await open(test);
    await click(button(container, 'Maak Analyse'));
    const busy = button(container, 'Bezig met analyseren...');
    expect(busy?.disabled).toBe(true);
    expect(container.querySelector('.analysis-empty')).toBeNull();
    answer(json(200, made('2026-11-26T09:00:00Z')));
    await waitFor(() => expect(container.querySelector('.analysis-report h1')).not.toBeNull());
    expect(button(container, 'Maak Analyse')?.disabled).toBe(false);
    expect(text(container.querySelector('.analysis-generated'))).toBe('Zojuist gegenereerd');
    expect(
      [...container.querySelectorAll('.analysis-toolbar button')].map((item) => item.textContent),
    ).toEqual(['Print', 'PDF', 'MD']);
    expect(text(container.querySelector('.analysis-header .lead'))).toBe("Gebaseerd op 4 KPI's en 2 surveys");
    const report = container.querySelector('.analysis-report');
    expect(text(report?.querySelector('h1'))).toBe('Bedrijfsanalyse Bakkerij De Zon');
    expect(report?.querySelector('strong')?.textContent).toBe('omzet');
    expect(report?.innerHTML).not.toMatch(/<script|onerror|<img|javascript:/);
    const link = report?.querySelector('a[href="https://voorbeeld.nl"]');
    expect(link?.getAttribute('target')).toBe('_blank');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
    expect((window as { hacked?: boolean }).hacked).toBeUndefined();
    expect(test.api.seen.filter((request) => request.method === 'POST')).toHaveLength(1);
  });

  it.each([
    [403, { detail: 'Geen toegang.' }, 'AI-analyse is niet beschikbaar voor dit abonnement.'],
    [400, { detail: 'x' }, "Onvoldoende data voor analyse. Voeg eerst surveys of KPI's toe."],
    [504, null, 'De analyse duurt te lang. Probeer het later opnieuw.'],
    [409, { detail: 'Er wordt al een analyse gemaakt.' }, 'Er wordt al een analyse gemaakt.'],
    [500, null, 'Er ging iets mis bij het ophalen van de analyse.'],
  ])('should show the red banner for %i', async (status, body, message) => {
    const answers = [json(status, body), json(200, made('2026-11-26T09:00:00Z'))];
    const test = app({ create: () => answers.shift() ?? json(500, null) });
    const container = await open(test);
    await click(button(container, 'Maak Analyse'));
    const banner = await waitFor(() => {
      const found = container.querySelector('.alert-error[role="alert"]');
      expect(found).not.toBeNull();
      return found;
    });
    expect(text(banner)).toBe(message);
    // A new request clears the banner.
    await click(button(container, 'Maak Analyse'));
    await waitFor(() => expect(container.querySelector('.analysis-report')).not.toBeNull());
    expect(container.querySelector('[role="alert"]')).toBeNull();
  });

  it('should reopen an earlier analysis with its date', async () => {
    const test = app();
    const container = await open(test);
    const first = await waitFor(() => {
      const found = container.querySelector('.analysis-earlier-list li button');
      expect(found).not.toBeNull();
      return found;
    });
    await click(first);
    await waitFor(() => expect(container.querySelector('.analysis-report')).not.toBeNull());
    expect(text(container.querySelector('.analysis-generated'))).toBe(
      'Gegenereerd op 1 oktober 2025 om 10:30',
    );
    expect(container.querySelector('.analysis-earlier-list li[aria-current="true"]')?.textContent).toContain(
      '1 oktober 2025 om 10:30',
    );
  });

  it('should save the report as Markdown, print, and alert when the PDF fails', async () => {
    const saved: Array<[string, string, string]> = [];
    const files: FileSaver = {
      saveFile: () => {},
      saveText: (name, content, type) => saved.push([name, content, type]),
      saveBytes: () => {},
    };
    const alerts: string[] = [];
    let failEngine!: (error: Error) => void;
    const loadPdfEngine = () => new Promise<never>((_, reject) => (failEngine = reject));
    const alert = (message: string) => void alerts.push(message);
    const test = app({ overrides: { FileSaver: files, Alert: alert, LoadPdfEngine: loadPdfEngine } });
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const container = await open(test);
    await click(button(container, 'Maak Analyse'));
    await waitFor(() => expect(button(container, 'MD')).not.toBeNull());

    await click(button(container, 'MD'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved).toEqual([[expect.stringMatching(/^bedrijfsanalyse-.*\.md$/), REPORT, expect.any(String)]]);

    await click(button(container, 'Print'));
    expect(print).toHaveBeenCalledTimes(1);

    await click(button(container, 'PDF'));
    expect(button(container, 'PDF...')?.disabled).toBe(true);
    failEngine(new Error('Failed to fetch dynamically imported module'));
    await waitFor(() => expect(button(container, 'PDF')).not.toBeNull());
    expect(alerts).toEqual(['Er ging iets mis bij het genereren van de PDF. Probeer het opnieuw.']);
  });

  it('should lay out the PDF with jsPDF, loaded on the click, and save it under the name of R-ANALYSIS-12', async () => {
    const saved: Array<[string, Uint8Array, string]> = [];
    const files = {
      saveFile: () => {},
      saveText: () => {},
      saveBytes: (name: string, bytes: Uint8Array, type: string) => saved.push([name, bytes, type]),
    } satisfies FileSaver;
    const test = app({ overrides: { FileSaver: files } });
    const container = await open(test);
    await click(button(container, 'Maak Analyse'));
    await waitFor(() => expect(button(container, 'PDF')).not.toBeNull());
    await click(button(container, 'PDF'));
    await waitFor(() => expect(saved).toHaveLength(1), 200);
    const [name, bytes, type] = saved[0] ?? [];
    expect(name).toMatch(/^bedrijfsanalyse-bakkerij-de-zon-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(type).toBe('application/pdf');
    expect(new TextDecoder('latin1').decode(bytes?.subarray(0, 5))).toBe('%PDF-');
    expect(button(container, 'PDF')?.disabled).toBe(false);
  });

  it("should send a plan without 'business' to the dashboard, showing nothing while the plan is checked", async () => {
    let release!: () => void;
    const test = app({ features: ['core'], subscriptionHeld: new Promise<void>((done) => (release = done)) });
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await settle(5);
    expect(container.querySelector('main')?.textContent).toBe('');
    expect(test.api.seen.some((request) => request.path.startsWith('/organization/business'))).toBe(false);
    release();
    await waitFor(() => expect(test.location.history.at(-1)).toBe('/dashboard'));
  });
});

describe('BusinessAnalysisScreen for a viewer', () => {
  it('should say why a viewer cannot make or read it, and ask the server nothing', async () => {
    const test = app({ role: 'viewer' });
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(container.querySelector('.analysis-screen .alert-info')).not.toBeNull());
    expect(text(container.querySelector('.alert-info'))).toBe(
      'Met de rol Lezer kun je de bedrijfsanalyse niet maken of bekijken: die bevat ook de financiën.',
    );
    expect(text(container.querySelector('h1'))).toBe('Bedrijfsanalyse');
    expect(button(container, 'Maak Analyse')).toBeNull();
    expect(test.api.seen.some((request) => request.path.startsWith('/organization/business'))).toBe(false);
  });
});

describe('the way to the business analysis', () => {
  it("should be a dashboard card and under the header's 'Meer' with 'business', and absent without it", async () => {
    for (const [features, cards] of [
      [['core', 'business'], 1],
      [['core'], 0],
    ] as const) {
      const test = app({ features: [...features], path: '/dashboard' });
      const { container } = await render(
        <App container={test.container} locationHook={test.location.hook} />,
      );
      await waitFor(() => expect(container.querySelector('a.card[href="/profiel"]')).not.toBeNull());
      await settle(5);
      const card = container.querySelectorAll('a.card[href="/bedrijfsanalyse"]');
      expect(card).toHaveLength(cards);
      if (cards === 1) expect(card[0]?.querySelector('.card-title')?.textContent).toBe('Bedrijfsanalyse');
      // Every area is in the menu for whoever may use it, not only behind a card.
      await waitFor(() => expect(container.querySelector('#main-nav a[href="/surveys"]')).not.toBeNull());
      expect(container.querySelectorAll('#main-nav .nav-more-list a[href="/bedrijfsanalyse"]')).toHaveLength(
        cards,
      );
      unmountAll();
    }
  });
});

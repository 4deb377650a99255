import { STORAGE_KEYS } from '@loop/adapters';
import type { LogItem } from '@loop/core';
import { afterEach, describe, expect, it } from 'vitest';
import { App } from '../app/App';
import { freshJwt, json, meBody } from '../testing/fakeApi';
import { button, choose, click, render, settle, type, unmountAll, waitFor } from '../testing/render';
import { createTestApp } from '../testing/testContainer';

afterEach(unmountAll);

const row = (id: number, overrides: Partial<LogItem> = {}): LogItem => ({
  id,
  ts: '2026-11-21T13:03:07Z',
  level: 'info',
  category: 'http',
  org_id: 7,
  action: 'request',
  route: '/users/me',
  http_status: 200,
  message: 'GET afgerond',
  log_date: '2026-11-21',
  ...overrides,
});

const ROWS: LogItem[] = [
  row(1, { level: 'error', message: 'Betaling mislukt', route: '/payments/checkout', http_status: 502 }),
  row(2, {
    ts: '2026-11-20T09:00:00Z',
    level: 'audit',
    category: 'billing',
    action: 'plan.change',
    org_id: 8,
    http_status: 201,
  }),
  row(3, { ts: '2026-11-19T09:00:00Z', level: 'warning', message: 'Token verlopen', http_status: 401 }),
  row(4, { ts: null, org_id: null, http_status: null, category: 'system', action: 'startup', route: '' }),
];

type Handler = () => Response | Promise<Response>;

function logsApp(logs: Handler, { admin = true, path = '/admin/logs' } = {}) {
  return createTestApp({
    path,
    storage: { [STORAGE_KEYS.token]: freshJwt(admin), [STORAGE_KEYS.refreshToken]: 'r1' },
    routes: {
      'GET /users/me': () => json(200, meBody({ is_admin: admin })),
      'GET /branding/mine': () => json(200, { logo_url: null, background_url: null, primary_color: null }),
      'GET /admin/logs': logs,
    },
  });
}

async function open(logs: Handler, options?: { admin?: boolean; path?: string }) {
  const app = logsApp(logs, options);
  const { container } = await render(<App container={app.container} locationHook={app.location.hook} />);
  return { app, container };
}

const count = (root: ParentNode) => root.querySelector('[data-testid="log-count"]')?.textContent;
const rendered = (root: ParentNode) => [...root.querySelectorAll('tbody tr[data-row]')];
const cells = (tr: Element | undefined) =>
  [...(tr?.querySelectorAll('td') ?? [])].map((td) => td.textContent);
const logCalls = (app: ReturnType<typeof logsApp>) =>
  app.api.seen.filter((request) => request.path === '/admin/logs');

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('Applicatie Logging (/admin/logs)', () => {
  it('should show the title, back link, privacy note, labelled filters and every row', async () => {
    const { app, container } = await open(() => json(200, { items: ROWS }));
    await waitFor(() => expect(count(container)).toBe('4 van 4 resultaten'));

    expect(container.querySelector('h1')?.textContent).toBe('Applicatie Logging');
    expect(container.querySelector('main a[href="/dashboard"]')?.textContent).toBe('Terug naar dashboard');
    expect(container.textContent).toContain(
      'Deze log bevat alleen metadata en gebeurtenissen, geen persoonsgegevens.',
    );
    const labels = [...container.querySelectorAll('.log-filters label')].map((label) => [
      label.textContent,
      label.getAttribute('for'),
    ]);
    expect(labels).toEqual([
      ['Zoeken', 'log-search'],
      ['Niveau', 'log-level'],
      ['Organisatie-id', 'log-org'],
      ['Vanaf', 'log-from'],
      ['Tot en met', 'log-to'],
    ]);
    expect(container.querySelector('#log-search')?.getAttribute('placeholder')).toBe(
      'Zoek in bericht, route en actie',
    );
    expect([...container.querySelectorAll('#log-level option')].map((o) => o.textContent)).toEqual([
      'Alle niveaus',
      'Informatie',
      'Waarschuwing',
      'Fout',
      'Controlespoor',
    ]);
    expect(container.querySelector('#log-org')?.getAttribute('inputmode')).toBe('numeric');
    expect(container.querySelector('#log-from')?.getAttribute('type')).toBe('date');
    expect(container.querySelector('#log-to')?.getAttribute('type')).toBe('date');
    expect(container.querySelector('[data-testid="log-count"]')?.getAttribute('aria-live')).toBe('polite');

    expect([...container.querySelectorAll('thead th')].map((th) => th.textContent)).toEqual([
      'Tijd',
      'Niveau',
      'Categorie',
      'Organisatie',
      'Actie',
      'Route',
      'Status',
      'Bericht',
    ]);
    const trs = rendered(container);
    expect(trs).toHaveLength(4);
    expect(cells(trs[0])).toEqual([
      '21-11-2026 14:03:07',
      'Fout',
      'Verzoek',
      '7',
      'request',
      '/payments/checkout',
      '502',
      'Betaling mislukt',
    ]);
    expect(cells(trs[3])).toEqual(['-', 'Informatie', 'Systeem', '-', 'startup', '-', '-', 'GET afgerond']);
    expect(logCalls(app).map((request) => `${request.method} ${request.path}`)).toEqual(['GET /admin/logs']);
  });

  it('should keep the table semantic: row count and row indexes for assistive technology', async () => {
    const { container } = await open(() => json(200, { items: ROWS }));
    await waitFor(() => expect(rendered(container)).toHaveLength(4));
    const scroll = container.querySelector('[data-testid="log-scroll"]');
    expect(scroll?.getAttribute('aria-label')).toBe('Tabel met logregels');
    expect(scroll?.getAttribute('tabindex')).toBe('0');
    expect(container.querySelector('table')?.getAttribute('aria-rowcount')).toBe('5');
    expect(rendered(container).map((tr) => tr.getAttribute('aria-rowindex'))).toEqual(['2', '3', '4', '5']);
  });

  it('should colour 2xx statuses green and 4xx and above red, keeping the number', async () => {
    const { container } = await open(() => json(200, { items: ROWS }));
    await waitFor(() => expect(rendered(container)).toHaveLength(4));
    const status = rendered(container).map((tr) => tr.querySelector('.log-status'));
    expect(status.map((td) => [td?.textContent, td?.className])).toEqual([
      ['502', 'log-status log-status-error'],
      ['201', 'log-status log-status-ok'],
      ['401', 'log-status log-status-error'],
      ['-', 'log-status'],
    ]);
  });

  it("should narrow the rows while typing, show 'Geen resultaten gevonden' and restore them with 'Wis filters'", async () => {
    const { container } = await open(() => json(200, { items: ROWS }));
    await waitFor(() => expect(count(container)).toBe('4 van 4 resultaten'));
    const search = container.querySelector('#log-search');

    await type(search, 'token');
    expect(count(container)).toBe('1 van 4 resultaten');
    expect(cells(rendered(container)[0])[7]).toBe('Token verlopen');

    await type(search, 'PAYMENTS/check');
    expect(count(container)).toBe('1 van 4 resultaten');

    await type(search, 'bestaat niet');
    expect(count(container)).toBe('0 van 4 resultaten');
    expect(rendered(container)).toHaveLength(0);
    expect(container.querySelector('[data-testid="log-empty"]')?.textContent).toBe(
      'Geen resultaten gevonden',
    );

    await click(button(container, 'Wis filters'));
    expect(count(container)).toBe('4 van 4 resultaten');
    expect(rendered(container)).toHaveLength(4);
    expect((search as HTMLInputElement).value).toBe('');
    expect(container.querySelector('[data-testid="log-empty"]')).toBeNull();
  });

  it('should filter by level, organisation id and dates (Amsterdam days), and clear them all', async () => {
    const { container } = await open(() => json(200, { items: ROWS }));
    await waitFor(() => expect(count(container)).toBe('4 van 4 resultaten'));

    await choose(container.querySelector('#log-level'), 'audit');
    expect(count(container)).toBe('1 van 4 resultaten');
    await choose(container.querySelector('#log-level'), '');

    await type(container.querySelector('#log-org'), '7');
    expect(count(container)).toBe('2 van 4 resultaten');
    await type(container.querySelector('#log-org'), '');

    await type(container.querySelector('#log-from'), '2026-11-20');
    expect(count(container)).toBe('2 van 4 resultaten');
    await type(container.querySelector('#log-to'), '2026-11-20');
    expect(count(container)).toBe('1 van 4 resultaten');
    expect(cells(rendered(container)[0])[4]).toBe('plan.change');

    await choose(container.querySelector('#log-level'), 'error');
    expect(count(container)).toBe('0 van 4 resultaten');

    await click(button(container, 'Wis filters'));
    expect(count(container)).toBe('4 van 4 resultaten');
    for (const id of ['#log-from', '#log-to', '#log-org']) {
      expect((container.querySelector(id) as HTMLInputElement).value).toBe('');
    }
    expect((container.querySelector('#log-level') as HTMLSelectElement).value).toBe('');
  });

  it("should show a spinner with 'Bezig met laden...' while the log loads", async () => {
    const answer = deferred<Response>();
    const { container } = await open(() => answer.promise);
    await waitFor(() => expect(container.querySelector('.loading-spinner')).not.toBeNull());
    const spinner = container.querySelector('.loading-spinner');
    expect(spinner?.getAttribute('role')).toBe('status');
    expect(spinner?.textContent).toBe('Bezig met laden...');
    expect(count(container)).toBe('');
    expect(container.querySelector('table')).toBeNull();

    answer.resolve(json(200, { items: ROWS }));
    await waitFor(() => expect(count(container)).toBe('4 van 4 resultaten'));
    expect(container.querySelector('.loading-spinner')).toBeNull();
  });

  it.each([
    ['a server error', () => json(500, { detail: 'Er ging iets mis.' })],
    ['a refusal (403)', () => json(403, { detail: 'Je hebt geen toegang tot deze pagina.' })],
  ])('should show the empty list and an alert on %s, and load again on request', async (_, failure) => {
    let calls = 0;
    const { app, container } = await open(() => (++calls === 1 ? failure() : json(200, { items: ROWS })));
    await waitFor(() => expect(container.querySelector('.page [role="alert"]')).not.toBeNull());
    const alert = container.querySelector('.page [role="alert"]');
    expect(alert?.textContent).toContain('De logregels konden niet worden opgehaald.');
    expect(count(container)).toBe('0 van 0 resultaten');
    expect(container.querySelector('[data-testid="log-empty"]')?.textContent).toBe(
      'Geen resultaten gevonden',
    );
    expect(container.querySelectorAll('th')).toHaveLength(8);

    await click(button(container, 'Opnieuw laden'));
    await waitFor(() => expect(count(container)).toBe('4 van 4 resultaten'));
    expect(container.querySelector('.page [role="alert"]')).toBeNull();
    expect(logCalls(app)).toHaveLength(2);
  });

  it("should fetch again with 'Vernieuwen', keeping the filter", async () => {
    let items = ROWS;
    const { app, container } = await open(() => json(200, { items }));
    await waitFor(() => expect(count(container)).toBe('4 van 4 resultaten'));
    await choose(container.querySelector('#log-level'), 'error');
    expect(count(container)).toBe('1 van 4 resultaten');

    items = [...ROWS, row(5, { level: 'error', message: 'Nieuwe fout' })];
    await click(button(container, 'Vernieuwen'));
    await waitFor(() => expect(count(container)).toBe('2 van 5 resultaten'));
    expect(logCalls(app)).toHaveLength(2);
    expect((container.querySelector('#log-level') as HTMLSelectElement).value).toBe('error');
  });

  it('should render only the rows in view of 100,000 and stay so while filtering', async () => {
    const many = Array.from({ length: 100_000 }, (_, i) =>
      row(i + 1, {
        message: `Verzoek ${i + 1}`,
        http_status: i % 10 === 0 ? 500 : 200,
        level: i % 10 === 0 ? 'error' : 'info',
      }),
    );
    const { container } = await open(() => json(200, { items: many }));
    await waitFor(() => expect(count(container)).toBe('100.000 van 100.000 resultaten'), 200);
    const firstView = rendered(container);
    expect(firstView.length).toBeGreaterThan(5);
    expect(firstView.length).toBeLessThanOrEqual(40);
    expect(firstView[0]?.getAttribute('data-row')).toBe('0');
    expect(container.querySelector('table')?.getAttribute('aria-rowcount')).toBe('100001');
    // The spacer below stands in for the rows not rendered.
    const spacer = container.querySelector<HTMLElement>('tbody tr.log-spacer td');
    expect(Number.parseInt(spacer?.style.height ?? '0', 10)).toBeGreaterThan(3_000_000);

    await choose(container.querySelector('#log-level'), 'error');
    expect(count(container)).toBe('10.000 van 100.000 resultaten');
    expect(rendered(container).length).toBeLessThanOrEqual(40);

    await type(container.querySelector('#log-search'), 'verzoek 99991');
    expect(count(container)).toBe('1 van 100.000 resultaten');
    expect(cells(rendered(container)[0])[7]).toBe('Verzoek 99991');
  });

  it('should send a user who is not an admin to the dashboard without asking for the log', async () => {
    const { app } = await open(() => json(200, { items: ROWS }), { admin: false });
    await waitFor(() => expect(app.location.history.at(-1)).toBe('/dashboard'));
    await settle();
    expect(logCalls(app)).toHaveLength(0);
  });
});

describe('Beheer (/admin) links', () => {
  it("should link admins to 'Applicatie Logging'", async () => {
    const { container } = await open(() => json(200, { items: [] }), { path: '/admin' });
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Beheer'));
    const links = container.querySelectorAll('nav[aria-label="Beheeronderdelen"] a');
    expect([...links].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Abonnementen en betalingen', '/admin/billing'],
      ['Applicatie Logging', '/admin/logs'],
    ]);
  });

  it('should keep a template manager out of the platform log (they may open /admin itself)', async () => {
    const app = createTestApp({
      path: '/admin/logs',
      storage: { [STORAGE_KEYS.token]: freshJwt(false), [STORAGE_KEYS.refreshToken]: 'r1' },
      routes: { 'GET /users/me': () => json(200, meBody({ can_manage_templates: true })) },
    });
    const { container } = await render(<App container={app.container} locationHook={app.location.hook} />);
    await waitFor(() => expect(app.location.history.at(-1)).toBe('/dashboard'));
    expect(container.textContent).not.toContain('Je hebt geen toegang tot deze pagina.');
    expect(app.api.seen.filter((request) => request.path.startsWith('/admin'))).toEqual([]);
  });
});

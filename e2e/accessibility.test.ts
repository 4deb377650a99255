import type { Survey } from '@loop/core';
import { ROUTE_ACCESS, type RoutePath } from '@loop/core/access';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import {
  DEMO,
  launchBrowser,
  login,
  type OpenPage,
  openPage,
  type RunningServer,
  startServer,
  startTileServer,
} from './harness';
import { type DemoApi, demoApi, publicToken } from './respondFixtures';

/**
 * axe-core (WCAG 2.2 A/AA) on every route of the app, each loaded once and checked at 390 px (a
 * phone) and at 1280 px (a laptop): no serious or critical finding (docs/decisions/interface.md, 'Axe at
 * two widths'). Every route of core's route table has its visits here, so a new route without an
 * axe check fails the first test. One server and one browser for the whole file; each visit is a
 * page load in a context that stays signed in.
 */

const PHONE = { width: 390, height: 844 };
const LAPTOP = { width: 1280, height: 800 };

/** What the visits need from the demo organisation, made through the API before the first visit. */
interface Fixtures {
  readonly surveyId: number;
  readonly questionId: string;
  readonly respondToken: string;
  readonly verifyLink: string;
  readonly resetLink: string;
  readonly invitationLink: string;
  readonly unsubscribeLink: string;
}

type Session = 'signed out' | 'admin' | 'viewer' | 'newcomer';

interface Visit {
  readonly as: Session;
  /** The address, from the server's root. */
  readonly path: (fixtures: Fixtures) => string;
  /** What to do once the page is loaded, before axe looks (open a menu, a view). */
  readonly prepare?: (page: Page) => Promise<void>;
  /** What the visit shows beyond the route's plain page, for the report. */
  readonly state?: string;
}

const visit = (as: Session, path: string | ((fixtures: Fixtures) => string), more: Partial<Visit> = {}) => ({
  as,
  path: typeof path === 'string' ? () => path : path,
  ...more,
});

/** The route's path of a mail link (the server's APP_URL is the same origin). */
const pathOf = (link: string) => {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
};

/** Every route of the app, as the role that sees it, in the states worth checking apart. */
const VISITS: Record<RoutePath, readonly Visit[]> = {
  '/login': [visit('signed out', '/login')],
  '/register': [visit('signed out', '/register')],
  '/respond/:responseToken': [visit('signed out', (f) => `/respond/${f.respondToken}`)],
  '/forgot-password': [visit('signed out', '/forgot-password')],
  '/reset-password/:token': [
    visit('signed out', (f) => pathOf(f.resetLink)),
    visit('signed out', '/reset-password/onbekend', { state: 'an unknown link' }),
  ],
  '/privacy': [visit('signed out', '/privacy')],
  '/privacybeleid': [visit('signed out', '/privacybeleid')],
  '/cookiebeleid': [visit('signed out', '/cookiebeleid')],
  '/verify/:token': [
    visit('signed out', (f) => pathOf(f.verifyLink)),
    visit('signed out', '/verify/onbekend', { state: 'an unknown link' }),
  ],
  '/billing/return': [visit('admin', '/billing/return?status=success&payment_id=1')],
  '/uitnodiging/:token': [
    visit('signed out', (f) => pathOf(f.invitationLink)),
    visit('admin', (f) => pathOf(f.invitationLink), { state: 'signed in as someone else' }),
  ],
  '/email-bevestigen/:token': [visit('signed out', '/email-bevestigen/onbekend')],
  '/email-herstellen/:token': [visit('signed out', '/email-herstellen/onbekend')],
  '/afmelden/:token': [visit('signed out', (f) => pathOf(f.unsubscribeLink))],
  '/onboarding': [visit('newcomer', '/onboarding')],
  '/dashboard/abonnement': [visit('admin', '/dashboard/abonnement')],
  '/dashboard': [
    visit('admin', '/dashboard'),
    visit('admin', '/dashboard', {
      state: "the phone's menu and 'Meer' open",
      prepare: async (page) => {
        const toggle = page.getByRole('button', { name: 'Menu' });
        if ((await toggle.isVisible()) && (await toggle.getAttribute('aria-expanded')) !== 'true')
          await toggle.click();
        const more = page.getByRole('button', { name: 'Meer' });
        if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
        await page.getByRole('link', { name: 'Beheer', exact: true }).waitFor();
      },
    }),
  ],
  '/surveys': [visit('admin', '/surveys'), visit('viewer', '/surveys')],
  '/analytics': [visit('admin', '/analytics')],
  '/advanced-kpis': [visit('admin', '/advanced-kpis')],
  '/new-survey': [visit('admin', '/new-survey')],
  '/survey/:id': [
    visit('admin', (f) => `/survey/${f.surveyId}`),
    visit('viewer', (f) => `/survey/${f.surveyId}`),
  ],
  '/survey/:id/edit': [visit('admin', (f) => `/survey/${f.surveyId}/edit`)],
  '/survey/:id/email-preview': [visit('admin', (f) => `/survey/${f.surveyId}/email-preview`)],
  '/survey/:id/uitnodigen': [visit('admin', (f) => `/survey/${f.surveyId}/uitnodigen`)],
  '/survey/:id/preview': [visit('admin', (f) => `/survey/${f.surveyId}/preview`)],
  '/survey/:surveyId/question/:questionId': [
    visit('admin', (f) => `/survey/${f.surveyId}/question/${f.questionId}`),
  ],
  '/profiel': [visit('admin', '/profiel')],
  '/organisatie': [visit('admin', '/organisatie'), visit('viewer', '/organisatie')],
  '/koppelingen': [visit('admin', '/koppelingen'), visit('viewer', '/koppelingen')],
  '/personalisatie': [visit('admin', '/personalisatie')],
  '/koppelingen/webhooks': [
    visit('admin', '/koppelingen/webhooks'),
    visit('viewer', '/koppelingen/webhooks'),
  ],
  '/contacten': [
    visit('admin', '/contacten'),
    visit('viewer', '/contacten'),
    visit('admin', '/contacten?weergave=kaart', {
      state: 'the map',
      prepare: async (page) => {
        await page.locator('.contact-map .leaflet-tile-loaded').first().waitFor();
        await page.locator('.contact-map-point, .contact-map-cluster').first().waitFor();
      },
    }),
  ],
  '/bedrijfsanalyse': [visit('admin', '/bedrijfsanalyse'), visit('viewer', '/bedrijfsanalyse')],
  '/finance': [visit('admin', '/finance'), visit('viewer', '/finance')],
  '/admin': [visit('admin', '/admin')],
  '/admin/billing': [visit('admin', '/admin/billing')],
  '/admin/logs': [visit('admin', '/admin/logs')],
};

const NEWCOMER = { name: 'Nina Nieuw', email: 'nina.nieuw@voorbeeld.nl', password: 'NieuwHier!2026' };
const VISITOR = { name: 'Bert Bezoeker', email: 'bert.bezoeker@voorbeeld.nl', password: 'Bezoeker!2026' };
/** A colleague with the role Lezer: the screens that tell a viewer what is not for them. */
const VIEWER = { name: 'Lotte Lezer', email: 'lotte.lezer@voorbeeld.nl', password: 'LezerLoop!2026' };

/** A JSON POST to the API without a session; throws on a refusal. */
async function post(path: string, body: unknown) {
  const answer = await fetch(`${server.url}/api/v1${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!answer.ok) throw new Error(`POST ${path}: ${answer.status} ${await answer.text()}`);
}

const register = (account: typeof NEWCOMER & { invitation_token?: string }) =>
  post('/auth/register', account);

/** The token at the end of a mail link. */
const tokenOf = (link: string) => new URL(link).pathname.split('/').at(-1) ?? '';

let tiles: Awaited<ReturnType<typeof startTileServer>>;
let server: RunningServer;
let browser: Browser;
let fixtures: Fixtures;
const sessions = new Map<Session, OpenPage>();

/** The demo survey with answers, its first question, and the links only a mail holds. */
async function makeFixtures(api: DemoApi): Promise<Fixtures> {
  const surveys = await api.call<{ items: Array<{ id: number; title: string }> }>(
    'GET',
    '/surveys?page=1&page_size=25',
  );
  const listed = surveys.items.find((item) => item.title === 'Medewerkerstevredenheid 2026');
  if (!listed) throw new Error('the demo survey is missing');
  const survey = await api.call<Survey>('GET', `/surveys/${listed.id}`);
  const question = survey.questions[0];
  if (!question) throw new Error('the demo survey has no questions');

  // A colleague's invitation; a viewer who joined through theirs; a visitor's verification link
  // (opened by its visit); a newcomer who verified and has no organisation yet, with a reset link.
  await api.call('POST', '/organization/invitations', { email: 'collega@voorbeeld.nl', role: 'member' });
  const invitationLink = await server.waitForMailLink('/uitnodiging/');
  const invited = (await server.mailLinks()).length;
  await api.call('POST', '/organization/invitations', { email: VIEWER.email, role: 'viewer' });
  await register({
    ...VIEWER,
    invitation_token: tokenOf(await server.waitForMailLink('/uitnodiging/', invited)),
  });
  await register(VISITOR);
  const verifyLink = await server.waitForMailLink('/verify/');
  const skip = (await server.mailLinks()).length;
  await register(NEWCOMER);
  const newcomerLink = await server.waitForMailLink('/verify/', skip);
  await post('/auth/verify-email', { token: tokenOf(newcomerLink) });
  await post('/auth/forgot-password', { email: NEWCOMER.email });
  const resetLink = await server.waitForMailLink('/reset-password/');

  // Rows for the tables: a finance record, and the survey sent to three contacts.
  await api.call('POST', '/finance/records', {
    date: '2026-02-10',
    direction: 'income',
    amount_cents: 121_000,
    btw_rate: '21',
    category: 'Omzet',
    description: 'Factuur 2026-007',
    counterparty: 'Klant Noord B.V.',
    attachment_ref: 'F-2026-007',
  });
  const contacts = await api.call<{ items: Array<{ id: number }> }>('GET', '/contacts?page=1&page_size=3');
  await api.call('POST', `/surveys/${survey.id}/invitations`, {
    selection: { ids: contacts.items.map((contact) => contact.id) },
  });
  const unsubscribeLink = await server.waitForMailLink('/afmelden/');

  return {
    surveyId: survey.id,
    questionId: question.id,
    respondToken: await publicToken(api, survey.id),
    verifyLink,
    resetLink,
    invitationLink,
    unsubscribeLink,
  };
}

async function signIn(session: Session): Promise<OpenPage> {
  const opened = await openPage(browser, PHONE);
  if (session === 'admin') await login(opened.page, server.url, DEMO.admin);
  if (session === 'viewer') await login(opened.page, server.url, VIEWER);
  if (session === 'newcomer') {
    // Verified through the API above, not yet onboarded: login lands on /onboarding.
    await opened.page.goto(`${server.url}/login`);
    await opened.page.getByLabel('E-mailadres').fill(NEWCOMER.email);
    await opened.page.getByLabel('Wachtwoord').fill(NEWCOMER.password);
    await opened.page.getByRole('button', { name: 'Inloggen' }).click();
    await opened.page.waitForURL(`${server.url}/onboarding`);
  }
  return opened;
}

beforeAll(async () => {
  tiles = await startTileServer();
  [server, browser] = await Promise.all([
    startServer({ MAP_TILE_URL: tiles.url, MAP_ATTRIBUTION: '© OpenStreetMap-bijdragers' }),
    launchBrowser(),
  ]);
  fixtures = await makeFixtures(await demoApi(server, DEMO.admin));
  for (const session of ['signed out', 'admin', 'viewer', 'newcomer'] as const)
    sessions.set(session, await signIn(session));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  tiles?.close();
});

/** Waits until the page has settled: its heading shown, nothing loading, the network quiet. */
async function settle(page: Page) {
  await page.waitForLoadState('networkidle');
  await page.locator('h1').first().waitFor();
  await expect.poll(() => page.locator('.loading, .loading-spinner').count()).toBe(0);
}

describe('accessibility', () => {
  it('should check every route of the app', () => {
    const unchecked = Object.keys(ROUTE_ACCESS).filter(
      (path) => (VISITS[path as RoutePath] ?? []).length === 0,
    );
    expect(unchecked).toEqual([]);
  });

  const all = Object.entries(VISITS).flatMap(([route, visits]) =>
    visits.map((each) => ({ route, who: each.state ? `${each.as}, ${each.state}` : each.as, ...each })),
  );
  it.each(all)(
    'should find nothing serious on $route ($who) at 390 and 1280 px',
    { timeout: 120_000 },
    async (each) => {
      const opened = sessions.get(each.as);
      if (!opened) throw new Error(`no session ${each.as}`);
      const { page, problems } = opened;
      const seen = problems.length;
      const found: string[] = [];
      await page.setViewportSize(PHONE);
      await page.goto(`${server.url}${each.path(fixtures)}`);
      await settle(page);
      for (const viewport of [PHONE, LAPTOP]) {
        await page.setViewportSize(viewport);
        if (each.prepare) await each.prepare(page);
        for (const finding of await seriousViolations(page)) found.push(`${viewport.width} px: ${finding}`);
        // WCAG 1.4.10 (reflow), which axe does not check: a phone's page never scrolls sideways.
        const width = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
        if (width > viewport.width) found.push(`${viewport.width} px: the page is ${width} px wide`);
      }
      expect(found, each.path(fixtures)).toEqual([]);
      expect(problems.slice(seen)).toEqual([]);
    },
  );
});

/**
 * First-load JS per route: opens each route in Chromium against the built app served by a real Loop
 * server, records every script the page loads until the network is idle, and prints raw and gzip
 * sizes beside the budgets of docs/architecture.md. Run: pnpm bench:bundle
 */
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { DEMO, launchBrowser, type RunningServer, startServer } from '../../e2e/harness';
import { demoApi, openSurvey, personalLinks } from '../../e2e/respondFixtures';

interface RouteCase {
  readonly path: string;
  readonly signedIn: boolean;
  /** Budget in kB gzip (docs/architecture.md, Budgets); null where none is set yet. */
  readonly budgetKb: number | null;
  /** Signed in as the demo admin instead of the demo user (admin-only screens). */
  readonly admin?: boolean;
  /** Makes the real address on the running server (a personal link); `path` is then its label. */
  readonly address?: (server: RunningServer) => Promise<string>;
}

/** A personal link of a freshly opened survey with one question of every type. */
async function personalLinkPath(server: RunningServer): Promise<string> {
  const api = await demoApi(server);
  const survey = await openSurvey(api);
  const [token] = await personalLinks(api, survey.id);
  return `/respond/${token}`;
}

const ROUTES: readonly RouteCase[] = [
  { path: '/login', signedIn: false, budgetKb: 160 },
  { path: '/register', signedIn: false, budgetKb: 160 },
  { path: '/dashboard', signedIn: true, budgetKb: null },
  { path: '/profiel', signedIn: true, budgetKb: null },
  { path: '/dashboard/abonnement', signedIn: true, budgetKb: null },
  { path: '/billing/return', signedIn: false, budgetKb: null },
  { path: '/admin/logs', signedIn: true, budgetKb: null, admin: true },
  // The answering page is its own entry (respond.html), measured on a real personal link.
  { path: '/respond/<token>', signedIn: false, budgetKb: 90, address: personalLinkPath },
];

async function tokensFor(server: RunningServer, account: { email: string; password: string }) {
  const answer = await fetch(`${server.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  if (!answer.ok) throw new Error(`demo login failed: ${answer.status}`);
  return (await answer.json()) as { access_token: string; refresh_token: string };
}

async function measure(browser: Browser, server: RunningServer, route: RouteCase) {
  const context = await browser.newContext();
  if (route.signedIn) {
    const tokens = await tokensFor(server, route.admin ? DEMO.admin : DEMO.user);
    await context.addInitScript(
      ([access, refresh]) => {
        localStorage.setItem('token', access);
        localStorage.setItem('refresh_token', refresh);
        localStorage.setItem('cookie_consent_app', 'accepted');
      },
      [tokens.access_token, tokens.refresh_token] as const,
    );
  }
  const page: Page = await context.newPage();
  const scripts = new Map<string, Buffer>();
  page.on('response', async (response) => {
    if (response.request().resourceType() !== 'script') return;
    try {
      scripts.set(new URL(response.url()).pathname, await response.body());
    } catch {
      // a navigation can discard a body; the same file is fetched again if needed
    }
  });
  const path = route.address ? await route.address(server) : route.path;
  await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
  if (new URL(page.url()).pathname !== path) {
    throw new Error(`${route.path} ended on ${page.url()}`);
  }
  await context.close();
  let raw = 0;
  let gzip = 0;
  for (const body of scripts.values()) {
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  return { files: scripts.size, raw, gzip };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

const [server, browser] = await Promise.all([startServer({ RATE_LIMIT: 'false' }), launchBrowser()]);
try {
  console.log('route                  files   raw kB   gzip kB   budget kB   gzip/budget');
  for (const route of ROUTES) {
    const { files, raw, gzip } = await measure(browser, server, route);
    const budget = route.budgetKb === null ? '-' : String(route.budgetKb);
    const ratio = route.budgetKb === null ? '-' : (gzip / 1024 / route.budgetKb).toFixed(2);
    console.log(
      `${route.path.padEnd(22)} ${String(files).padStart(5)} ${kb(raw).padStart(8)} ${kb(gzip).padStart(9)} ${budget.padStart(11)} ${ratio.padStart(13)}`,
    );
  }
} finally {
  await browser.close();
  await server.stop();
}

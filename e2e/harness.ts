/**
 * Browser-test harness: a real Loop server process on a free port with its own embedded database,
 * and Debian's Chromium driven by playwright-core.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { cp, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Browser, type BrowserContext, chromium, type Page, type Route } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

export const ROOT = resolve(import.meta.dirname, '..');

export const DEMO = {
  admin: { email: 'admin@loop.demo', password: 'LoopAdmin!2026' },
  user: { email: 'demo@loop.demo', password: 'LoopDemo!2026' },
} as const;

const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

async function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => done(port));
    });
  });
}

export interface RunningServer {
  readonly url: string;
  readonly dataDir: string;
  readonly output: () => string;
  /** The links found in the mails written to DATA_DIR/outbox, oldest first. */
  readonly mailLinks: () => Promise<string[]>;
  /** Waits (mail goes out after the answer) for a link containing `part` among mails after the first `skip`. */
  readonly waitForMailLink: (part: string, skip?: number) => Promise<string>;
  readonly stop: () => Promise<void>;
}

export async function startServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = await mkdtemp(join(tmpdir(), 'loop-e2e-'));
  // The embedded database with the demo data starts from the run's template (globalSetup.ts);
  // PostgreSQL, a server without demo data, or a bench (no vitest run, no template) makes its own.
  if (!env.DATABASE_URL && env.SEED_DEMO !== 'false' && process.env.VITEST) {
    await cp(inject('pgliteTemplate'), join(dataDir, 'pglite'), { recursive: true });
  }
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['packages/server/src/main.ts'], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      APP_URL: url,
      DATABASE_URL: '',
      SMTP_URL: '',
      // Browser tests log the demo users in many times a minute from one address.
      RATE_LIMIT: 'false',
      // Never PDOK from a test: a test that geocodes passes its local fake (testing/fakePdok.ts).
      GEOCODER_URL: 'off',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<void>((done) => child.once('exit', () => done()));

  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Loop server exited early:\n${output}`);
    try {
      const answer = await fetch(`${url}/api/v1/health`);
      if (answer.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      // Never leave the server running without its test: it would hold a port and a core.
      child.kill('SIGKILL');
      throw new Error(`Loop server did not start in 120 s:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }

  async function mailLinks(): Promise<string[]> {
    const outbox = join(dataDir, 'outbox');
    const files = (await readdir(outbox).catch(() => [] as string[]))
      .filter((f) => f.endsWith('.eml'))
      .sort();
    const links: string[] = [];
    for (const file of files) {
      const text = await readFile(join(outbox, file), 'utf8');
      for (const match of text.matchAll(/https?:\/\/[^\s"'<>]+/g)) links.push(match[0]);
    }
    return links;
  }

  return {
    url,
    dataDir,
    output: () => output,
    mailLinks,
    async waitForMailLink(part, skip = 0) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const link = (await mailLinks()).slice(skip).find((candidate) => candidate.includes(part));
        if (link) return link;
        if (Date.now() > deadline) throw new Error(`no mail with a link containing ${part}`);
        await new Promise((r) => setTimeout(r, 100));
      }
    },
    async stop() {
      child.kill('SIGTERM');
      const killer = setTimeout(() => child.kill('SIGKILL'), 5_000);
      await exited;
      clearTimeout(killer);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Debian's Chromium with the flags that work here; benchmarks may add their own. */
export async function launchBrowser(extraArgs: readonly string[] = []): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS, ...extraArgs],
  });
}

/** A real server and Chromium, started before a test file's tests and stopped after them. */
export interface ServerAndBrowser {
  readonly server: RunningServer;
  readonly browser: Browser;
}

/** Starts a real server (with `env`) and Chromium in the file's `beforeAll` and stops both in its `afterAll`. */
export function useServerAndBrowser(env: Record<string, string> = {}): ServerAndBrowser {
  const running = {} as { server: RunningServer; browser: Browser };
  beforeAll(async () => {
    [running.server, running.browser] = await Promise.all([startServer(env), launchBrowser()]);
  });
  afterAll(async () => {
    await running.browser?.close();
    await running.server?.stop();
  });
  return running;
}

export interface OpenPage {
  readonly context: BrowserContext;
  readonly page: Page;
  /** Console errors and CSP violations seen so far. */
  readonly problems: string[];
}

export async function openPage(browser: Browser, viewport = { width: 1280, height: 800 }): Promise<OpenPage> {
  const context = await browser.newContext({ viewport, locale: 'nl-NL' });
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    const text = message.text();
    if (message.type() === 'error' && /Content Security Policy|Refused to/i.test(text)) problems.push(text);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return { context, page, problems };
}

export async function login(page: Page, baseUrl: string, account: { email: string; password: string }) {
  await page.goto(`${baseUrl}/login`);
  await page.getByLabel('E-mailadres').fill(account.email);
  await page.getByLabel('Wachtwoord').fill(account.password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await page.waitForURL(`${baseUrl}/dashboard`);
}

/** Scripts the page asks for from now on, by path (to see what a first load or a click loads). */
export function scriptRequests(page: Page): string[] {
  const paths: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') paths.push(new URL(request.url()).pathname);
  });
  return paths;
}

/** Holds requests matching `pattern` until `release` is called; then they go on to the server. */
export async function holdRequests(page: Page, pattern: string) {
  let release!: () => void;
  const held = new Promise<void>((done) => (release = done));
  const passed: Promise<void>[] = [];
  const handler = (route: Route) => {
    const passing = held.then(() => route.continue());
    passed.push(passing);
    return passing;
  };
  await page.route(pattern, handler);
  return {
    release: async () => {
      release();
      // Taken off only once every held request went on: an unroute first would answer them itself.
      await Promise.all(passed);
      await page.unroute(pattern, handler);
    },
  };
}

/**
 * A link of the main menu, shown: the less-used ones (Organisatie, Profiel, Personalisatie, Beheer)
 * sit under the header's 'Meer', which is opened for them.
 */
export async function menuLink(page: Page, name: string) {
  const nav = page.getByRole('navigation', { name: 'Hoofdmenu' });
  const link = nav.getByRole('link', { name, exact: true });
  const more = nav.getByRole('button', { name: 'Meer' });
  await link.or(more).first().waitFor();
  if (!(await link.isVisible()) && (await more.getAttribute('aria-expanded')) !== 'true') await more.click();
  await link.waitFor();
  return link;
}

/** A JSON call to the server's API, signed in with `token` in organisation `orgId` when given; throws on a refusal. */
export async function callApi<T>(
  baseUrl: string,
  method: string,
  path: string,
  options: { token?: string; orgId?: number | null; body?: unknown } = {},
): Promise<T> {
  const answer = await fetch(`${baseUrl}/api/v1${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      ...(options.orgId ? { 'x-organization-id': String(options.orgId) } : {}),
    },
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A 1×1 white PNG: the map tile every local tile request gets (Leaflet scales it to 256 px). */
export const BLANK_TILE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8/5+hHgAHggJ/PchI7wAAAABJRU5ErkJggg==',
  'base64',
);

/** A local map tile server (browser tests never load tiles from the internet): its URL template for MAP_TILE_URL. */
export async function startTileServer(): Promise<{ readonly url: string; readonly close: () => void }> {
  const server = createHttpServer((request, response) => {
    if (!request.url?.startsWith('/tiles/')) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'image/png' }).end(BLANK_TILE);
  }).listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/tiles/{z}/{x}/{y}.png`, close: () => server.close() };
}

/**
 * First-load JS per route: opens each route in Chromium against the built app served by a real Loop
 * server, records every script the page loads until the network is idle, and prints raw and gzip
 * sizes beside the budgets of docs/architecture.md. Then the answering page at 1× and 4× CPU: time to
 * its first screen and the long tasks before it (median of cold loads), and a keystroke in an open
 * answer against a bare text box in the same page, outside and inside React's root
 * (respondPageTimings.ts). Run: pnpm bench:bundle
 * (`pnpm bench:bundle --sizes` prints the bytes only, without the timings).
 */
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { DEMO, launchBrowser, type RunningServer, startServer } from '../../e2e/harness';
import { demoApi, openSurvey, personalLinks } from '../../e2e/respondFixtures';
import { type FirstScreenRun, firstScreenRun, median, typingRun } from './respondPageTimings';

interface RouteCase {
  readonly path: string;
  readonly signedIn: boolean;
  /** Budget in kB gzip (docs/architecture.md, Budgets); null where none is set yet. */
  readonly budgetKb: number | null;
  /** A figure of an earlier session that must not grow (docs/architecture.md, Budgets). */
  readonly ceilingKb?: number;
  /** Signed in as the demo admin instead of the demo user (admin-only screens). */
  readonly admin?: boolean;
  /** Scripts that must not be in this route's first load (a library that loads on demand). */
  readonly without?: { readonly name: string; readonly pattern: RegExp };
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

/** The results page of the demo organisation's employee survey (seeded with answers). */
async function demoResultsPath(server: RunningServer): Promise<string> {
  const api = await demoApi(server);
  const title = 'Medewerkerstevredenheid 2026';
  const list = await api.call<{ items: Array<{ id: number; title: string }> }>(
    'GET',
    `/surveys?q=${encodeURIComponent(title)}`,
  );
  const survey = list.items.find((item) => item.title === title);
  if (!survey) throw new Error(`the demo survey ${title} is missing`);
  return `/survey/${survey.id}`;
}

/** A read-only results link of the demo employee survey, every question on it (R-SHARE-7). */
async function sharedResultsPath(server: RunningServer): Promise<string> {
  const api = await demoApi(server);
  const results = await demoResultsPath(server);
  const id = Number(results.split('/').pop());
  const survey = await api.call<{ questions: Array<{ id: string; type: string }> }>('GET', `/surveys/${id}`);
  const created = await api.call<{ token: string }>('POST', `/surveys/${id}/results-links`, {
    question_ids: survey.questions
      .filter((question) => question.type !== 'text_block')
      .map((question) => question.id),
  });
  return `/gedeeld/${created.token}`;
}

const ROUTES: readonly RouteCase[] = [
  { path: '/login', signedIn: false, budgetKb: 160, ceilingKb: 115.3 },
  { path: '/register', signedIn: false, budgetKb: 160 },
  { path: '/dashboard', signedIn: true, budgetKb: 130, ceilingKb: 127.3 },
  { path: '/profiel', signedIn: true, budgetKb: null },
  { path: '/dashboard/abonnement', signedIn: true, budgetKb: null },
  { path: '/billing/return', signedIn: false, budgetKb: null },
  { path: '/admin/logs', signedIn: true, budgetKb: null, admin: true },
  { path: '/contacten', signedIn: true, budgetKb: null },
  // jsPDF loads when 'PDF' is clicked, never with the page.
  {
    path: '/bedrijfsanalyse',
    signedIn: true,
    budgetKb: 130,
    without: { name: 'jsPDF', pattern: /jspdf/i },
  },
  // The results page of a demo survey (proloop: 'Samenvatting PDF' shows); the PDF's code and jsPDF
  // load when it is clicked, never with the page.
  {
    path: '/survey/<id>',
    signedIn: true,
    budgetKb: null,
    without: { name: 'jsPDF or the results PDF', pattern: /jspdf|resultsPdf/i },
    address: demoResultsPath,
  },
  // The answering page is its own entry (respond.html), measured on a real personal link; the
  // frame's messaging loads only in a frame (/embed.js), never on the page opened on its own.
  {
    path: '/respond/<token>',
    signedIn: false,
    budgetKb: 90,
    ceilingKb: 89.0,
    without: { name: "the frame's messaging", pattern: /embedFrame/ },
    address: personalLinkPath,
  },
  // The shared results page is its own entry too (shared.html), on a real results link.
  { path: '/gedeeld/<token>', signedIn: false, budgetKb: 110, address: sharedResultsPath },
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

/** Counts the page's requests under way and when the last one started or ended. */
function trackRequests(page: Page) {
  let open = 0;
  let last = Date.now();
  const started = () => {
    open++;
    last = Date.now();
  };
  const ended = () => {
    open--;
    last = Date.now();
  };
  page.on('request', started);
  page.on('requestfinished', ended);
  page.on('requestfailed', ended);
  return { quietFor: () => (open > 0 ? 0 : Date.now() - last) };
}

/**
 * Waits for the route's screen (every screen has an h1) and then for 500 ms without a request. On a
 * loaded machine running the entry took over 500 ms, so 'networkidle' alone came before the screen's
 * lazy chunk was asked for and measured the entry only (3 files).
 */
async function screenShown(page: Page, quiet: { quietFor: () => number }) {
  await page.waitForSelector('h1', { timeout: 60_000 });
  const deadline = Date.now() + 60_000;
  while (quiet.quietFor() < 500) {
    if (Date.now() > deadline) throw new Error(`${page.url()} never fell quiet for 500 ms`);
    await new Promise((done) => setTimeout(done, 50));
  }
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
  // Every body is read before the context closes: on a busy machine a read still under way was lost.
  const reads: Promise<void>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() !== 'script') return;
    reads.push(
      response.body().then(
        (body) => void scripts.set(new URL(response.url()).pathname, body),
        // a navigation can discard a body; the same file is fetched again if needed
        () => undefined,
      ),
    );
  });
  const quiet = trackRequests(page);
  const path = route.address ? await route.address(server) : route.path;
  await page.goto(`${server.url}${path}`, { waitUntil: 'networkidle' });
  await screenShown(page, quiet);
  if (new URL(page.url()).pathname !== path) {
    throw new Error(`${route.path} ended on ${page.url()}`);
  }
  await Promise.all(reads);
  await context.close();
  let raw = 0;
  let gzip = 0;
  for (const body of scripts.values()) {
    raw += body.length;
    gzip += gzipSync(body, { level: 9 }).length;
  }
  const unwanted = route.without
    ? [...scripts.keys()].filter((script) => route.without?.pattern.test(script))
    : [];
  if (unwanted.length > 0) {
    throw new Error(`${route.path} loaded ${route.without?.name} at once: ${unwanted.join(', ')}`);
  }
  return { files: scripts.size, raw, gzip };
}

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

/** /embed.js, the snippet customers paste (R-EMBED-6): at most this many kB gzip. */
const EMBED_SCRIPT_BUDGET_KB = 5;

/** The snippet's size as a customer's page loads it; a run over its budget fails. */
async function measureEmbedScript(server: RunningServer) {
  const response = await fetch(`${server.url}/embed.js`);
  if (!response.ok) throw new Error(`/embed.js answered ${response.status}`);
  const body = Buffer.from(await response.arrayBuffer());
  const gzip = gzipSync(body, { level: 9 }).length;
  if (gzip / 1024 > EMBED_SCRIPT_BUDGET_KB)
    throw new Error(`/embed.js is ${kb(gzip)} kB gzip, over its budget of ${EMBED_SCRIPT_BUDGET_KB} kB`);
  return { raw: body.length, gzip };
}

const RUNS = 5;

const ms = (value: number) => value.toFixed(0).padStart(6);

/** The medians of `RUNS` cold loads of `url` at `rate`× CPU, after one load that warms the server. */
async function firstScreen(browser: Browser, url: string, rate: number) {
  await firstScreenRun(browser, url, rate);
  const runs: FirstScreenRun[] = [];
  for (let run = 0; run < RUNS; run++) runs.push(await firstScreenRun(browser, url, rate));
  const of = (key: keyof FirstScreenRun) => median(runs.map((run) => run[key]));
  return {
    fcp: of('fcp'),
    firstScreen: of('firstScreen'),
    longTasks: of('longTasks'),
    longTaskMs: of('longTaskMs'),
    blockingMs: of('blockingMs'),
    requests: of('requests'),
    scripts: of('scripts'),
    apiGets: of('apiGets'),
  };
}

/**
 * The machine's baseline for the load figures: a static page with the same heading, served from the
 * same origin (intercepted, so the server needs no bench page), measured the same way.
 */
async function staticBaseline(browser: Browser, server: RunningServer, rate: number) {
  const url = `${server.url}/bench-static-baseline`;
  const html =
    '<!doctype html><html lang="nl"><head><meta charset="utf-8"><title>Survey</title></head>' +
    '<body><main class="respondent-card"><h1>Werkbeleving</h1></main></body></html>';
  const runs: number[] = [];
  for (let run = 0; run <= RUNS; run++) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    await context.route(url, (route) => route.fulfill({ contentType: 'text/html', body: html }));
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate });
    await page.goto(url, { waitUntil: 'load' });
    const painted = await page.evaluate(
      () =>
        new Promise<number>((done) =>
          requestAnimationFrame(() => {
            const channel = new MessageChannel();
            channel.port1.onmessage = () =>
              done(performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? performance.now());
            channel.port2.postMessage(null);
          }),
        ),
    );
    if (run > 0) runs.push(painted);
    await context.close();
  }
  return median(runs);
}

/** A build of the web app served by a Loop server of its own: the current one, or another (`BENCH_BEFORE_DIST`). */
interface Build {
  readonly name: string;
  readonly server: RunningServer;
}

/**
 * `BENCH_BEFORE_DIST=<a dist/ folder>` measures that build too, side by side with this one (e.g.
 * main's, built and copied aside first), so both see the same machine: each section runs for both,
 * and the typing alternates between them `BENCH_TYPING_RUNS` times (default 1; 2 with a before).
 */
const beforeDist = process.env.BENCH_BEFORE_DIST;
const typingRuns = Number(process.env.BENCH_TYPING_RUNS ?? (beforeDist ? 2 : 1));

async function startBuild(name: string, env: Record<string, string> = {}): Promise<Build> {
  return { name, server: await startServer({ RATE_LIMIT: 'false', ...env }) };
}

// One server after the other: two starting at once on a busy 2-core machine can take over a minute.
const builds: Build[] = beforeDist
  ? [await startBuild('before', { WEB_DIST: beforeDist }), await startBuild('after')]
  : [await startBuild('this build')];
const browser = await launchBrowser();
const named = (build: Build, text: string) => (builds.length > 1 ? `${text} ${build.name}` : text);
try {
  console.log(
    'route                         files   raw kB   gzip kB   budget kB   gzip/budget   ceiling kB',
  );
  for (const route of ROUTES) {
    for (const build of builds) {
      const { files, raw, gzip } = await measure(browser, build.server, route);
      const budget = route.budgetKb === null ? '-' : String(route.budgetKb);
      const ratio = route.budgetKb === null ? '-' : (gzip / 1024 / route.budgetKb).toFixed(2);
      const ceiling =
        route.ceilingKb === undefined
          ? '-'
          : `${route.ceilingKb} ${gzip / 1024 <= route.ceilingKb ? 'ok' : 'OVER'}`;
      console.log(
        `${named(build, route.path).padEnd(29)} ${String(files).padStart(5)} ${kb(raw).padStart(8)} ${kb(gzip).padStart(9)} ${budget.padStart(11)} ${ratio.padStart(13)} ${ceiling.padStart(12)}`,
      );
    }
  }

  for (const build of builds) {
    const { raw, gzip } = await measureEmbedScript(build.server);
    const ratio = (gzip / 1024 / EMBED_SCRIPT_BUDGET_KB).toFixed(2);
    console.log(
      `${named(build, '/embed.js (snippet)').padEnd(29)} ${'1'.padStart(5)} ${kb(raw).padStart(8)} ${kb(gzip).padStart(9)} ${String(EMBED_SCRIPT_BUDGET_KB).padStart(11)} ${ratio.padStart(13)} ${'-'.padStart(12)}`,
    );
  }

  if (!process.argv.includes('--sizes')) await timings();
} finally {
  await browser.close();
  await Promise.all(builds.map((build) => build.server.stop()));
}

/** The answering page's first screen and typing figures, for each build. */
async function timings() {
  const links = new Map<Build, { view: string; typing: string[] }>();
  for (const build of builds) {
    const api = await demoApi(build.server);
    const survey = await openSurvey(api);
    const [view = '', ...typing] = await personalLinks(api, survey.id, 1 + typingRuns);
    links.set(build, { view: `${build.server.url}/respond/${view}`, typing });
  }

  console.log(`\n/respond/<token>, cold load, median of ${RUNS} (ms from navigation start)`);
  console.log(
    'CPU             static page  FCP  first screen  long tasks  long task ms  blocking ms  requests  scripts  API GETs',
  );
  for (const rate of [1, 4]) {
    for (const build of builds) {
      const baseline = await staticBaseline(browser, build.server, rate);
      const r = await firstScreen(browser, links.get(build)?.view ?? '', rate);
      console.log(
        `${named(build, `${rate}x`).padEnd(14)} ${ms(baseline).padStart(12)} ${ms(r.fcp)} ${ms(r.firstScreen).padStart(13)} ${String(r.longTasks).padStart(11)} ${ms(r.longTaskMs).padStart(13)} ${ms(r.blockingMs).padStart(12)} ${String(r.requests).padStart(9)} ${String(r.scripts).padStart(8)} ${String(r.apiGets).padStart(9)}`,
      );
    }
  }

  console.log(
    '\nA keystroke in an open answer against a bare <textarea> in the same page, outside and inside' +
      " React's root, 4x CPU (median ms)",
  );
  console.log('                         processing  to next frame');
  const row = (name: string, value: { processing: number; toPaint: number }) =>
    console.log(
      `${name.padEnd(24)} ${value.processing.toFixed(2).padStart(10)} ${value.toPaint.toFixed(2).padStart(14)}`,
    );
  for (let run = 0; run < typingRuns; run++) {
    const order = run % 2 === 0 ? builds : [...builds].reverse();
    for (const build of order) {
      const typing = await typingRun(
        browser,
        `${build.server.url}/respond/${links.get(build)?.typing[run]}`,
        4,
      );
      const label = typingRuns > 1 || builds.length > 1 ? `run ${run + 1}, ${build.name}` : build.name;
      console.log(`${label}: ${typing.keys} keystrokes per box`);
      row('  bare box', typing.bare);
      row("  box in React's root", typing.inRoot);
      row('  open answer', typing.field);
      row('  ratio open answer', typing.ratio);
      row('  ratio box in root', typing.inRootRatio);
    }
  }
  console.log("(a ratio is the median over rounds of each round's ratio to the bare box)");
}

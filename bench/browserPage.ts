/**
 * A benchmark's code in real Chromium: bundles one entry file with Vite (the workspace's `source`
 * condition, so packages are used as TypeScript, as the app's build does), serves it on a bare page
 * without a CSP, and opens it in Debian's Chromium once the entry has set `window.__ready`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:http';
import { cpus, tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { build, defaultClientConditions } from 'vite';
import { launchBrowser } from '../e2e/harness';
import { restParameters } from '../scripts/restParameters.mjs';

export interface BenchPage {
  readonly page: Page;
  readonly browser: Browser;
  /** Bytes of the bundle and its chunks (minified, not compressed). */
  readonly bundleBytes: number;
  /**
   * CPU seconds the browser's renderer processes have used so far (Chromium's own count): a batch's
   * difference is the work it took, whatever else the shared machine was running meanwhile.
   */
  readonly rendererCpuSeconds: () => Promise<number>;
  readonly close: () => Promise<void>;
}

/** Builds `entry` into `dir`/dist (its lazy imports as chunks beside it); answers the folder. */
async function bundle(entry: string, dir: string): Promise<string> {
  const outDir = join(dir, 'dist');
  await build({
    configFile: false,
    root: dirname(entry),
    cacheDir: join(dir, '.vite'),
    logLevel: 'silent',
    resolve: { conditions: ['source', ...defaultClientConditions] },
    // As the app's build (packages/web/vite.config.ts); REST_PARAMETERS=0 shows what it saves.
    plugins: process.env.REST_PARAMETERS === '0' ? [] : [restParameters()],
    build: {
      outDir,
      emptyOutDir: true,
      // As the app's production build: minified (MINIFY=0 for an unminified comparison).
      minify: process.env.MINIFY !== '0',
      lib: { entry, formats: ['es'], fileName: () => 'bench.js' },
    },
  });
  return outDir;
}

/** A response the page's server gives besides the bundle (a map tile, a fixture). */
export type ExtraRoute = (
  url: string,
) => { readonly type: string; readonly body: Buffer | string } | undefined;

/**
 * `entry` bundled and opened in Chromium; `close` ends browser, server and scratch folder. `extra`
 * answers other paths on the page's origin (for example map tiles).
 */
export async function openBenchPage(entry: string, extra?: ExtraRoute): Promise<BenchPage> {
  const dir = await mkdtemp(join(tmpdir(), 'loop-bench-'));
  const [outDir, browser] = await Promise.all([bundle(entry, dir), launchBrowser()]);
  const files = new Map<string, string>();
  for (const name of await readdir(outDir, { recursive: true })) {
    if (name.endsWith('.js'))
      files.set(`/${name.split(sep).join('/')}`, await readFile(join(outDir, name), 'utf8'));
  }
  const html = `<!doctype html><html lang="nl"><head><meta charset="utf-8"><title>bench</title>
<script type="module" src="/bench.js"></script></head><body></body></html>`;
  const server = createServer((request, response) => {
    const code = files.get(request.url ?? '');
    if (request.url === '/')
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
    else if (code !== undefined)
      response.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(code);
    else {
      const answer = extra?.(request.url ?? '');
      if (answer) response.writeHead(200, { 'content-type': answer.type }).end(answer.body);
      else response.writeHead(404).end();
    }
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  const page = await browser.newPage();
  page.on('pageerror', (error) => console.error(`page error: ${error.message}`));
  await page.goto(`http://127.0.0.1:${port}/`);
  await page.waitForFunction(() => '__ready' in window, undefined, { timeout: 60_000 });
  const cdp = await browser.newBrowserCDPSession();
  const rendererCpuSeconds = async () => {
    const { processInfo } = await cdp.send('SystemInfo.getProcessInfo');
    return processInfo
      .filter((info) => info.type === 'renderer')
      .reduce((sum, info) => sum + info.cpuTime, 0);
  };
  return {
    rendererCpuSeconds,
    page,
    browser,
    bundleBytes: [...files.values()].reduce((sum, code) => sum + Buffer.byteLength(code), 0),
    close: async () => {
      await browser.close();
      await new Promise<void>((done) => server.close(() => done()));
      await rm(dir, { recursive: true, force: true });
    },
  };
}

/** The value at quantile `q` (0–1) of `values`. */
export const quantile = (values: readonly number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

/** The steps' timings over all rounds, the renderer's CPU per run, and each step's last answer. */
export interface TurnAbout {
  readonly times: Readonly<Record<string, number[]>>;
  readonly cpuMsPerRun: Readonly<Record<string, number>>;
  readonly results: Readonly<Record<string, number>>;
}

/**
 * Runs the page's steps (`window.__bench.time`, see bench/pageTimer.ts) turn about: once each to
 * warm up, then `rounds` rounds of `runs` runs of every step, so all see the same machine.
 */
export async function turnAbout(
  bench: BenchPage,
  names: readonly string[],
  rounds: number,
  runs: number,
): Promise<TurnAbout> {
  const run = (name: string) =>
    bench.page.evaluate(
      ({ name, runs }) =>
        (
          window as unknown as {
            __bench: { time(n: string, r: number): { times: number[]; result: number } };
          }
        ).__bench.time(name, runs),
      { name, runs },
    );
  for (const name of names) await run(name);
  const times: Record<string, number[]> = {};
  const cpuSeconds: Record<string, number> = {};
  const results: Record<string, number> = {};
  for (let round = 0; round < rounds; round++) {
    for (const name of names) {
      const before = await bench.rendererCpuSeconds();
      const result = await run(name);
      cpuSeconds[name] = (cpuSeconds[name] ?? 0) + (await bench.rendererCpuSeconds()) - before;
      times[name] = [...(times[name] ?? []), ...result.times];
      results[name] = result.result;
    }
  }
  const cpuMsPerRun = Object.fromEntries(
    names.map((name) => [name, ((cpuSeconds[name] ?? 0) * 1000) / (rounds * runs)]),
  );
  return { times, cpuMsPerRun, results };
}

/** The machine's load as `uptime` prints it. */
export const uptime = (): string => execFileSync('uptime', { encoding: 'utf8' }).trim();

/** The browser, the processor and the load before and after, for the record. */
export function machineLines(bench: BenchPage, title: string, loadBefore: string): string[] {
  return [
    `${title} in Chromium ${bench.browser.version()}, ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}`,
    `load before: ${loadBefore}`,
    `load after:  ${uptime()}`,
  ];
}

/** One step's line: median, p95 and renderer CPU per run. */
export function timingLine(
  label: string,
  result: TurnAbout,
  name: string,
  width: number,
  digits: number,
): string {
  const values = result.times[name] ?? [];
  const ms = (value: number) => value.toFixed(digits).padStart(6 + digits);
  return (
    `${label.padEnd(width)} median ${ms(quantile(values, 0.5))} ms   p95 ${ms(quantile(values, 0.95))} ms` +
    `   renderer CPU ${ms(result.cpuMsPerRun[name] ?? Number.NaN)} ms/run`
  );
}

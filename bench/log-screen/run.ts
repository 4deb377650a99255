/**
 * The 'Applicatie Logging' screen in Chromium with 100,000 log rows (issue 4, docs/architecture.md: the
 * filter runs on the client and the table renders only the rows in view): the real server on a
 * PostgreSQL database of its own, the built app, the demo admin. Per keystroke in 'Zoeken' it
 * times, inside the page, from setting the input's value to the first task after the next frame
 * (filter, React's render, layout and paint), and the same on a bare page whose input does nothing,
 * side by side in the same browser: the ratio is what the screen adds to the browser's own cost of
 * a keystroke. Frame-rate limits are off, so times are not rounded up to a 60 Hz frame.
 * Run: pnpm bench:log-screen   (needs `pnpm --filter @loop/web build` first; PostgreSQL at
 * LOOP_TEST_POSTGRES_URL or postgres://postgres@127.0.0.1:5432/test; ROUNDS may be set, PER_KEY=1
 * prints the median of every keystroke)
 */
import { cpus } from 'node:os';
import { openPostgres } from '@loop/server/db';
import type { Page } from 'playwright-core';
import { DEMO, launchBrowser, login, startServer } from '../../e2e/harness';
import { generateLogRows } from '../admin-logs/generateLogRows';
import { scratchDatabase } from '../benchKit';

const ROWS = 100_000;
const ROUNDS = Number(process.env.ROUNDS ?? 10);

/** Keystroke sequences: typing a word letter by letter, then clearing the field. */
const SEQUENCES: Readonly<Record<string, readonly string[]>> = {
  "typing 'l'…'login', then clear": ['l', 'lo', 'log', 'logi', 'login', ''],
  "common 'users' (every row), then clear": ['u', 'us', 'use', 'user', 'users', ''],
  "selective 'payments' (a quarter), then clear": ['p', 'pa', 'pay', 'paym', 'payments', ''],
  "no match 'zzqx', then clear": ['z', 'zz', 'zzq', 'zzqx', ''],
};

/**
 * Runs in the page: sets the field to each value in turn and times each up to the next frame. A
 * string, because tsx adds helpers to compiled functions that the page does not have.
 */
const KEYSTROKES = `async (values) => {
  const input = document.getElementById('log-search');
  const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set;
  const nextFrame = () => new Promise((done) => requestAnimationFrame(() => setTimeout(done, 0)));
  const times = [];
  for (const value of values) {
    const start = performance.now();
    setValue.call(input, value);
    input.dispatchEvent(new Event('input', { bubbles: true }));
    await nextFrame();
    times.push(performance.now() - start);
  }
  return times;
}`;

/**
 * The keystrokes of `values` on `target`, in ms each. The page is brought to the front first: a
 * tab in the background gets no animation frames, which would time the browser's throttling.
 */
async function keystrokes(target: Page, values: readonly string[]): Promise<number[]> {
  await target.bringToFront();
  return (await target.evaluate(`(${KEYSTROKES})(${JSON.stringify(values)})`)) as number[];
}

const BARE_PAGE = `<!doctype html><html lang="nl"><body>
  <label for="log-search">Zoeken</label><input id="log-search" type="search">
  <table><tbody>${'<tr><td>2026-11-21 09:00</td><td>info</td><td>GET</td><td>/api/v1/users/me</td></tr>'.repeat(34)}</tbody></table>
</body></html>`;

const quantile = (values: readonly number[], q: number): number => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
};

async function main() {
  const { url: databaseUrl, drop } = await scratchDatabase('log_screen');
  const database = openPostgres(databaseUrl, { max: 2 });
  await database.migrate();
  await database.db.execute(generateLogRows(ROWS));
  await database.close();

  const [server, browser] = await Promise.all([
    startServer({ DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' }),
    launchBrowser(['--disable-frame-rate-limit', '--disable-gpu-vsync']),
  ]);
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, locale: 'nl-NL' });
    const page = await context.newPage();
    await login(page, server.url, DEMO.admin);
    const loadStart = Date.now();
    await page.goto(`${server.url}/admin/logs`);
    await page
      .getByTestId('log-count')
      .filter({ hasText: /van .*resultaten/ })
      .waitFor({ timeout: 60_000 });
    const loaded = Date.now() - loadStart;
    const count = (await page.getByTestId('log-count').textContent()) ?? '';
    const rendered = await page.locator('tbody tr.log-row').count();

    const bare = await context.newPage();
    await bare.setContent(BARE_PAGE);

    console.log(
      `/admin/logs with ${ROWS.toLocaleString('en')} rows in Chromium, ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}: ` +
        `loaded and shown in ${loaded} ms ('${count.trim()}'), ${rendered} table rows in the DOM`,
    );
    console.log(
      `ms per keystroke over ${ROUNDS} rounds: screen median / p95, bare input median / p95, ratio of medians`,
    );
    for (const [label, values] of Object.entries(SEQUENCES)) {
      const screenTimes: number[] = [];
      const bareTimes: number[] = [];
      // Turn about, so both see the same machine.
      for (let round = 0; round < ROUNDS; round++) {
        screenTimes.push(...(await keystrokes(page, values)));
        bareTimes.push(...(await keystrokes(bare, values)));
      }
      if (process.env.PER_KEY)
        console.log(
          values
            .map((value, index) => {
              const each = screenTimes.filter((_, at) => at % values.length === index);
              return `'${value}' ${quantile(each, 0.5).toFixed(1)}`;
            })
            .join(', '),
        );
      const screen = quantile(screenTimes, 0.5);
      const base = quantile(bareTimes, 0.5);
      console.log(
        `${label.padEnd(46)} ${screen.toFixed(1).padStart(6)} / ${quantile(screenTimes, 0.95).toFixed(1).padStart(6)}` +
          `   ${base.toFixed(1).padStart(5)} / ${quantile(bareTimes, 0.95).toFixed(1).padStart(5)}   ${(screen / base).toFixed(1)}×`,
      );
    }
    await context.close();
  } finally {
    await browser.close();
    await server.stop();
    await drop();
  }
}

await main();

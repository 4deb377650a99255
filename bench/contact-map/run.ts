/**
 * The contacts map in Chromium (issue 16, budget: first render of 10,000 placed contacts ≤ 500 ms,
 * panning without long tasks over 50 ms). The map as the screen makes it (`@loop/adapters/map`:
 * Leaflet, supercluster, markers drawn for the view) beside a bare Leaflet map with the same tiles
 * and view and no contacts, turn about in one page, so the ratio says what the contacts cost. Tiles
 * come from the page's own server (a blank PNG), never the internet.
 * Run: node scripts/pnpm.mjs bench:contact-map   (POINTS, ROUNDS may be set)
 */
import { join } from 'node:path';
import { BLANK_TILE, ROOT } from '../../e2e/harness';
import { machineLines, openBenchPage, quantile, uptime } from '../browserPage';

const POINTS = Number(process.env.POINTS ?? 10_000);
const ROUNDS = Number(process.env.ROUNDS ?? 15);
const BUDGET_MS = 500;
const LONG_TASK_MS = 50;

interface PageBench {
  setPoints(count: number): void;
  contactMap(): Promise<number>;
  bareLeaflet(): Promise<number>;
  panning(steps: number): Promise<{ longest: number; longTasks: number; drawn: number[] }>;
}

const bench = await openBenchPage(join(ROOT, 'bench/contact-map/page.ts'), (url) =>
  url.startsWith('/tiles/') ? { type: 'image/png', body: BLANK_TILE } : undefined,
);
const call = <T>(fn: (b: PageBench, arg: number) => Promise<T> | T, arg = 0): Promise<T> =>
  bench.page.evaluate(
    ({ source, arg }) => {
      const b = (window as unknown as { __bench: PageBench }).__bench;
      return new Function('b', 'arg', `return (${source})(b, arg);`)(b, arg);
    },
    { source: fn.toString(), arg },
  );
try {
  const loadBefore = uptime();
  await call((b, n) => b.setPoints(n), POINTS);
  const cold = await call((b) => b.contactMap());
  await call((b) => b.bareLeaflet());
  const map: number[] = [];
  const bare: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    map.push(await call((b) => b.contactMap()));
    bare.push(await call((b) => b.bareLeaflet()));
  }
  const drawn = await bench.page.evaluate(() => (window as unknown as { __drawn: number }).__drawn);
  const pan = await call((b, steps) => b.panning(steps), 20);
  for (const line of machineLines(bench, 'contacts map', loadBefore)) console.log(line);
  const ms = (value: number) => `${value.toFixed(1).padStart(6)} ms`;
  console.log(
    `${POINTS.toLocaleString('en')} placed contacts; ${ROUNDS} rounds turn about; ${drawn} markers drawn for the first view`,
  );
  console.log(`first render, cold (Leaflet's chunk loaded on first use): ${ms(cold)}`);
  console.log(`contacts map   median ${ms(quantile(map, 0.5))}   p95 ${ms(quantile(map, 0.95))}`);
  console.log(
    `bare Leaflet   median ${ms(quantile(bare, 0.5))}   p95 ${ms(quantile(bare, 0.95))}   (baseline)`,
  );
  console.log(`ratio to bare Leaflet: ${(quantile(map, 0.5) / quantile(bare, 0.5)).toFixed(2)}× (median)`);
  console.log(
    `panning: 20 drags and 4 re-fits, ${pan.longTasks} long tasks, longest ${ms(pan.longest)}; markers per redraw ${Math.min(...pan.drawn)}–${Math.max(...pan.drawn)}`,
  );
  const worst = Math.max(cold, quantile(map, 0.95));
  console.log(
    `budget first render ≤ ${BUDGET_MS} ms: ${worst <= BUDGET_MS ? 'met' : 'NOT met'} (worst of cold and p95: ${worst.toFixed(1)} ms); ` +
      `panning long tasks ≤ ${LONG_TASK_MS} ms: ${pan.longest <= LONG_TASK_MS ? 'met' : 'NOT met'}`,
  );
} finally {
  await bench.close();
}

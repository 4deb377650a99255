/**
 * The report pipeline in Chromium (issue 15, budget ≤ 5 ms for a 20 kB report): core's `reportHtml`
 * (entities decoded, Markdown with marked, DOMPurify with the report allow-list) on a realistic
 * 20 kB Dutch report, as the `/bedrijfsanalyse` screen calls it, beside marked alone (what any
 * Markdown view pays) in the same page, rounds turn about so both see the same machine.
 * Run: node scripts/pnpm.mjs bench:report-pipeline   (ROUNDS, RUNS may be set)
 */
import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../../e2e/harness';
import { openBenchPage, quantile } from '../browserPage';
import { dutchReport } from './dutchReport';

const ROUNDS = Number(process.env.ROUNDS ?? 10);
const RUNS = Number(process.env.RUNS ?? 20);
const BUDGET_MS = 5;
const SIZE = 20_000;

const STEPS = ['pipeline', 'marked', 'sanitize'] as const;

const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();

const report = dutchReport(SIZE);
const bench = await openBenchPage(join(ROOT, 'bench/report-pipeline/page.ts'));
try {
  const loadBefore = uptime();
  const run = (name: string) =>
    bench.page.evaluate(
      ({ name, report, runs }) =>
        (
          window as unknown as {
            __bench: { time(n: string, r: string, k: number): { times: number[]; length: number } };
          }
        ).__bench.time(name, report, runs),
      { name, report, runs: RUNS },
    );
  // Warm-up: the JIT and DOMPurify's first document.
  for (const name of STEPS) await run(name);
  const times: Record<string, number[]> = {};
  const cpu: Record<string, number> = {};
  let htmlLength = 0;
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of STEPS) {
      const before = await bench.rendererCpuSeconds();
      const result = await run(name);
      cpu[name] = (cpu[name] ?? 0) + (await bench.rendererCpuSeconds()) - before;
      times[name] = [...(times[name] ?? []), ...result.times];
      if (name === 'pipeline') htmlLength = result.length;
    }
  }
  console.log(
    `report pipeline in Chromium ${bench.browser.version()}, ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}`,
  );
  console.log(`load before: ${loadBefore}`);
  console.log(`load after:  ${uptime()}`);
  console.log(
    `report: ${report.length.toLocaleString('en')} characters of Markdown → ${htmlLength.toLocaleString('en')} of HTML; ` +
      `${ROUNDS} rounds × ${RUNS} runs each, turn about`,
  );
  const cpuPerRun = (name: string) => ((cpu[name] ?? 0) * 1000) / (ROUNDS * RUNS);
  const line = (label: string, name: string) => {
    const values = times[name] ?? [];
    return (
      `${label.padEnd(44)} median ${quantile(values, 0.5).toFixed(2).padStart(6)} ms   p95 ${quantile(values, 0.95).toFixed(2).padStart(6)} ms` +
      `   renderer CPU ${cpuPerRun(name).toFixed(2).padStart(6)} ms/run`
    );
  };
  console.log(line('reportHtml (decode + marked + DOMPurify)', 'pipeline'));
  console.log(line('marked alone (baseline)', 'marked'));
  console.log(line('marked + DOMPurify, no entity decoding', 'sanitize'));
  const pipeline = times.pipeline ?? [];
  const marked = times.marked ?? [];
  const median = quantile(pipeline, 0.5);
  console.log(
    `ratio to marked alone: ${(median / quantile(marked, 0.5)).toFixed(2)}× (median), ` +
      `${(quantile(pipeline, 0.95) / quantile(marked, 0.95)).toFixed(2)}× (p95), ${(cpuPerRun('pipeline') / cpuPerRun('marked')).toFixed(2)}× (CPU)`,
  );
  console.log(
    `budget ≤ ${BUDGET_MS} ms: ${median <= BUDGET_MS ? 'met' : 'NOT met'} (median ${median.toFixed(2)} ms, p95 ${quantile(pipeline, 0.95).toFixed(2)} ms, CPU ${cpuPerRun('pipeline').toFixed(2)} ms a run)`,
  );
} finally {
  await bench.close();
}

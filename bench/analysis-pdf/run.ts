/**
 * The business analysis PDF in Chromium (issue 15, budget ≤ 2× a bare jsPDF loop): a 50-page
 * report laid out by core (`layoutAnalysisPdf` on jsPDF's metrics: parsing, wrapping, pages,
 * footers) and drawn by the adapter (`loadJsPdfEngine`), against a bare jsPDF loop writing the
 * same text lines in the same fonts on the same pages, turn about in one page. Also the layout and
 * the drawing alone. Run: node scripts/pnpm.mjs bench:analysis-pdf   (ROUNDS, RUNS may be set)
 */
import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../../e2e/harness';
import { openBenchPage, quantile } from '../browserPage';

const ROUNDS = Number(process.env.ROUNDS ?? 8);
const RUNS = Number(process.env.RUNS ?? 3);
const PAGES = 50;
const BUDGET_RATIO = 2;

interface BenchWindow {
  __bench: {
    prepare(pages: number): Promise<{ chars: number; pages: number; lines: number }>;
    time(name: string, runs: number): { times: number[]; bytes: number };
  };
}

const uptime = () => execFileSync('uptime', { encoding: 'utf8' }).trim();

const bench = await openBenchPage(join(ROOT, 'bench/analysis-pdf/page.ts'));
try {
  const loadBefore = uptime();
  const report = await bench.page.evaluate(
    (pages) => (window as unknown as BenchWindow).__bench.prepare(pages),
    PAGES,
  );
  const run = (name: string) =>
    bench.page.evaluate(({ name, runs }) => (window as unknown as BenchWindow).__bench.time(name, runs), {
      name,
      runs: RUNS,
    });
  const names = ['ours', 'bare', 'layout', 'render'] as const;
  for (const name of names) await run(name);
  const times: Record<string, number[]> = {};
  const bytes: Record<string, number> = {};
  const cpu: Record<string, number> = {};
  for (let round = 0; round < ROUNDS; round++) {
    for (const name of names) {
      const before = await bench.rendererCpuSeconds();
      const result = await run(name);
      cpu[name] = (cpu[name] ?? 0) + (await bench.rendererCpuSeconds()) - before;
      times[name] = [...(times[name] ?? []), ...result.times];
      bytes[name] = result.bytes;
    }
  }
  console.log(
    `analysis PDF in Chromium ${bench.browser.version()}, ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}`,
  );
  console.log(`load before: ${loadBefore}`);
  console.log(`load after:  ${uptime()}`);
  console.log(
    `report: ${report.chars.toLocaleString('en')} characters of Markdown → ${report.pages} pages, ${report.lines.toLocaleString('en')} text lines; ` +
      `${ROUNDS} rounds × ${RUNS} runs, turn about`,
  );
  const cpuPerRun = (name: string) => ((cpu[name] ?? 0) * 1000) / (ROUNDS * RUNS);
  const line = (label: string, name: string) => {
    const values = times[name] ?? [];
    return (
      `${label.padEnd(52)} median ${quantile(values, 0.5).toFixed(1).padStart(7)} ms   p95 ${quantile(values, 0.95).toFixed(1).padStart(7)} ms` +
      `   renderer CPU ${cpuPerRun(name).toFixed(1).padStart(6)} ms/run`
    );
  };
  console.log(line('layoutAnalysisPdf + jsPDF engine render (ours)', 'ours'));
  console.log(line('bare jsPDF loop, same lines, fonts and pages', 'bare'));
  console.log(line('  of ours: layout alone (parse, measure, wrap)', 'layout'));
  console.log(line('  of ours: render alone (display list → bytes)', 'render'));
  console.log(
    `PDF bytes: ours ${bytes.ours?.toLocaleString('en')}, bare ${bytes.bare?.toLocaleString('en')}`,
  );
  const ratio = quantile(times.ours ?? [], 0.5) / quantile(times.bare ?? [], 0.5);
  console.log(
    `ratio ours / bare (medians): ${ratio.toFixed(2)}×; budget ≤ ${BUDGET_RATIO}×: ${ratio <= BUDGET_RATIO ? 'met' : 'NOT met'}`,
  );
} finally {
  await bench.close();
}

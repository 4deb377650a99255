/**
 * The report pipeline in Chromium (issue 15, budget ≤ 5 ms for a 20 kB report): core's `reportHtml`
 * (entities decoded, Markdown with marked, DOMPurify with the report allow-list) on a realistic
 * 20 kB Dutch report, as the `/bedrijfsanalyse` screen calls it, beside marked alone (what any
 * Markdown view pays) in the same page, rounds turn about so all see the same machine. The bundle
 * is built as the app's (minified, scripts/restParameters.mjs; REST_PARAMETERS=0 without it).
 * Run: node scripts/pnpm.mjs bench:report-pipeline   (ROUNDS, RUNS may be set)
 */
import { join } from 'node:path';
import { ROOT } from '../../e2e/harness';
import { machineLines, openBenchPage, quantile, timingLine, turnAbout, uptime } from '../browserPage';
import { dutchReport } from './dutchReport';

const ROUNDS = Number(process.env.ROUNDS ?? 10);
const RUNS = Number(process.env.RUNS ?? 20);
const BUDGET_MS = 5;
const SIZE = 20_000;

const report = dutchReport(SIZE);
const bench = await openBenchPage(join(ROOT, 'bench/report-pipeline/page.ts'));
try {
  const loadBefore = uptime();
  await bench.page.evaluate(
    (text) => (window as unknown as { __bench: { setReport(text: string): void } }).__bench.setReport(text),
    report,
  );
  const result = await turnAbout(bench, ['pipeline', 'marked', 'sanitize'], ROUNDS, RUNS);
  for (const line of machineLines(bench, 'report pipeline', loadBefore)) console.log(line);
  console.log(
    `report: ${report.length.toLocaleString('en')} characters of Markdown → ${result.results.pipeline?.toLocaleString('en')} of HTML; ` +
      `${ROUNDS} rounds × ${RUNS} runs each, turn about`,
  );
  console.log(timingLine('reportHtml (decode + marked + DOMPurify)', result, 'pipeline', 44, 2));
  console.log(timingLine('marked alone (baseline)', result, 'marked', 44, 2));
  console.log(timingLine('marked + DOMPurify, no entity decoding', result, 'sanitize', 44, 2));
  const pipeline = result.times.pipeline ?? [];
  const marked = result.times.marked ?? [];
  const median = quantile(pipeline, 0.5);
  const cpu = (name: string) => result.cpuMsPerRun[name] ?? Number.NaN;
  console.log(
    `ratio to marked alone: ${(median / quantile(marked, 0.5)).toFixed(2)}× (median), ` +
      `${(quantile(pipeline, 0.95) / quantile(marked, 0.95)).toFixed(2)}× (p95), ${(cpu('pipeline') / cpu('marked')).toFixed(2)}× (CPU)`,
  );
  console.log(
    `budget ≤ ${BUDGET_MS} ms: ${median <= BUDGET_MS ? 'met' : 'NOT met'} (median ${median.toFixed(2)} ms, p95 ${quantile(pipeline, 0.95).toFixed(2)} ms, CPU ${cpu('pipeline').toFixed(2)} ms a run)`,
  );
} finally {
  await bench.close();
}

/**
 * The business analysis PDF in Chromium (issue 15, budget ≤ 2× a bare jsPDF loop): a 50-page
 * report as the 'PDF' button makes it (the HTML the screen shows read back, laid out by core's
 * `layoutAnalysisPdf` on jsPDF's metrics: wrapping, pages, footers) and drawn by the adapter
 * (`loadJsPdfEngine`), against a bare jsPDF loop writing the same text lines in the same fonts on
 * the same pages, turn about in one page. Also the layout and the drawing alone. Run: node scripts/pnpm.mjs bench:analysis-pdf   (ROUNDS, RUNS may be set)
 */
import { join } from 'node:path';
import { ROOT } from '../../e2e/harness';
import { machineLines, openBenchPage, quantile, timingLine, turnAbout, uptime } from '../browserPage';

const ROUNDS = Number(process.env.ROUNDS ?? 8);
const RUNS = Number(process.env.RUNS ?? 3);
const PAGES = 50;
const BUDGET_RATIO = 2;

interface BenchWindow {
  __bench: { prepare(pages: number): Promise<{ chars: number; pages: number; lines: number }> };
}

const bench = await openBenchPage(join(ROOT, 'bench/analysis-pdf/page.ts'));
try {
  const loadBefore = uptime();
  const report = await bench.page.evaluate(
    (pages) => (window as unknown as BenchWindow).__bench.prepare(pages),
    PAGES,
  );
  const result = await turnAbout(bench, ['ours', 'bare', 'layout', 'render'], ROUNDS, RUNS);
  for (const line of machineLines(bench, 'analysis PDF', loadBefore)) console.log(line);
  console.log(
    `report: ${report.chars.toLocaleString('en')} characters of Markdown → ${report.pages} pages, ${report.lines.toLocaleString('en')} text lines; ` +
      `${ROUNDS} rounds × ${RUNS} runs, turn about`,
  );
  console.log(timingLine('read HTML + layoutAnalysisPdf + render (ours)', result, 'ours', 52, 1));
  console.log(timingLine('bare jsPDF loop, same lines, fonts and pages', result, 'bare', 52, 1));
  console.log(timingLine('  of ours: layout alone (read, measure, wrap)', result, 'layout', 52, 1));
  console.log(timingLine('  of ours: render alone (display list → bytes)', result, 'render', 52, 1));
  console.log(
    `PDF bytes: ours ${result.results.ours?.toLocaleString('en')}, bare ${result.results.bare?.toLocaleString('en')}`,
  );
  const ratio = quantile(result.times.ours ?? [], 0.5) / quantile(result.times.bare ?? [], 0.5);
  const cpuRatio = (result.cpuMsPerRun.ours ?? Number.NaN) / (result.cpuMsPerRun.bare ?? Number.NaN);
  console.log(
    `ratio ours / bare: ${ratio.toFixed(2)}× (medians), ${cpuRatio.toFixed(2)}× (renderer CPU); budget ≤ ${BUDGET_RATIO}×: ${ratio <= BUDGET_RATIO ? 'met' : 'NOT met'}`,
  );
} finally {
  await bench.close();
}

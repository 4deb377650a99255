import { join } from 'node:path';
import { ROOT } from '../../e2e/harness';
import { openBenchPage } from '../browserPage';
import { dutchReport } from './dutchReport';

const report = dutchReport(20000);
const bench = await openBenchPage(join(ROOT, 'bench/report-pipeline/page.ts'));
const cdp = await bench.page.context().newCDPSession(bench.page);
await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
await bench.page.evaluate(({ report }) => (window as any).__bench.time('pipeline', report, 20), { report });
await cdp.send('Profiler.start');
await bench.page.evaluate(({ report }) => (window as any).__bench.time('pipeline', report, 100), { report });
const { profile } = await cdp.send('Profiler.stop');
const self = new Map<string, number>();
const dt = profile.timeDeltas ?? [];
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
(profile.samples ?? []).forEach((id, i) => {
  const n = byId.get(id)!;
  const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
  self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0));
});
const total = [...self.values()].reduce((a, b) => a + b, 0);
for (const [k, v] of [...self.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25))
  console.log(((v / total) * 100).toFixed(1).padStart(5), k);
await bench.close();

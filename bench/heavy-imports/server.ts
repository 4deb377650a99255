/**
 * The server side of bench/heavy-imports (run.ts starts it as a child process, from this tree or
 * from a copy in the baseline's tree): the real Loop app on DATABASE_URL, with Node's event-loop
 * delay histogram running. On SIGUSR2 it prints the delay since the last SIGUSR2 (p50, p99, max in
 * ms) as one JSON line and starts a new histogram. Prints `{"url": …}` once it listens.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { benchApp, serveChild } from '../serverKit';

const delay = monitorEventLoopDelay({ resolution: 10 });
const { app, close } = await benchApp('heavy-imports');
await serveChild(app, close);
delay.enable();
process.on('SIGUSR2', () => {
  const ms = (nanoseconds: number) => Math.round(nanoseconds / 1e5) / 10;
  const loopDelay = { p50: ms(delay.percentile(50)), p99: ms(delay.percentile(99)), max: ms(delay.max) };
  process.stdout.write(`${JSON.stringify({ loopDelay })}\n`);
  delay.reset();
});

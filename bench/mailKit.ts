/**
 * What the mail benchmarks (bench/mail-queue, bench/invitations) share: child processes whose
 * stdout lines they read, the real server (packages/server/src/main.ts) pointed at an SMTP sink
 * and killed with SIGKILL at random moments, and the floor under any sender: bare nodemailer
 * straight to the same sink (bench/mail-queue/child.ts `bare`).
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { createInterface } from 'node:readline';
import type { SmtpSink } from '@loop/server/testing';
import type { Sql } from 'postgres';

export interface Running {
  readonly process: ChildProcess;
  readonly lines: AsyncIterator<string>;
  readonly exited: Promise<NodeJS.Signals | null>;
}

/**
 * `node --import tsx <args>` with `env` added, its stdout read line by line. With PROFILE_DIR set,
 * every child writes a CPU profile there (`--cpu-prof`) when it exits normally.
 */
export function runScript(args: readonly string[], env: Record<string, string>): Running {
  const profile = process.env.PROFILE_DIR ? ['--cpu-prof', `--cpu-prof-dir=${process.env.PROFILE_DIR}`] : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', ...args], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: child.stdout as NonNullable<typeof child.stdout> })[
    Symbol.asyncIterator
  ]();
  return {
    process: child,
    lines,
    exited: new Promise((resolve) => child.once('exit', (_code, signal) => resolve(signal))),
  };
}

/** Reads the child's lines up to the first that passes `test`. */
export async function lineMatching(running: Running, test: (line: string) => boolean): Promise<string> {
  for (;;) {
    const next = await running.lines.next();
    if (next.done) throw new Error('the child ended before it printed what was expected');
    if (test(next.value)) return next.value;
  }
}

export const freePort = () =>
  new Promise<number>((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Mails per second. */
export const perSecond = (count: number, ms: number) => count / (ms / 1000);

/**
 * The environment of the real server in a mail benchmark: quiet, no demo seeding, no HTTP rate
 * limit, the outbox without its rate limit and with a short lease (a killed server's claims go
 * back to the queue after 2 s).
 */
export const realServerEnv = (options: {
  readonly port: number;
  readonly dataDir: string;
  readonly databaseUrl: string;
  readonly smtpUrl: string;
}): Record<string, string> => ({
  PORT: String(options.port),
  HOST: '127.0.0.1',
  DATA_DIR: options.dataDir,
  DATABASE_URL: options.databaseUrl,
  SMTP_URL: options.smtpUrl,
  JWT_SECRET: 'bench-secret-that-is-long-enough-0123456789',
  LOG_LEVEL: 'silent',
  SEED_DEMO: 'false',
  RATE_LIMIT: 'false',
  GEOCODER_URL: 'off',
  OUTBOX_RATE_PER_MINUTE: '0',
  OUTBOX_LEASE_SECONDS: '2',
});

/** How many mails of the outbox are not yet sent (queued or being sent). */
export const unsentMails = async (sql: Sql): Promise<number> =>
  Number(
    (await sql<{ n: string }[]>`select count(*) n from mail_outbox where state in ('queued', 'sending')`)[0]
      ?.n,
  );

/** main.ts as a child, once it listens. */
export async function startRealServer(env: Record<string, string>): Promise<Running> {
  const server = runScript(['packages/server/src/main.ts'], env);
  await lineMatching(server, (line) => line.startsWith('Loop draait op'));
  return server;
}

export async function stopRealServer(server: Running): Promise<void> {
  server.process.kill('SIGTERM');
  await server.exited;
}

/**
 * Starts the real server `kills` times and kills it with SIGKILL when the sink has received a
 * random 300–2,000 further mails (or when `finished` says there is nothing left to send); then
 * starts it once more and leaves it running. `afterFirstStart` runs once the first server listens
 * (a request that makes the mails). Answers the sink's count at each kill and the last server.
 */
export async function killDuringDelivery(options: {
  readonly sink: SmtpSink;
  readonly env: Record<string, string>;
  readonly kills: number;
  readonly random: () => number;
  readonly finished: () => Promise<boolean>;
  readonly afterFirstStart?: () => Promise<unknown>;
}): Promise<{ killedAt: number[]; last: Running }> {
  const { sink } = options;
  const killedAt: number[] = [];
  const start = async (round: number) => {
    const server = await startRealServer(options.env);
    if (round === 0) await options.afterFirstStart?.();
    return server;
  };
  for (let kill = 0; kill < options.kills; kill++) {
    const server = await start(kill);
    const target = sink.deliveries.length + 300 + Math.floor(options.random() * 1700);
    // The sink's count each millisecond, the table's only now and then (the worker needs the database).
    for (let polls = 1; sink.deliveries.length < target; polls++) {
      if (polls % 100 === 0 && (await options.finished())) break;
      await sleep(1);
    }
    server.process.kill('SIGKILL');
    await server.exited;
    killedAt.push(sink.deliveries.length);
  }
  return { killedAt, last: await start(options.kills) };
}

/** The sink's time of its last delivery since `start` (performance.now()). */
export const lastDeliverySince = (sink: SmtpSink, start: number) =>
  (sink.deliveries.at(-1)?.at ?? Number.NaN) - start;

/**
 * A sender of bench/mail-queue/child.ts (`bare`: nodemailer from memory, 4 in flight; `held`: a
 * transaction held over each send), timed from its `ready` line to the sink's last delivery; the
 * sink's deliveries are cleared first.
 */
export async function timedSender(
  mode: 'bare' | 'held',
  sink: SmtpSink,
  env: Record<string, string>,
): Promise<{ ms: number; delivered: number; rate: number }> {
  sink.deliveries.length = 0;
  const child = runScript(['bench/mail-queue/child.ts', mode], { SMTP_URL: sink.url, ...env });
  await lineMatching(child, (line) => line === 'ready');
  const start = performance.now();
  await lineMatching(child, (line) => line.startsWith('{'));
  await child.exited;
  const ms = lastDeliverySince(sink, start);
  return { ms, delivered: sink.deliveries.length, rate: perSecond(sink.deliveries.length, ms) };
}

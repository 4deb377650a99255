/**
 * The pulse rounds' scheduler in a process of its own, for the test that kills it with SIGKILL
 * while it sends a round (`node --import tsx packages/server/src/testing/roundSchedulerChild.ts`).
 * It reads:
 * - the server's own settings (DATABASE_URL, JWT_SECRET, APP_URL, DATA_DIR, ...);
 * - ROUNDS_NOW: the moment its pass runs at (ISO 8601): the test's clock;
 * - ROUNDS_KILL_AT=<point>:<n> (optional): SIGKILL itself the n-th time the pass reaches `point`
 *   ('claimed', 'chunk', 'written' or 'committed', see `RoundProbePoint`).
 * Runs one pass of the rounds, as a server does right after it starts, prints `{"handled":n}` and
 * exits.
 */
import { loadConfig } from '../config';
import { openPostgres } from '../db/openDatabase';
import { createOutbox } from '../outbox/outbox';
import { type RoundProbePoint, runDueRounds } from '../rounds/roundScheduler';

const required = (key: string): string => {
  const value = process.env[key];
  if (!value) throw new Error(`${key} is not set`);
  return value;
};

const [killPoint, killCount] = (process.env.ROUNDS_KILL_AT ?? '').split(':');
let reached = 0;
const probe = (point: RoundProbePoint) => {
  if (point !== killPoint) return;
  reached += 1;
  if (reached === Number(killCount)) process.kill(process.pid, 'SIGKILL');
};

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  const now = new Date(required('ROUNDS_NOW'));
  const database = openPostgres(required('DATABASE_URL'), { max: 2 });
  try {
    const handled = await runDueRounds({
      db: database.db,
      clock: { now: () => now },
      config,
      outbox: createOutbox(config),
      ...(killPoint ? { probe } : {}),
    });
    console.log(JSON.stringify({ handled }));
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});

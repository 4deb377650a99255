// Checks, before the test run starts, that the services the suites need are here: PostgreSQL for the
// server suite and Chromium for the browser tests. Each missing one gets one line saying what is
// missing and how to get it, instead of a failure deep inside a suite minutes later.
// Plain JavaScript with no dependencies beyond Node, so it runs before anything else.
import { accessSync, constants } from 'node:fs';
import { connect } from 'node:net';

const postgresUrl = new URL(process.env.LOOP_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * Resolves true when something accepts TCP connections on host:port within the time.
 * @param {string} host
 * @param {number} port
 * @returns {Promise<boolean>}
 */
export function reachable(host, port, timeoutMs = 2000) {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    /** @param {boolean} ok */
    const done = (ok) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(timeoutMs, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

/**
 * The one-line problems for the services that are missing (empty when all are here).
 * @param {{ url?: URL, chromiumPath?: string, canReach?: (host: string, port: number) => Promise<boolean> }} [options]
 * @returns {Promise<string[]>}
 */
export async function missingServices({
  url = postgresUrl,
  chromiumPath = chromium,
  canReach = reachable,
} = {}) {
  const problems = [];
  const host = url.hostname;
  const port = Number(url.port || 5432);
  if (!(await canReach(host, port)))
    problems.push(
      `PostgreSQL is not reachable at ${host}:${port} (the server suite needs database '${url.pathname.slice(1)}'): ` +
        'install and start it (Debian: apt-get install -y postgresql && pg_ctlcluster <version> main start, ' +
        'then createdb -U postgres test) or point LOOP_TEST_POSTGRES_URL at one.',
    );
  try {
    accessSync(chromiumPath, constants.X_OK);
  } catch {
    problems.push(
      `Chromium is not at ${chromiumPath} (the browser tests need it): apt-get install -y chromium, or set CHROMIUM_PATH.`,
    );
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const problems = await missingServices();
  for (const problem of problems) console.error(problem);
  if (problems.length > 0) process.exit(1);
}

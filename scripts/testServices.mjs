// Checks, before the test run starts, that the services the suites need are here: PostgreSQL for the
// server suite, Redis and HAProxy for the cluster tests, and Chromium for the browser tests. Each missing one gets one line saying what is
// missing and how to get it, instead of a failure deep inside a suite minutes later.
// Plain JavaScript with no dependencies beyond Node, so it runs before anything else.
import { accessSync, constants } from 'node:fs';
import { connect } from 'node:net';

const postgresUrl = new URL(process.env.LOOP_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const redisUrl = new URL(process.env.REDIS_TEST_URL ?? 'redis://127.0.0.1:6379');
const haproxy = process.env.HAPROXY_PATH ?? '/usr/sbin/haproxy';

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
 * @param {{ url?: URL, redis?: URL, chromiumPath?: string, haproxyPath?: string, canReach?: (host: string, port: number) => Promise<boolean> }} [options]
 * @returns {Promise<string[]>}
 */
export async function missingServices({
  url = postgresUrl,
  redis = redisUrl,
  chromiumPath = chromium,
  haproxyPath = haproxy,
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
  const redisPort = Number(redis.port || 6379);
  if (!(await canReach(redis.hostname, redisPort)))
    problems.push(
      `Redis is not reachable at ${redis.hostname}:${redisPort} (the rate-limit and cluster tests share limits through it): ` +
        'install and start it (Debian: apt-get install -y redis-server && redis-server --daemonize yes) or point REDIS_TEST_URL at one.',
    );
  try {
    accessSync(haproxyPath, constants.X_OK);
  } catch {
    problems.push(
      `HAProxy is not at ${haproxyPath} (the cluster tests run three instances behind it): apt-get install -y haproxy, or set HAPROXY_PATH.`,
    );
  }
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

import { defineConfig } from 'vitest/config';

// One runner, several projects: core runs in plain Node (no DOM), server suites run the same files
// against PGlite and against the PostgreSQL at 127.0.0.1:5432, e2e drives Debian's Chromium.
const resolve = { conditions: ['source'] };

export default defineConfig({
  test: {
    fsModuleCache: true,
    // Vitest's default is one worker less than the cores: one worker on these two-core machines. The
    // server suites wait on PGlite's and PostgreSQL's work as much as on their own, so two keep both
    // cores busy; LOOP_TEST_WORKERS sets another number.
    maxWorkers: Number(process.env.LOOP_TEST_WORKERS ?? 2),
    projects: [
      {
        resolve,
        // Core is pure (no module state, no globals), so its files can share workers: a forked
        // process per file would spend most of the 3 s budget (docs/architecture.md, Budgets) on start-up.
        test: {
          name: 'core',
          environment: 'node',
          include: ['packages/core/src/**/*.test.ts'],
          isolate: false,
        },
      },
      {
        resolve,
        test: { name: 'adapters', environment: 'node', include: ['packages/adapters/src/**/*.test.ts'] },
      },
      {
        resolve,
        test: { name: 'web', environment: 'jsdom', include: ['packages/web/src/**/*.test.{ts,tsx}'] },
      },
      { resolve, test: { name: 'architecture', environment: 'node', include: ['scripts/**/*.test.ts'] } },
      {
        resolve,
        test: {
          name: 'server-pglite',
          // Files share a worker's loaded modules (R-ARCH-7): loading the server per file was a
          // quarter of the server suites' time.
          environment: 'node',
          isolate: false,
          include: ['packages/server/src/**/*.test.ts'],
          env: { LOOP_TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve,
        test: {
          name: 'server-postgres',
          environment: 'node',
          isolate: false,
          include: ['packages/server/src/**/*.test.ts'],
          env: { LOOP_TEST_DB: 'postgres' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve,
        // The command-line client, run in-process against a real server on PGlite listening on a port.
        test: {
          name: 'cli',
          environment: 'node',
          include: ['packages/cli/src/**/*.test.ts'],
          env: { LOOP_TEST_DB: 'pglite' },
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        resolve,
        // Three real servers behind HAProxy on a PostgreSQL database of their own, killed and
        // restarted under load (scripts/cluster.mjs, docs/deploy.md); about three minutes.
        test: {
          name: 'cluster',
          environment: 'node',
          include: ['cluster/**/*.test.ts'],
          testTimeout: 180_000,
          hookTimeout: 240_000,
        },
      },
      {
        resolve,
        // Two files at once, each with its own server and Chromium: a browser test waits on its
        // pages as much as it computes, so one file at a time left a core idle.
        test: {
          name: 'e2e',
          environment: 'node',
          include: ['e2e/**/*.test.ts'],
          // One migrated, seeded embedded database per run, copied by every test file's server.
          globalSetup: ['e2e/globalSetup.ts'],
          // A journey restarts servers and waits for background work; on a CI machine twice as slow
          // as a quiet one (a whole run 27 min instead of 13) the pulse round's took over 60 s.
          testTimeout: 150_000,
          hookTimeout: 120_000,
          // A page reacts within a second on a quiet machine; CI shares two cores with other jobs, so
          // a poll waits up to 10 s for what the user would see (its default is 1 s).
          expect: { poll: { timeout: 10_000 } },
        },
      },
    ],
  },
});

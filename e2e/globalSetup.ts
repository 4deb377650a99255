/**
 * Runs once before the browser tests: an embedded database that is created, migrated and seeded
 * with the demo data, closed, and handed to every test file's server as a folder to copy.
 *
 * Creating a PGlite data folder (initdb) and migrating it takes seconds of CPU; a server started on
 * a copy opens it in a fraction of that and finds the migrations and the demo data done (both are
 * idempotent), so it starts exactly as on a fresh folder. A server with its own database settings
 * (PostgreSQL, no demo data) does not use it (harness.ts).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createPasswordHasher, seedDemoData, systemClock } from '@loop/server';
import { openDatabase } from '@loop/server/db';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A closed PGlite data folder with the migrations and the demo data (globalSetup.ts). */
    readonly pgliteTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const parent = await mkdtemp(join(tmpdir(), 'loop-e2e-template-'));
  const dataDir = join(parent, 'pglite');
  const database = await openDatabase({ databaseUrl: null, pgliteDataDir: dataDir });
  try {
    await database.migrate();
    await seedDemoData({ db: database.db, clock: systemClock, passwords: createPasswordHasher() });
  } finally {
    await database.close();
  }
  project.provide('pgliteTemplate', dataDir);
  return () => rm(parent, { recursive: true, force: true });
}

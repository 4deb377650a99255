import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database, DatabaseHandle } from '../db/database';
import { heavyJobSlots, organizations } from '../db/schema';
import { ApiError } from '../http/apiError';
import { holdHeavyJobs, otherInstance } from '../testing/heavyJobsTesting';
import { openTestDatabase } from '../testing/testDatabase';
import { releaseSlot, takeSlot } from './heavyJobSlots';
import { HEAVY_JOB_MESSAGES, HEAVY_JOBS_PER_ORGANIZATION } from './heavyJobs';

let handle: DatabaseHandle;

beforeAll(async () => {
  handle = await openTestDatabase();
});

afterAll(async () => {
  await handle?.close();
});

/** A fresh organisation (its own slots). */
async function organization(): Promise<number> {
  const [row] = await handle.db.insert(organizations).values({ name: 'Zwaar BV' }).returning();
  return row!.id;
}

const busy = (limit: number) => new ApiError(429, HEAVY_JOB_MESSAGES.busy(limit));

describe('HeavyJobs', () => {
  it("should refuse an organisation's third job at once with 429 while two run (R-HEAVY-5)", async () => {
    const { jobs } = otherInstance(handle.db);
    const org = await organization();
    const release = await holdHeavyJobs(jobs, org, 2);
    let thirdStarted = false;
    const third = jobs.run(org, async () => {
      thirdStarted = true;
      return 'te veel';
    });
    await expect(third).rejects.toEqual(busy(2));
    expect(thirdStarted).toBe(false);
    expect(HEAVY_JOB_MESSAGES.busy(2)).toMatch(/^Er lopen al 2 .*Probeer het zo opnieuw\.$/);
    // Another organisation is not held back.
    await expect(jobs.run(await organization(), async () => 'ander')).resolves.toBe('ander');
    expect(await jobs.runningFor(org)).toBe(2);
    await release();
    expect(await jobs.runningFor(org)).toBe(0);
  });

  it('should free the place of a job that failed', async () => {
    const { jobs } = otherInstance(handle.db, { limit: 1 });
    const org = await organization();
    await expect(jobs.run(org, () => Promise.reject(new Error('kapot')))).rejects.toThrow('kapot');
    expect(await jobs.runningFor(org)).toBe(0);
    await expect(jobs.run(org, async () => 'weer')).resolves.toBe('weer');
  });

  it('should answer the job when its place cannot be released, and log it', async () => {
    let broken = false;
    const failing = new Proxy(handle.db, {
      get: (target, property, receiver) =>
        broken && property === 'execute'
          ? () => Promise.reject(new Error('database weg'))
          : Reflect.get(target, property, receiver),
    }) as Database;
    const { jobs, logged } = otherInstance(failing, { limit: 1 });
    const org = await organization();
    const answer = jobs.run(org, async () => {
      broken = true;
      return 'klaar';
    });
    await expect(answer).resolves.toBe('klaar');
    expect(logged.messages).toEqual(['Zware taak: plaats niet vrijgegeven; de lease loopt af']);
    // The slot stays held until its lease runs out.
    expect(await otherInstance(handle.db).jobs.runningFor(org)).toBe(1);
  });
});

describe('HeavyJobs.stream (R-HEAVY-9)', () => {
  it('should hold a place until the body has been read, and free it when the body is destroyed', async () => {
    const { jobs } = otherInstance(handle.db);
    const org = await organization();
    const read = await jobs.stream(org, () => ({ body: Readable.from(['a', 'b']) }));
    const cancelled = await jobs.stream(org, () => ({ body: Readable.from(['c']) }));
    expect(await jobs.runningFor(org)).toBe(2);
    await expect(jobs.stream(org, () => ({ body: Readable.from([]) }))).rejects.toEqual(busy(2));
    expect(await read.body.toArray()).toEqual(['a', 'b']);
    await expect.poll(() => jobs.runningFor(org)).toBe(1);
    cancelled.body.destroy();
    await expect.poll(() => jobs.runningFor(org)).toBe(0);
  });

  it('should free the place when the file cannot be opened', async () => {
    const { jobs } = otherInstance(handle.db, { limit: 1 });
    const org = await organization();
    await expect(
      jobs.stream(org, () => {
        throw new Error('geen bestand');
      }),
    ).rejects.toThrow('geen bestand');
    expect(await jobs.runningFor(org)).toBe(0);
  });
});

describe('HeavyJobs over instances (R-HEAVY-10, R-HEAVY-11, R-HEAVY-12)', () => {
  it('should refuse a third job on a second instance while the first runs two, and free a place at once', async () => {
    const first = otherInstance(handle.db).jobs;
    const second = otherInstance(handle.db).jobs;
    const org = await organization();
    const release = await holdHeavyJobs(first, org, HEAVY_JOBS_PER_ORGANIZATION);
    await expect(second.run(org, async () => 'derde')).rejects.toEqual(busy(HEAVY_JOBS_PER_ORGANIZATION));
    await expect(second.stream(org, () => ({ body: Readable.from([]) }))).rejects.toEqual(
      busy(HEAVY_JOBS_PER_ORGANIZATION),
    );
    await release();
    // Released places are free at once, on the other instance too.
    const again = await holdHeavyJobs(second, org, HEAVY_JOBS_PER_ORGANIZATION);
    await expect(first.run(org, async () => 'derde')).rejects.toEqual(busy(HEAVY_JOBS_PER_ORGANIZATION));
    await again();
  });

  it('should never give more places than the limit to jobs racing on two instances', async () => {
    const instances = [otherInstance(handle.db).jobs, otherInstance(handle.db).jobs];
    const org = await organization();
    let release = () => {};
    const holding = new Promise<void>((resolve) => {
      release = resolve;
    });
    let running = 0;
    const attempts = Array.from({ length: 8 }, (_, i) =>
      instances[i % 2]!.run(org, () => {
        running += 1;
        return holding;
      }),
    );
    const refused = await Promise.all(
      attempts.map((attempt) =>
        Promise.race([attempt.then(() => false), sleep(2_000).then(() => false)]).catch(() => true),
      ),
    );
    expect(refused.filter(Boolean)).toHaveLength(8 - HEAVY_JOBS_PER_ORGANIZATION);
    expect(running).toBe(HEAVY_JOBS_PER_ORGANIZATION);
    const rows = await handle.db.select().from(heavyJobSlots).where(eq(heavyJobSlots.organizationId, org));
    expect(new Set(rows.map((row) => row.holder)).size).toBe(HEAVY_JOBS_PER_ORGANIZATION);
    release();
    await Promise.allSettled(attempts);
  });

  it("should give a crashed instance's place to another once its lease has run out", async () => {
    const org = await organization();
    // The crashed instance took the only place with a short lease and never renews or releases it.
    expect(await takeSlot(handle.db, org, 'gestopt', 1, 300)).toBe(0);
    const { jobs } = otherInstance(handle.db, { limit: 1 });
    await expect(jobs.run(org, async () => 'te vroeg')).rejects.toEqual(busy(1));
    await sleep(400);
    const release = await holdHeavyJobs(jobs, org, 1);
    // The crashed holder's late release does not touch the new holder's row.
    await releaseSlot(handle.db, org, 0, 'gestopt');
    expect(await jobs.runningFor(org)).toBe(1);
    await release();
    expect(await jobs.runningFor(org)).toBe(0);
  });

  it("should keep a long job's place with the heartbeat past its lease", async () => {
    const org = await organization();
    const first = otherInstance(handle.db, { limit: 1, leaseMs: 300 });
    const second = otherInstance(handle.db, { limit: 1, leaseMs: 300 });
    const release = await holdHeavyJobs(first.jobs, org, 1);
    for (let beat = 0; beat < 4; beat++) {
      await sleep(300);
      await expect(second.jobs.run(org, async () => 'te vroeg')).rejects.toEqual(busy(1));
    }
    const [row] = await handle.db
      .select({ fresh: sql<boolean>`${heavyJobSlots.leaseUntil} > now()` })
      .from(heavyJobSlots)
      .where(and(eq(heavyJobSlots.organizationId, org), eq(heavyJobSlots.slot, 0)));
    expect(row?.fresh).toBe(true);
    expect(first.logged.messages).toEqual([]);
    await release();
    await expect(second.jobs.run(org, async () => 'nu')).resolves.toBe('nu');
  });
});

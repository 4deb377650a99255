import { randomUUID } from 'node:crypto';
import { finished, type Readable } from 'node:stream';
import { heartbeatEveryMs, LEASE_MS, startHeartbeat } from '../cluster/leaseHeartbeat';
import type { Queryable } from '../db/database';
import type { JobOutput } from '../housekeeping/periodicJob';
import { ApiError } from '../http/apiError';
import { errorResponse } from '../http/commonSchemas';
import { heldSlots, releaseSlot, renewSlot, takeSlot } from './heavyJobSlots';

/**
 * How many heavy jobs (reading an uploaded import file, writing an XLSX or ZIP export) one
 * organisation runs at a time over all server instances (R-HEAVY-5, R-HEAVY-9, R-HEAVY-10): two. A
 * third is answered 429 at once, before its file is read, so one organisation cannot fill the
 * worker threads and everyone else's imports wait behind it (docs/decisions/server.md, 'Heavy jobs
 * per organisation').
 */

export const HEAVY_JOBS_PER_ORGANIZATION = 2;

export const HEAVY_JOB_MESSAGES = {
  busy: (limit: number) =>
    `Er lopen al ${limit} imports of exports voor deze organisatie; er kunnen er hoogstens ${limit} tegelijk lopen. Probeer het zo opnieuw.`,
} as const;

/** The 429 of a route that runs a heavy job, as the OpenAPI documentation shows it. */
export const HEAVY_JOBS_BUSY = errorResponse(
  `Er lopen al ${HEAVY_JOBS_PER_ORGANIZATION} imports of exports voor deze organisatie; probeer het zo opnieuw.`,
);

/** What HeavyJobs works with: the shared database and where a failed renewal or release is told. */
export interface HeavyJobsDeps {
  readonly db: Queryable;
  readonly output: JobOutput;
}

export interface HeavyJobsOptions {
  /** Heavy jobs per organisation (default HEAVY_JOBS_PER_ORGANIZATION). */
  readonly limit?: number;
  /** How long a slot stays held without a renewal (default LEASE_MS; tests: shorter). */
  readonly leaseMs?: number;
}

/** One held slot; `release` frees it once and never throws (a failure is logged, the lease runs out). */
interface HeldSlot {
  release(): Promise<void>;
}

/**
 * The organisation's heavy jobs on every instance on this database (R-HEAVY-5, R-HEAVY-10): a job
 * takes one of the organisation's `limit` slots in `heavy_job_slots`, renews it with a heartbeat
 * while it runs and frees it when it ends (R-HEAVY-11, R-HEAVY-12).
 */
export class HeavyJobs {
  private readonly limit: number;
  private readonly leaseMs: number;

  constructor(
    private readonly deps: HeavyJobsDeps,
    options: HeavyJobsOptions = {},
  ) {
    this.limit = options.limit ?? HEAVY_JOBS_PER_ORGANIZATION;
    this.leaseMs = options.leaseMs ?? LEASE_MS;
  }

  /** Runs `work` as one of the organisation's heavy jobs, or refuses with 429 when it has `limit`. */
  async run<T>(organizationId: number, work: () => Promise<T>): Promise<T> {
    const held = await this.take(organizationId);
    try {
      return await work();
    } finally {
      await held.release();
    }
  }

  /**
   * Runs an export as one of the organisation's heavy jobs (R-HEAVY-9), or refuses with 429 before
   * `open` is called: the job lasts until the file's body has ended, failed or was closed (a
   * cancelled download).
   */
  async stream<T extends { readonly body: Readable }>(
    organizationId: number,
    open: () => T | Promise<T>,
  ): Promise<T> {
    const held = await this.take(organizationId);
    try {
      const file = await open();
      finished(file.body, () => void held.release());
      return file;
    } catch (error) {
      await held.release();
      throw error;
    }
  }

  /** How many heavy jobs the organisation runs now, on every instance. */
  runningFor(organizationId: number): Promise<number> {
    return heldSlots(this.deps.db, organizationId);
  }

  /** Takes a free slot and keeps it with a heartbeat, or throws the 429. */
  private async take(organizationId: number): Promise<HeldSlot> {
    const { db, output } = this.deps;
    const holder = randomUUID();
    const slot = await takeSlot(db, organizationId, holder, this.limit, this.leaseMs);
    if (slot === null) throw new ApiError(429, HEAVY_JOB_MESSAGES.busy(this.limit));
    const where = { organizationId, slot };
    const heartbeat = startHeartbeat(
      async () => {
        if (!(await renewSlot(db, organizationId, slot, holder, this.leaseMs)))
          output.error(where, 'Zware taak: plaats verloren (lease verlopen voor de vernieuwing)');
      },
      heartbeatEveryMs(this.leaseMs),
      (error) => output.error({ ...where, err: error }, 'Zware taak: plaats niet vernieuwd'),
    );
    let released: Promise<void> | null = null;
    const release = async () => {
      heartbeat.stop();
      try {
        await releaseSlot(db, organizationId, slot, holder);
      } catch (error) {
        output.error({ ...where, err: error }, 'Zware taak: plaats niet vrijgegeven; de lease loopt af');
      }
    };
    return {
      release: () => {
        released ??= release();
        return released;
      },
    };
  }
}

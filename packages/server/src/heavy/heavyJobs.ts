import { finished, type Readable } from 'node:stream';
import { ApiError } from '../http/apiError';
import { errorResponse } from '../http/commonSchemas';

/**
 * How many heavy jobs (reading an uploaded import file, writing an XLSX or ZIP export) one
 * organisation runs at a time on this server (R-HEAVY-5, R-HEAVY-9): two. A third is answered 429 at once, before its file is read, so one
 * organisation cannot fill the worker threads and everyone else's imports wait behind it
 * (docs/decisions/server.md, 'Heavy jobs per organisation').
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

/** The heavy jobs running per organisation. */
export class HeavyJobs {
  private readonly running = new Map<number, number>();

  constructor(private readonly limit = HEAVY_JOBS_PER_ORGANIZATION) {}

  /** Runs `work` as one of the organisation's heavy jobs, or refuses with 429 when it has `limit`. */
  async run<T>(organizationId: number, work: () => Promise<T>): Promise<T> {
    const leave = this.enter(organizationId);
    try {
      return await work();
    } finally {
      leave();
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
    const leave = this.enter(organizationId);
    try {
      const file = await open();
      finished(file.body, () => leave());
      return file;
    } catch (error) {
      leave();
      throw error;
    }
  }

  private enter(organizationId: number): () => void {
    const count = this.running.get(organizationId) ?? 0;
    if (count >= this.limit) throw new ApiError(429, HEAVY_JOB_MESSAGES.busy(this.limit));
    this.running.set(organizationId, count + 1);
    let left = false;
    return () => {
      if (left) return;
      left = true;
      const remaining = (this.running.get(organizationId) ?? 1) - 1;
      if (remaining === 0) this.running.delete(organizationId);
      else this.running.set(organizationId, remaining);
    };
  }

  /** How many heavy jobs the organisation runs now. */
  runningFor(organizationId: number): number {
    return this.running.get(organizationId) ?? 0;
  }
}

/** This server's heavy jobs (one per process: the limit holds per server instance). */
export const heavyJobs = new HeavyJobs();

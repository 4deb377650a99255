import type { Queryable } from '../db/database';
import { HeavyJobs, type HeavyJobsOptions } from '../heavy/heavyJobs';

/** What a HeavyJobs of a test logged (`output.error` messages). */
export interface LoggedErrors {
  readonly messages: string[];
}

/** A HeavyJobs on `db` as another server instance would have it; its logged errors in `logged`. */
export function otherInstance(
  db: Queryable,
  options: HeavyJobsOptions = {},
): { readonly jobs: HeavyJobs; readonly logged: LoggedErrors } {
  const logged: LoggedErrors = { messages: [] };
  const output = {
    info: () => {},
    error: (_details: object, message: string) => logged.messages.push(message),
  };
  return { jobs: new HeavyJobs({ db, output }, options), logged };
}

/**
 * Starts `count` heavy jobs of the organisation on `jobs` that run until the answered function is
 * called (which waits for them to end); resolves once all hold their slot, rejects when one is refused.
 */
export async function holdHeavyJobs(
  jobs: HeavyJobs,
  organizationId: number,
  count: number,
): Promise<() => Promise<void>> {
  let release = () => {};
  const holding = new Promise<void>((resolve) => {
    release = resolve;
  });
  const started = Array.from({ length: count }, () => {
    let began = () => {};
    const running = new Promise<void>((resolve) => {
      began = resolve;
    });
    const job = jobs.run(organizationId, () => {
      began();
      return holding;
    });
    return { running, job };
  });
  await Promise.all(started.map(({ running, job }) => Promise.race([running, job])));
  return async () => {
    release();
    await Promise.all(started.map(({ job }) => job));
  };
}

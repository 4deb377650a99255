import { geocoderRetryDelayMs } from '@loop/core/geocoding';
import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { type GeocoderOutageRow, geocoderOutage } from '../db/schema';

/**
 * The address service's outage in the database (docs/decisions/contacts.md, 'The geocoder's outage is
 * shared'): the geocoding job is one queue for every organisation and every instance, so whether
 * PDOK can be reached is one fact for all of them. A round that cannot reach it writes when it
 * failed first and when the next try is; rounds before that time ask nothing, and the map says so.
 */

export type GeocoderOutage = Pick<GeocoderOutageRow, 'since' | 'failures' | 'retryAt'>;

/** The current outage, or null while the service answers. */
export async function readGeocoderOutage(db: Queryable): Promise<GeocoderOutage | null> {
  const [row] = await db
    .select({
      since: geocoderOutage.since,
      failures: geocoderOutage.failures,
      retryAt: geocoderOutage.retryAt,
    })
    .from(geocoderOutage)
    .where(eq(geocoderOutage.id, 1));
  return row ?? null;
}

/**
 * A round could not reach the service at `now`: the outage starts (or goes on, one failure more,
 * its start kept), and the next try waits as core's rule says. Two instances failing at the same
 * moment both count; the wait is then reckoned from one failure fewer, which is harmless.
 */
export async function recordGeocoderFailure(db: Queryable, now: Date): Promise<GeocoderOutage> {
  const [existing] = await db
    .select({ failures: geocoderOutage.failures })
    .from(geocoderOutage)
    .where(eq(geocoderOutage.id, 1));
  const failures = (existing?.failures ?? 0) + 1;
  const retryAt = new Date(now.getTime() + geocoderRetryDelayMs(failures));
  const [row] = await db
    .insert(geocoderOutage)
    .values({ id: 1, since: now, failures: 1, retryAt })
    .onConflictDoUpdate({
      target: geocoderOutage.id,
      set: { failures: sql`${geocoderOutage.failures} + 1`, retryAt },
    })
    .returning({
      since: geocoderOutage.since,
      failures: geocoderOutage.failures,
      retryAt: geocoderOutage.retryAt,
    });
  if (row === undefined) throw new Error('geocoder outage not written');
  return row;
}

/** A lookup reached the service: the outage, if there was one, is over. */
export async function endGeocoderOutage(db: Queryable): Promise<void> {
  await db.delete(geocoderOutage).where(eq(geocoderOutage.id, 1));
}

import { sql } from 'drizzle-orm';
import { check, doublePrecision, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

// ───────────────────────── Geocoding ─────────────────────────

/**
 * Answers of the geocoder per address (core `addressKey`), shared by every organisation: an address
 * is public data, and one lookup serves every contact living there. 'not_found' answers are kept
 * too, so a wrong address is not asked again on every run; the lookup retries them after a while
 * (`geocodeCache.ts`).
 */
export const geocodeCache = pgTable(
  'geocode_cache',
  {
    addressKey: text('address_key').primaryKey(),
    status: text('status').$type<'found' | 'not_found'>().notNull(),
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    label: text('label'),
    lookedUpAt: timestamptz('looked_up_at').notNull().defaultNow(),
  },
  (t) => [
    check('geocode_cache_status_check', sql`${t.status} in ('found', 'not_found')`),
    check(
      'geocode_cache_found_check',
      sql`(${t.status} = 'found') = (${t.lat} is not null and ${t.lng} is not null)`,
    ),
  ],
);

/**
 * The address service (GEOCODER_URL) while it cannot be reached: one row, there only during an
 * outage, written by whichever instance's geocoding round failed and removed by the first lookup
 * that reaches the service again. Every instance reads it: none asks before `retry_at`, and the
 * map tells people when the next try is.
 */
export const geocoderOutage = pgTable(
  'geocoder_outage',
  {
    id: smallint('id').primaryKey().default(1),
    /** The first failed lookup of this outage. */
    since: timestamptz('since').notNull(),
    /** Rounds that failed in a row: the wait before the next one grows with it. */
    failures: integer('failures').notNull().default(1),
    retryAt: timestamptz('retry_at').notNull(),
  },
  (t) => [check('geocoder_outage_single_check', sql`${t.id} = 1`)],
);
export type GeocoderOutageRow = typeof geocoderOutage.$inferSelect;

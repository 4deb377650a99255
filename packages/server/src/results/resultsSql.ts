import type { PeriodBucket } from '@loop/core';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import type { DayFilter, Period } from './resultsRange';

/**
 * SQL pieces the result queries share. Aggregates are cast to `int`/`float8` and timestamps
 * formatted by the database, so both drivers (PGlite and postgres-js, which differ in how they
 * parse `bigint`, `numeric` and dates) hand back the same plain values.
 */

/** Rows of a raw query, whichever driver runs it (postgres-js answers an array, PGlite `{ rows }`). */
export async function queryRows<T>(db: Queryable, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as T[] | { readonly rows?: T[] };
  return Array.isArray(result) ? result : (result.rows ?? []);
}

/** A timestamp as ISO 8601 in UTC with milliseconds, like `Date.toISOString()`. */
export const isoTimestamp = (value: SQL): SQL<string> =>
  sql<string>`to_char((${value}) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** The Europe/Amsterdam calendar day of a timestamp, as `YYYY-MM-DD`. */
export const amsterdamDay = (value: SQL): SQL<string> =>
  sql<string>`to_char((${value}) at time zone 'Europe/Amsterdam', 'YYYY-MM-DD')`;

/** The moment a Europe/Amsterdam day starts (a constant, so an index range can use it). */
const dayStart = (day: string): SQL => sql`((${day}::date)::timestamp at time zone 'Europe/Amsterdam')`;

/** `column` within the days of the filter (both included); `true` without a filter. */
export function withinDays(column: SQL, filter: DayFilter): SQL {
  const parts: SQL[] = [];
  if (filter.from !== null) parts.push(sql`${column} >= ${dayStart(filter.from)}`);
  if (filter.to !== null) parts.push(sql`${column} < ${dayStart(filter.to)} + interval '1 day'`);
  return parts.length === 0 ? sql`true` : sql.join(parts, sql` and `);
}

/** The days of a whole period as a filter. */
export const periodFilter = (period: Period): DayFilter => ({ from: period.start, to: period.end });

/** The first day of the bucket a timestamp falls in (Europe/Amsterdam), as a `date`. */
export const bucketOf = (bucket: PeriodBucket, value: SQL): SQL =>
  sql`date_trunc(${bucket}, (${value}) at time zone 'Europe/Amsterdam')::date`;

/**
 * Every bucket of the period as `period` (a `date`), gaps included, to left-join counts onto:
 * `from (${periodSeries(period)}) as series`.
 */
export const periodSeries = (period: Period): SQL =>
  sql`select generate_series(date_trunc(${period.bucket}, ${period.start}::timestamp), ${period.end}::timestamp, ${`1 ${period.bucket}`}::interval)::date as period`;

/** Letters whose accents `foldForSearch` (core) drops, upper and lower case, and the combining marks. */
const FOLD_FROM =
  'ÀÁÂÃÄÅàáâãäåÇçÈÉÊËèéêëÌÍÎÏìíîïÑñÒÓÔÕÖòóôõöÙÚÛÜùúûüÝýÿ' +
  String.fromCharCode(...Array.from({ length: 0x70 }, (_, i) => 0x300 + i));
const FOLD_TO = 'aaaaaaaaaaaacceeeeeeeeiiiiiiiinnoooooooooouuuuuuuuyyy';

/**
 * Text folded in SQL as core's `foldForSearch` folds it in JavaScript (lower case, Dutch accents
 * gone, combining marks dropped), so 'een' finds 'Één'. PGlite has no `unaccent`; `translate`
 * exists everywhere, but it walks its whole list for every letter, so plain ASCII text (as many
 * bytes as characters) skips it: a three-word search over 20,000 answers went from 0.7 to 0.3 s.
 */
export const foldedText = (value: SQL): SQL =>
  sql`case when octet_length(${value}) = length(${value}) then lower(${value})
    else translate(lower(${value}), ${FOLD_FROM}, ${FOLD_TO}) end`;

/** A LIKE pattern that finds `word` anywhere, with `%`, `_` and `\` taken literally. */
export const containsPattern = (word: string): string =>
  `%${word.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

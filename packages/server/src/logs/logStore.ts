import type { LogItem } from '@loop/core';
import { logDateOf } from '@loop/core/logs';
import { and, desc, gte, lt, lte, sql } from 'drizzle-orm';
import type { Database, Queryable } from '../db/database';
import { appLogs } from '../db/schema';
import { deleteInChunks } from '../housekeeping/deleteInChunks';
import type { LogEntry, LogSink } from './appLog';

/**
 * The application log's table as the sink of AppLog: one INSERT per batch, its rows travelling as
 * one JSON parameter of a prepared statement. A multi-row VALUES list of 500 rows would bind 4,500
 * parameters and be parsed and planned anew every time, which under load cost more than the rows.
 */
export function createDatabaseLogSink(db: Database): LogSink {
  const insert = db
    .insert(appLogs)
    .select(
      // Drizzle names every column of the table, so the id comes from its sequence here.
      sql`select nextval('app_logs_id_seq'), ts, log_date, level, category, org_id, action, route, http_status, message
          from jsonb_to_recordset(${sql.placeholder('rows')}::jsonb) as r(ts timestamptz, log_date date,
            level text, category text, org_id integer, action text, route text, http_status smallint, message text)`,
    )
    .prepare('app_log_insert');
  return {
    async write(entries) {
      if (entries.length === 0) return;
      await insert.execute({
        rows: JSON.stringify(
          entries.map((entry: LogEntry) => ({
            ts: entry.ts.toISOString(),
            log_date: logDateOf(entry.ts),
            level: entry.level,
            category: entry.category,
            org_id: entry.orgId,
            action: entry.action,
            route: entry.route,
            http_status: entry.httpStatus,
            message: entry.message,
          })),
        ),
      });
    },
  };
}

export interface LogWindow {
  readonly from: Date;
  readonly to: Date;
  readonly limit: number;
}

/** `ts` as ISO 8601 in UTC, formatted by the database: 100,000 Date objects cost more than the query. */
const ISO_TS = sql<string>`to_char(${appLogs.ts} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;

/** Rows with `from <= ts <= to`, newest first, at most `limit`, in the wire shape. */
export async function listLogs(db: Queryable, window: LogWindow): Promise<LogItem[]> {
  return db
    .select({
      id: appLogs.id,
      ts: ISO_TS,
      level: appLogs.level,
      category: appLogs.category,
      org_id: appLogs.orgId,
      action: appLogs.action,
      route: appLogs.route,
      http_status: appLogs.httpStatus,
      message: appLogs.message,
      log_date: appLogs.logDate,
    })
    .from(appLogs)
    .where(and(gte(appLogs.ts, window.from), lte(appLogs.ts, window.to)))
    .orderBy(desc(appLogs.ts), desc(appLogs.id))
    .limit(window.limit);
}

/** Removes rows older than `cutoff`, in chunks; returns how many. */
export function deleteLogsBefore(db: Queryable, cutoff: Date): Promise<number> {
  return deleteInChunks(db, appLogs, appLogs.id, lt(appLogs.ts, cutoff));
}

import { type LogItem, logDateOf } from '@loop/core';
import { and, desc, gte, inArray, lt, lte } from 'drizzle-orm';
import type { Database, Queryable } from '../db/database';
import { appLogs } from '../db/schema';
import type { LogEntry, LogSink } from './appLog';

/** The application log's table as the sink of AppLog: one multi-row INSERT per batch. */
export function createDatabaseLogSink(db: Database): LogSink {
  return {
    async write(entries) {
      if (entries.length === 0) return;
      await db.insert(appLogs).values(
        entries.map((entry: LogEntry) => ({
          ts: entry.ts,
          logDate: logDateOf(entry.ts),
          level: entry.level,
          category: entry.category,
          orgId: entry.orgId,
          action: entry.action,
          route: entry.route,
          httpStatus: entry.httpStatus,
          message: entry.message,
        })),
      );
    },
  };
}

export interface LogWindow {
  readonly from: Date;
  readonly to: Date;
  readonly limit: number;
}

/** Rows with `from <= ts <= to`, newest first, at most `limit`. */
export async function listLogs(db: Queryable, window: LogWindow): Promise<LogItem[]> {
  const rows = await db
    .select()
    .from(appLogs)
    .where(and(gte(appLogs.ts, window.from), lte(appLogs.ts, window.to)))
    .orderBy(desc(appLogs.ts), desc(appLogs.id))
    .limit(window.limit);
  return rows.map((row) => ({
    id: row.id,
    ts: row.ts.toISOString(),
    level: row.level,
    category: row.category,
    org_id: row.orgId,
    action: row.action,
    route: row.route,
    http_status: row.httpStatus,
    message: row.message,
    log_date: row.logDate,
  }));
}

/** Rows removed per statement, so a large clean-up never holds one long lock. */
const DELETE_CHUNK = 10_000;

/** Removes rows older than `cutoff`, in chunks; returns how many. */
export async function deleteLogsBefore(db: Queryable, cutoff: Date): Promise<number> {
  let total = 0;
  for (;;) {
    const oldest = db
      .select({ id: appLogs.id })
      .from(appLogs)
      .where(lt(appLogs.ts, cutoff))
      .limit(DELETE_CHUNK);
    const removed = await db.delete(appLogs).where(inArray(appLogs.id, oldest)).returning({ id: appLogs.id });
    total += removed.length;
    if (removed.length < DELETE_CHUNK) return total;
  }
}

import type { LogLevel } from '@loop/core';
import { sql } from 'drizzle-orm';
import { bigserial, check, date, index, integer, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { timestamptz } from './columns';

// The application log.

export const APP_LOG_LEVELS = ['info', 'warning', 'error', 'audit'] as const satisfies readonly LogLevel[];

/**
 * The application log (R-LOG-3 'Log item'): request metadata and audit events, never personal
 * data. `org_id` is deliberately not a foreign key: the log outlives deleted organisations and a
 * write never waits on another table. `log_date` is the Europe/Amsterdam calendar day of `ts`.
 */
export const appLogs = pgTable(
  'app_logs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    ts: timestamptz('ts').notNull(),
    logDate: date('log_date', { mode: 'string' }).notNull(),
    level: text('level').$type<LogLevel>().notNull(),
    category: text('category').notNull(),
    orgId: integer('org_id'),
    action: text('action').notNull(),
    route: text('route').notNull(),
    httpStatus: smallint('http_status'),
    message: text('message').notNull(),
  },
  (t) => [
    index('app_logs_ts_idx').on(t.ts),
    check('app_logs_level_check', sql`${t.level} in ('info', 'warning', 'error', 'audit')`),
  ],
);

export type AppLogRow = typeof appLogs.$inferSelect;

import { integer, pgTable, primaryKey, smallint, text } from 'drizzle-orm/pg-core';
import { organizations } from './accounts';
import { timestamptz } from './columns';

// ───────────────────────── Heavy job slots (issue 29) ─────────────────────────

/**
 * The places of an organisation's heavy jobs (imports read, XLSX and ZIP exports), shared by every
 * server instance on this database (R-HEAVY-10): slot 0 … limit − 1, each held by one job
 * (`holder`, a random id per job) until `lease_until`. The holder's heartbeat renews the lease while
 * the job runs and deletes the row when it ends; a crashed instance's rows run out by themselves.
 * The times are PostgreSQL's own (`now()`), so instances with skewed clocks agree (R-HEAVY-11).
 */
export const heavyJobSlots = pgTable(
  'heavy_job_slots',
  {
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    slot: smallint('slot').notNull(),
    holder: text('holder').notNull(),
    leaseUntil: timestamptz('lease_until').notNull(),
  },
  (t) => [primaryKey({ columns: [t.organizationId, t.slot] })],
);

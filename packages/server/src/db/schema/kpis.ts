import type {
  KpiDirection,
  KpiMetric,
  KpiPeriodTarget,
  KpiSourceType,
  KpiUnit,
  KpiValueOrigin,
} from '@loop/core';
import type { PeriodKind } from '@loop/core/periods';
import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { memberships, organizations, users } from './accounts';
import { timestamptz } from './columns';
import { surveys } from './surveys';

// ───────────────────────── KPIs (issue 14) ─────────────────────────

/** A value or target in a KPI's unit: exact decimals (cents and seconds are whole), read as numbers. */
const kpiNumber = (name: string) => numeric(name, { precision: 20, scale: 4, mode: 'number' });

/**
 * An organisation's KPIs. The source is flat: `source_type`, the metric, and for a survey source
 * the survey (set null when it is deleted: the KPI then says so), question and statement.
 */
export const kpis = pgTable(
  'kpis',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    unit: text('unit').$type<KpiUnit>().notNull(),
    direction: text('direction').$type<KpiDirection>().notNull(),
    periodKind: text('period_kind').$type<PeriodKind>().notNull(),
    target: kpiNumber('target'),
    warning: kpiNumber('warning'),
    periodTargets: jsonb('period_targets').$type<KpiPeriodTarget[]>().notNull().default([]),
    ownerId: integer('owner_id').references(() => users.id, { onDelete: 'set null' }),
    sourceType: text('source_type').$type<KpiSourceType>().notNull().default('manual'),
    sourceMetric: text('source_metric').$type<KpiMetric>(),
    surveyId: integer('survey_id').references(() => surveys.id, { onDelete: 'set null' }),
    questionId: text('question_id'),
    statementId: text('statement_id'),
    /**
     * Raised by every change of the definition or of a value, in the same statement: the board
     * keeps computed values per KPI while its revision (and its survey's counts) are unchanged.
     */
    revision: integer('revision').notNull().default(0),
    createdAt: timestamptz('created_at').notNull().defaultNow(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    index('kpis_organization_idx').on(t.organizationId, t.id),
    check('kpis_unit_check', sql`${t.unit} in ('number', 'percentage', 'euro', 'duration')`),
    check('kpis_direction_check', sql`${t.direction} in ('higher', 'lower')`),
    check('kpis_period_kind_check', sql`${t.periodKind} in ('week', 'month', 'quarter', 'year')`),
    check('kpis_source_type_check', sql`${t.sourceType} in ('manual', 'survey', 'finance')`),
  ],
);

/** A manual or imported value of a KPI for one period (its key), with a note and who entered it. */
export const kpiValues = pgTable(
  'kpi_values',
  {
    kpiId: integer('kpi_id')
      .notNull()
      .references(() => kpis.id, { onDelete: 'cascade' }),
    period: text('period').notNull(),
    value: kpiNumber('value').notNull(),
    note: text('note').notNull().default(''),
    origin: text('origin').$type<KpiValueOrigin>().notNull().default('manual'),
    enteredBy: integer('entered_by').references(() => users.id, { onDelete: 'set null' }),
    enteredAt: timestamptz('entered_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'kpi_values_pk', columns: [t.kpiId, t.period] }),
    check('kpi_values_origin_check', sql`${t.origin} in ('manual', 'import')`),
  ],
);

/**
 * Which KPIs a board shows, in order: a member's own choice (`user_id`, gone with the membership)
 * or the organisation's default (`user_id` null, one per organisation).
 */
export const kpiBoards = pgTable(
  'kpi_boards',
  {
    id: serial('id').primaryKey(),
    organizationId: integer('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: integer('user_id'),
    kpiIds: jsonb('kpi_ids').$type<number[]>().notNull(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
  },
  (t) => [
    foreignKey({
      name: 'kpi_boards_membership_fk',
      columns: [t.userId, t.organizationId],
      foreignColumns: [memberships.userId, memberships.organizationId],
    }).onDelete('cascade'),
    uniqueIndex('kpi_boards_member_unique').on(t.organizationId, t.userId),
    uniqueIndex('kpi_boards_default_unique').on(t.organizationId).where(sql`${t.userId} is null`),
  ],
);

export type KpiRow = typeof kpis.$inferSelect;
export type KpiValueRow = typeof kpiValues.$inferSelect;

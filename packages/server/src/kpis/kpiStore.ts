import type { KpiDirection, KpiInput, KpiPeriodTarget, KpiPerson, KpiSourceInput, KpiUnit } from '@loop/core';
import type { PeriodKind } from '@loop/core/periods';
import { and, asc, count, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { kpiBoards, kpis, memberships, surveys, users } from '../db/schema';
import { containsPattern } from '../results/resultsSql';

/** What a card and the computation of values need of a KPI (the board reads no more). */
export type KpiCardSource = Omit<KpiRecord, 'description' | 'createdAt' | 'updatedAt'>;

/** A KPI as the server works with it: the definition, its owner's name and its survey's title. */
export interface KpiRecord {
  readonly id: number;
  readonly organizationId: number;
  readonly name: string;
  readonly description: string;
  readonly unit: KpiUnit;
  readonly direction: KpiDirection;
  readonly periodKind: PeriodKind;
  readonly target: number | null;
  readonly warning: number | null;
  readonly periodTargets: readonly KpiPeriodTarget[];
  readonly owner: KpiPerson | null;
  readonly source: KpiSourceInput;
  /** The survey of a survey source while it exists: its title and content version. */
  readonly survey: { readonly title: string; readonly version: number } | null;
  /** Raised by every change of the definition or a value (see `kpis.revision`). */
  readonly revision: number;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

const recordColumns = {
  id: kpis.id,
  organizationId: kpis.organizationId,
  name: kpis.name,
  description: kpis.description,
  unit: kpis.unit,
  direction: kpis.direction,
  periodKind: kpis.periodKind,
  target: kpis.target,
  warning: kpis.warning,
  periodTargets: kpis.periodTargets,
  ownerId: kpis.ownerId,
  ownerName: users.name,
  sourceType: kpis.sourceType,
  sourceMetric: kpis.sourceMetric,
  surveyId: kpis.surveyId,
  questionId: kpis.questionId,
  statementId: kpis.statementId,
  surveyTitle: surveys.title,
  surveyVersion: surveys.version,
  revision: kpis.revision,
  createdAt: kpis.createdAt,
  updatedAt: kpis.updatedAt,
};

type RecordRow = Awaited<ReturnType<typeof selectRecords>>[number];

function toRecord(row: RecordRow): KpiRecord {
  return {
    id: row.id,
    organizationId: row.organizationId,
    name: row.name,
    description: row.description,
    unit: row.unit,
    direction: row.direction,
    periodKind: row.periodKind,
    target: row.target,
    warning: row.warning,
    periodTargets: row.periodTargets,
    owner: row.ownerId === null || row.ownerName === null ? null : { id: row.ownerId, name: row.ownerName },
    source: {
      type: row.sourceType,
      metric: row.sourceMetric,
      survey_id: row.surveyId,
      question_id: row.questionId,
      statement_id: row.statementId,
    },
    survey:
      row.surveyTitle === null || row.surveyVersion === null
        ? null
        : { title: row.surveyTitle, version: row.surveyVersion },
    revision: row.revision,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** Every KPI of the organisation (the survey joined only within it), with `where` on top. */
const selectRecords = (db: Queryable, organizationId: number, where?: SQL) =>
  db
    .select(recordColumns)
    .from(kpis)
    .leftJoin(users, eq(users.id, kpis.ownerId))
    .leftJoin(surveys, and(eq(surveys.id, kpis.surveyId), eq(surveys.organizationId, kpis.organizationId)))
    .where(
      where === undefined
        ? eq(kpis.organizationId, organizationId)
        : and(eq(kpis.organizationId, organizationId), where),
    );

/** One KPI of the organisation; null for another organisation's or an unknown id. */
export async function findKpi(db: Queryable, organizationId: number, id: number): Promise<KpiRecord | null> {
  const [row] = await selectRecords(db, organizationId, eq(kpis.id, id));
  return row === undefined ? null : toRecord(row);
}

/** Every KPI of the organisation, oldest first. */
export async function organizationKpis(db: Queryable, organizationId: number): Promise<KpiRecord[]> {
  const rows = await selectRecords(db, organizationId).orderBy(asc(kpis.id));
  return rows.map(toRecord);
}

export interface KpiListFilter {
  readonly q: string | null;
  readonly source: KpiSourceInput['type'] | null;
  readonly periodKind: PeriodKind | null;
  readonly ownerId: number | null;
  readonly limit: number;
  readonly offset: number;
}

/** A page of the organisation's KPIs by name (then id), with the total that match. */
export async function listKpis(
  db: Queryable,
  organizationId: number,
  filter: KpiListFilter,
): Promise<{ readonly rows: KpiRecord[]; readonly total: number }> {
  const conditions: SQL[] = [];
  if (filter.q !== null) {
    for (const word of filter.q.split(/\s+/).filter((each) => each !== '')) {
      const pattern = containsPattern(word);
      conditions.push(or(ilike(kpis.name, pattern), ilike(kpis.description, pattern)) as SQL);
    }
  }
  if (filter.source !== null) conditions.push(eq(kpis.sourceType, filter.source));
  if (filter.periodKind !== null) conditions.push(eq(kpis.periodKind, filter.periodKind));
  if (filter.ownerId !== null) conditions.push(eq(kpis.ownerId, filter.ownerId));
  const where = conditions.length === 0 ? undefined : and(...conditions);
  const [rows, [total]] = await Promise.all([
    selectRecords(db, organizationId, where)
      .orderBy(sql`lower(${kpis.name})`, asc(kpis.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db
      .select({ total: count() })
      .from(kpis)
      .where(
        where === undefined
          ? eq(kpis.organizationId, organizationId)
          : and(eq(kpis.organizationId, organizationId), where),
      ),
  ]);
  return { rows: rows.map(toRecord), total: total?.total ?? 0 };
}

/** Whether the user is a member of the organisation (a KPI's owner must be). */
export async function isMember(db: Queryable, organizationId: number, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
  return row !== undefined;
}

/** The columns of a checked definition. */
const definitionColumns = (input: KpiInput) => ({
  name: input.name,
  description: input.description,
  unit: input.unit,
  direction: input.direction,
  periodKind: input.period_kind,
  target: input.target,
  warning: input.warning,
  periodTargets: [...input.period_targets],
  ownerId: input.owner_id,
  sourceType: input.source.type,
  sourceMetric: input.source.metric,
  surveyId: input.source.survey_id,
  questionId: input.source.question_id,
  statementId: input.source.statement_id,
});

export async function insertKpi(
  db: Queryable,
  organizationId: number,
  input: KpiInput,
  now: Date,
): Promise<number> {
  const [row] = await db
    .insert(kpis)
    .values({ organizationId, ...definitionColumns(input), createdAt: now, updatedAt: now })
    .returning({ id: kpis.id });
  if (row === undefined) throw new Error('KPI not stored');
  return row.id;
}

/** Replaces a KPI's definition; false when it is not (or no longer) the organisation's. */
export async function updateKpi(
  db: Queryable,
  organizationId: number,
  id: number,
  input: KpiInput,
  now: Date,
): Promise<boolean> {
  const rows = await db
    .update(kpis)
    .set({ ...definitionColumns(input), revision: sql`${kpis.revision} + 1`, updatedAt: now })
    .where(and(eq(kpis.id, id), eq(kpis.organizationId, organizationId)))
    .returning({ id: kpis.id });
  return rows.length > 0;
}

/** Deletes a KPI with its values; false when it is not the organisation's. */
export async function deleteKpi(db: Queryable, organizationId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(kpis)
    .where(and(eq(kpis.id, id), eq(kpis.organizationId, organizationId)))
    .returning({ id: kpis.id });
  return rows.length > 0;
}

// --- Boards -------------------------------------------------------------------------------------

/** A member's own board choice and the organisation's default (null: none made). */
export async function boardChoices(
  db: Queryable,
  organizationId: number,
  userId: number,
): Promise<{ readonly personal: number[] | null; readonly organisation: number[] | null }> {
  const rows = await db
    .select({ userId: kpiBoards.userId, kpiIds: kpiBoards.kpiIds })
    .from(kpiBoards)
    .where(
      and(
        eq(kpiBoards.organizationId, organizationId),
        or(eq(kpiBoards.userId, userId), sql`${kpiBoards.userId} is null`),
      ),
    );
  return {
    personal: rows.find((row) => row.userId === userId)?.kpiIds ?? null,
    organisation: rows.find((row) => row.userId === null)?.kpiIds ?? null,
  };
}

/**
 * Stores a board choice: a member's (userId) or the organisation's default (null), replacing the
 * one there. Two statements: run it in a transaction (kpiBoardUseCases.ts).
 */
export async function setBoard(
  tx: Queryable,
  organizationId: number,
  userId: number | null,
  kpiIds: readonly number[],
  now: Date,
): Promise<void> {
  await tx
    .delete(kpiBoards)
    .where(
      and(
        eq(kpiBoards.organizationId, organizationId),
        userId === null ? sql`${kpiBoards.userId} is null` : eq(kpiBoards.userId, userId),
      ),
    );
  await tx.insert(kpiBoards).values({ organizationId, userId, kpiIds: [...kpiIds], updatedAt: now });
}

/** Forgets a member's own choice: the board shows the organisation's default again. */
export async function clearBoard(db: Queryable, organizationId: number, userId: number): Promise<void> {
  await db
    .delete(kpiBoards)
    .where(and(eq(kpiBoards.organizationId, organizationId), eq(kpiBoards.userId, userId)));
}

import type { KpiPerson, KpiValue, KpiValueOrigin } from '@loop/core';
import { and, asc, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { kpis, kpiValues, users } from '../db/schema';
import { queryRows } from '../results/resultsSql';
import { queueEventSql } from '../webhooks/webhookEvents';

/** The stored values of manual KPIs: reading, writing, importing (kpiStore.ts has the definitions). */

/** A stored value with who entered it. */
export interface StoredValue {
  readonly period: string;
  readonly value: number;
  readonly note: string;
  readonly origin: KpiValueOrigin;
  readonly enteredBy: KpiPerson | null;
  readonly enteredAt: Date;
}

export const toWireValue = (value: StoredValue): KpiValue => ({
  period: value.period,
  value: value.value,
  note: value.note,
  origin: value.origin,
  entered_by: value.enteredBy,
  entered_at: value.enteredAt.toISOString(),
});

const valueColumns = {
  period: kpiValues.period,
  value: kpiValues.value,
  note: kpiValues.note,
  origin: kpiValues.origin,
  enteredById: kpiValues.enteredBy,
  enteredByName: users.name,
  enteredAt: kpiValues.enteredAt,
};

const toStored = (row: {
  period: string;
  value: number;
  note: string;
  origin: KpiValueOrigin;
  enteredById: number | null;
  enteredByName: string | null;
  enteredAt: Date;
}): StoredValue => ({
  period: row.period,
  value: row.value,
  note: row.note,
  origin: row.origin,
  enteredBy:
    row.enteredById === null || row.enteredByName === null
      ? null
      : { id: row.enteredById, name: row.enteredByName },
  enteredAt: row.enteredAt,
});

/** A page of a KPI's stored values, newest period first, with the total. */
export async function storedValuesPage(
  db: Queryable,
  kpiId: number,
  limit: number,
  offset: number,
): Promise<{ readonly rows: StoredValue[]; readonly total: number }> {
  const [rows, [total]] = await Promise.all([
    db
      .select(valueColumns)
      .from(kpiValues)
      .leftJoin(users, eq(users.id, kpiValues.enteredBy))
      .where(eq(kpiValues.kpiId, kpiId))
      .orderBy(desc(kpiValues.period))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(kpiValues).where(eq(kpiValues.kpiId, kpiId)),
  ]);
  return { rows: rows.map(toStored), total: total?.total ?? 0 };
}

/** The stored values of a KPI with period keys from `from` to `to` (same kind: keys sort in time). */
export async function storedValuesBetween(
  db: Queryable,
  kpiId: number,
  from: string,
  to: string,
): Promise<StoredValue[]> {
  const rows = await db
    .select(valueColumns)
    .from(kpiValues)
    .leftJoin(users, eq(users.id, kpiValues.enteredBy))
    .where(and(eq(kpiValues.kpiId, kpiId), sql`${kpiValues.period} between ${from} and ${to}`))
    .orderBy(asc(kpiValues.period));
  return rows.map(toStored);
}

/** The first stored period of a KPI, or null. */
export async function firstStoredPeriod(db: Queryable, kpiId: number): Promise<string | null> {
  const [row] = await db
    .select({ period: kpiValues.period })
    .from(kpiValues)
    .where(eq(kpiValues.kpiId, kpiId))
    .orderBy(asc(kpiValues.period))
    .limit(1);
  return row?.period ?? null;
}

/** Whether a KPI has stored values (its unit and period kind then stay). */
export async function hasStoredValues(db: Queryable, kpiId: number): Promise<boolean> {
  return (await firstStoredPeriod(db, kpiId)) !== null;
}

/**
 * `kpi.value_changed` for the rows of `from` (R-HOOK-3, R-HOOK-4), queued within the statement
 * that changes them; ordered per KPI (R-HOOK-6).
 */
const kpiValueEvent = (kpiId: number, from: SQL, period: SQL, value: SQL, previous: SQL): SQL =>
  queueEventSql({
    type: 'kpi.value_changed',
    from: sql`${from} join kpis k on k.id = ${kpiId}`,
    organizationId: sql`k.organization_id`,
    subject: sql`${`kpi:${kpiId}`}::text`,
    data: sql`jsonb_build_object('kpi_id', k.id, 'period', ${period}, 'value', ${value}, 'previous_value', ${previous})`,
    seed: sql`'kpi.value_changed:' || k.id || ':' || ${period} || ':' || now()::text`,
  });

/**
 * Stores (or replaces) one value and marks the KPI changed, in one statement; the organisation's
 * webhooks hear of a value that changed (`kpi.value_changed`).
 */
export async function writeValue(
  tx: Queryable,
  values: {
    readonly kpiId: number;
    readonly period: string;
    readonly value: number;
    readonly note: string;
    readonly origin: KpiValueOrigin;
    readonly userId: number;
    readonly now: Date;
  },
): Promise<void> {
  await tx.execute(sql`
    with before as (
      select value from kpi_values where kpi_id = ${values.kpiId} and period = ${values.period}
    ), upserted as (
      insert into kpi_values (kpi_id, period, value, note, origin, entered_by, entered_at)
      values (${values.kpiId}, ${values.period}, ${values.value}, ${values.note}, ${values.origin},
              ${values.userId}, ${values.now.toISOString()}::timestamptz)
      on conflict (kpi_id, period) do update
        set value = excluded.value, note = excluded.note, origin = excluded.origin,
            entered_by = excluded.entered_by, entered_at = excluded.entered_at
      returning period, value
    ), event as (
      ${kpiValueEvent(
        values.kpiId,
        sql`upserted u left join before b on true`,
        sql`u.period`,
        sql`u.value::float8`,
        sql`b.value::float8`,
      )}
      where b.value is distinct from u.value
    )
    update kpis set revision = revision + 1 where id = ${values.kpiId}`);
}

/**
 * Deletes one value and marks the KPI changed; false when there was none. Run it in a
 * transaction (kpiValueUseCases.ts).
 */
export async function deleteValue(tx: Queryable, kpiId: number, period: string): Promise<boolean> {
  const rows = await queryRows<{ period: string }>(
    tx,
    sql`with removed as (
          delete from kpi_values where kpi_id = ${kpiId} and period = ${period} returning period, value
        ), event as (
          ${kpiValueEvent(kpiId, sql`removed r`, sql`r.period`, sql`null::float8`, sql`r.value::float8`)}
        )
        select period from removed`,
  );
  if (rows.length > 0) await bumpRevision(tx, kpiId);
  return rows.length > 0;
}

/** Marks a KPI's values changed (see `kpis.revision`). */
async function bumpRevision(db: Queryable, kpiId: number): Promise<void> {
  await db
    .update(kpis)
    .set({ revision: sql`${kpis.revision} + 1` })
    .where(eq(kpis.id, kpiId));
}

type ImportLine = { readonly period: string; readonly value: number; readonly note: string };

/**
 * How imported lines compare with what is stored: the periods that have a value, and of those the
 * ones whose value (as the column stores it, to 4 decimals) and note are the same already, so an
 * unchanged export imported again counts no change.
 */
export async function compareWithStored(
  db: Queryable,
  kpiId: number,
  lines: readonly ImportLine[],
): Promise<{ readonly present: ReadonlySet<string>; readonly unchanged: ReadonlySet<string> }> {
  if (lines.length === 0) return { present: new Set(), unchanged: new Set() };
  const rows = await queryRows<{ period: string; same: boolean }>(
    db,
    sql`select l.period, (v.value = l.value::numeric(20, 4) and v.note = l.note) as same
        from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as l(period text, value numeric, note text)
        join kpi_values v on v.kpi_id = ${kpiId} and v.period = l.period`,
  );
  return {
    present: new Set(rows.map((row) => row.period)),
    unchanged: new Set(rows.filter((row) => row.same).map((row) => row.period)),
  };
}

/**
 * Stores many imported values in one statement (one JSON parameter), replacing those there. A
 * value and note equal to the stored ones are left alone (who entered them and when stay), and the
 * KPI's revision only moves when something changed.
 */
export async function importValues(
  db: Queryable,
  values: {
    readonly kpiId: number;
    readonly lines: readonly ImportLine[];
    readonly userId: number;
    readonly now: Date;
  },
): Promise<void> {
  if (values.lines.length === 0) return;
  await db.execute(sql`
    with before as (
      select period, value from kpi_values
      where kpi_id = ${values.kpiId}
        and period = any (array(select jsonb_array_elements(${JSON.stringify(values.lines)}::jsonb) ->> 'period'))
    ), changed as (
      insert into kpi_values (kpi_id, period, value, note, origin, entered_by, entered_at)
      select ${values.kpiId}, l.period, l.value, l.note, 'import', ${values.userId}, ${values.now.toISOString()}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(values.lines)}::jsonb) as l(period text, value numeric, note text)
      on conflict (kpi_id, period) do update
        set value = excluded.value, note = excluded.note, origin = excluded.origin,
            entered_by = excluded.entered_by, entered_at = excluded.entered_at
        where (kpi_values.value, kpi_values.note) is distinct from (excluded.value, excluded.note)
      returning period, value
    ), event as (
      ${kpiValueEvent(
        values.kpiId,
        sql`changed c left join before b on b.period = c.period`,
        sql`c.period`,
        sql`c.value::float8`,
        sql`b.value::float8`,
      )}
      where b.value is distinct from c.value
    )
    update kpis set revision = revision + 1 where id = ${values.kpiId} and exists (select 1 from changed)`);
}

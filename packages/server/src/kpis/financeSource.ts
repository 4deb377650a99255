import type { FinancePeriodTotals } from '@loop/core/kpis';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import type { CountGrain } from '../db/schema';
import { queryRows } from '../results/resultsSql';

/**
 * The finance records a finance-sourced KPI reads, summed per bucket. THE ONE PLACE that knows the
 * finance tables (they come with the finance feature, migration 0012): the table
 * `finance_records` with `organization_id`, `booked_on` (a date) and `amount_cents` (positive
 * income, negative cost, BTW included). Were the names to change, this function is all that moves.
 *
 * Answers null when there are no finance data for the organisation: no `finance_records` table in
 * this database yet, or no record of the organisation at all (the KPI then says 'Nog geen
 * financiële gegevens'); else the buckets of the days from `from` to `to` that have records, by
 * their first day (a Monday for weeks, the 1st for months), with income and costs (costs as a
 * positive amount) in cents.
 */
export async function financeTotals(
  db: Queryable,
  organizationId: number,
  grain: CountGrain,
  from: string,
  to: string,
): Promise<ReadonlyMap<string, FinancePeriodTotals> | null> {
  const [table] = await queryRows<{ present: boolean }>(
    db,
    sql`select to_regclass('finance_records') is not null as present`,
  );
  if (table?.present !== true) return null;
  const rows = await queryRows<{ bucket: string | null; income: string | null; costs: string | null }>(
    db,
    sql`select to_char(date_trunc(${grain}, booked_on::timestamp), 'YYYY-MM-DD') as bucket,
        (sum(amount_cents) filter (where amount_cents > 0))::text as income,
        (-sum(amount_cents) filter (where amount_cents < 0))::text as costs
      from finance_records
      where organization_id = ${organizationId} and booked_on between ${from}::date and ${to}::date
      group by 1
      union all
      select null, null, null
      where not exists (select 1 from finance_records where organization_id = ${organizationId})`,
  );
  if (rows.some((row) => row.bucket === null)) return null;
  return new Map(
    rows.map((row) => [
      row.bucket as string,
      { incomeCents: Number(row.income ?? 0), costCents: Number(row.costs ?? 0) },
    ]),
  );
}

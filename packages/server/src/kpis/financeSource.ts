import { type FinancePeriodTotals, financeMetricOf, financeMetricValue } from '@loop/core/kpis';
import { periodOf } from '@loop/core/periods';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import type { CountGrain } from '../db/schema';
import { queryRows } from '../results/resultsSql';
import {
  type ComputedValues,
  firstDay,
  grainOf,
  lastDay,
  NO_VALUES,
  type ValueRequest,
} from './kpiValueRequests';

/**
 * The finance records a finance-sourced KPI reads, summed per bucket. The one place the KPIs read
 * the finance feature's tables: the sums the database keeps per organisation and month
 * (`finance_month_totals`) or day (`finance_day_totals`, for weeks), so a KPI over years of a
 * million records reads a few hundred summed rows. Amounts are what was paid or received, BTW
 * included, as the finance overview's months show them: a revenue KPI equals the overview's income
 * of the same month to the cent.
 *
 * Answers null when the organisation has no finance records at all (the KPI then says 'Nog geen
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
  const sums =
    grain === 'month'
      ? sql`select month as bucket, direction, amount_cents from finance_month_totals
          where organization_id = ${organizationId}
            and month between date_trunc('month', ${from}::date)::date and ${to}::date`
      : sql`select date_trunc('week', day::timestamp)::date as bucket, direction, amount_cents
          from finance_day_totals
          where organization_id = ${organizationId} and day between ${from}::date and ${to}::date`;
  const rows = await queryRows<{ bucket: string | null; income: string | null; costs: string | null }>(
    db,
    sql`select to_char(bucket, 'YYYY-MM-DD') as bucket,
        (sum(amount_cents) filter (where direction = 'income'))::text as income,
        (sum(amount_cents) filter (where direction = 'cost'))::text as costs
      from (${sums}) as sums
      group by 1
      union all
      select null, null, null
      where not exists (select 1 from finance_month_totals where organization_id = ${organizationId})`,
  );
  if (rows.some((row) => row.bucket === null)) return null;
  return new Map(
    rows.map((row) => [
      row.bucket as string,
      { incomeCents: Number(row.income ?? 0), costCents: Number(row.costs ?? 0) },
    ]),
  );
}

/** Finance KPIs: the records' income and costs per period; 'no_finance_data' without records. */
export async function financeValues(
  db: Queryable,
  organizationId: number,
  requests: readonly ValueRequest[],
): Promise<Map<number, ComputedValues>> {
  const result = new Map<number, ComputedValues>();
  const withPeriods = requests.filter((request) => request.periods.length > 0);
  const grains = [...new Set(withPeriods.map(grainOf))];
  const totalsByGrain = new Map(
    await Promise.all(
      grains.map(async (grain) => {
        const range = withPeriods.filter((request) => grainOf(request) === grain);
        const days = [...range.map(firstDay), ...range.map(lastDay)].sort();
        return [
          grain,
          await financeTotals(db, organizationId, grain, days[0] as string, days.at(-1) as string),
        ] as const;
      }),
    ),
  );
  for (const request of requests) {
    const totals = totalsByGrain.get(grainOf(request));
    const metric = financeMetricOf(request.kpi.source);
    if (totals === null) {
      result.set(request.kpi.id, { state: 'no_finance_data', values: NO_VALUES });
      continue;
    }
    if (request.periods.length === 0 || totals === undefined || metric === null) {
      result.set(request.kpi.id, { state: 'ok', values: NO_VALUES });
      continue;
    }
    const byPeriod = new Map<string, { incomeCents: number; costCents: number }>();
    for (const [bucket, sums] of totals) {
      const key = periodOf(request.kpi.periodKind, bucket).key;
      const entry = byPeriod.get(key) ?? { incomeCents: 0, costCents: 0 };
      byPeriod.set(key, {
        incomeCents: entry.incomeCents + sums.incomeCents,
        costCents: entry.costCents + sums.costCents,
      });
    }
    const values = new Map<string, number>();
    for (const period of request.periods) {
      const sums: FinancePeriodTotals = byPeriod.get(period.key) ?? { incomeCents: 0, costCents: 0 };
      const value = financeMetricValue(metric, sums);
      if (value !== null) values.set(period.key, value);
    }
    result.set(request.kpi.id, { state: 'ok', values });
  }
  return result;
}

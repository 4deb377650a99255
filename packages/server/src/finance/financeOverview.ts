import type { FinanceOverview } from '@loop/core';
import {
  buildFinanceOverview,
  type FinanceAggregateRow,
  type FinanceRange,
  isBtwRate,
} from '@loop/core/finance';
import { addDays, nextPeriod, periodOf } from '@loop/core/periods';
import { and, eq, gte, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { financeDayTotals, financeMonthTotals } from '../db/schema';

/**
 * The finance overview of a range from the sums the database keeps (triggers on the records):
 * the whole months of the range from the month totals, the days of a month the range cuts from
 * the day totals, both grouped per month, direction, category and rate, then shaped by core's
 * `buildFinanceOverview` (which adds rows of the same month). Three years of a million records are
 * a few thousand month rows; a cut month adds at most a month of day rows.
 */

/** The whole months inside a range: the first day of the first and of the last, or null when none. */
export function wholeMonths(range: FinanceRange): { readonly first: string; readonly last: string } | null {
  const startMonth = periodOf('month', range.from);
  const first = startMonth.start === range.from ? startMonth.start : nextPeriod(startMonth).start;
  const endMonth = periodOf('month', range.to);
  const last =
    endMonth.end === range.to ? endMonth.start : periodOf('month', addDays(endMonth.start, -1)).start;
  return first <= last ? { first, last } : null;
}

const sums = <T extends typeof financeDayTotals | typeof financeMonthTotals>(table: T) => ({
  recordCount: sql<number>`sum(${table.recordCount})`.mapWith(Number),
  amountCents: sql<number>`sum(${table.amountCents})`.mapWith(Number),
  btwCents: sql<number>`sum(${table.btwCents})`.mapWith(Number),
});

export async function loadOverview(
  db: Queryable,
  organizationId: number,
  range: FinanceRange,
): Promise<FinanceOverview> {
  const months = wholeMonths(range);
  const m = financeMonthTotals;
  const monthKey = sql<string>`to_char(${m.month}, 'YYYY-MM')`;
  const monthRows =
    months === null
      ? []
      : await db
          .select({
            month: monthKey,
            direction: m.direction,
            category: m.category,
            btwRate: m.btwRate,
            ...sums(m),
          })
          .from(m)
          .where(
            and(eq(m.organizationId, organizationId), gte(m.month, months.first), lte(m.month, months.last)),
          )
          .groupBy(monthKey, m.direction, m.category, m.btwRate);
  const d = financeDayTotals;
  const dayKey = sql<string>`to_char(${d.day}, 'YYYY-MM')`;
  // The days outside the whole months: all of the range when it has none.
  const cut: SQL | undefined =
    months === null
      ? and(gte(d.day, range.from), lte(d.day, range.to))
      : or(
          and(gte(d.day, range.from), sql`${d.day} < ${months.first}::date`),
          and(sql`${d.day} >= (${months.last}::date + interval '1 month')`, lte(d.day, range.to)),
        );
  const dayRows =
    months !== null && months.first === range.from && periodOf('month', months.last).end === range.to
      ? []
      : await db
          .select({
            month: dayKey,
            direction: d.direction,
            category: d.category,
            btwRate: d.btwRate,
            ...sums(d),
          })
          .from(d)
          .where(and(eq(d.organizationId, organizationId), cut))
          .groupBy(dayKey, d.direction, d.category, d.btwRate);
  const rows: FinanceAggregateRow[] = [...monthRows, ...dayRows].map((row) => ({
    ...row,
    btwRate: isBtwRate(row.btwRate) ? row.btwRate : null,
  }));
  return buildFinanceOverview(rows, range);
}

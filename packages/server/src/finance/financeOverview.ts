import {
  type BtwRate,
  buildFinanceOverview,
  type FinanceAggregateRow,
  type FinanceOverview,
  type FinanceRange,
  isBtwRate,
} from '@loop/core';
import { and, eq, gte, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { financeDayTotals } from '../db/schema';

/**
 * The finance overview of a range: one aggregate over the day totals (the records summed per day,
 * direction, category and rate, kept by the database's triggers), grouped per month, then shaped
 * by core's `buildFinanceOverview`. An organisation with a million records has a few rows per day
 * here, so the query reads thousands of rows, through the totals' primary key (organisation, day).
 */
export async function loadOverview(
  db: Queryable,
  organizationId: number,
  range: FinanceRange,
): Promise<FinanceOverview> {
  const t = financeDayTotals;
  const month = sql<string>`to_char(${t.day}, 'YYYY-MM')`;
  const rows = await db
    .select({
      month,
      direction: t.direction,
      category: t.category,
      btwRate: t.btwRate,
      recordCount: sql<number>`sum(${t.recordCount})`.mapWith(Number),
      amountCents: sql<number>`sum(${t.amountCents})`.mapWith(Number),
      btwCents: sql<number>`sum(${t.btwCents})`.mapWith(Number),
    })
    .from(t)
    .where(and(eq(t.organizationId, organizationId), gte(t.day, range.from), lte(t.day, range.to)))
    .groupBy(month, t.direction, t.category, t.btwRate);
  const aggregate: FinanceAggregateRow[] = rows.map((row) => ({
    ...row,
    btwRate: isBtwRate(row.btwRate) ? (row.btwRate satisfies BtwRate) : null,
  }));
  return buildFinanceOverview(aggregate, range);
}

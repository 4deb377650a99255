import type {
  BtwRate,
  FinanceBtwQuarter,
  FinanceBtwRateTotal,
  FinanceCategoryTotal,
  FinanceDirection,
  FinanceMonth,
  FinanceOverview,
  FinanceTotals,
} from '../contract';
import { BTW_RATES } from '../contract';
import { calendarDay, periodsBetween } from '../periods';
import type { FieldErrors } from '../shared';

/**
 * The finance overviews (per month, per category, BTW per quarter) over a range of days, computed
 * from rows the database has already summed per month, direction, category and BTW rate: the server
 * never sends single records through here, so an organisation with a million records costs the
 * same few thousand rows.
 */

/** One summed group of records: what the server's aggregate query answers. */
export interface FinanceAggregateRow {
  /** 'YYYY-MM'. */
  readonly month: string;
  readonly direction: FinanceDirection;
  readonly category: string;
  readonly btwRate: BtwRate | null;
  readonly recordCount: number;
  readonly amountCents: number;
  readonly btwCents: number;
}

export interface FinanceRange {
  readonly from: string;
  readonly to: string;
}

/** The longest range an overview covers (120 months). */
export const MAX_RANGE_YEARS = 10;

export const RANGE_MESSAGES = {
  from: 'Vul de eerste dag in als jjjj-mm-dd, met een datum die bestaat.',
  to: 'Vul de laatste dag in als jjjj-mm-dd, met een datum die bestaat.',
  backwards: 'De laatste dag ligt voor de eerste dag.',
  tooLong: `Kies een periode van hoogstens ${MAX_RANGE_YEARS} jaar.`,
} as const;

export type CheckedRange =
  | { readonly ok: true; readonly value: FinanceRange }
  | { readonly ok: false; readonly fields: FieldErrors };

/**
 * The range of an overview from the query: both days optional; without `from` the year of `to`
 * (or of today) starts it, without `to` that year ends it.
 */
export function financeRange(query: { from?: string; to?: string }, today: string): CheckedRange {
  const fields: Record<string, string> = {};
  const given = (value: string | undefined, key: 'from' | 'to'): string | null => {
    if (value === undefined || value === '') return null;
    if (calendarDay(value) === null) fields[key] = RANGE_MESSAGES[key];
    return value;
  };
  const fromGiven = given(query.from, 'from');
  const toGiven = given(query.to, 'to');
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  const year = (toGiven ?? fromGiven ?? today).slice(0, 4);
  const from = fromGiven ?? `${year}-01-01`;
  const to = toGiven ?? `${year}-12-31`;
  if (to < from) return { ok: false, fields: { to: RANGE_MESSAGES.backwards } };
  // The same day ten years on, compared as text: '2034-02-29' need not exist to bound the range.
  const limit = `${String(Number(from.slice(0, 4)) + MAX_RANGE_YEARS).padStart(4, '0')}${from.slice(4)}`;
  if (to >= limit) return { ok: false, fields: { to: RANGE_MESSAGES.tooLong } };
  return { ok: true, value: { from, to } };
}

/** Days compare as text ('YYYY-MM-DD'). */
function laterDay(a: string, b: string): string {
  if (a < b) return b;
  return a;
}

function earlierDay(a: string, b: string): string {
  if (a > b) return b;
  return a;
}

const quarterOfMonth = (month: string): string =>
  `${month.slice(0, 4)}-Q${Math.ceil(Number(month.slice(5, 7)) / 3)}`;

function months(rows: readonly FinanceAggregateRow[], range: FinanceRange): FinanceMonth[] {
  const byMonth = new Map(
    periodsBetween('month', range.from, range.to).map((period) => [
      period.key,
      { month: period.key, income_cents: 0, cost_cents: 0, result_cents: 0, record_count: 0 },
    ]),
  );
  for (const row of rows) {
    const month = byMonth.get(row.month);
    if (month === undefined) continue;
    if (row.direction === 'income') month.income_cents += row.amountCents;
    else month.cost_cents += row.amountCents;
    month.record_count += row.recordCount;
  }
  return [...byMonth.values()].map((month) => ({
    ...month,
    result_cents: month.income_cents - month.cost_cents,
  }));
}

const byName = new Intl.Collator('nl', { sensitivity: 'base', numeric: true });

function categories(rows: readonly FinanceAggregateRow[]): FinanceCategoryTotal[] {
  const totals = new Map<
    string,
    { category: string; direction: FinanceDirection; amount: number; btw: number; count: number }
  >();
  const sideTotal: Record<FinanceDirection, number> = { income: 0, cost: 0 };
  for (const row of rows) {
    const key = `${row.direction}\u0000${row.category}`;
    const total = totals.get(key) ?? {
      category: row.category,
      direction: row.direction,
      amount: 0,
      btw: 0,
      count: 0,
    };
    total.amount += row.amountCents;
    total.btw += row.btwCents;
    total.count += row.recordCount;
    totals.set(key, total);
    sideTotal[row.direction] += row.amountCents;
  }
  return [...totals.values()]
    .sort(
      (a, b) =>
        (a.direction === b.direction ? 0 : a.direction === 'income' ? -1 : 1) ||
        b.amount - a.amount ||
        byName.compare(a.category, b.category),
    )
    .map((total) => ({
      category: total.category,
      direction: total.direction,
      amount_cents: total.amount,
      net_cents: total.amount - total.btw,
      record_count: total.count,
      share: sideTotal[total.direction] === 0 ? 0 : total.amount / sideTotal[total.direction],
    }));
}

function quarters(rows: readonly FinanceAggregateRow[], range: FinanceRange): FinanceBtwQuarter[] {
  const byQuarter = new Map(
    periodsBetween('quarter', range.from, range.to).map((period) => [
      period.key,
      {
        quarter: period.key,
        start: laterDay(period.start, range.from),
        end: earlierDay(period.end, range.to),
        pay: 0,
        reclaim: 0,
        unrated: 0,
        rates: new Map<BtwRate, FinanceBtwRateTotal>(),
      },
    ]),
  );
  for (const row of rows) {
    const quarter = byQuarter.get(quarterOfMonth(row.month));
    if (quarter === undefined) continue;
    if (row.btwRate === null) {
      quarter.unrated += row.recordCount;
      continue;
    }
    const rate = quarter.rates.get(row.btwRate) ?? {
      btw_rate: row.btwRate,
      income_net_cents: 0,
      income_btw_cents: 0,
      cost_net_cents: 0,
      cost_btw_cents: 0,
    };
    const net = row.amountCents - row.btwCents;
    if (row.direction === 'income') {
      quarter.pay += row.btwCents;
      quarter.rates.set(row.btwRate, {
        ...rate,
        income_net_cents: rate.income_net_cents + net,
        income_btw_cents: rate.income_btw_cents + row.btwCents,
      });
    } else {
      quarter.reclaim += row.btwCents;
      quarter.rates.set(row.btwRate, {
        ...rate,
        cost_net_cents: rate.cost_net_cents + net,
        cost_btw_cents: rate.cost_btw_cents + row.btwCents,
      });
    }
  }
  return [...byQuarter.values()].map((quarter) => ({
    quarter: quarter.quarter,
    start: quarter.start,
    end: quarter.end,
    btw_to_pay_cents: quarter.pay,
    btw_to_reclaim_cents: quarter.reclaim,
    balance_cents: quarter.pay - quarter.reclaim,
    by_rate: BTW_RATES.flatMap((rate) => {
      const total = quarter.rates.get(rate);
      return total === undefined ? [] : [total];
    }),
    unrated_count: quarter.unrated,
  }));
}

function totals(
  monthList: readonly FinanceMonth[],
  quarterList: readonly FinanceBtwQuarter[],
): FinanceTotals {
  const sum = <T>(list: readonly T[], value: (item: T) => number) =>
    list.reduce((total, item) => total + value(item), 0);
  const income = sum(monthList, (month) => month.income_cents);
  const cost = sum(monthList, (month) => month.cost_cents);
  return {
    income_cents: income,
    cost_cents: cost,
    result_cents: income - cost,
    btw_to_pay_cents: sum(quarterList, (quarter) => quarter.btw_to_pay_cents),
    btw_to_reclaim_cents: sum(quarterList, (quarter) => quarter.btw_to_reclaim_cents),
    record_count: sum(monthList, (month) => month.record_count),
    unrated_count: sum(quarterList, (quarter) => quarter.unrated_count),
  };
}

/**
 * The overview of a range from rows summed per month (only days within the range counted), with
 * every month and quarter of the range present, empty ones as zeros.
 */
export function buildFinanceOverview(
  rows: readonly FinanceAggregateRow[],
  range: FinanceRange,
): FinanceOverview {
  const monthList = months(rows, range);
  const quarterList = quarters(rows, range);
  return {
    from: range.from,
    to: range.to,
    months: monthList,
    categories: categories(rows),
    quarters: quarterList,
    totals: totals(monthList, quarterList),
  };
}

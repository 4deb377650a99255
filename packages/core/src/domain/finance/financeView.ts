import type {
  FinanceBtwQuarter,
  FinanceCategoryTotal,
  FinanceDirection,
  FinanceMonth,
  FinanceRecord,
} from '../contract';
import { formatCents, formatCount, formatShare, formatSignedCents, MONTHS, MONTHS_SHORT } from '../format';
import { type AxisTick, niceCeiling } from '../surveys/results';
import { btwRateLabel } from './btw';
import { NO_CATEGORY_LABEL } from './records';

/**
 * What the finance screen shows, as texts and chart geometry: amounts in Dutch notation with the
 * direction in words (never by colour alone), months as a two-column chart (income and costs) on
 * a round euro scale, categories as bars with their share, quarters by name.
 */

/** '€ 1.234,56'; a negative result '€ -12,50' (where nl-NL puts the sign). */
export const euro = (cents: number): string => formatCents(cents);

/** A record's amount with its sign: '€ +12,50' for income, '€ -12,50' for costs (the row also says which). */
export const signedAmountText = (direction: FinanceDirection, cents: number): string =>
  formatSignedCents(direction === 'income' ? Math.abs(cents) : -Math.abs(cents));

/** A result in words: 'winst € 10,00', 'verlies € 5,00', 'quitte'. */
export function resultText(cents: number): string {
  if (cents > 0) return `winst ${euro(cents)}`;
  if (cents < 0) return `verlies ${euro(-cents)}`;
  return 'quitte (€ 0,00)';
}

/** 'YYYY-MM-DD' as the Dutch write a day: '31-12-2026'. */
export const dayText = (day: string): string =>
  /^\d{4}-\d{2}-\d{2}$/.test(day) ? `${day.slice(8, 10)}-${day.slice(5, 7)}-${day.slice(0, 4)}` : day;

/** '2026-Q1' → '1e kwartaal 2026'. */
export const quarterLabel = (quarter: string): string => {
  const match = /^(\d{4})-Q([1-4])$/.exec(quarter);
  return match === null ? quarter : `${match[2]}e kwartaal ${match[1]}`;
};

/** 'YYYY-MM' → 'januari 2026' (long) and 'jan' (under the axis). */
export const monthLongLabel = (month: string): string =>
  `${MONTHS[Number(month.slice(5, 7)) - 1] ?? month} ${month.slice(0, 4)}`;

/** The calendar year as an overview range. */
export const yearRange = (year: number): { from: string; to: string } => ({
  from: `${year}-01-01`,
  to: `${year}-12-31`,
});

export interface MonthColumnView {
  readonly month: string;
  readonly axisLabel: string;
  readonly longLabel: string;
  /** Heights in percent of the plot. */
  readonly incomeHeight: number;
  readonly costHeight: number;
  readonly incomeText: string;
  readonly costText: string;
  readonly resultText: string;
  readonly showLabel: boolean;
}

export interface MonthChartView {
  readonly ticks: readonly AxisTick[];
  readonly months: readonly MonthColumnView[];
  /** Whether any month has income or costs. */
  readonly hasAmounts: boolean;
}

/** Income and costs per month on a scale from € 0 to a round number of euros. */
export function monthChart(months: readonly FinanceMonth[]): MonthChartView {
  const largest = Math.max(0, ...months.flatMap((month) => [month.income_cents, month.cost_cents]));
  const maxEuros = niceCeiling(largest / 100);
  const max = maxEuros * 100;
  const every = Math.max(1, Math.ceil(months.length / 12));
  const years = new Set(months.map((month) => month.month.slice(0, 4)));
  return {
    ticks: [0, maxEuros / 2, maxEuros].map((value) => ({
      value,
      label: `€ ${formatCount(value)}`,
      position: (value / maxEuros) * 100,
    })),
    months: months.map((month, index) => {
      const short = MONTHS_SHORT[Number(month.month.slice(5, 7)) - 1] ?? month.month;
      return {
        month: month.month,
        axisLabel: years.size > 1 ? `${short} ${month.month.slice(2, 4)}` : short,
        longLabel: monthLongLabel(month.month),
        incomeHeight: (month.income_cents / max) * 100,
        costHeight: (month.cost_cents / max) * 100,
        incomeText: euro(month.income_cents),
        costText: euro(month.cost_cents),
        resultText: euro(month.result_cents),
        showLabel: index % every === 0,
      };
    }),
    hasAmounts: largest > 0,
  };
}

/** Bars of one side's categories (BarList rows): amount and share in text. */
export function categoryBars(categories: readonly FinanceCategoryTotal[], direction: FinanceDirection) {
  return categories
    .filter((category) => category.direction === direction)
    .map((category) => ({
      key: `${direction}:${category.category}`,
      label: category.category === '' ? NO_CATEGORY_LABEL : category.category,
      count: category.record_count,
      width: category.share * 100,
      percentText: formatShare(category.share * 100),
      valueText: `${euro(category.amount_cents)} (${formatShare(category.share * 100)})`,
    }));
}

/** One quarter's BTW in words, per rate, with the note for records without a rate. */
export function quarterView(quarter: FinanceBtwQuarter) {
  const balance = quarter.balance_cents;
  return {
    key: quarter.quarter,
    label: quarterLabel(quarter.quarter),
    toPay: euro(quarter.btw_to_pay_cents),
    toReclaim: euro(quarter.btw_to_reclaim_cents),
    balance:
      balance > 0
        ? `${euro(balance)} te betalen`
        : balance < 0
          ? `${euro(-balance)} terug te krijgen`
          : 'Niets te betalen of terug te krijgen',
    rates: quarter.by_rate.map((rate) => ({
      key: rate.btw_rate,
      label: btwRateLabel(rate.btw_rate),
      incomeNet: euro(rate.income_net_cents),
      incomeBtw: euro(rate.income_btw_cents),
      costNet: euro(rate.cost_net_cents),
      costBtw: euro(rate.cost_btw_cents),
    })),
    unratedNote:
      quarter.unrated_count === 0
        ? null
        : `${quarter.unrated_count === 1 ? '1 boeking heeft' : `${formatCount(quarter.unrated_count)} boekingen hebben`} nog geen btw-tarief en ${quarter.unrated_count === 1 ? 'telt' : 'tellen'} hier niet mee. Kies een tarief bij Boekingen.`,
  };
}

/** A record's row in the table, as texts. */
export const recordRow = (record: FinanceRecord) => ({
  date: dayText(record.date),
  amount: signedAmountText(record.direction, record.amount_cents),
  directionLabel: record.direction === 'income' ? 'Inkomsten' : 'Kosten',
  category: record.category === '' ? NO_CATEGORY_LABEL : record.category,
  btw: btwRateLabel(record.btw_rate),
});

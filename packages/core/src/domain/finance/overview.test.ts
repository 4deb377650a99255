import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BTW_RATES } from '../contract';
import { btwPart } from './btw';
import { buildFinanceOverview, type FinanceAggregateRow, financeRange, RANGE_MESSAGES } from './overview';

const row = (overrides: Partial<FinanceAggregateRow>): FinanceAggregateRow => ({
  month: '2026-01',
  direction: 'income',
  category: 'Omzet',
  btwRate: '21',
  recordCount: 1,
  amountCents: 12_100,
  btwCents: 2100,
  ...overrides,
});

describe('buildFinanceOverview', () => {
  const range = { from: '2026-01-01', to: '2026-06-30' };
  const rows = [
    row({ month: '2026-01', amountCents: 121_000, btwCents: 21_000, recordCount: 4 }),
    row({ month: '2026-02', btwRate: '9', amountCents: 10_900, btwCents: 900 }),
    row({
      month: '2026-02',
      direction: 'cost',
      category: 'Huisvesting',
      btwRate: 'exempt',
      amountCents: 150_000,
      btwCents: 0,
    }),
    row({
      month: '2026-04',
      direction: 'cost',
      category: 'Kantoorkosten',
      amountCents: 24_200,
      btwCents: 4200,
      recordCount: 2,
    }),
    row({
      month: '2026-05',
      direction: 'cost',
      category: '',
      btwRate: null,
      amountCents: 5000,
      btwCents: 0,
      recordCount: 3,
    }),
  ];
  const overview = buildFinanceOverview(rows, range);

  it('should give every month of the range with income, costs and result, empty months as zeros', () => {
    expect(overview.months.map((month) => month.month)).toEqual([
      '2026-01',
      '2026-02',
      '2026-03',
      '2026-04',
      '2026-05',
      '2026-06',
    ]);
    expect(overview.months[1]).toEqual({
      month: '2026-02',
      income_cents: 10_900,
      cost_cents: 150_000,
      result_cents: -139_100,
      record_count: 2,
    });
    expect(overview.months[2]).toEqual({
      month: '2026-03',
      income_cents: 0,
      cost_cents: 0,
      result_cents: 0,
      record_count: 0,
    });
  });

  it('should total categories per side, largest first, with their share of the side', () => {
    expect(overview.categories).toEqual([
      {
        category: 'Omzet',
        direction: 'income',
        amount_cents: 131_900,
        net_cents: 110_000,
        record_count: 5,
        share: 1,
      },
      {
        category: 'Huisvesting',
        direction: 'cost',
        amount_cents: 150_000,
        net_cents: 150_000,
        record_count: 1,
        share: 150_000 / 179_200,
      },
      {
        category: 'Kantoorkosten',
        direction: 'cost',
        amount_cents: 24_200,
        net_cents: 20_000,
        record_count: 2,
        share: 24_200 / 179_200,
      },
      {
        category: '',
        direction: 'cost',
        amount_cents: 5000,
        net_cents: 5000,
        record_count: 3,
        share: 5000 / 179_200,
      },
    ]);
  });

  it('should give BTW to pay on income and to reclaim on costs per quarter, per rate, and count records without a rate', () => {
    expect(overview.quarters).toEqual([
      {
        quarter: '2026-Q1',
        start: '2026-01-01',
        end: '2026-03-31',
        btw_to_pay_cents: 21_900,
        btw_to_reclaim_cents: 0,
        balance_cents: 21_900,
        by_rate: [
          {
            btw_rate: '21',
            income_net_cents: 100_000,
            income_btw_cents: 21_000,
            cost_net_cents: 0,
            cost_btw_cents: 0,
          },
          {
            btw_rate: '9',
            income_net_cents: 10_000,
            income_btw_cents: 900,
            cost_net_cents: 0,
            cost_btw_cents: 0,
          },
          {
            btw_rate: 'exempt',
            income_net_cents: 0,
            income_btw_cents: 0,
            cost_net_cents: 150_000,
            cost_btw_cents: 0,
          },
        ],
        unrated_count: 0,
      },
      {
        quarter: '2026-Q2',
        start: '2026-04-01',
        end: '2026-06-30',
        btw_to_pay_cents: 0,
        btw_to_reclaim_cents: 4200,
        balance_cents: -4200,
        by_rate: [
          {
            btw_rate: '21',
            income_net_cents: 0,
            income_btw_cents: 0,
            cost_net_cents: 20_000,
            cost_btw_cents: 4200,
          },
        ],
        unrated_count: 3,
      },
    ]);
    expect(overview.totals).toEqual({
      income_cents: 131_900,
      cost_cents: 179_200,
      result_cents: -47_300,
      btw_to_pay_cents: 21_900,
      btw_to_reclaim_cents: 4200,
      record_count: 11,
      unrated_count: 3,
    });
  });

  it('should clip quarters to a range that cuts them', () => {
    const clipped = buildFinanceOverview([], { from: '2026-02-15', to: '2026-04-10' });
    expect(clipped.quarters.map(({ quarter, start, end }) => ({ quarter, start, end }))).toEqual([
      { quarter: '2026-Q1', start: '2026-02-15', end: '2026-03-31' },
      { quarter: '2026-Q2', start: '2026-04-01', end: '2026-04-10' },
    ]);
    expect(clipped.months.map((month) => month.month)).toEqual(['2026-02', '2026-03', '2026-04']);
  });

  const aggregateRows = fc.array(
    fc.record({
      month: fc.constantFrom('2025-11', '2025-12', '2026-01', '2026-02', '2026-03', '2026-04'),
      direction: fc.constantFrom('income' as const, 'cost' as const),
      category: fc.constantFrom('', 'Omzet', 'Inkoop', 'Reiskosten'),
      btwRate: fc.constantFrom(...BTW_RATES, null),
      recordCount: fc.integer({ min: 1, max: 1000 }),
      amountCents: fc.integer({ min: 1, max: 100_000_000 }),
    }),
    { maxLength: 60 },
  );

  it('should keep the sums consistent: months, categories, quarters and totals all add to the same', () => {
    fc.assert(
      fc.property(aggregateRows, (generated) => {
        const input = generated.map((each) => ({
          ...each,
          btwCents: btwPart(each.amountCents, each.btwRate),
        }));
        const result = buildFinanceOverview(input, { from: '2025-11-01', to: '2026-04-30' });
        const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
        const income = sum(input.filter((r) => r.direction === 'income').map((r) => r.amountCents));
        const cost = sum(input.filter((r) => r.direction === 'cost').map((r) => r.amountCents));
        expect(result.totals.income_cents).toBe(income);
        expect(result.totals.cost_cents).toBe(cost);
        expect(
          sum(result.categories.map((c) => (c.direction === 'income' ? c.amount_cents : -c.amount_cents))),
        ).toBe(income - cost);
        expect(sum(result.months.map((m) => m.result_cents))).toBe(income - cost);
        const pay = sum(input.filter((r) => r.direction === 'income').map((r) => r.btwCents));
        const reclaim = sum(input.filter((r) => r.direction === 'cost').map((r) => r.btwCents));
        expect(result.totals.btw_to_pay_cents).toBe(pay);
        expect(result.totals.btw_to_reclaim_cents).toBe(reclaim);
        for (const quarter of result.quarters) {
          expect(sum(quarter.by_rate.map((r) => r.income_btw_cents))).toBe(quarter.btw_to_pay_cents);
          expect(sum(quarter.by_rate.map((r) => r.cost_btw_cents))).toBe(quarter.btw_to_reclaim_cents);
          expect(quarter.balance_cents).toBe(quarter.btw_to_pay_cents - quarter.btw_to_reclaim_cents);
        }
        for (const side of ['income', 'cost'] as const) {
          const shares = result.categories.filter((c) => c.direction === side).map((c) => c.share);
          if (shares.length > 0) expect(sum(shares)).toBeCloseTo(1, 9);
        }
      }),
    );
  });
});

describe('financeRange', () => {
  it('should default to the calendar year of today, of `to` or of `from`', () => {
    expect(financeRange({}, '2026-05-17')).toEqual({
      ok: true,
      value: { from: '2026-01-01', to: '2026-12-31' },
    });
    expect(financeRange({ to: '2025-06-30' }, '2026-05-17')).toEqual({
      ok: true,
      value: { from: '2025-01-01', to: '2025-06-30' },
    });
    expect(financeRange({ from: '2024-04-01' }, '2026-05-17')).toEqual({
      ok: true,
      value: { from: '2024-04-01', to: '2024-12-31' },
    });
  });

  it('should refuse days that do not exist, a backwards range and more than ten years', () => {
    expect(financeRange({ from: '2026-02-30' }, '2026-05-17')).toEqual({
      ok: false,
      fields: { from: RANGE_MESSAGES.from },
    });
    expect(financeRange({ from: '2026-03-01', to: '2026-02-28' }, '2026-05-17')).toEqual({
      ok: false,
      fields: { to: RANGE_MESSAGES.backwards },
    });
    expect(financeRange({ from: '2016-01-01', to: '2025-12-31' }, '2026-05-17').ok).toBe(true);
    expect(financeRange({ from: '2016-01-01', to: '2026-01-01' }, '2026-05-17')).toEqual({
      ok: false,
      fields: { to: RANGE_MESSAGES.tooLong },
    });
    expect(financeRange({ from: '2024-02-29', to: '2034-02-28' }, '2026-05-17').ok).toBe(true);
  });
});

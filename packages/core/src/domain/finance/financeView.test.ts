import { describe, expect, it } from 'vitest';
import type { FinanceBtwQuarter, FinanceCategoryTotal, FinanceMonth } from '../contract';
import { categoryBars, dayText, euro, monthChart, quarterView, resultText } from './financeView';

const month = (key: string, income: number, cost: number): FinanceMonth => ({
  month: key,
  income_cents: income,
  cost_cents: cost,
  result_cents: income - cost,
  record_count: 1,
});

describe('finance texts', () => {
  it('should write amounts and results in Dutch, the sign in words', () => {
    expect(euro(123456)).toBe('€\u00a01.234,56');
    expect(euro(-1250)).toBe('€\u00a0-12,50');
    expect(resultText(1000)).toBe('winst €\u00a010,00');
    expect(resultText(-500)).toBe('verlies €\u00a05,00');
    expect(dayText('2026-03-01')).toBe('01-03-2026');
  });
});

describe('monthChart', () => {
  it('should scale income and costs to a round euro maximum with gridlines', () => {
    const chart = monthChart([month('2026-01', 121000, 4599), month('2026-02', 0, 60000)]);
    expect(chart.ticks.map((tick) => tick.label)).toEqual(['€ 0', '€ 1.000', '€ 2.000']);
    expect(chart.months[0]).toMatchObject({
      axisLabel: 'jan.',
      longLabel: 'januari 2026',
      incomeHeight: 60.5,
      incomeText: '€\u00a01.210,00',
      costText: '€\u00a045,99',
      resultText: '€\u00a01.164,01',
    });
    expect(chart.months[1]?.costHeight).toBe(30);
    expect(chart.hasAmounts).toBe(true);
  });

  it('should say when no month has amounts and name the year under the axis across years', () => {
    const chart = monthChart([month('2025-12', 0, 0), month('2026-01', 0, 0)]);
    expect(chart.hasAmounts).toBe(false);
    expect(chart.months.map((m) => m.axisLabel)).toEqual(['dec. 25', 'jan. 26']);
  });
});

describe('categoryBars and quarterView', () => {
  it("should list one side's categories with amount and share", () => {
    const categories = [
      { category: 'Omzet', direction: 'income', amount_cents: 100000, share: 1 },
      { category: '', direction: 'cost', amount_cents: 2500, share: 0.25 },
    ] as FinanceCategoryTotal[];
    expect(categoryBars(categories, 'cost')).toEqual([
      expect.objectContaining({ label: 'Zonder categorie', width: 25, valueText: '€\u00a025,00 (25%)' }),
    ]);
  });

  it('should state the balance in words and count records without a rate apart', () => {
    const quarter = {
      quarter: '2026-Q1',
      start: '2026-01-01',
      end: '2026-03-31',
      btw_to_pay_cents: 21000,
      btw_to_reclaim_cents: 31000,
      balance_cents: -10000,
      by_rate: [
        {
          btw_rate: '21',
          income_net_cents: 100000,
          income_btw_cents: 21000,
          cost_net_cents: 0,
          cost_btw_cents: 0,
        },
      ],
      unrated_count: 3,
    } as FinanceBtwQuarter;
    const view = quarterView(quarter);
    expect(view.label).toBe('1e kwartaal 2026');
    expect(view.balance).toBe('€\u00a0100,00 terug te krijgen');
    expect(view.rates[0]).toMatchObject({ label: '21%', incomeBtw: '€\u00a0210,00' });
    expect(view.unratedNote).toContain('3 boekingen hebben nog geen btw-tarief');
  });
});

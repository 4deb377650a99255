import type { FinanceOverview, Kpi, KpiBoard } from '@loop/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleRecord } from '../testing/finance';
import { createKpi, teamCall } from '../testing/kpiTesting';
import { createTeam, type TestTeam } from '../testing/teams';
import { createTestContext, type TestContext } from '../testing/testApp';
import { financeTotals } from './financeSource';

let ctx: TestContext;
let team: TestTeam;

beforeAll(async () => {
  ctx = await createTestContext();
  team = await createTeam(ctx, 'Boekhouding BV');
});

afterAll(async () => {
  await ctx?.close();
});

const finance = (metric: string, unit: Kpi['unit']) => ({
  name: metric,
  unit,
  target: null,
  warning: null,
  source: {
    type: 'finance' as const,
    metric: metric as Kpi['source']['metric'],
    survey_id: null,
    question_id: null,
    statement_id: null,
  },
});

const cardsOf = async () =>
  new Map(
    (await teamCall(ctx, team, 'GET', '/kpis/board?periods=3'))
      .json<KpiBoard>()
      .cards.map((card) => [card.kpi.name, card]),
  );

describe('finance-sourced KPIs', () => {
  it("should say 'no finance data' while the organisation has no records, then sum its records per period as the finance overview does", async () => {
    await createKpi(ctx, team, finance('revenue', 'euro'));
    await createKpi(ctx, team, finance('costs', 'euro'));
    await createKpi(ctx, team, finance('result', 'euro'));
    await createKpi(ctx, team, finance('margin', 'percentage'));
    await createKpi(ctx, team, {
      ...finance('result', 'euro'),
      name: 'Resultaat per kwartaal',
      period_kind: 'quarter',
    });

    expect(await financeTotals(ctx.db, team.organization.id, 'month', '2026-01-01', '2026-03-31')).toBeNull();
    const before = await cardsOf();
    expect(before.get('revenue')).toMatchObject({
      kpi: { state: 'no_finance_data' },
      current: null,
      trend: null,
    });
    const listed = (await teamCall(ctx, team, 'GET', '/kpis')).json<{ items: Kpi[] }>();
    expect(new Set(listed.items.map((kpi) => kpi.state))).toEqual(new Set(['no_finance_data']));

    // The organisation has no records yet: still no finance data.
    expect(await financeTotals(ctx.db, team.organization.id, 'month', '2026-01-01', '2026-03-31')).toBeNull();

    const other = await createTeam(ctx, 'Ander Boekje BV');
    const record = async (on: TestTeam, date: string, cents: number) => {
      const answer = await teamCall(
        ctx,
        on,
        'POST',
        '/finance/records',
        sampleRecord({ date, direction: cents > 0 ? 'income' : 'cost', amount_cents: Math.abs(cents) }),
      );
      expect(answer.statusCode, answer.body).toBe(201);
    };
    await record(team, '2026-01-31', 500_000);
    await record(team, '2026-02-01', 1_000_000);
    await record(team, '2026-02-14', -250_000);
    await record(team, '2026-02-28', 250_000);
    await record(team, '2026-03-02', -100_000);
    await record(other, '2026-02-10', 99_999_900);

    // The KPI's months are the finance overview's months, to the cent (both BTW included).
    const overview = (
      await teamCall(ctx, team, 'GET', '/finance/overview?from=2026-01-01&to=2026-03-31')
    ).json<FinanceOverview>();
    const months = await financeTotals(ctx.db, team.organization.id, 'month', '2026-01-01', '2026-03-31');
    expect(months && Object.fromEntries(months)).toEqual(
      Object.fromEntries(
        overview.months.map((month) => [
          `${month.month}-01`,
          { incomeCents: month.income_cents, costCents: month.cost_cents },
        ]),
      ),
    );

    const weeks = await financeTotals(ctx.db, team.organization.id, 'week', '2026-01-26', '2026-03-08');
    expect(weeks && Object.fromEntries(weeks)).toEqual({
      '2026-01-26': { incomeCents: 1_500_000, costCents: 0 },
      '2026-02-09': { incomeCents: 0, costCents: 250_000 },
      '2026-02-23': { incomeCents: 250_000, costCents: 0 },
      '2026-03-02': { incomeCents: 0, costCents: 100_000 },
    });

    const cards = await cardsOf();
    expect(cards.get('revenue')?.sparkline.map((point) => point.value)).toEqual([500_000, 1_250_000, 0]);
    expect(cards.get('costs')?.sparkline.map((point) => point.value)).toEqual([0, 250_000, 100_000]);
    expect(cards.get('result')?.sparkline.map((point) => point.value)).toEqual([
      500_000, 1_000_000, -100_000,
    ]);
    expect(cards.get('result')?.trend).toMatchObject({
      change: -1_100_000,
      direction: 'down',
      assessment: 'bad',
    });
    expect(cards.get('margin')?.sparkline.map((point) => point.value)).toEqual([100, 80, null]);
    expect(cards.get('margin')?.current).toMatchObject({ period: '2026-02', value: 80 });
    expect(cards.get('Resultaat per kwartaal')?.current).toMatchObject({
      period: '2026-Q1',
      value: 1_400_000,
    });
    expect(cards.get('revenue')?.kpi.state).toBe('ok');
  });
});

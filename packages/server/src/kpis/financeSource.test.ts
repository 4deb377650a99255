import type { Kpi, KpiBoard } from '@loop/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKpi, teamCall } from '../testing/kpiTesting';
import { createTeam, type TestTeam } from '../testing/teams';
import { createTestContext, type TestContext } from '../testing/testApp';
import { financeTotals } from './financeSource';

/*
 * The finance tables come with the finance feature (migration 0012, built beside this one). Until
 * they are in this branch, this file makes the few columns `financeTotals` reads in its own
 * database: a table named `finance_records` with `organization_id`, `booked_on` and `amount_cents`.
 */

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
  it("should say 'no finance data' while there is no finance table, then sum the records per period", async () => {
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

    await ctx.db.execute(sql`create table finance_records (
      id serial primary key, organization_id integer not null, booked_on date not null, amount_cents bigint not null)`);
    // The table is there, but this organisation has no records: still no finance data.
    expect(await financeTotals(ctx.db, team.organization.id, 'month', '2026-01-01', '2026-03-31')).toBeNull();

    const other = await createTeam(ctx, 'Ander Boekje BV');
    await ctx.db.execute(sql`insert into finance_records (organization_id, booked_on, amount_cents) values
      (${team.organization.id}, '2026-01-31', 500000),
      (${team.organization.id}, '2026-02-01', 1000000),
      (${team.organization.id}, '2026-02-14', -250000),
      (${team.organization.id}, '2026-02-28', 250000),
      (${team.organization.id}, '2026-03-02', -100000),
      (${other.organization.id}, '2026-02-10', 99999900)`);

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

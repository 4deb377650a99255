import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { kpis } from '../db/schema';
import { SurveyQuestionsCache } from '../responses/surveyQuestionsCache';
import { kpiInput } from '../testing/kpiTesting';
import { createTeam, type TestTeam } from '../testing/teams';
import { createTestContext, type TestContext } from '../testing/testApp';
import { BoardResponseCache, KpiValuesCache } from './boardCache';
import { boardSettings, chooseBoard } from './kpiBoardUseCases';
import { createKpi, removeKpi } from './kpiDefinitionUseCases';
import { KPI_ERRORS, type KpiDeps } from './kpiUseCases';
import { enterValue, listKpiValues, removeValue } from './kpiValueUseCases';

// The KPI use-cases that write in a transaction, called directly, without HTTP (the team is made
// through the app only to have an organisation and its members).

let ctx: TestContext;
let team: TestTeam;
let other: TestTeam;
let deps: KpiDeps;

beforeAll(async () => {
  ctx = await createTestContext();
  team = await createTeam(ctx, 'Meetwaarden BV');
  other = await createTeam(ctx, 'Elders BV');
  deps = {
    db: ctx.db,
    questions: new SurveyQuestionsCache(),
    boardCache: new KpiValuesCache(),
    boardResponses: new BoardResponseCache(),
    now: () => ctx.clock.now(),
    survey: async () => null,
  };
});

afterAll(async () => {
  await ctx?.close();
});

const made = async (organizationId = team.organization.id) => {
  const result = await createKpi(deps, organizationId, kpiInput());
  if (!result.ok) throw new Error(result.detail);
  return result.value;
};

const revisionOf = async (id: number) =>
  (await ctx.db.select({ revision: kpis.revision }).from(kpis).where(eq(kpis.id, id)))[0]?.revision;

const month = () => ctx.clock.now().toISOString().slice(0, 7);

describe('the KPI value use-cases', () => {
  it('should store a value with its revision raised, replace it, and delete it once', async () => {
    const kpi = await made();
    const before = await revisionOf(kpi.id);
    const entered = await enterValue(
      deps,
      team.organization.id,
      kpi.id,
      month(),
      { value: 5, note: 'a' },
      team.owner.id,
    );
    expect(entered).toMatchObject({ ok: true, value: { period: month(), value: 5, note: 'a' } });
    const replaced = await enterValue(
      deps,
      team.organization.id,
      kpi.id,
      month(),
      { value: 7, note: '' },
      team.owner.id,
    );
    expect(replaced).toMatchObject({ ok: true, value: { value: 7, note: '' } });
    expect(await revisionOf(kpi.id)).toBe((before ?? 0) + 2);
    const page = await listKpiValues(deps, team.organization.id, kpi.id, () => ({ limit: 10, offset: 0 }));
    expect(page).toMatchObject({ ok: true, value: { total: 1 } });
    expect(await removeValue(deps, team.organization.id, kpi.id, month())).toMatchObject({ ok: true });
    expect(await removeValue(deps, team.organization.id, kpi.id, month())).toEqual({
      ok: false,
      code: 'not_found',
      detail: KPI_ERRORS.valueNotFound,
    });
    expect(await revisionOf(kpi.id)).toBe((before ?? 0) + 3);
  });

  it("should refuse another organisation's KPI before reading anything else", async () => {
    const theirs = await made(other.organization.id);
    const notFound = { ok: false, code: 'not_found', detail: KPI_ERRORS.notFound };
    let paged = false;
    const page = () => {
      paged = true;
      return { limit: 10, offset: 0 };
    };
    expect(await listKpiValues(deps, team.organization.id, theirs.id, page)).toEqual(notFound);
    expect(paged).toBe(false);
    expect(
      await enterValue(deps, team.organization.id, theirs.id, month(), { value: 1, note: '' }, 1),
    ).toEqual(notFound);
    expect(await removeKpi(deps, team.organization.id, theirs.id)).toEqual(notFound);
    expect(await removeKpi(deps, other.organization.id, theirs.id)).toMatchObject({ ok: true });
  });
});

describe('the KPI board use-cases', () => {
  it("should replace a member's choice and the organisation's default, each in one transaction", async () => {
    const [first, second] = [await made(), await made()];
    const member = { userId: team.member.id, forOrganisation: false };
    await chooseBoard(deps, team.organization.id, member, [first.id]);
    const chosen = await chooseBoard(deps, team.organization.id, member, [second.id, first.id]);
    expect(chosen).toMatchObject({ ok: true, value: { personal: true, kpi_ids: [second.id, first.id] } });
    const fallback = await chooseBoard(deps, team.organization.id, { ...member, forOrganisation: true }, [
      first.id,
    ]);
    expect(fallback).toMatchObject({ ok: true, value: { default_kpi_ids: [first.id] } });
    const owner = await boardSettings(deps, team.organization.id, team.owner.id);
    expect(owner).toMatchObject({ personal: false, kpi_ids: [first.id], default_kpi_ids: [first.id] });
    const refused = await chooseBoard(deps, team.organization.id, member, [999_999]);
    expect(refused).toMatchObject({ ok: false, code: 'invalid', fields: { kpi_ids: expect.any(String) } });
  });
});

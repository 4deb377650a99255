import { ANALYSIS_MESSAGES, type BusinessAnalysisList, type LatestBusinessAnalysis } from '@loop/core';
import { PERMISSION_DENIED } from '@loop/core/organisation';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appLogs, businessAnalyses, businessAnalysisClaims } from '../db/schema';
import { ORGANIZATION_NOT_FOUND } from '../organizations/memberships';
import { analysedTeam, analysisOf, makeAnalysis, PERSONAL } from '../testing/analysisTesting';
import { putOnPlan } from '../testing/billing';
import { createTeam, type TestTeam } from '../testing/teams';
import { api, createTestContext, type TestContext } from '../testing/testApp';
import { type Analyst, builtinAnalyst } from './analyst';

let ctx: TestContext;
let team: TestTeam;
let surveyTitle: string;

beforeAll(async () => {
  ctx = await createTestContext();
  const analysed = await analysedTeam(ctx, 'Analyse BV');
  team = analysed.team;
  surveyTitle = analysed.survey.title;
});

afterAll(async () => {
  await ctx?.close();
});

const get = (path: string, member = team.owner, headers = team.headers) =>
  api(ctx.app, 'GET', path, { token: member.token, headers });

const storedOf = (organizationId: number) =>
  ctx.db.$count(businessAnalyses, eq(businessAnalyses.organizationId, organizationId));

/** An analyst that answers when the test says so, and says whether it was aborted. */
function heldAnalyst() {
  let release: (text: string) => void = () => undefined;
  const state = { aborted: false, started: 0 };
  const analyst: Analyst = {
    kind: 'builtin',
    analyse: (_input, signal) =>
      new Promise<string>((resolve, reject) => {
        state.started += 1;
        release = resolve;
        signal.addEventListener('abort', () => {
          state.aborted = true;
          reject(signal.reason);
        });
      }),
    summarise: builtinAnalyst.summarise,
  };
  return { analyst, state, release: (text: string) => release(text) };
}

const until = async (condition: () => boolean) => {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
};

describe('POST /organization/business-analysis', () => {
  it('should write, store and answer the analysis exactly as R-ANALYSIS-8, with an audit row without personal data', async () => {
    const response = await makeAnalysis(ctx.app, team);
    expect(response.statusCode, response.body).toBe(200);
    const body = analysisOf(response);
    expect(Object.keys(body).sort()).toEqual(['analysis', 'metadata']);
    expect(body.metadata).toEqual({
      organization: { name: 'Analyse BV' },
      data_points: { kpis: 1, surveys: 1 },
      generated_at: ctx.clock.now().toISOString(),
    });
    expect(body.analysis).toMatch(/^# Bedrijfsanalyse Analyse BV\n/);
    for (const heading of [
      '## Samenvatting',
      "## KPI's",
      '## Surveys',
      '## Financiën',
      '## Sterke punten',
      "## Risico's",
      '## Aanbevelingen',
    ])
      expect(body.analysis).toContain(`\n${heading}\n`);
    expect(body.analysis).toContain('Omzet per maand');
    expect(body.analysis).toContain(surveyTitle);
    expect(body.analysis).toContain("'Omzet per maand' is niet op koers");
    expect(body.analysis).toContain("NPS van 'Zou je ons aanbevelen?': +40 over 5 antwoorden.");
    for (const secret of Object.values(PERSONAL)) expect(body.analysis).not.toContain(secret);

    const [row] = await ctx.db
      .select()
      .from(businessAnalyses)
      .where(eq(businessAnalyses.organizationId, team.organization.id));
    expect(row).toMatchObject({
      analysis: body.analysis,
      kpiCount: 1,
      surveyCount: 1,
      analyst: 'builtin',
      createdBy: team.owner.id,
    });
    expect(await ctx.db.$count(businessAnalysisClaims)).toBe(0);

    await ctx.app.appLog.flush();
    const [audit] = await ctx.db.select().from(appLogs).where(eq(appLogs.action, 'analysis.created'));
    expect(audit).toMatchObject({
      level: 'audit',
      category: 'analysis',
      orgId: team.organization.id,
      route: '/api/v1/organization/business-analysis',
      message: `Bedrijfsanalyse ${row?.id} gemaakt (1 KPI's, 1 surveys, analist builtin)`,
    });
  });

  it('should let members make one, and refuse viewers with a Dutch reason', async () => {
    expect((await makeAnalysis(ctx.app, team, team.member.token)).statusCode).toBe(200);
    const before = await storedOf(team.organization.id);
    const byViewer = await makeAnalysis(ctx.app, team, team.viewer.token);
    expect(byViewer.statusCode).toBe(403);
    expect(byViewer.json()).toEqual({ detail: PERMISSION_DENIED['analysis.use'] });
    expect(await storedOf(team.organization.id)).toBe(before);
  });

  it("should answer 400 with R-ANALYSIS-6's text when there are no KPIs and no surveys with responses", async () => {
    const empty = await createTeam(ctx, 'Leeg BV');
    // A survey without responses does not count.
    await api(ctx.app, 'POST', '/surveys', {
      token: empty.owner.token,
      headers: empty.headers,
      payload: {
        title: 'Nog niet ingevuld',
        description_html: '',
        introduction_html: '',
        thank_you_text: '',
        close_at: null,
        questions: [],
      },
    });
    const response = await makeAnalysis(ctx.app, empty);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      detail: "Onvoldoende data voor analyse. Voeg eerst surveys of KPI's toe.",
    });
    expect(await storedOf(empty.organization.id)).toBe(0);
    expect(await ctx.db.$count(businessAnalysisClaims)).toBe(0);
  });

  it("should answer 403 with R-ANALYSIS-6's text on every route without the plan feature 'business'", async () => {
    const smart = await createTeam(ctx, 'Slim BV', 'smartloop');
    for (const [method, path] of [
      ['POST', '/organization/business-analysis'],
      ['GET', '/organization/business-analysis'],
      ['GET', '/organization/business-analyses'],
      ['GET', '/organization/business-analyses/1'],
    ] as const) {
      const response = await api(ctx.app, method, path, { token: smart.owner.token, headers: smart.headers });
      expect(response.statusCode, path).toBe(403);
      expect(response.json(), path).toEqual({
        detail: 'AI-analyse is niet beschikbaar voor dit abonnement.',
      });
    }
    expect(await storedOf(smart.organization.id)).toBe(0);
    await putOnPlan(ctx, smart.organization.id, 'proloop');
    expect((await makeAnalysis(ctx.app, smart)).statusCode).toBe(400);
  });

  it("should answer 504 with R-ANALYSIS-6's text when the analyst runs out of time, abort it and store nothing", async () => {
    const held = heldAnalyst();
    const app = await ctx.buildApp({ analyst: held.analyst, config: { analysisTimeoutMs: 150 } });
    const before = await storedOf(team.organization.id);
    const response = await makeAnalysis(app, team);
    expect(response.statusCode).toBe(504);
    expect(response.json()).toEqual({ detail: 'De analyse duurt te lang. Probeer het later opnieuw.' });
    expect(held.state.aborted).toBe(true);
    expect(await storedOf(team.organization.id)).toBe(before);
    // The slot is free again.
    expect(await ctx.db.$count(businessAnalysisClaims)).toBe(0);
    expect((await makeAnalysis(ctx.app, team)).statusCode).toBe(200);
  });

  it('should run one analysis at a time per organisation, also from another API instance (409)', async () => {
    const held = heldAnalyst();
    const app = await ctx.buildApp({ analyst: held.analyst });
    const other = await ctx.buildApp({});
    const first = makeAnalysis(app, team);
    await until(() => held.state.started === 1);
    for (const instance of [app, other]) {
      const second = await makeAnalysis(instance, team, team.member.token);
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({ detail: ANALYSIS_MESSAGES.busy });
    }
    // Another organisation is not held up.
    const elsewhere = await analysedTeam(ctx, 'Elders BV');
    expect((await makeAnalysis(other, elsewhere.team)).statusCode).toBe(200);
    held.release('# Bedrijfsanalyse Analyse BV\n\nKlaar.');
    const done = await first;
    expect(done.statusCode).toBe(200);
    expect(analysisOf(done).analysis).toBe('# Bedrijfsanalyse Analyse BV\n\nKlaar.');
    expect((await makeAnalysis(other, team)).statusCode).toBe(200);
    expect(held.state.started).toBe(1);
  });

  it('should take over the claim of an instance that died once its time is up', async () => {
    const now = ctx.clock.now();
    await ctx.db.insert(businessAnalysisClaims).values({
      organizationId: team.organization.id,
      token: 'van-een-gestopte-server',
      claimedAt: new Date(now.getTime() - 120_000),
      expiresAt: new Date(now.getTime() + 1_000),
    });
    expect((await makeAnalysis(ctx.app, team)).statusCode).toBe(409);
    ctx.clock.advance(1_000);
    expect((await makeAnalysis(ctx.app, team)).statusCode).toBe(200);
    expect(await ctx.db.$count(businessAnalysisClaims)).toBe(0);
  });

  it('should limit analyses per organisation with a Dutch 429', async () => {
    const app = await ctx.buildApp({
      rateLimits: {
        businessAnalysis: [
          { scope: 'organization', max: 2, windowMs: 60_000, detail: ANALYSIS_MESSAGES.tooMany },
        ],
      },
    });
    const limited = await analysedTeam(ctx, 'Druk BV');
    expect((await makeAnalysis(app, limited.team)).statusCode).toBe(200);
    expect((await makeAnalysis(app, limited.team, limited.team.member.token)).statusCode).toBe(200);
    const third = await makeAnalysis(app, limited.team);
    expect(third.statusCode).toBe(429);
    expect(third.json()).toEqual({ detail: ANALYSIS_MESSAGES.tooMany });
    expect(await storedOf(limited.team.organization.id)).toBe(2);
    expect((await makeAnalysis(app, team)).statusCode).toBe(200);
  });
});

describe('GET /organization/business-analyses', () => {
  it('should list the organisation’s analyses newest first with what a new one would be based on', async () => {
    const fresh = await analysedTeam(ctx, 'Lijst BV');
    const list = async () =>
      (
        await get('/organization/business-analyses', fresh.team.member, fresh.team.headers)
      ).json<BusinessAnalysisList>();
    expect(await list()).toEqual({ data_points: { kpis: 1, surveys: 1 }, analyses: [] });
    const first = analysisOf(await makeAnalysis(ctx.app, fresh.team));
    ctx.clock.advance(60_000);
    const second = analysisOf(await makeAnalysis(ctx.app, fresh.team));
    const listed = await list();
    expect(listed.analyses.map((item) => item.generated_at)).toEqual([
      second.metadata.generated_at,
      first.metadata.generated_at,
    ]);
    expect(listed.analyses[0]).toEqual({
      id: expect.any(Number),
      generated_at: second.metadata.generated_at,
      data_points: { kpis: 1, surveys: 1 },
    });

    const reopened = await get(
      `/organization/business-analyses/${listed.analyses[1]?.id}`,
      fresh.team.member,
      fresh.team.headers,
    );
    expect(reopened.statusCode).toBe(200);
    expect(reopened.json()).toEqual(first);
  });

  it("should answer the organisation's newest analysis with its id, for the screen after a reload", async () => {
    const fresh = await analysedTeam(ctx, 'Nieuwste BV');
    const latest = async (t = fresh.team, member = t.member) => {
      const response = await get('/organization/business-analysis', member, t.headers);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<LatestBusinessAnalysis>();
    };
    expect(await latest()).toEqual({ latest: null });
    const first = analysisOf(await makeAnalysis(ctx.app, fresh.team));
    ctx.clock.advance(60_000);
    const second = analysisOf(await makeAnalysis(ctx.app, fresh.team));
    const [newest] = (
      await get('/organization/business-analyses', fresh.team.member, fresh.team.headers)
    ).json<BusinessAnalysisList>().analyses;
    expect(await latest()).toEqual({ latest: { id: newest?.id, ...second } });
    expect(second.metadata.generated_at).not.toBe(first.metadata.generated_at);
    // Another organisation sees its own (none), never this one's; a viewer is refused.
    const other = await createTeam(ctx, 'Andere Nieuwste BV', 'proloop');
    expect(await latest(other, other.owner)).toEqual({ latest: null });
    const byViewer = await get('/organization/business-analysis', fresh.team.viewer, fresh.team.headers);
    expect(byViewer.statusCode).toBe(403);
    expect(byViewer.json()).toEqual({ detail: PERMISSION_DENIED['analysis.use'] });
  });

  it("should answer 404 for another organisation's analysis and unknown ids, and refuse viewers and outsiders", async () => {
    const [own] = await ctx.db
      .select()
      .from(businessAnalyses)
      .where(eq(businessAnalyses.organizationId, team.organization.id))
      .limit(1);
    const intruder = await createTeam(ctx, 'Nieuwsgierig BV');
    for (const id of [own?.id, 'abc', '0', '99999999999']) {
      const response = await get(`/organization/business-analyses/${id}`, intruder.owner, intruder.headers);
      expect(response.statusCode, String(id)).toBe(404);
      expect(response.json()).toEqual({ detail: ANALYSIS_MESSAGES.notFound });
    }
    const theirs = (
      await get('/organization/business-analyses', intruder.owner, intruder.headers)
    ).json<BusinessAnalysisList>();
    expect(theirs).toEqual({ data_points: { kpis: 0, surveys: 0 }, analyses: [] });
    // Naming the other organisation in the header: not a member, so 404 without data.
    for (const path of ['/organization/business-analyses', `/organization/business-analyses/${own?.id}`]) {
      const response = await get(path, intruder.owner, team.headers);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ detail: ORGANIZATION_NOT_FOUND });
    }
    const byOutsider = await api(ctx.app, 'POST', '/organization/business-analysis', {
      token: intruder.owner.token,
      headers: team.headers,
    });
    expect(byOutsider.statusCode).toBe(404);
    const byViewer = await get('/organization/business-analyses', team.viewer);
    expect(byViewer.statusCode).toBe(403);
    expect(byViewer.json()).toEqual({ detail: PERMISSION_DENIED['analysis.use'] });
  });
});

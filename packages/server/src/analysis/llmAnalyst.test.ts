import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ANALYSIS_MESSAGES, type BusinessAnalysisList } from '@loop/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { businessAnalyses } from '../db/schema';
import { analysedTeam, analysisOf, makeAnalysis, PERSONAL } from '../testing/analysisTesting';
import { completion, type FakeReply, fakeLlmConfig, startFakeOpenAi } from '../testing/fakeOpenAi';
import type { TestTeam } from '../testing/teams';
import { api, createTestContext, type TestContext } from '../testing/testApp';

/**
 * The LLM analyst against a local fake of an OpenAI-compatible server (node:http): what it is
 * asked, and what the API answers for each way such a server can answer.
 */
type Mode = 'report' | 'fenced' | 'slow' | 'malformed' | 'no-choices' | 'empty' | 'error' | 'too-long';

const REPORT = '# Bedrijfsanalyse Model BV\n\n## Samenvatting\n\n- Geschreven door het taalmodel.';

const REPLIES: Readonly<Record<Mode, FakeReply>> = {
  report: { content: REPORT },
  fenced: { content: `\`\`\`markdown\n${REPORT}\n\`\`\`` },
  slow: { delayMs: 3_000, content: REPORT },
  malformed: { status: 200, body: '{"choices": [{"message": ' },
  'no-choices': { status: 200, body: { ...completion(''), choices: [] } },
  empty: { content: '   ' },
  'too-long': { content: 'x'.repeat(100_001) },
  error: { status: 500, body: { error: { message: 'model overloaded' } } },
};

let ctx: TestContext;
let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
let mode: Mode = 'report';
let app: FastifyInstance;
let team: TestTeam;

beforeAll(async () => {
  fake = await startFakeOpenAi(() => REPLIES[mode]);
  ctx = await createTestContext();
  app = await ctx.buildApp({ config: fakeLlmConfig(fake.baseUrl) });
  team = (await analysedTeam(ctx, 'Model BV')).team;
});

afterAll(async () => {
  await ctx?.close();
  fake?.close();
});

beforeEach(() => {
  mode = 'report';
  fake.captured.length = 0;
});

const captured = () => fake.captured;

const stored = () =>
  ctx.db.$count(businessAnalyses, eq(businessAnalyses.organizationId, team.organization.id));

describe('the LLM analyst', () => {
  it("should store and answer the model's report, asked with the model and key of the config", async () => {
    const response = await makeAnalysis(app, team);
    expect(response.statusCode, response.body).toBe(200);
    const body = analysisOf(response);
    expect(body.analysis).toBe(REPORT);
    expect(body.metadata).toMatchObject({
      organization: { name: 'Model BV' },
      data_points: { kpis: 1, surveys: 1 },
    });
    expect(captured()).toHaveLength(1);
    expect(captured()[0]).toMatchObject({
      path: '/v1/chat/completions',
      authorization: 'Bearer test-sleutel',
    });
    expect(captured()[0]?.body.model).toBe('test-model');
    const [row] = await ctx.db
      .select()
      .from(businessAnalyses)
      .where(eq(businessAnalyses.organizationId, team.organization.id));
    expect(row).toMatchObject({ analyst: 'llm', analysis: REPORT });
    const list = await api(app, 'GET', '/organization/business-analyses', {
      token: team.owner.token,
      headers: team.headers,
    });
    expect(list.json<BusinessAnalysisList>().analyses).toHaveLength(1);
  });

  it('should ask for the sections with aggregates only: no e-mail address, name or open answer of anyone', async () => {
    await makeAnalysis(app, team);
    const prompt =
      captured()[0]
        ?.body.messages.map((message) => message.content)
        .join('\n') ?? '';
    expect(captured()[0]?.body.messages.map((message) => message.role)).toEqual(['system', 'user']);
    expect(prompt).toContain("## KPI's");
    expect(prompt).toContain('Omzet per maand');
    expect(prompt).toContain('"nps":[{"vraag":"Zou je ons aanbevelen?","score":40');
    expect(prompt).not.toMatch(/[\w.+-]+@[\w-]+\.[\w.]+/);
    for (const secret of Object.values(PERSONAL)) expect(prompt).not.toContain(secret);
    for (const member of team.all) {
      expect(prompt).not.toContain(member.name);
      expect(prompt).not.toContain(member.email);
    }
  });

  it('should take the report out of a code fence around the whole answer', async () => {
    mode = 'fenced';
    expect(analysisOf(await makeAnalysis(app, team)).analysis).toBe(REPORT);
  });

  it("should answer 504 with R-ANALYSIS-6's text when the model is too slow, and store nothing", async () => {
    mode = 'slow';
    const before = await stored();
    const started = Date.now();
    const response = await makeAnalysis(app, team);
    expect(response.statusCode).toBe(504);
    expect(response.json()).toEqual({ detail: 'De analyse duurt te lang. Probeer het later opnieuw.' });
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(await stored()).toBe(before);
  });

  it('should answer a Dutch 502, never a 500, for malformed answers, no choices, empty text, a runaway answer and HTTP errors', async () => {
    const before = await stored();
    for (const each of ['malformed', 'no-choices', 'empty', 'too-long', 'error'] as const) {
      mode = each;
      const response = await makeAnalysis(app, team);
      expect(response.statusCode, each).toBe(502);
      expect(response.json(), each).toEqual({ detail: ANALYSIS_MESSAGES.llmUnusable });
    }
    expect(await stored()).toBe(before);
  });

  it('should answer a Dutch 502 when the model cannot be reached', async () => {
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const { port } = closed.address() as AddressInfo;
    closed.close();
    const unreachable = await ctx.buildApp({
      config: { llm: { baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: null, model: 'test-model' } },
    });
    const response = await makeAnalysis(unreachable, team);
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ detail: ANALYSIS_MESSAGES.llmUnreachable });
  });
});

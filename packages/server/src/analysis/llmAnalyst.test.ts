import { once } from 'node:events';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ANALYSIS_MESSAGES, type BusinessAnalysisList } from '@loop/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { businessAnalyses } from '../db/schema';
import { analysedTeam, analysisOf, makeAnalysis, PERSONAL } from '../testing/analysisTesting';
import type { TestTeam } from '../testing/teams';
import { api, createTestContext, type TestContext } from '../testing/testApp';

/**
 * The LLM analyst against a local fake of an OpenAI-compatible server (node:http): what it is
 * asked, and what the API answers for each way such a server can answer.
 */
type Mode = 'report' | 'fenced' | 'slow' | 'malformed' | 'no-choices' | 'empty' | 'error' | 'too-long';

interface Captured {
  readonly path: string;
  readonly authorization: string | undefined;
  readonly body: { model: string; messages: Array<{ role: string; content: string }> };
}

const REPORT = '# Bedrijfsanalyse Model BV\n\n## Samenvatting\n\n- Geschreven door het taalmodel.';

let ctx: TestContext;
let fake: Server;
let mode: Mode = 'report';
const captured: Captured[] = [];
let app: FastifyInstance;
let team: TestTeam;

async function read(request: IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of request) text += chunk;
  return text;
}

function answer(response: ServerResponse, content: unknown, status = 200, type = 'application/json') {
  response.writeHead(status, { 'content-type': type });
  response.end(typeof content === 'string' ? content : JSON.stringify(content));
}

const completion = (content: string) => ({
  id: 'chatcmpl-test',
  object: 'chat.completion',
  created: 1_772_442_000,
  model: 'test-model',
  choices: [{ index: 0, finish_reason: 'stop', message: { role: 'assistant', content } }],
});

beforeAll(async () => {
  fake = createServer(async (request, response) => {
    const body = await read(request);
    captured.push({
      path: request.url ?? '',
      authorization: request.headers.authorization,
      body: JSON.parse(body),
    });
    switch (mode) {
      case 'report':
        return answer(response, completion(REPORT));
      case 'fenced':
        return answer(response, completion(`\`\`\`markdown\n${REPORT}\n\`\`\``));
      case 'slow':
        setTimeout(() => answer(response, completion(REPORT)), 3_000).unref();
        return;
      case 'malformed':
        return answer(response, '{"choices": [{"message": ', 200);
      case 'no-choices':
        return answer(response, { ...completion(''), choices: [] });
      case 'empty':
        return answer(response, completion('   '));
      case 'too-long':
        return answer(response, completion('x'.repeat(100_001)));
      case 'error':
        return answer(response, { error: { message: 'model overloaded' } }, 500);
    }
  });
  fake.listen(0, '127.0.0.1');
  await once(fake, 'listening');
  const { port } = fake.address() as AddressInfo;
  ctx = await createTestContext();
  app = await ctx.buildApp({
    config: {
      analysisTimeoutMs: 1_000,
      llm: { baseUrl: `http://127.0.0.1:${port}/v1`, apiKey: 'test-sleutel', model: 'test-model' },
    },
  });
  team = (await analysedTeam(ctx, 'Model BV')).team;
});

afterAll(async () => {
  await ctx?.close();
  fake?.closeAllConnections();
  fake?.close();
});

beforeEach(() => {
  mode = 'report';
  captured.length = 0;
});

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
    expect(captured).toHaveLength(1);
    expect(captured[0]).toMatchObject({ path: '/v1/chat/completions', authorization: 'Bearer test-sleutel' });
    expect(captured[0]?.body.model).toBe('test-model');
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
    const prompt = captured[0]?.body.messages.map((message) => message.content).join('\n') ?? '';
    expect(captured[0]?.body.messages.map((message) => message.role)).toEqual(['system', 'user']);
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

  it("should answer 504 with the spec's text when the model is too slow, and store nothing", async () => {
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

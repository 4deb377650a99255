import { ANALYSIS_MESSAGES, type Survey } from '@loop/core';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { appLogs } from '../db/schema';
import { type FakeReply, fakeLlmConfig, startFakeOpenAi } from '../testing/fakeOpenAi';
import { PERSONAL_IN_ANSWERS, summarise, summaryOf, summaryTeam } from '../testing/summaryTesting';
import type { TestTeam } from '../testing/teams';
import { createTestContext, type TestContext } from '../testing/testApp';

/**
 * Summaries of open answers by the LLM analyst, against a local fake of an OpenAI-compatible
 * server: what the model is asked (the answers, scrubbed), how its JSON is read (quotes that are no
 * part of an answer dropped), and what the API answers for each way such a server can fail.
 */
const THEMES = {
  themes: [
    {
      label: 'Werkdruk',
      count: 3,
      quotes: ['De werkdruk in ons team is structureel te hoog.', 'Iedereen klaagt over de werkdruk.'],
    },
    { label: 'Laptops', count: 3, quotes: ['Mijn laptop is traag', 'Bel me gerust: [telefoonnummer]'] },
  ],
  overig: 3,
};

let ctx: TestContext;
let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
let reply: FakeReply = { content: JSON.stringify(THEMES) };
let app: FastifyInstance;
let team: TestTeam;
let survey: Survey;

beforeAll(async () => {
  fake = await startFakeOpenAi(() => reply);
  ctx = await createTestContext();
  app = await ctx.buildApp({ config: fakeLlmConfig(fake.baseUrl) });
  ({ team, survey } = await summaryTeam(ctx, 'Taalmodel BV'));
});

afterAll(async () => {
  await ctx?.close();
  fake?.close();
});

beforeEach(() => {
  reply = { content: JSON.stringify(THEMES) };
  fake.captured.length = 0;
});

describe('summaries by the LLM analyst', () => {
  it("should answer the model's themes, keeping only quotes that respondents wrote, and say a model made it", async () => {
    const response = await summarise(app, team, survey);
    expect(response.statusCode, response.body).toBe(200);
    expect(summaryOf(response)).toMatchObject({
      analyst: 'llm',
      answers_total: 9,
      answers_considered: 9,
      themes: [
        { label: 'Werkdruk', count: 3, quotes: ['De werkdruk in ons team is structureel te hoog.'] },
        { label: 'Laptops', count: 3, quotes: ['Mijn laptop is traag', 'Bel me gerust: [telefoonnummer]'] },
      ],
      other_count: 3,
      too_few: false,
    });
    expect(fake.captured).toHaveLength(1);
    expect(fake.captured[0]).toMatchObject({
      path: '/v1/chat/completions',
      authorization: 'Bearer test-sleutel',
    });
    await app.appLog.flush();
    const [audit] = await ctx.db
      .select()
      .from(appLogs)
      .where(eq(appLogs.action, 'survey.answers_summarised'));
    expect(audit?.message).toBe(
      `Open antwoorden van survey ${survey.id} samengevat (vraag lang, 9 antwoorden, 2 thema's, analist llm)`,
    );
  });

  it('should hand the model the question and the answers, newest first, without e-mail addresses or phone numbers', async () => {
    await summarise(app, team, survey);
    const [system, user] = fake.captured[0]?.body.messages ?? [];
    expect(system?.role).toBe('system');
    expect(system?.content).toContain('"overig"');
    expect(user?.content).toContain('Vraag: Wat kan beter?');
    expect(user?.content).toContain('1. De kantine mag gezonder.');
    expect(user?.content).toContain('6. Werkdruk! Bel me gerust: [telefoonnummer] of mail [e-mailadres]');
    expect(user?.content).toContain('9. De werkdruk is te hoog, zeker aan het eind van het kwartaal.');
    for (const secret of PERSONAL_IN_ANSWERS)
      expect(JSON.stringify(fake.captured[0]?.body)).not.toContain(secret);
  });

  it('should read the JSON out of a code fence', async () => {
    reply = { content: `\`\`\`json\n${JSON.stringify(THEMES)}\n\`\`\`` };
    expect(summaryOf(await summarise(app, team, survey)).themes).toHaveLength(2);
  });

  it("should answer 504 with the analysis's time-out text when the model is too slow", async () => {
    reply = { delayMs: 3_000, content: JSON.stringify(THEMES) };
    const started = Date.now();
    const response = await summarise(app, team, survey);
    expect(response.statusCode).toBe(504);
    expect(response.json()).toEqual({ detail: ANALYSIS_MESSAGES.timeout });
    expect(Date.now() - started).toBeLessThan(2_500);
  });

  it('should answer a Dutch 502, never a 500, for answers that are not the asked JSON and for HTTP errors', async () => {
    const replies: FakeReply[] = [
      { content: 'Thema 1: werkdruk. Thema 2: laptops.' },
      { content: JSON.stringify({ themes: THEMES.themes }) },
      { content: JSON.stringify({ ...THEMES, overig: 99 }) },
      { content: JSON.stringify({ themes: [{ label: 'Werkdruk', count: 50, quotes: [] }], overig: 0 }) },
      { content: JSON.stringify({ themes: [{ label: '', count: 2, quotes: [] }], overig: 0 }) },
      { content: '' },
      { status: 200, body: '{"choices": [' },
      { status: 500, body: { error: { message: 'model overloaded' } } },
    ];
    for (const each of replies) {
      reply = each;
      const response = await summarise(app, team, survey);
      expect(response.statusCode, JSON.stringify(each)).toBe(502);
      expect(response.json()).toEqual({ detail: ANALYSIS_MESSAGES.llmUnusable });
    }
  });

  it('should not ask the model about too few answers', async () => {
    const response = await summarise(app, team, survey, 'kort');
    expect(summaryOf(response)).toMatchObject({ too_few: true, themes: [] });
    expect(fake.captured).toHaveLength(0);
  });
});

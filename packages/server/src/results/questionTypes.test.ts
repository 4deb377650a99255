import type { Question, Survey, SurveyResults } from '@loop/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surveyAnswers } from '../db/schema';
import { putOnPlan } from '../testing/billing';
import { call, createSurvey, personalLinks, respond } from '../testing/responseTesting';
import { type SurveyOrganization, surveyOrganization } from '../testing/surveyTesting';
import { createTestContext, type TestContext } from '../testing/testApp';

/**
 * The newer question types end to end on the server (issue 26): a submission stored, summarised in
 * the results and exported.
 */

let ctx: TestContext;
let org: SurveyOrganization;
let survey: Survey;

const QUESTIONS: Question[] = [
  {
    id: 'q-intro',
    type: 'text_block',
    title: 'Over je werkplek',
    description: 'De volgende vragen gaan over je werkplek.',
    // Stored as not required, whatever the editor sends (R-SURV-23).
    required: true,
    position: 0,
    settings: {},
  },
  { id: 'q-nps', type: 'nps', title: 'Zou je ons aanbevelen?', required: true, position: 1, settings: {} },
];

/** The CSV export's rows (the values here hold no separators or quotes). */
const csvRows = (body: Buffer): string[][] =>
  body
    .subarray(3)
    .toString('utf8')
    .trim()
    .split(/\r?\n/)
    .map((line) => line.split(';'));

beforeAll(async () => {
  ctx = await createTestContext();
  org = await surveyOrganization(ctx, 'Vraagsoorten BV');
  await putOnPlan(ctx, org.organization.id, 'smartloop');
  survey = await createSurvey(ctx, org, { questions: QUESTIONS });
  const [token] = await personalLinks(ctx, org, survey.id, 1);
  const sent = await respond(ctx, token as string, {
    final: true,
    answers: [{ question_id: 'q-nps', value: { score: 9 } }],
  });
  expect(sent.statusCode, sent.body).toBe(200);
});

afterAll(async () => {
  await ctx?.close();
});

describe('question types: text block', () => {
  it('should store a text block as never required', () => {
    expect(survey.questions[0]).toMatchObject({ type: 'text_block', required: false, settings: {} });
  });

  it('should refuse an answer to a text block', async () => {
    const [token] = await personalLinks(ctx, org, survey.id, 1);
    const refused = await respond(ctx, token as string, {
      final: false,
      answers: [{ question_id: 'q-intro', value: { text: 'hallo' } }],
    });
    expect(refused.statusCode).toBe(400);
  });

  it('should store no answer row for a text block and leave it out of results and export', async () => {
    const rows = await ctx.db.select().from(surveyAnswers).where(eq(surveyAnswers.surveyId, survey.id));
    expect(rows.map((row) => row.questionId)).toEqual(['q-nps']);
    const results = await call(ctx, org, 'GET', `/surveys/${survey.id}/results`);
    expect(results.statusCode, results.body).toBe(200);
    expect(results.json<SurveyResults>().questions.map((question) => question.question_id)).toEqual([
      'q-nps',
    ]);
    const detail = await call(ctx, org, 'GET', `/surveys/${survey.id}/questions/q-intro`);
    expect(detail.statusCode).toBe(404);
    const exported = await call(ctx, org, 'GET', `/surveys/${survey.id}/export?format=csv`);
    expect(exported.statusCode, exported.body).toBe(200);
    const [header, first] = csvRows(exported.rawPayload);
    expect(header?.slice(2)).toEqual(['Zou je ons aanbevelen?']);
    expect(first?.slice(2)).toEqual(['9']);
  });
});

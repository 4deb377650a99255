import type { RespondResult } from '@loop/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surveyAnswers, surveyResponses } from '../db/schema';
import { createSurvey, everyTypeAnswers, personalLinks } from '../testing/responseTesting';
import { surveyOrganization } from '../testing/surveyTesting';
import { createTestContext, type TestContext } from '../testing/testApp';
import { hashToken } from './responseTokens';

let ctx: TestContext;
let baseUrl: string;

beforeAll(async () => {
  ctx = await createTestContext();
  baseUrl = await ctx.app.listen({ port: 0, host: '127.0.0.1' });
});

afterAll(async () => {
  await ctx?.close();
});

describe('POST /respond/:token over HTTP', () => {
  it('should store one response with one set of answers when 10 identical submissions race over real connections', async () => {
    const org = await surveyOrganization(ctx, 'Race BV');
    const survey = await createSurvey(ctx, org);
    const [token] = (await personalLinks(ctx, org, survey.id, 1)) as [string];
    const body = JSON.stringify({ final: true, answers: everyTypeAnswers() });
    const answers = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const response = await fetch(`${baseUrl}/api/v1/respond/${token}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', connection: 'close' },
          body,
        });
        return { status: response.status, json: (await response.json()) as RespondResult };
      }),
    );
    for (const answer of answers) {
      expect(answer).toEqual({ status: 200, json: { status: 'completed', response_token: token } });
    }
    const responses = await ctx.db
      .select()
      .from(surveyResponses)
      .where(eq(surveyResponses.surveyId, survey.id));
    expect(responses).toHaveLength(1);
    expect(responses[0]).toMatchObject({ status: 'completed', tokenHash: hashToken(token) });
    const rows = await ctx.db.select().from(surveyAnswers).where(eq(surveyAnswers.surveyId, survey.id));
    const keys = rows.map((row) => `${row.responseId}/${row.questionId}/${row.itemId}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(new Set(rows.map((row) => row.questionId))).toEqual(
      new Set(everyTypeAnswers().map((answer) => answer.question_id)),
    );
    expect(rows.every((row) => row.submittedAt !== null)).toBe(true);
  });
});

import type { AnalyticsOverview, Survey } from '@loop/core';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appLogs, surveyAnswers, surveyResponses, surveys } from '../db/schema';
import { SURVEY_ERRORS } from '../surveys/surveys';
import { putOnPlan } from '../testing/billing';
import { resultQuestions, storeResponse } from '../testing/resultsTesting';
import { type SurveyOrganization, sampleInput, surveyOrganization } from '../testing/surveyTesting';
import { api, createTestContext, type TestContext } from '../testing/testApp';
import { RESULT_MESSAGES } from './resultRoutes';

let ctx: TestContext;
let first: SurveyOrganization;
let second: SurveyOrganization;

beforeAll(async () => {
  ctx = await createTestContext();
  first = await surveyOrganization(ctx, 'Eerste BV');
  second = await surveyOrganization(ctx, 'Tweede BV');
  // Both have every feature, so a refusal can only come from the organisation check.
  await putOnPlan(ctx, first.organization.id, 'proloop');
  await putOnPlan(ctx, second.organization.id, 'proloop');
});

afterAll(async () => {
  await ctx?.close();
});

/** Row counts, including audit rows of exports: "nothing changed, nothing exported" in one value. */
const rowCounts = async () => {
  await ctx.app.appLog.flush();
  return {
    surveys: await ctx.db.$count(surveys),
    responses: await ctx.db.$count(surveyResponses),
    answers: await ctx.db.$count(surveyAnswers),
    exports: await ctx.db.$count(appLogs, eq(appLogs.action, 'survey.exported')),
  };
};

/** A survey of every question type in the first organisation. */
const firstOrganisationSurvey = async (): Promise<Survey> => {
  const created = await api(ctx.app, 'POST', '/surveys', {
    token: first.managerToken,
    headers: first.headers,
    payload: sampleInput({ questions: resultQuestions() }),
  });
  return created.json<Survey>();
};

describe('result routes of another organisation', () => {
  it("should answer 404 on every result route with the first organisation's survey and change nothing", async () => {
    const survey = await firstOrganisationSurvey();
    await storeResponse(ctx.db, survey, {
      submittedAt: new Date('2026-02-20T10:00:00Z'),
      answers: { nps: { score: 10 }, lang: { text: 'Geheim antwoord' } },
    });
    const own = await api(ctx.app, 'GET', `/surveys/${survey.id}/results`, {
      token: first.memberToken,
      headers: first.headers,
    });
    expect(own.statusCode).toBe(200);

    const before = await rowCounts();
    const paths = [
      `/surveys/${survey.id}/results`,
      `/surveys/${survey.id}/results?from=2026-01-01&to=2026-12-31`,
      `/surveys/${survey.id}/questions/lang`,
      `/surveys/${survey.id}/questions/lang?q=geheim`,
      `/surveys/${survey.id}/questions/bestaat-niet`,
      `/surveys/${survey.id}/export?format=csv`,
      `/surveys/${survey.id}/export?format=xlsx`,
      // Bad input on another organisation's survey: still 404, nothing tells it exists.
      `/surveys/${survey.id}/results?from=nooit`,
      `/surveys/${survey.id}/export?format=pdf`,
    ];
    for (const intruder of [
      { token: second.memberToken, headers: second.headers },
      { token: second.managerToken, headers: second.headers },
    ]) {
      for (const path of paths) {
        const response = await api(ctx.app, 'GET', path, intruder);
        expect(response.statusCode, path).toBe(404);
        expect(response.json(), path).toEqual({ detail: SURVEY_ERRORS.notFound });
      }
      // The summary of an open question (plan feature 'ai', the second organisation has it too).
      const summary = await api(ctx.app, 'POST', `/surveys/${survey.id}/questions/lang/summary`, intruder);
      expect(summary.statusCode).toBe(404);
      expect(summary.json()).toEqual({ detail: SURVEY_ERRORS.notFound });
      // The first organisation in the header is refused as a whole, on /analytics too.
      for (const path of [`/surveys/${survey.id}/results`, '/analytics']) {
        const wrongHeader = await api(ctx.app, 'GET', path, {
          token: intruder.token,
          headers: first.headers,
        });
        expect(wrongHeader.statusCode, path).toBe(404);
      }
      const theirs = await api(ctx.app, 'GET', '/analytics', intruder);
      expect(theirs.statusCode).toBe(200);
      expect(theirs.json<AnalyticsOverview>().totals).toMatchObject({ surveys: 0, completed: 0 });
    }
    expect(await rowCounts()).toEqual(before);
  });

  it('should answer 404 for an unknown question of an own survey, and for ids that are not numbers', async () => {
    const created = await api(ctx.app, 'POST', '/surveys', {
      token: second.managerToken,
      headers: second.headers,
      payload: sampleInput(),
    });
    const id = created.json<Survey>().id;
    const unknown = await api(ctx.app, 'GET', `/surveys/${id}/questions/q-weg`, {
      token: second.memberToken,
      headers: second.headers,
    });
    expect(unknown.json()).toEqual({ detail: RESULT_MESSAGES.questionNotFound });
    for (const path of ['/surveys/0/results', '/surveys/-1/export?format=csv', '/surveys/1e3/questions/x']) {
      const response = await api(ctx.app, 'GET', path, {
        token: second.memberToken,
        headers: second.headers,
      });
      expect(response.statusCode, path).toBe(404);
    }
  });

  it('should answer 401 without a login', async () => {
    for (const path of [
      '/surveys/1/results',
      '/surveys/1/questions/x',
      '/surveys/1/export?format=csv',
      '/analytics',
    ]) {
      const response = await api(ctx.app, 'GET', path);
      expect(response.statusCode, path).toBe(401);
    }
  });
});

describe('result routes with random input', () => {
  it('should never answer 5xx and always explain a refusal in Dutch {detail}', async () => {
    const survey = await firstOrganisationSurvey();
    await storeResponse(ctx.db, survey, {
      submittedAt: new Date('2026-02-20T10:00:00Z'),
      answers: { lik: { 'st-a': 3 }, one: { other: 'Iets' }, lang: { text: 'Één antwoord' } },
    });
    const text = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc.string({ unit: 'grapheme', maxLength: 20 }),
      fc.constantFrom(
        '2026-02-20',
        '2000-01-01',
        '2100-12-31',
        '0',
        '-1',
        '201',
        '%',
        '_',
        "'",
        'csv',
        'xlsx',
      ),
    );
    const params = fc.dictionary(
      fc.constantFrom('from', 'to', 'q', 'page', 'page_size', 'format', 'x'),
      text,
    );
    const paths = [
      `/surveys/${survey.id}/results`,
      `/surveys/${survey.id}/export`,
      '/analytics',
      ...resultQuestions().map((question) => `/surveys/${survey.id}/questions/${question.id}`),
    ];
    const path = fc.oneof(
      fc.constantFrom(...paths),
      fc.string({ maxLength: 12 }).map((id) => `/surveys/${survey.id}/questions/${encodeURIComponent(id)}`),
    );
    await fc.assert(
      fc.asyncProperty(path, params, async (target, query) => {
        const search = new URLSearchParams(query).toString();
        const response = await api(ctx.app, 'GET', `${target}${search ? `?${search}` : ''}`, {
          token: first.memberToken,
          headers: first.headers,
        });
        expect(response.statusCode, `${target}?${search}: ${response.body}`).toBeLessThan(500);
        if (response.statusCode >= 400) expect(response.json<{ detail: string }>().detail).toMatch(/\S/);
      }),
      { numRuns: 150 },
    );
  });
});

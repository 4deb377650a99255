import type { Quota, RespondentView, RespondResult, Survey, SurveyInput, SurveyResults } from '@loop/core';
import { QUOTA_MESSAGES } from '@loop/core/surveys/logic';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surveyQuotaMembers, surveyResponses } from '../db/schema';
import {
  call,
  createSurvey,
  everyTypeAnswers,
  everyTypeQuestions,
  publicToken,
  respond,
  view,
} from '../testing/responseTesting';
import { type SurveyOrganization, surveyOrganization } from '../testing/surveyTesting';
import { createTestContext, type TestContext } from '../testing/testApp';
import { surveyFill } from './cappedSubmission';

/** Caps and quotas on the answering routes (R-SURV-21, R-SURV-22, R-RESP-13), exact under concurrency. */
let ctx: TestContext;
let org: SurveyOrganization;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await surveyOrganization(ctx, 'Vol BV');
});

afterAll(async () => {
  await ctx?.close();
});

let visitors = 0;
const visitorKey = () => `bezoeker-vol-${String(++visitors).padStart(8, '0')}`;

const HOME: Quota = {
  id: 'thuis',
  name: 'Thuiswerkers',
  when: {
    match: 'all',
    conditions: [{ source: 'question', question_id: 'q-single', operator: 'equals', value: 'o-thuis' }],
  },
  max: 3,
  end_screen_text: 'Er zijn genoeg thuiswerkers.',
};

/** Every question answered, with 'Waar werk je meestal?' as `where`. */
const answersAt = (where: string) =>
  everyTypeAnswers().map((answer) =>
    answer.question_id === 'q-single' ? { ...answer, value: { option_id: where } } : answer,
  );

/** A new public visitor's submission. */
async function finish(token: string, where = 'o-thuis', key = visitorKey()) {
  const response = await respond(ctx, token, { final: true, answers: answersAt(where), respondent_key: key });
  expect(response.statusCode).toBe(200);
  return { key, result: response.json<RespondResult>() };
}

const completedCount = async (surveyId: number) => {
  const [row] = await ctx.db
    .select({ n: sql<number>`count(*)::int` })
    .from(surveyResponses)
    .where(and(eq(surveyResponses.surveyId, surveyId), eq(surveyResponses.status, 'completed')));
  return Number(row?.n);
};

async function cappedSurvey(overrides: Partial<SurveyInput>): Promise<{ survey: Survey; token: string }> {
  const survey = await createSurvey(ctx, org, overrides);
  return { survey, token: await publicToken(ctx, org, survey.id) };
}

const statuses = (results: readonly { result: RespondResult }[]) =>
  results.map(({ result }) => result.status).sort();

describe('respondRoutes with a cap', () => {
  it('should complete exactly the cap when 50 finish at once one below it', async () => {
    const { survey, token } = await cappedSurvey({ max_responses: 10 });
    for (let i = 0; i < 9; i++) expect((await finish(token)).result.status).toBe('completed');
    const results = await Promise.all(Array.from({ length: 50 }, () => finish(token)));
    expect(statuses(results)).toEqual(['completed', ...Array(49).fill('full')]);
    expect(await completedCount(survey.id)).toBe(10);
    const full = results.find(({ result }) => result.status === 'full')?.result;
    expect(full?.end_screen?.text).toBe(QUOTA_MESSAGES.full);
  });

  it('should complete N of N + 1 concurrent finishers and keep the last one in progress', async () => {
    const { survey, token } = await cappedSurvey({ max_responses: 6 });
    const results = await Promise.all(Array.from({ length: 7 }, () => finish(token)));
    expect(statuses(results)).toEqual([...Array(6).fill('completed'), 'full']);
    expect(await completedCount(survey.id)).toBe(6);
    const refused = results.find(({ result }) => result.status === 'full')?.result;
    const [row] = await ctx.db
      .select({ status: surveyResponses.status })
      .from(surveyResponses)
      .where(and(eq(surveyResponses.surveyId, survey.id), eq(surveyResponses.status, 'in_progress')));
    expect(row?.status).toBe('in_progress');
    expect(refused?.response_token).toBeDefined();
  });

  it("should show a new visitor the 'vol' screen on GET, and take answers again once the cap is raised", async () => {
    const { survey, token } = await cappedSurvey({ max_responses: 1 });
    expect((await finish(token)).result.status).toBe('completed');
    const page = await view(ctx, token);
    expect(page.statusCode).toBe(200);
    expect(page.json<RespondentView>().status).toBe('full');
    expect(page.json<RespondentView>().survey.questions).toEqual([]);
    const late = await finish(token);
    expect(late.result.status).toBe('full');

    const current = (await call(ctx, org, 'GET', `/surveys/${survey.id}`)).json<Survey>();
    const raised = await call(ctx, org, 'PUT', `/surveys/${survey.id}`, {
      title: current.title,
      description_html: current.description_html,
      introduction_html: current.introduction_html,
      thank_you_text: current.thank_you_text,
      close_at: current.close_at,
      questions: current.questions,
      version: current.version,
      max_responses: 2,
    });
    expect(raised.statusCode).toBe(200);
    expect(raised.json<Survey>().max_responses).toBe(2);
    expect((await view(ctx, token)).json<RespondentView>().status).toBe('open');
    // The refused respondent submits again and now gets in.
    expect((await finish(token, 'o-thuis', late.key)).result.status).toBe('completed');
    expect(await completedCount(survey.id)).toBe(2);
  });

  it('should leave a survey without a cap as it was', async () => {
    const { survey, token } = await cappedSurvey({});
    expect(survey.max_responses).toBeNull();
    expect(survey.quotas).toEqual([]);
    const results = await Promise.all(Array.from({ length: 5 }, () => finish(token)));
    expect(statuses(results)).toEqual(Array(5).fill('completed'));
    expect(results[0]?.result.end_screen).toBeUndefined();
  });

  it('should refuse a cap below 1 in Dutch', async () => {
    const created = await call(ctx, org, 'POST', '/surveys', { title: 'Nul', max_responses: 0 });
    expect(created.statusCode).toBe(400);
    expect(created.body).toContain(QUOTA_MESSAGES.maxResponsesInvalid);
  });
});

describe('respondRoutes with quotas', () => {
  it("should count exactly a quota's max of concurrent matching finishers and let others in", async () => {
    const { survey, token } = await cappedSurvey({ quotas: [HOME] });
    const results = await Promise.all([
      ...Array.from({ length: 12 }, () => finish(token, 'o-thuis')),
      finish(token, 'o-kantoor'),
    ]);
    expect(statuses(results)).toEqual([...Array(4).fill('completed'), ...Array(9).fill('quota_full')]);
    const refused = results.find(({ result }) => result.status === 'quota_full')?.result;
    expect(refused?.end_screen?.text).toBe(HOME.end_screen_text);
    expect(await completedCount(survey.id)).toBe(4);
    const members = await ctx.db
      .select()
      .from(surveyQuotaMembers)
      .where(eq(surveyQuotaMembers.surveyId, survey.id));
    expect(members).toHaveLength(3);
    const row = { id: survey.id, maxResponses: null, quotas: [HOME] };
    expect(await surveyFill(ctx.db, row)).toEqual({
      cap: null,
      quotas: [{ id: 'thuis', name: 'Thuiswerkers', max: 3, count: 3 }],
    });
  });

  it('should tell a respondent at a save once their full quota is decided by their answers', async () => {
    const { token } = await cappedSurvey({ quotas: [{ ...HOME, max: 1 }] });
    expect((await finish(token, 'o-thuis')).result.status).toBe('completed');
    const save = (answers: unknown[]) =>
      respond(ctx, token, { final: false, answers, respondent_key: visitorKey() });
    const undecided = await save([everyTypeAnswers()[0]]);
    expect(undecided.json<RespondResult>().status).toBe('in_progress');
    const other = await save(answersAt('o-kantoor').slice(0, 2));
    expect(other.json<RespondResult>().status).toBe('in_progress');
    const over = await save(answersAt('o-thuis').slice(0, 2));
    expect(over.json<RespondResult>()).toMatchObject({
      status: 'quota_full',
      end_screen: { text: HOME.end_screen_text },
    });
  });

  it("should show the cap's and quotas' fill on the results route, and nothing without them", async () => {
    const { survey, token } = await cappedSurvey({ max_responses: 200, quotas: [{ ...HOME, max: 50 }] });
    await finish(token, 'o-thuis');
    await finish(token, 'o-kantoor');
    const results = await call(ctx, org, 'GET', `/surveys/${survey.id}/results`);
    expect(results.statusCode).toBe(200);
    expect(results.json<SurveyResults>().fill).toEqual({
      cap: { max: 200, count: 2 },
      quotas: [{ id: 'thuis', name: 'Thuiswerkers', max: 50, count: 1 }],
    });
    const plain = await cappedSurvey({});
    const none = await call(ctx, org, 'GET', `/surveys/${plain.survey.id}/results`);
    expect(none.json<SurveyResults>().fill).toBeUndefined();
  });

  it('should store a draft with a dangling quota and keep the quotas on a save without them', async () => {
    const broken: Quota = {
      ...HOME,
      when: { match: 'all', conditions: [{ source: 'question', question_id: 'weg', operator: 'answered' }] },
    };
    const created = await call(ctx, org, 'POST', '/surveys', {
      title: 'Quotum',
      questions: everyTypeQuestions(),
      quotas: [broken],
    });
    expect(created.statusCode).toBe(201);
    const survey = created.json<Survey>();
    const saved = await call(ctx, org, 'PUT', `/surveys/${survey.id}`, {
      title: survey.title,
      description_html: '',
      introduction_html: '',
      thank_you_text: '',
      close_at: null,
      questions: survey.questions,
      version: survey.version,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json<Survey>().quotas).toEqual([broken]);
    // Opening waits for the quota's problem, named by the quota.
    const opened = await call(ctx, org, 'POST', `/surveys/${survey.id}/status`, { status: 'open' });
    expect(opened.statusCode).toBe(409);
    expect(opened.json<{ fields: Record<string, string> }>().fields['quotas.thuis']).toMatch(
      /^Quotum 'Thuiswerkers'/,
    );
  });
});

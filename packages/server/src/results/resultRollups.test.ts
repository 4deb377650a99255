import type { Survey } from '@loop/core';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resultQuestions, storeResponse } from '../testing/resultsTesting';
import { type SurveyOrganization, sampleInput, surveyOrganization } from '../testing/surveyTesting';
import { api, createTestContext, type TestContext } from '../testing/testApp';
import { loadAnalytics } from './analytics';
import { rebuildResultRollups, resetResultRollups, rollUpResults } from './resultRollups';
import { queryRows } from './resultsSql';

let ctx: TestContext;
let org: SurveyOrganization;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await surveyOrganization(ctx, 'Rollup BV');
});

afterAll(async () => {
  await ctx?.close();
});

const get = async (path: string) => {
  const response = await api(ctx.app, 'GET', path, { token: org.managerToken, headers: org.headers });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<unknown>();
};

async function openSurvey(): Promise<Survey> {
  const created = await api(ctx.app, 'POST', '/surveys', {
    token: org.managerToken,
    headers: org.headers,
    payload: sampleInput({ title: 'Rollup', questions: resultQuestions() }),
  });
  expect(created.statusCode, created.body).toBe(201);
  const survey = created.json<Survey>();
  await api(ctx.app, 'POST', `/surveys/${survey.id}/status`, {
    token: org.managerToken,
    headers: org.headers,
    payload: { status: 'open' },
  });
  return survey;
}

/** Everything the rollups feed: the results (whole, a period), every question's page, /analytics. */
async function everything(survey: Survey) {
  const questions = await Promise.all(
    survey.questions
      .filter((question) => question.type !== 'text_block')
      .map((question) => get(`/surveys/${survey.id}/questions/${question.id}`)),
  );
  return {
    results: await get(`/surveys/${survey.id}/results`),
    period: await get(`/surveys/${survey.id}/results?from=2026-02-02&to=2026-02-20`),
    questions,
    analytics: await loadAnalytics(ctx.db, org.organization.id, { from: null, to: null }, ctx.clock.now()),
  };
}

/** The same, counted from the answers alone (no rollup). */
async function recounted(survey: Survey) {
  await resetResultRollups(ctx.db, [survey.id]);
  return everything(survey);
}

/** The survey's rollup against a recount of its answers before its mark, and the rows it has. */
async function rollupAgainstAnswers(surveyId: number) {
  const [row] = await queryRows<{ rolled: number; answers: number; days: number; responses: number }>(
    ctx.db,
    sql`select
        (select coalesce(sum(count), 0)::int from survey_result_rollups where survey_id = ${surveyId}) as rolled,
        (select count(*)::int from survey_answers a join survey_result_marks m on m.survey_id = a.survey_id
          where a.survey_id = ${surveyId} and a.submitted_at < m.covered_until) as answers,
        (select coalesce(sum(completed), 0)::int from survey_result_days where survey_id = ${surveyId}) as days,
        (select count(*)::int from survey_responses r join survey_result_marks m on m.survey_id = r.survey_id
          where r.survey_id = ${surveyId} and r.status = 'completed' and r.completed_at < m.covered_until) as responses`,
  );
  return row;
}

const OPTIONS = ['auto', 'fiets', 'ov'];
const answers = (i: number) => ({
  lik: { 'st-a': 1 + (i % 5), 'st-b': 1 + ((i * 3) % 5) },
  nps: { score: i % 11 },
  rat: { score: 1 + (i % 5) },
  one: i % 4 === 0 ? { other: `Zelf ${i % 3}` } : { option_id: OPTIONS[i % 3] as string },
  many: { option_ids: ['lunch', ...(i % 2 === 0 ? ['thuis'] : [])] },
  ...(i % 3 === 0 ? {} : { kort: { text: `Woord ${i % 4}` } }),
  lang: { text: `Antwoord ${i}` },
});

describe('result rollups (R-RES-11)', () => {
  let survey: Survey;
  const now = () => ctx.clock.now();

  beforeAll(async () => {
    survey = await openSurvey();
    // Submissions over February, before the test clock's day (the period asked for lies inside it).
    for (let i = 0; i < 12; i++)
      await storeResponse(ctx.db, survey, {
        submittedAt: new Date(Date.UTC(2026, 1, 1 + i * 2, 9 + i)),
        kind: i % 3 === 0 ? 'personal' : 'public',
        answers: answers(i),
      });
    await storeResponse(ctx.db, survey, { submittedAt: null, answers: { nps: { score: 3 } } });
  });

  it('should give what a recount gives once the job has made the rollup', async () => {
    const live = await recounted(survey);
    await rollUpResults(ctx.db, now());
    const counts = await rollupAgainstAnswers(survey.id);
    expect(counts?.rolled).toBeGreaterThan(0);
    expect(counts?.rolled).toBe(counts?.answers);
    expect(counts?.days).toBe(12);
    expect(counts?.days).toBe(counts?.responses);
    expect(await everything(survey)).toEqual(live);
    // Nothing new: the next pass adds nothing.
    expect(await rollUpResults(ctx.db, now())).toBe(0);
  });

  it('should count the answers submitted after the mark live, beside the rollup', async () => {
    // The mark two minutes before this pass's 'now': the newest response lies after it.
    await storeResponse(ctx.db, survey, { submittedAt: now(), answers: answers(5) });
    const live = await recounted(survey);
    await rebuildResultRollups(ctx.db, [survey.id], now());
    const counts = await rollupAgainstAnswers(survey.id);
    expect(counts?.rolled).toBe(counts?.answers);
    expect(counts?.days).toBe(12);
    expect(await everything(survey)).toEqual(live);
  });

  it('should lower the rollup by an erased response, so results still equal a recount', async () => {
    await rebuildResultRollups(ctx.db, [survey.id], new Date(now().getTime() + 3_600_000));
    const [erased] = await queryRows<{ id: number }>(
      ctx.db,
      sql`select id from survey_responses where survey_id = ${survey.id} and status = 'completed'
        order by completed_at limit 1 offset 3`,
    );
    await ctx.db.execute(sql`delete from survey_responses where id = ${erased?.id}`);
    const rolled = await everything(survey);
    const counts = await rollupAgainstAnswers(survey.id);
    expect(counts?.rolled).toBe(counts?.answers);
    expect(counts?.days).toBe(12);
    expect(counts?.days).toBe(counts?.responses);
    expect(rolled).toEqual(await recounted(survey));
  });

  it('should leave the results to a live count after a reset, and a deleted survey takes its rollup along', async () => {
    await rebuildResultRollups(ctx.db, [survey.id], now());
    await api(ctx.app, 'POST', `/surveys/${survey.id}/status`, {
      token: org.managerToken,
      headers: org.headers,
      payload: { status: 'closed' },
    });
    const deleted = await api(ctx.app, 'DELETE', `/surveys/${survey.id}`, {
      token: org.managerToken,
      headers: org.headers,
    });
    expect([200, 204]).toContain(deleted.statusCode);
    const [left] = await queryRows<{ rows: number }>(
      ctx.db,
      sql`select ((select count(*) from survey_result_rollups where survey_id = ${survey.id})
        + (select count(*) from survey_result_days where survey_id = ${survey.id})
        + (select count(*) from survey_result_marks where survey_id = ${survey.id}))::int as rows`,
    );
    expect(left?.rows).toBe(0);
  });
});

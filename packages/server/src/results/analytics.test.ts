import type { AnalyticsOverview, ErrorBody, Question, Survey, SurveyTemplate } from '@loop/core';
import { LIKERT_DEFAULT_LABELS } from '@loop/core/surveys/model';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEATURE_MISSING } from '../billing/requireFeature';
import { surveys } from '../db/schema';
import { putOnPlan } from '../testing/billing';
import { resultQuestions, storePersonalLinks, storeResponse } from '../testing/resultsTesting';
import { type SurveyOrganization, sampleInput, surveyOrganization } from '../testing/surveyTesting';
import { api, createTestContext, type TestContext } from '../testing/testApp';

let ctx: TestContext;
let org: SurveyOrganization;
let a: Survey;
let b: Survey;

const sevenPoint: Question[] = [
  {
    id: 'lik7',
    type: 'likert',
    title: 'Over de organisatie',
    required: false,
    position: 0,
    settings: {
      points: 7,
      labels: [...LIKERT_DEFAULT_LABELS[7]],
      neutral_middle: true,
      statements: [
        { id: 'x1', text: 'De koers is duidelijk' },
        { id: 'x2', text: 'Ik word gehoord' },
      ],
    },
  },
  { id: 'nps', type: 'nps', title: 'Aanbevelen?', required: false, position: 1, settings: {} },
];

async function survey(who: SurveyOrganization, title: string, questions: Question[], open = true) {
  const created = await api(ctx.app, 'POST', '/surveys', {
    token: who.managerToken,
    headers: who.headers,
    payload: sampleInput({ title, questions }),
  });
  expect(created.statusCode, created.body).toBe(201);
  const made = created.json<Survey>();
  if (!open) return made;
  const opened = await api(ctx.app, 'POST', `/surveys/${made.id}/status`, {
    token: who.managerToken,
    headers: who.headers,
    payload: { status: 'open' },
  });
  expect(opened.statusCode, opened.body).toBe(200);
  return opened.json<Survey>();
}

const at = (day: string) => new Date(`${day}T10:00:00Z`);

const overview = async (query = '') => {
  const response = await api(ctx.app, 'GET', `/analytics${query}`, {
    token: org.memberToken,
    headers: org.headers,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AnalyticsOverview>();
};

beforeAll(async () => {
  ctx = await createTestContext();
  org = await surveyOrganization(ctx, 'Analyse BV');
  await putOnPlan(ctx, org.organization.id, 'smartloop');
  a = await survey(org, 'Peiling A', resultQuestions());
  b = await survey(org, 'Peiling B', sevenPoint);
  const draft = await survey(org, 'Concept C', resultQuestions(), false);
  // Links prepared for a draft, and a draft made by picking a template on /new-survey: neither counts.
  await storePersonalLinks(ctx.db, draft, 4);
  const templates = await api(ctx.app, 'GET', '/survey-templates', {
    token: org.managerToken,
    headers: org.headers,
  });
  const fromTemplate = await api(ctx.app, 'POST', '/surveys', {
    token: org.managerToken,
    headers: org.headers,
    payload: { template_id: templates.json<SurveyTemplate[]>()[0]?.id },
  });
  expect(fromTemplate.statusCode, fromTemplate.body).toBe(201);
  const expired = await survey(org, 'Verlopen D', resultQuestions());
  await ctx.db
    .update(surveys)
    .set({ closeAt: new Date('2026-03-01T00:00:00Z') })
    .where(eq(surveys.id, expired.id));

  await storeResponse(ctx.db, a, {
    submittedAt: at('2026-02-02'),
    kind: 'personal',
    answers: { lik: { 'st-a': 5, 'st-b': 1 }, nps: { score: 10 } },
  });
  await storeResponse(ctx.db, a, {
    submittedAt: at('2026-02-02'),
    answers: { lik: { 'st-a': 5, 'st-b': 2 }, nps: { score: 9 } },
  });
  await storeResponse(ctx.db, a, {
    submittedAt: at('2026-02-04'),
    answers: { lik: { 'st-a': 4 }, nps: { score: 0 } },
  });
  await storePersonalLinks(ctx.db, a, 2);
  for (const [x2, nps] of [
    [1, 8],
    [1, 8],
    [2, 10],
  ] as const)
    await storeResponse(ctx.db, b, {
      submittedAt: at('2026-02-03'),
      answers: { lik7: { x1: 4, x2 }, nps: { score: nps } },
    });

  // Another organisation's answers never count here.
  const stranger = await surveyOrganization(ctx, 'Vreemd BV');
  const theirs = await survey(stranger, 'Hun peiling', resultQuestions());
  for (let i = 0; i < 3; i++)
    await storeResponse(ctx.db, theirs, {
      submittedAt: at('2026-02-03'),
      answers: { lik: { 'st-a': 1 }, nps: { score: 0 } },
    });
});

afterAll(async () => {
  await ctx?.close();
});

describe('GET /analytics', () => {
  it('should total the published surveys: surveys, open ones, submitted, invited and the response rate', async () => {
    const found = await overview();
    expect(found.bucket).toBe('day');
    // A, B and the expired D; not the two drafts (one from a template) nor the draft's 4 links.
    expect(found.totals).toEqual({
      surveys: 3,
      open_surveys: 2,
      completed: 6,
      invited: 3,
      response_rate: 1 / 3,
    });
    expect(found.responses_over_time).toEqual([
      { period: '2026-02-02', count: 2 },
      { period: '2026-02-03', count: 3 },
      { period: '2026-02-04', count: 1 },
    ]);
  });

  it('should give the NPS per period over all NPS questions', async () => {
    const found = await overview();
    // 2 Feb: 10 and 9; 3 Feb: 8, 8 and 10 (33.3 → 33); 4 Feb: 0.
    expect(found.nps_trend).toEqual([
      { period: '2026-02-02', answered: 2, score: 100 },
      { period: '2026-02-03', answered: 3, score: 33 },
      { period: '2026-02-04', answered: 1, score: -100 },
    ]);
  });

  it('should give the Likert score on 0–100, each answer scaled by its own scale', async () => {
    const [first, second, third] = (await overview()).likert_trend;
    // 5-point 5, 5, 1, 2 → 100, 100, 0, 25.
    expect(first).toEqual({ period: '2026-02-02', answered: 4, score: 56.25 });
    // 7-point 4, 4, 4, 1, 1, 2 → 50, 50, 50, 0, 0, 16.7.
    expect(second?.answered).toBe(6);
    expect(second?.score).toBeCloseTo((150 + 100 / 6) / 6, 10);
    expect(third).toEqual({ period: '2026-02-04', answered: 1, score: 75 });
  });

  it('should rank statements with at least 3 answers, best and worst, never the same in both', async () => {
    const found = await overview();
    // Three statements (st-a 14/3 on 5 points, x1 4 and x2 4/3 on 7): one best, one worst, the
    // middle one in neither list. Before, all three were listed as best and as worst.
    expect(found.best_statements.map((s) => [s.survey_title, s.text, s.answered])).toEqual([
      ['Peiling A', 'Ik heb plezier in mijn werk', 3],
    ]);
    expect(found.best_statements[0]).toMatchObject({
      survey_id: a.id,
      question_id: 'lik',
      statement_id: 'st-a',
      points: 5,
      mean: 14 / 3,
    });
    expect(found.best_statements[0]?.score).toBeCloseTo((100 * (14 / 3 - 1)) / 4, 10);
    expect(found.worst_statements.map((s) => s.statement_id)).toEqual(['x2']);
    expect(found.worst_statements[0]).toMatchObject({ survey_id: b.id, points: 7, mean: 4 / 3 });
  });

  it('should list open surveys and surveys with responses, last response first, with their rates', async () => {
    const found = await overview();
    expect(found.surveys).toEqual([
      {
        survey_id: a.id,
        title: 'Peiling A',
        status: 'open',
        completed: 3,
        invited: 3,
        response_rate: 1 / 3,
        last_response_at: '2026-02-04T10:00:00.000Z',
      },
      {
        survey_id: b.id,
        title: 'Peiling B',
        status: 'open',
        completed: 3,
        invited: 0,
        response_rate: null,
        last_response_at: '2026-02-03T10:00:00.000Z',
      },
    ]);
  });

  it('should filter everything by days', async () => {
    const found = await overview('?from=2026-02-03&to=2026-02-03');
    expect(found.totals.completed).toBe(3);
    expect(found.responses_over_time).toEqual([{ period: '2026-02-03', count: 3 }]);
    expect(found.best_statements.map((s) => s.statement_id)).toEqual(['x1']);
    expect(found.worst_statements.map((s) => s.statement_id)).toEqual(['x2']);
    expect(found.surveys.find((s) => s.survey_id === a.id)).toMatchObject({
      completed: 0,
      last_response_at: null,
    });
  });

  it('should show the last 30 days, all zero, for an organisation without responses', async () => {
    const quiet = await surveyOrganization(ctx, 'Stil BV');
    await putOnPlan(ctx, quiet.organization.id, 'smartloop');
    const response = await api(ctx.app, 'GET', '/analytics', {
      token: quiet.memberToken,
      headers: quiet.headers,
    });
    const found = response.json<AnalyticsOverview>();
    expect(found.responses_over_time).toHaveLength(30);
    expect(found.responses_over_time.at(-1)).toEqual({ period: '2026-03-02', count: 0 });
    expect(found.nps_trend.every((point) => point.score === null && point.answered === 0)).toBe(true);
    expect(found.totals).toEqual({
      surveys: 0,
      open_surveys: 0,
      completed: 0,
      invited: 0,
      response_rate: null,
    });
    expect(found.best_statements).toEqual([]);
  });

  it('should answer 403 without the analytics feature and 404 for an organisation one is not a member of', async () => {
    const basic = await surveyOrganization(ctx, 'Basis BV');
    const refused = await api(ctx.app, 'GET', '/analytics', {
      token: basic.memberToken,
      headers: basic.headers,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json<ErrorBody>().detail).toBe(FEATURE_MISSING);
    const foreign = await api(ctx.app, 'GET', '/analytics', {
      token: basic.memberToken,
      headers: org.headers,
    });
    expect(foreign.statusCode).toBe(404);
    const bad = await api(ctx.app, 'GET', '/analytics?from=2026-02-30', {
      token: org.memberToken,
      headers: org.headers,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorBody>().fields).toEqual({
      from: 'Geef de begindatum op als JJJJ-MM-DD, bijvoorbeeld 2026-03-01.',
    });
  });
});

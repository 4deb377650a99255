import type {
  AnalyticsOverview,
  Page,
  PersonalLinksCreated,
  QuestionResult,
  RespondentView,
  Survey,
  SurveyResults,
  SurveySummary,
} from '@loop/core';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surveyAnswers, surveyResponses, surveys, surveyTemplates } from '../db/schema';
import {
  BUILT_IN_TEMPLATES,
  FORMER_EMPLOYEE_INTRODUCTION,
  seedBuiltInTemplates,
} from '../surveys/builtInTemplates';
import { api, createTestContext, login, type TestContext, testPasswordHasher } from '../testing/testApp';
import { DEMO_USER, seedDemoData } from './demoSeed';
import { DEMO_SURVEY_TITLES, demoSurveys } from './demoSurveys';

let ctx: TestContext;
let token: string;
let list: readonly SurveySummary[];

const seed = () => seedDemoData({ db: ctx.db, clock: ctx.clock, passwords: testPasswordHasher });
const get = (path: string) => api(ctx.app, 'GET', path, { token });
const byTitle = (title: string) => list.find((survey) => survey.title === title) as SurveySummary;

beforeAll(async () => {
  ctx = await createTestContext();
  await seed();
  token = (await login(ctx.app, DEMO_USER)).access_token;
  list = (await get('/surveys')).json<Page<SurveySummary>>().items;
});

afterAll(async () => {
  await ctx?.close();
});

describe('seedDemoSurveys', () => {
  it('should give the demo organisation an open employee survey and a closed customer survey with responses', () => {
    expect(byTitle(DEMO_SURVEY_TITLES.employees)).toMatchObject({
      status: 'open',
      question_count: 5,
      response_count: 60,
      invited_count: 32,
      response_rate: 18 / 32,
    });
    expect(byTitle(DEMO_SURVEY_TITLES.customers)).toMatchObject({
      status: 'closed',
      question_count: 4,
      response_count: 40,
      // 24 demo contacts were invited; 14 of the 40 answers came through their links.
      invited_count: 24,
      response_rate: 14 / 24,
    });
  });

  it('should spread the employee answers over the last 8 weeks, with every question answered', async () => {
    const survey = byTitle(DEMO_SURVEY_TITLES.employees);
    const results = (await get(`/surveys/${survey.id}/results`)).json<SurveyResults>();
    expect(results.responses).toMatchObject({ completed: 60, in_progress: 5, invited: 32 });
    expect(results.bucket).toBe('day');
    const first = new Date(`${results.over_time[0]?.period}T12:00:00Z`).getTime();
    expect(ctx.clock.now().getTime() - first).toBeLessThanOrEqual(57 * 86_400_000);
    expect(results.over_time.filter((point) => point.count > 0).length).toBeGreaterThan(15);
    expect(results.questions.map((question) => question.type)).toEqual([
      'likert',
      'nps',
      'single_choice',
      'multiple_choice',
      'open_long',
    ]);
    for (const question of results.questions)
      expect(question.answered, question.question_id).toBeGreaterThan(20);
    const likert = results.questions[0] as QuestionResult & { type: 'likert' };
    const mean = (counts: Readonly<Record<string, number>>) => {
      const entries = Object.entries(counts);
      const total = entries.reduce((sum, [, count]) => sum + count, 0);
      return entries.reduce((sum, [value, count]) => sum + Number(value) * count, 0) / total;
    };
    // Colleagues score better than the workload, as the generator intends.
    expect(mean(likert.by_statement['mtv-s4'] ?? {})).toBeGreaterThan(
      mean(likert.by_statement['mtv-s6'] ?? {}) + 0.8,
    );
    const improve = results.questions[4] as QuestionResult & { type: 'open_long' };
    expect(improve.latest).toHaveLength(20);
    expect(improve.latest[0]?.text).toMatch(/\p{L}{3}/u);
  });

  it('should make the time estimate from the seeded timings', async () => {
    const survey = (await get(`/surveys/${byTitle(DEMO_SURVEY_TITLES.employees).id}`)).json<Survey>();
    expect(Object.keys(survey.question_timings ?? {}).sort()).toEqual([
      'mtv-enps',
      'mtv-plek',
      'mtv-verbeter',
      'mtv-waardering',
      'mtv-werk',
    ]);
    expect(survey.question_timings?.['mtv-werk']?.respondents).toBe(60);
  });

  it('should put the customer survey in the last whole third quarter, closed at its end', async () => {
    const summary = byTitle(DEMO_SURVEY_TITLES.customers);
    // The test clock stands at 2 March 2026: the last whole Q3 is that of 2025.
    expect(summary.published_at).toBe('2025-06-30T22:00:00.000Z');
    expect(summary.closed_at).toBe('2025-09-30T22:00:00.000Z');
    const results = (await get(`/surveys/${summary.id}/results`)).json<SurveyResults>();
    expect(results.bucket).toBe('week');
    expect(results.over_time[0]?.period).toBe('2025-06-30');
    expect(results.over_time.at(-1)?.period).toBe('2025-09-29');
    const nps = results.questions[0] as QuestionResult & { type: 'nps' };
    expect(nps.answered).toBe(40);
  });

  it('should feed the analytics: trends and best and worst statements', async () => {
    const overview = (await get('/analytics')).json<AnalyticsOverview>();
    expect(overview.totals).toMatchObject({ surveys: 2, open_surveys: 1, completed: 100 });
    expect(overview.best_statements[0]?.statement_id).toBe('mtv-s4');
    expect(overview.worst_statements[0]?.statement_id).toBe('mtv-s6');
    expect(overview.nps_trend.some((point) => point.score !== null)).toBe(true);
  });

  it('should write nothing more when it runs again', async () => {
    const counts = async () => ({
      surveys: await ctx.db.$count(surveys),
      responses: await ctx.db.$count(surveyResponses),
      answers: await ctx.db.$count(surveyAnswers),
    });
    const before = await counts();
    expect((await seed()).createdSurveys).toEqual([]);
    expect(await counts()).toEqual(before);
  });

  it('should make the same answers for the same day', () => {
    const now = new Date('2026-05-01T10:00:00Z');
    expect(demoSurveys(now)).toEqual(demoSurveys(now));
    const [employees] = demoSurveys(now);
    expect(employees?.responses.filter((response) => response.completedAt !== null)).toHaveLength(60);
  });
});

describe('the employee survey, sent with personal links', () => {
  const employeeIntroduction = BUILT_IN_TEMPLATES.find((each) => each.key === 'medewerkerstevredenheid')
    ?.input.introduction_html as string;

  it('should not be anonymous, and nothing a respondent reads on its answering page says it is', async () => {
    const summary = byTitle(DEMO_SURVEY_TITLES.employees);
    expect((await get(`/surveys/${summary.id}`)).json<Survey>().anonymous).toBe(false);
    // Its personal links carry the names of the people they went to.
    const named = await ctx.db
      .select({ label: surveyResponses.label })
      .from(surveyResponses)
      .where(and(eq(surveyResponses.surveyId, summary.id), isNotNull(surveyResponses.label)));
    expect(named.length).toBeGreaterThan(10);

    const made = await api(ctx.app, 'POST', `/surveys/${summary.id}/personal-links`, {
      token,
      payload: { count: 1, label: 'Sanne Visser' },
    });
    expect(made.statusCode, made.body).toBe(201);
    const link = made.json<PersonalLinksCreated>().tokens[0] as string;
    const page = (await api(ctx.app, 'GET', `/respond/${link}`)).json<RespondentView>();
    expect(page.anonymous).toBe(false);
    const read = [
      page.survey.title,
      page.survey.description_html,
      page.survey.introduction_html,
      page.survey.thank_you_text,
      ...page.survey.questions.flatMap((question) => [question.title, question.description ?? '']),
    ].join('\n');
    expect(read).not.toMatch(/anoniem/i);
    expect(page.survey.introduction_html).toBe(employeeIntroduction);
  });

  it('should take the promise of anonymity out of a demo database seeded before, once, and leave own texts alone', async () => {
    const id = byTitle(DEMO_SURVEY_TITLES.employees).id;
    const employee = eq(surveyTemplates.key, 'medewerkerstevredenheid');
    const stored = async () => {
      const [survey] = await ctx.db
        .select({ introduction: surveys.introductionHtml, version: surveys.version })
        .from(surveys)
        .where(eq(surveys.id, id));
      const [template] = await ctx.db
        .select({ introduction: surveyTemplates.introductionHtml })
        .from(surveyTemplates)
        .where(employee);
      return { survey, template: template?.introduction };
    };
    const start = async () => {
      await seedBuiltInTemplates({ db: ctx.db, clock: ctx.clock });
      await seed();
    };
    // What a database seeded before issue 24 holds.
    await ctx.db
      .update(surveys)
      .set({ introductionHtml: FORMER_EMPLOYEE_INTRODUCTION })
      .where(eq(surveys.id, id));
    await ctx.db
      .update(surveyTemplates)
      .set({ introductionHtml: FORMER_EMPLOYEE_INTRODUCTION })
      .where(employee);
    const before = await stored();
    expect(before.survey?.introduction).toBe(FORMER_EMPLOYEE_INTRODUCTION);

    await start();
    const after = await stored();
    expect(after.survey).toEqual({
      introduction: employeeIntroduction,
      version: (before.survey?.version ?? 0) + 1,
    });
    expect(after.template).toBe(employeeIntroduction);
    await start();
    expect(await stored()).toEqual(after);

    const own = '<p>Onze eigen woorden, door de organisatie geschreven.</p>';
    await ctx.db.update(surveys).set({ introductionHtml: own }).where(eq(surveys.id, id));
    await start();
    expect((await stored()).survey?.introduction).toBe(own);
  });
});

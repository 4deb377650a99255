import type { AnswerInput, Kpi, KpiBoard, KpiCard, Survey } from '@loop/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKpi, kpiInput, teamCall } from '../testing/kpiTesting';
import { everyTypeAnswers, everyTypeQuestions } from '../testing/responseTesting';
import { createTeam, type TestTeam } from '../testing/teams';
import { api, createTestContext, login, type TestContext } from '../testing/testApp';

let ctx: TestContext;
let team: TestTeam;

beforeAll(async () => {
  ctx = await createTestContext();
  team = await createTeam(ctx, 'Peiling Cijfers BV');
});

afterAll(async () => {
  await ctx?.close();
});

async function openSurvey(title = 'Klantpeiling'): Promise<Survey> {
  const created = await teamCall(ctx, team, 'POST', '/surveys', {
    title,
    description_html: '',
    introduction_html: '',
    thank_you_text: '',
    close_at: null,
    questions: everyTypeQuestions(),
  });
  expect(created.statusCode, created.body).toBe(201);
  const survey = created.json<Survey>();
  expect(
    (await teamCall(ctx, team, 'POST', `/surveys/${survey.id}/status`, { status: 'open' })).statusCode,
  ).toBe(200);
  return survey;
}

const answers = (nps: number, plezier: number, rating: number): AnswerInput[] =>
  everyTypeAnswers().map((answer) => {
    if (answer.question_id === 'q-nps') return { ...answer, value: { score: nps } };
    if (answer.question_id === 'q-likert') return { ...answer, value: { 's-plezier': plezier, 's-team': 5 } };
    if (answer.question_id === 'q-rating') return { ...answer, value: { score: rating } };
    return answer;
  });

let visitor = 0;
/** A submission through the survey's public link, as a new visitor. */
async function answerPublicly(survey: Survey, values: AnswerInput[]): Promise<void> {
  const links = await teamCall(ctx, team, 'GET', `/surveys/${survey.id}/links`);
  visitor += 1;
  const response = await api(
    ctx.app,
    'POST',
    `/respond/${links.json<{ public_token: string }>().public_token}`,
    {
      payload: {
        final: true,
        respondent_key: `kpi-bezoeker-${String(visitor).padStart(8, '0')}`,
        answers: values,
      },
    },
  );
  expect(response.statusCode, response.body).toBe(200);
}

const source = (
  survey: Survey,
  metric: string,
  question: string | null = null,
  statement: string | null = null,
) => ({
  type: 'survey' as const,
  metric: metric as Kpi['source']['metric'],
  survey_id: survey.id,
  question_id: question,
  statement_id: statement,
});

async function board(): Promise<Map<string, KpiCard>> {
  const response = await teamCall(ctx, team, 'GET', '/kpis/board?periods=3');
  expect(response.statusCode, response.body).toBe(200);
  return new Map(response.json<KpiBoard>().cards.map((card) => [card.kpi.name, card]));
}

describe('survey-sourced KPIs', () => {
  it('should follow answers through the public link with the results pages’ scoring', async () => {
    const survey = await openSurvey();
    await createKpi(ctx, team, {
      name: 'NPS',
      unit: 'number',
      target: 30,
      warning: 0,
      source: source(survey, 'nps', 'q-nps'),
    });
    await createKpi(ctx, team, {
      name: 'Plezier top-2',
      unit: 'percentage',
      target: 70,
      warning: 50,
      source: source(survey, 'likert_top2', 'q-likert', 's-plezier'),
    });
    await createKpi(ctx, team, {
      name: 'Plezier gemiddeld',
      unit: 'number',
      target: 4,
      warning: 3,
      source: source(survey, 'likert_mean', 'q-likert', 's-plezier'),
    });
    await createKpi(ctx, team, {
      name: 'Beoordeling',
      unit: 'number',
      target: 4,
      warning: null,
      source: source(survey, 'rating_mean', 'q-rating'),
    });
    await createKpi(ctx, team, {
      name: 'Reacties',
      unit: 'number',
      target: null,
      warning: null,
      source: source(survey, 'completed_responses'),
    });
    await createKpi(ctx, team, {
      name: 'Respons',
      unit: 'percentage',
      target: 50,
      warning: 25,
      source: source(survey, 'response_rate'),
    });
    await createKpi(ctx, team, {
      name: 'NPS per week',
      unit: 'number',
      period_kind: 'week',
      target: null,
      warning: null,
      source: source(survey, 'nps', 'q-nps'),
    });

    const empty = await board();
    expect(empty.get('NPS')).toMatchObject({
      current: null,
      trend: null,
      kpi: { state: 'ok', source: { survey_title: 'Klantpeiling' } },
    });
    expect(empty.get('Reacties')?.current).toMatchObject({ period: '2026-03', value: 0 });
    expect(empty.get('Respons')?.current).toBeNull();

    await answerPublicly(survey, answers(10, 5, 5));
    const one = await board();
    expect(one.get('NPS')?.current).toMatchObject({ period: '2026-03', value: 100, status: 'on_track' });
    expect(one.get('NPS per week')?.current).toMatchObject({ period: '2026-W10', value: 100 });

    await answerPublicly(survey, answers(3, 2, 3));
    await answerPublicly(survey, answers(8, 4, 4));
    const three = await board();
    // 1 promoter, 1 passive, 1 detractor: 0.
    expect(three.get('NPS')?.current).toMatchObject({ value: 0, status: 'at_risk' });
    expect(three.get('Plezier top-2')?.current?.value).toBeCloseTo(200 / 3, 9);
    expect(three.get('Plezier gemiddeld')?.current?.value).toBeCloseTo(11 / 3, 9);
    expect(three.get('Beoordeling')?.current).toMatchObject({ value: 4, status: 'on_track' });
    expect(three.get('Reacties')?.current).toMatchObject({ value: 3 });

    // Four personal links, one answered: a response rate of 25%.
    const made = await teamCall(ctx, team, 'POST', `/surveys/${survey.id}/personal-links`, { count: 4 });
    const [token] = made.json<{ tokens: string[] }>().tokens;
    expect(
      (
        await api(ctx.app, 'POST', `/respond/${token}`, {
          payload: { final: true, answers: answers(9, 5, 5) },
        })
      ).statusCode,
    ).toBe(200);
    const withLinks = await board();
    expect(withLinks.get('Respons')?.current).toMatchObject({ value: 25, status: 'at_risk' });
    expect(withLinks.get('Reacties')?.current).toMatchObject({ value: 4 });

    // A month later the new month has its own value, and the trend compares it with March.
    ctx.clock.advance(31 * 24 * 3600_000);
    team = { ...team, owner: { ...team.owner, token: (await login(ctx.app, team.owner)).access_token } };
    await answerPublicly(survey, answers(10, 5, 5));
    const april = await board();
    expect(april.get('NPS')?.current).toMatchObject({ period: '2026-04', value: 100 });
    expect(april.get('NPS')?.trend).toMatchObject({
      previous_period: '2026-03',
      previous_value: 25,
      change: 75,
      assessment: 'good',
    });
    expect(april.get('NPS')?.sparkline.map((point) => point.value)).toEqual([null, 25, 100]);
  });

  it('should report a deleted survey or question in Dutch instead of failing', async () => {
    const doomed = await openSurvey('Weg te gooien');
    await createKpi(ctx, team, {
      name: 'Verdwenen',
      unit: 'number',
      target: null,
      warning: null,
      source: source(doomed, 'nps', 'q-nps'),
    });
    await answerPublicly(doomed, answers(9, 4, 4));
    expect((await teamCall(ctx, team, 'DELETE', `/surveys/${doomed.id}`)).statusCode).toBe(204);

    const draft = await teamCall(ctx, team, 'POST', '/surveys', {
      title: 'Concept',
      description_html: '',
      introduction_html: '',
      thank_you_text: '',
      close_at: null,
      questions: everyTypeQuestions(),
    });
    const concept = draft.json<Survey>();
    const rated = await createKpi(ctx, team, {
      name: 'Stelling weg',
      unit: 'number',
      target: null,
      warning: null,
      source: source(concept, 'likert_mean', 'q-likert', 's-team'),
    });
    const questions = everyTypeQuestions().map((question) =>
      question.type === 'likert'
        ? {
            ...question,
            settings: { ...question.settings, statements: question.settings.statements.slice(0, 1) },
          }
        : question,
    );
    const edited = await teamCall(ctx, team, 'PUT', `/surveys/${concept.id}`, {
      title: 'Concept',
      description_html: '',
      introduction_html: '',
      thank_you_text: '',
      close_at: null,
      questions: questions.filter((question) => question.type !== 'nps'),
      version: concept.version,
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const cards = await board();
    expect(cards.get('Verdwenen')).toMatchObject({
      kpi: { state: 'survey_deleted', source: { survey_id: null, survey_title: null } },
      current: null,
      trend: null,
    });
    expect(cards.get('Stelling weg')?.kpi.state).toBe('statement_deleted');
    expect((await teamCall(ctx, team, 'GET', `/kpis/${rated.id}`)).json<Kpi>().state).toBe(
      'statement_deleted',
    );
    // The KPI itself can be given another source again.
    const fixed = await teamCall(
      ctx,
      team,
      'PUT',
      `/kpis/${rated.id}`,
      kpiInput({
        name: 'Stelling weg',
        unit: 'number',
        target: null,
        warning: null,
        source: source(concept, 'likert_mean', 'q-likert', 's-plezier'),
      }),
    );
    expect(fixed.json<Kpi>().state).toBe('ok');
  });

  it('should refuse values for a computed KPI', async () => {
    const survey = await openSurvey('Berekend');
    const kpi = await createKpi(ctx, team, {
      name: 'Berekend',
      unit: 'number',
      target: null,
      warning: null,
      source: source(survey, 'nps', 'q-nps'),
    });
    const put = await teamCall(ctx, team, 'PUT', `/kpis/${kpi.id}/values/2026-03`, { value: 5, note: '' });
    expect(put.statusCode).toBe(409);
    expect(put.json().detail).toMatch(/rekent zijn waarden uit een survey/);
  });
});

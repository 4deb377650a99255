import type { Question, QuestionDetail, Survey, SurveyResults } from '@loop/core';
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
  {
    id: 'q-weight',
    type: 'number',
    title: 'Hoeveel kilo til je per dag?',
    required: false,
    position: 2,
    settings: { min: 0, max: 50_000, step: 0.5, unit: 'kg' },
  },
  {
    id: 'q-dept',
    type: 'dropdown',
    title: 'Afdeling',
    required: false,
    position: 3,
    settings: {
      options: Array.from({ length: 80 }, (_, i) => ({ id: `d${i + 1}`, label: `Afdeling ${i + 1}` })),
    },
  },
  {
    id: 'q-start',
    type: 'date',
    title: 'Wanneer begon je?',
    required: false,
    position: 4,
    settings: { min: '2020-01-01' },
  },
  {
    id: 'q-prio',
    type: 'ranking',
    title: 'Wat is het belangrijkst?',
    required: false,
    position: 5,
    settings: {
      options: [
        { id: 'prijs', label: 'Prijs' },
        { id: 'service', label: 'Service' },
        { id: 'snelheid', label: 'Snelheid' },
      ],
    },
  },
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
  const tokens = await personalLinks(ctx, org, survey.id, 3);
  const weights = [40_000.5, 12, null];
  const departments = ['d80', 'd80', 'd3'];
  const starts = ['2026-03-15', '2026-03-01', '2025-12-24'];
  const rankings = [
    ['service', 'prijs', 'snelheid'],
    ['service', 'snelheid', 'prijs'],
    ['prijs', 'service', 'snelheid'],
  ];
  for (const [index, token] of tokens.entries()) {
    const weight = weights[index];
    const sent = await respond(ctx, token, {
      final: true,
      answers: [
        { question_id: 'q-nps', value: { score: 9 } },
        ...(weight === undefined ? [] : [{ question_id: 'q-weight', value: { number: weight } }]),
        { question_id: 'q-dept', value: { option_id: departments[index] } },
        { question_id: 'q-start', value: { date: starts[index] } },
        { question_id: 'q-prio', value: { option_ids: rankings[index] } },
      ],
    });
    expect(sent.statusCode, sent.body).toBe(200);
  }
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
    expect(rows.some((row) => row.questionId === 'q-intro')).toBe(false);
    const results = await call(ctx, org, 'GET', `/surveys/${survey.id}/results`);
    expect(results.statusCode, results.body).toBe(200);
    expect(results.json<SurveyResults>().questions.map((question) => question.question_id)).toEqual([
      'q-nps',
      'q-weight',
      'q-dept',
      'q-start',
      'q-prio',
    ]);
    const detail = await call(ctx, org, 'GET', `/surveys/${survey.id}/questions/q-intro`);
    expect(detail.statusCode).toBe(404);
    const exported = await call(ctx, org, 'GET', `/surveys/${survey.id}/export?format=csv`);
    expect(exported.statusCode, exported.body).toBe(200);
    const [header, first] = csvRows(exported.rawPayload);
    expect(header?.slice(2, 3)).toEqual(['Zou je ons aanbevelen?']);
    expect(first?.slice(2, 3)).toEqual(['9']);
  });
});

describe('question types: number', () => {
  it('should store numbers beyond a smallint as text, leave an empty field out, and refuse one off the grid', async () => {
    const rows = await ctx.db.select().from(surveyAnswers).where(eq(surveyAnswers.questionId, 'q-weight'));
    expect(rows.map((row) => [row.numValue, row.textValue]).sort()).toEqual([
      [null, '12'],
      [null, '40000.5'],
    ]);
    const [token] = await personalLinks(ctx, org, survey.id, 1);
    const refused = await respond(ctx, token as string, {
      final: false,
      answers: [{ question_id: 'q-weight', value: { number: 12.25 } }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Vul een getal in stappen van 0,5 in.');
  });

  it('should count the answers per number in the results and its own page', async () => {
    const results = await call(ctx, org, 'GET', `/surveys/${survey.id}/results`);
    expect(results.json<SurveyResults>().questions.find((q) => q.question_id === 'q-weight')).toEqual({
      question_id: 'q-weight',
      type: 'number',
      answered: 2,
      seen_count: 3,
      by_value: { '12': 1, '40000.5': 1 },
    });
    const detail = await call(ctx, org, 'GET', `/surveys/${survey.id}/questions/q-weight`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(
      detail
        .json<QuestionDetail>()
        .answers.items.map((row) => row.text)
        .sort(),
    ).toEqual(['12 kg', '40.000,5 kg']);
  });

  it('should export a number as a number (a decimal comma in the Dutch CSV), its unit in the header', async () => {
    const exported = await call(ctx, org, 'GET', `/surveys/${survey.id}/export?format=csv`);
    const [header, ...rows] = csvRows(exported.rawPayload);
    expect(header?.[3]).toBe('Hoeveel kilo til je per dag? (kg)');
    expect(rows.map((row) => row[3]).sort()).toEqual(['', '12', '40000,5']);
  });
});

describe('question types: dropdown', () => {
  it('should count a dropdown per option, refuse an unknown one and export the label', async () => {
    const results = await call(ctx, org, 'GET', `/surveys/${survey.id}/results`);
    const dept = results.json<SurveyResults>().questions.find((q) => q.question_id === 'q-dept');
    expect(dept).toMatchObject({ type: 'dropdown', answered: 3, other: 0 });
    expect(
      dept && 'by_option' in dept ? [dept.by_option.d80, dept.by_option.d3, dept.by_option.d1] : null,
    ).toEqual([2, 1, 0]);
    const [token] = await personalLinks(ctx, org, survey.id, 1);
    const refused = await respond(ctx, token as string, {
      final: false,
      answers: [{ question_id: 'q-dept', value: { option_id: 'd81' } }],
    });
    expect(refused.statusCode).toBe(400);
    const exported = await call(ctx, org, 'GET', `/surveys/${survey.id}/export?format=csv`);
    const [header, ...rows] = csvRows(exported.rawPayload);
    expect(header?.[4]).toBe('Afdeling');
    expect(rows.map((row) => row[4]).sort()).toEqual(['Afdeling 3', 'Afdeling 80', 'Afdeling 80']);
  });
});

describe('question types: date', () => {
  it('should store days as text, count them per month, refuse one too early and export the day', async () => {
    const results = await call(ctx, org, 'GET', `/surveys/${survey.id}/results`);
    expect(results.json<SurveyResults>().questions.find((q) => q.question_id === 'q-start')).toEqual({
      question_id: 'q-start',
      type: 'date',
      answered: 3,
      seen_count: 3,
      by_month: { '2025-12': 1, '2026-03': 2 },
    });
    const [token] = await personalLinks(ctx, org, survey.id, 1);
    const refused = await respond(ctx, token as string, {
      final: false,
      answers: [{ question_id: 'q-start', value: { date: '2019-12-31' } }],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Vul een datum op of na 1 januari 2020 in.');
    const exported = await call(ctx, org, 'GET', `/surveys/${survey.id}/export?format=csv`);
    const [header, ...rows] = csvRows(exported.rawPayload);
    expect(header?.[5]).toBe('Wanneer begon je?');
    expect(rows.map((row) => row[5]).sort()).toEqual(['2025-12-24', '2026-03-01', '2026-03-15']);
    const detail = await call(ctx, org, 'GET', `/surveys/${survey.id}/questions/q-start`);
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json<QuestionDetail>().answers.items.map((row) => row.text)).toContain('24 december 2025');
  });
});

describe('question types: ranking', () => {
  it('should count each option per position, refuse a duplicate and export the order', async () => {
    const results = await call(ctx, org, 'GET', `/surveys/${survey.id}/results`);
    expect(results.json<SurveyResults>().questions.find((q) => q.question_id === 'q-prio')).toEqual({
      question_id: 'q-prio',
      type: 'ranking',
      answered: 3,
      seen_count: 3,
      by_position: {
        prijs: { '1': 1, '2': 1, '3': 1 },
        service: { '1': 2, '2': 1, '3': 0 },
        snelheid: { '1': 0, '2': 1, '3': 2 },
      },
    });
    const [token] = await personalLinks(ctx, org, survey.id, 1);
    const refused = await respond(ctx, token as string, {
      final: false,
      answers: [{ question_id: 'q-prio', value: { option_ids: ['prijs', 'prijs', 'service'] } }],
    });
    expect(refused.statusCode).toBe(400);
    const exported = await call(ctx, org, 'GET', `/surveys/${survey.id}/export?format=csv`);
    const [header, ...rows] = csvRows(exported.rawPayload);
    expect(header?.[6]).toBe('Wat is het belangrijkst?');
    expect(rows.map((row) => row[6]).sort()).toEqual([
      'Prijs > Service > Snelheid',
      'Service > Prijs > Snelheid',
      'Service > Snelheid > Prijs',
    ]);
  });
});

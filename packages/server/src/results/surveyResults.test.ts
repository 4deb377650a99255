import type {
  ErrorBody,
  QuestionDetail,
  QuestionResult,
  Survey,
  SurveyLogic,
  SurveyResults,
  SurveySummary,
} from '@loop/core';
import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surveyResponses } from '../db/schema';
import { TIMING_SAMPLE } from '../responses/questionTimings';
import { SURVEY_ERRORS } from '../surveys/surveys';
import { resultQuestions, storeLogic, storePersonalLinks, storeResponse } from '../testing/resultsTesting';
import { type SurveyOrganization, sampleInput, surveyOrganization } from '../testing/surveyTesting';
import { api, createTestContext, type TestContext } from '../testing/testApp';
import { otherTextsSql } from './resultTexts';

let ctx: TestContext;
let org: SurveyOrganization;
let other: SurveyOrganization;

beforeAll(async () => {
  ctx = await createTestContext();
  org = await surveyOrganization(ctx, 'Resultaten BV');
  other = await surveyOrganization(ctx, 'Andere BV');
});

afterAll(async () => {
  await ctx?.close();
});

const get = (who: SurveyOrganization, path: string) =>
  api(ctx.app, 'GET', path, { token: who.managerToken, headers: who.headers });

async function openSurvey(who: SurveyOrganization = org): Promise<Survey> {
  const created = await api(ctx.app, 'POST', '/surveys', {
    token: who.managerToken,
    headers: who.headers,
    payload: sampleInput({ title: 'Medewerkerspeiling', questions: resultQuestions() }),
  });
  expect(created.statusCode, created.body).toBe(201);
  const survey = created.json<Survey>();
  const opened = await api(ctx.app, 'POST', `/surveys/${survey.id}/status`, {
    token: who.managerToken,
    headers: who.headers,
    payload: { status: 'open' },
  });
  expect(opened.statusCode, opened.body).toBe(200);
  return opened.json<Survey>();
}

const resultOf = <T extends QuestionResult['type']>(results: SurveyResults, id: string) =>
  results.questions.find((question) => question.question_id === id) as QuestionResult & { type: T };

describe('GET /surveys/:id/results', () => {
  let survey: Survey;
  let results: SurveyResults;

  beforeAll(async () => {
    survey = await openSurvey();
    await storeResponse(ctx.db, survey, {
      submittedAt: new Date('2026-02-10T10:00:00Z'),
      kind: 'personal',
      answers: {
        lik: { 'st-a': 5, 'st-b': 4 },
        nps: { score: 10 },
        rat: { score: 4 },
        one: { option_id: 'fiets' },
        many: { option_ids: ['lunch', 'thuis'] },
        kort: { text: 'Leuk' },
        lang: { text: 'Meer overleg' },
      },
    });
    await storeResponse(ctx.db, survey, {
      submittedAt: new Date('2026-02-12T10:00:00Z'),
      answers: {
        // Only one statement answered: the question still counts once.
        lik: { 'st-b': 2 },
        nps: { score: 3 },
        rat: { score: 2 },
        one: { other: 'Step' },
        many: { option_ids: [], other: 'De koffie' },
        lang: { text: 'Minder vergaderen' },
      },
    });
    await storeResponse(ctx.db, survey, {
      submittedAt: new Date('2026-02-20T10:00:00Z'),
      kind: 'personal',
      answers: { nps: { score: 8 }, one: { option_id: 'fiets' }, many: { option_ids: ['lunch'] } },
    });
    // Saved, not submitted: counts as in progress, its answers count nowhere.
    await storeResponse(ctx.db, survey, {
      submittedAt: null,
      kind: 'personal',
      answers: { nps: { score: 0 }, lang: { text: 'Nog niet klaar' } },
    });
    await storePersonalLinks(ctx.db, survey, 2);
    const response = await get(org, `/surveys/${survey.id}/results`);
    expect(response.statusCode, response.body).toBe(200);
    results = response.json<SurveyResults>();
  });

  it('should count responses and rates: submitted, in progress, personal links', () => {
    expect(results.survey_id).toBe(survey.id);
    expect(results.responses).toEqual({
      completed: 3,
      in_progress: 1,
      invited: 5,
      response_rate: 2 / 5,
      completion_rate: 3 / 4,
      last_response_at: '2026-02-20T10:00:00.000Z',
    });
  });

  it('should count Likert points per statement and answered responses, also when a statement was skipped', () => {
    expect(resultOf<'likert'>(results, 'lik')).toEqual({
      question_id: 'lik',
      type: 'likert',
      answered: 2,
      // No rules: every submitted response saw every question.
      seen_count: 3,
      by_statement: {
        'st-a': { 1: 0, 2: 0, 3: 0, 4: 0, 5: 1 },
        'st-b': { 1: 0, 2: 1, 3: 0, 4: 1, 5: 0 },
      },
    });
  });

  it('should count NPS and rating scores over their whole scale', () => {
    const nps = resultOf<'nps'>(results, 'nps');
    expect(nps.answered).toBe(3);
    expect(nps.by_score).toEqual({ 0: 0, 1: 0, 2: 0, 3: 1, 4: 0, 5: 0, 6: 0, 7: 0, 8: 1, 9: 0, 10: 1 });
    const rating = resultOf<'rating'>(results, 'rat');
    expect(rating).toMatchObject({ answered: 2, by_score: { 1: 0, 2: 1, 3: 0, 4: 1, 5: 0 } });
  });

  it("should count choices per option, 'anders' apart with its texts", () => {
    const one = resultOf<'single_choice'>(results, 'one');
    expect(one).toMatchObject({ answered: 3, by_option: { auto: 0, fiets: 2, ov: 0 }, other: 1 });
    expect(one.other_texts).toEqual([{ text: 'Step', count: 1 }]);
    expect(one.other_text_count).toBe(1);
    const many = resultOf<'multiple_choice'>(results, 'many');
    expect(many).toMatchObject({ answered: 3, by_option: { lunch: 2, uitjes: 0, thuis: 1 }, other: 1 });
    expect(many.other_texts).toEqual([{ text: 'De koffie', count: 1 }]);
    expect(resultOf<'multiple_choice'>(results, 'lik')).not.toHaveProperty('other_texts');
  });

  it('should list open answers newest first and keep the question order', () => {
    expect(results.questions.map((question) => question.question_id)).toEqual([
      'lik',
      'nps',
      'rat',
      'one',
      'many',
      'kort',
      'lang',
    ]);
    const long = resultOf<'open_long'>(results, 'lang');
    expect(long.answered).toBe(2);
    expect(long.latest.map((answer) => answer.text)).toEqual(['Minder vergaderen', 'Meer overleg']);
    expect(resultOf<'open_short'>(results, 'kort').latest.map((answer) => answer.text)).toEqual(['Leuk']);
  });

  it('should give submissions per day from the first to the last response, without gaps', () => {
    expect(results.bucket).toBe('day');
    expect(results.over_time).toHaveLength(11);
    expect(results.over_time[0]).toEqual({ period: '2026-02-10', count: 1 });
    expect(results.over_time[1]).toEqual({ period: '2026-02-11', count: 0 });
    expect(results.over_time[10]).toEqual({ period: '2026-02-20', count: 1 });
    expect(results.over_time.reduce((sum, point) => sum + point.count, 0)).toBe(3);
  });

  it('should filter by Europe/Amsterdam days, both ends included', async () => {
    const response = await get(org, `/surveys/${survey.id}/results?from=2026-02-11&to=2026-02-20`);
    expect(response.statusCode).toBe(200);
    const filtered = response.json<SurveyResults>();
    expect(filtered.responses.completed).toBe(2);
    expect(filtered.over_time.map((point) => point.period)).toHaveLength(10);
    expect(resultOf<'nps'>(filtered, 'nps').answered).toBe(2);
    expect(resultOf<'likert'>(filtered, 'lik').answered).toBe(1);
  });

  it('should count a response submitted at 23:30 UTC on the next Amsterdam day', async () => {
    const late = await openSurvey();
    await storeResponse(ctx.db, late, {
      submittedAt: new Date('2026-02-14T23:30:00Z'),
      answers: { nps: { score: 9 } },
    });
    const on15 = (
      await get(org, `/surveys/${late.id}/results?from=2026-02-15&to=2026-02-15`)
    ).json<SurveyResults>();
    expect(on15.responses.completed).toBe(1);
    expect(on15.over_time).toEqual([{ period: '2026-02-15', count: 1 }]);
    const on14 = (
      await get(org, `/surveys/${late.id}/results?from=2026-02-14&to=2026-02-14`)
    ).json<SurveyResults>();
    expect(on14.responses.completed).toBe(0);
    expect(resultOf<'nps'>(on14, 'nps').answered).toBe(0);
  });

  it('should bucket per week from Monday beyond 62 days and per month beyond a year', async () => {
    const weeks = (
      await get(org, `/surveys/${survey.id}/results?from=2026-01-01&to=2026-03-31`)
    ).json<SurveyResults>();
    expect(weeks.bucket).toBe('week');
    expect(weeks.over_time[0]).toEqual({ period: '2025-12-29', count: 0 });
    expect(weeks.over_time.find((point) => point.period === '2026-02-09')).toEqual({
      period: '2026-02-09',
      count: 2,
    });
    expect(weeks.over_time.at(-1)?.period).toBe('2026-03-30');
    const months = (
      await get(org, `/surveys/${survey.id}/results?from=2025-01-15&to=2026-03-31`)
    ).json<SurveyResults>();
    expect(months.bucket).toBe('month');
    expect(months.over_time).toHaveLength(15);
    expect(months.over_time.find((point) => point.period === '2026-02-01')).toEqual({
      period: '2026-02-01',
      count: 3,
    });
  });

  it('should show an empty survey from its opening to today, with zero counts', async () => {
    const empty = await openSurvey();
    const response = await get(org, `/surveys/${empty.id}/results`);
    const results = response.json<SurveyResults>();
    expect(results.responses).toEqual({
      completed: 0,
      in_progress: 0,
      invited: 0,
      response_rate: null,
      completion_rate: null,
      last_response_at: null,
    });
    expect(results.over_time).toEqual([{ period: '2026-03-02', count: 0 }]);
    expect(resultOf<'likert'>(results, 'lik').answered).toBe(0);
  });

  it.each([
    ['from=2026-13-01', { from: 'Geef de begindatum op als JJJJ-MM-DD, bijvoorbeeld 2026-03-01.' }],
    ['to=31-03-2026', { to: 'Geef de einddatum op als JJJJ-MM-DD, bijvoorbeeld 2026-03-31.' }],
    ['from=2026-02-30', { from: 'Geef de begindatum op als JJJJ-MM-DD, bijvoorbeeld 2026-03-01.' }],
    ['from=2026-03-10&to=2026-03-01', { to: 'De einddatum ligt vóór de begindatum.' }],
    ['from=1899-01-01', { from: 'Kies een datum tussen 2000 en 2100.' }],
  ])('should refuse %s with a Dutch message per field', async (query, fields) => {
    const response = await get(org, `/surveys/${survey.id}/results?${query}`);
    expect(response.statusCode).toBe(400);
    expect(response.json<ErrorBody>()).toEqual({ detail: Object.values(fields)[0], fields });
  });

  it("should answer 404 for another organisation's survey and for unknown ids", async () => {
    for (const path of [`/surveys/${survey.id}/results`, '/surveys/99999/results', '/surveys/abc/results']) {
      const response = await get(other, path);
      expect(response.statusCode, path).toBe(404);
      expect(response.json<ErrorBody>().detail).toBe(SURVEY_ERRORS.notFound);
    }
  });
});

/** Rules that hide the open questions from some respondents: results then count who saw them. */
const HIDING: SurveyLogic = {
  rules: [
    {
      id: 'r-kort',
      action: 'show',
      question_id: 'kort',
      when: {
        match: 'all',
        conditions: [{ source: 'question', question_id: 'nps', operator: 'greater', value: 8 }],
      },
    },
    {
      id: 'r-lang',
      action: 'hide',
      question_id: 'lang',
      when: {
        match: 'all',
        conditions: [{ source: 'question', question_id: 'nps', operator: 'less', value: 5 }],
      },
    },
  ],
  end_screens: [],
  hidden_fields: [],
};

describe('results of a survey with logic (R-RES-6)', () => {
  let survey: Survey;
  let results: SurveyResults;

  beforeAll(async () => {
    survey = await openSurvey();
    await storeLogic(ctx.db, survey, HIDING);
    await storeResponse(ctx.db, survey, {
      submittedAt: new Date('2026-02-10T10:00:00Z'),
      answers: {
        nps: { score: 10 },
        kort: { text: 'Leuk' },
        lang: { text: 'Niets' },
        one: { option_id: 'fiets' },
      },
    });
    await storeResponse(ctx.db, survey, {
      submittedAt: new Date('2026-02-12T10:00:00Z'),
      unseen: ['kort', 'lang'],
      answers: { nps: { score: 3 }, one: { option_id: 'auto' } },
    });
    // Saw 'lang' and left it empty: seen, not answered.
    await storeResponse(ctx.db, survey, {
      submittedAt: new Date('2026-02-20T10:00:00Z'),
      unseen: ['kort'],
      answers: { nps: { score: 8 } },
    });
    // Not submitted: counts nowhere, neither as seen nor as unseen.
    await storeResponse(ctx.db, survey, { submittedAt: null, unseen: ['nps', 'one'], answers: {} });
    const response = await get(org, `/surveys/${survey.id}/results`);
    expect(response.statusCode, response.body).toBe(200);
    results = response.json<SurveyResults>();
  });

  const seenOf = (of: SurveyResults) =>
    Object.fromEntries(of.questions.map((question) => [question.question_id, question.seen_count]));

  it('should count per question the submitted responses whose path showed it', () => {
    expect(results.responses.completed).toBe(3);
    expect(seenOf(results)).toEqual({ lik: 3, nps: 3, rat: 3, one: 3, many: 3, kort: 1, lang: 2 });
    expect(resultOf<'open_long'>(results, 'lang')).toMatchObject({ answered: 1, seen_count: 2 });
    expect(resultOf<'open_short'>(results, 'kort')).toMatchObject({ answered: 1, seen_count: 1 });
    expect(resultOf<'single_choice'>(results, 'one')).toMatchObject({ answered: 2, seen_count: 3 });
  });

  it('should count who saw a question within the filtered days only', async () => {
    const response = await get(org, `/surveys/${survey.id}/results?from=2026-02-11&to=2026-02-28`);
    expect(response.statusCode, response.body).toBe(200);
    const filtered = response.json<SurveyResults>();
    expect(filtered.responses.completed).toBe(2);
    expect(seenOf(filtered)).toMatchObject({ nps: 2, kort: 0, lang: 1 });
  });

  it("should give a question's page the respondents and how many of them saw it", async () => {
    const kort = (await get(org, `/surveys/${survey.id}/questions/kort`)).json<QuestionDetail>();
    expect(kort.respondents).toBe(3);
    expect(kort.result).toMatchObject({ answered: 1, seen_count: 1 });
    const lang = (
      await get(org, `/surveys/${survey.id}/questions/lang?from=2026-02-11`)
    ).json<QuestionDetail>();
    expect(lang.respondents).toBe(2);
    expect(lang.result).toMatchObject({ answered: 0, seen_count: 1 });
  });

  it('should count everyone as having seen every question of a survey without rules, reading no unseen ids', async () => {
    const plain = await openSurvey();
    await storeLogic(ctx.db, plain, { ...HIDING, rules: [], hidden_fields: ['bron'] });
    // Cannot happen (rules lock once a survey has answers); shows the ids are not read without rules.
    await storeResponse(ctx.db, plain, { submittedAt: new Date('2026-02-10T10:00:00Z'), unseen: ['kort'] });
    await storeResponse(ctx.db, plain, { submittedAt: new Date('2026-02-11T10:00:00Z') });
    const summary = (await get(org, `/surveys/${plain.id}/results`)).json<SurveyResults>();
    expect(new Set(Object.values(seenOf(summary)))).toEqual(new Set([2]));
    const detail = (await get(org, `/surveys/${plain.id}/questions/kort`)).json<QuestionDetail>();
    expect(detail).toMatchObject({ respondents: 2, result: { seen_count: 2, answered: 0 } });
  });
});

describe("'anders, namelijk' texts in the results", () => {
  const texts = (results: SurveyResults) => {
    const one = resultOf<'single_choice'>(results, 'one');
    return { list: one.other_texts.map((t) => [t.text, t.count]), count: one.other_text_count };
  };

  it('should list a text typed by several respondents once, with its count and its most common spelling', async () => {
    const survey = await openSurvey();
    const typed = ['Step', 'step', '  STEP ', 'Step', 'Te voet', 'te  voet', 'te\tvoet\n', 'Bus'];
    for (const [index, other] of typed.entries())
      await storeResponse(ctx.db, survey, {
        submittedAt: new Date(`2026-02-${String(10 + index).padStart(2, '0')}T10:00:00Z`),
        answers: {
          one: { other },
          many: { option_ids: ['lunch'], ...(index < 2 ? { other: 'Koffie' } : {}) },
        },
      });
    const results = (await get(org, `/surveys/${survey.id}/results`)).json<SurveyResults>();
    expect(texts(results)).toEqual({
      list: [
        ['Step', 4],
        ['te voet', 3],
        ['Bus', 1],
      ],
      count: 3,
    });
    expect(resultOf<'multiple_choice'>(results, 'many').other_texts).toEqual([{ text: 'Koffie', count: 2 }]);
    // The counts follow the date filter, as every count of the page does.
    const late = (
      await get(org, `/surveys/${survey.id}/results?from=2026-02-13&to=2026-02-28`)
    ).json<SurveyResults>();
    expect(texts(late).list).toEqual([
      ['te voet', 3],
      ['Bus', 1],
      ['Step', 1],
    ]);
  });

  it('should sort equal counts alphabetically as Dutch does (case and accents aside) and count beyond the 20 listed', async () => {
    const survey = await openSurvey();
    // 22 different texts once each, plus 'zeilboot' twice: it leads, 20 are listed, 23 counted.
    const once = [
      'Éénwieler',
      'auto van de zaak',
      'Bakfiets',
      'bus',
      'carpool',
      'Deelscooter',
      'ezel',
      'Fiets',
      'golfkar',
      'helikopter',
      'ijsbaan',
      'Jeep',
      'kano',
      'Lopend',
      'motor',
      'Nachtbus',
      'ov-fiets',
      'paard',
      'quad',
      'roeiboot',
      'Segway',
      'tram',
    ];
    for (const [index, other] of [...once, 'zeilboot', 'Zeilboot'].entries())
      await storeResponse(ctx.db, survey, {
        submittedAt: new Date(Date.UTC(2026, 1, 1, 8, index)),
        answers: { one: { other } },
      });
    const found = texts((await get(org, `/surveys/${survey.id}/results`)).json<SurveyResults>());
    const nl = new Intl.Collator('nl', { sensitivity: 'base' });
    expect(found.count).toBe(23);
    expect(found.list[0]).toEqual(['Zeilboot', 2]);
    expect(found.list.slice(1).map(([text]) => text)).toEqual([...once].sort(nl.compare).slice(0, 19));
    expect(found.list).toHaveLength(20);
  });
});

describe("the 'anders' statement under a cached generic plan", () => {
  it('should read the texts from their partial index, whatever the parameters', async () => {
    const { sql: text, params } = new PgDialect().sqlToQuery(
      otherTextsSql(1, { from: '2026-01-01', to: '2026-01-31' }, ['q1', 'q2']),
    );
    let lines: unknown[] = [];
    await ctx.db.transaction(async (tx) => {
      await tx.execute(sql.raw('set local plan_cache_mode = force_generic_plan'));
      await tx.execute(sql.raw(`prepare other_texts as ${text}`));
      const values = params.map(() => 'null').join(', ');
      const result = await tx.execute(sql.raw(`explain execute other_texts(${values})`));
      lines = Array.isArray(result) ? result : (result as { rows: unknown[] }).rows;
      await tx.execute(sql.raw('deallocate other_texts'));
    });
    const plan = lines.map((line) => Object.values(line as Record<string, string>)[0]).join('\n');
    expect(plan).toContain('survey_answers_other_texts_idx');
    expect(plan).not.toMatch(/Seq Scan on survey_answers\b/);
  });
});

describe('GET /surveys and GET /surveys/:id with responses', () => {
  it('should show submitted responses, personal links, response rate and the last response in the list', async () => {
    const survey = await openSurvey();
    await storePersonalLinks(ctx.db, survey, 3);
    await storeResponse(ctx.db, survey, { submittedAt: new Date('2026-02-01T08:00:00Z'), kind: 'personal' });
    await storeResponse(ctx.db, survey, { submittedAt: new Date('2026-02-03T08:00:00Z') });
    await storeResponse(ctx.db, survey, { submittedAt: null, kind: 'personal' });
    const list = await get(org, `/surveys?q=${encodeURIComponent('Medewerkerspeiling')}&page_size=100`);
    const row = list
      .json<{ items: Array<Record<string, unknown>> }>()
      .items.find((item) => item.id === survey.id);
    expect(row).toMatchObject({
      response_count: 2,
      invited_count: 5,
      response_rate: 1 / 5,
      last_response_at: '2026-02-03T08:00:00.000Z',
    });
    const nul = await get(org, `/surveys?q=${encodeURIComponent('Medewerkers\u0000')}`);
    // A NUL is refused at the boundary, naming the parameter.
    expect(nul.statusCode).toBe(400);
    expect(Object.keys(nul.json<{ fields: object }>().fields)).toEqual(['q']);
    const quiet = (await openSurvey()).id;
    const quietRow = (await get(org, '/surveys?page_size=100'))
      .json<{ items: Array<Record<string, unknown>> }>()
      .items.find((item) => item.id === quiet);
    expect(quietRow).toMatchObject({
      response_count: 0,
      invited_count: 0,
      response_rate: null,
      last_response_at: null,
    });
  });

  it('should give the response count and the median times of questions with 5 or more respondents', async () => {
    const survey = await openSurvey();
    const seconds = [10, 30, 20, 40, 50];
    for (const [index, npsSeconds] of seconds.entries())
      await storeResponse(ctx.db, survey, {
        submittedAt: new Date(`2026-02-0${index + 1}T08:00:00Z`),
        answers: { nps: { score: 7 } },
        // Only two respondents timed the short open question: too few to replace its default.
        seconds: { nps: npsSeconds, rat: 12, ...(index < 2 ? { kort: 60 } : {}) },
      });
    // In progress: its time does not count.
    await storeResponse(ctx.db, survey, { submittedAt: null, seconds: { nps: 1000 } });
    const before = survey.estimated_seconds;
    const read = (await get(org, `/surveys/${survey.id}`)).json<Survey>();
    expect(read.response_count).toBe(5);
    expect(read.question_timings).toEqual({
      nps: { median_seconds: 30, respondents: 5 },
      rat: { median_seconds: 12, respondents: 5 },
    });
    // NPS by default 7 s, now its median of 30 s; rating by default 5 s, now 12 s.
    expect(read.estimated_seconds).toBe(before - 7 + 30 - 5 + 12);
  });

  const listRow = async (survey: Survey) =>
    (await get(org, `/surveys?q=${encodeURIComponent(survey.title)}&page_size=100`))
      .json<{ items: SurveySummary[] }>()
      .items.find((item) => item.id === survey.id);

  it('should give the list the estimate the survey itself shows, also after new and erased responses', async () => {
    const survey = await openSurvey();
    const byDefault = survey.estimated_seconds;
    const ids: number[] = [];
    for (const [index, npsSeconds] of [60, 60, 60, 60, 60].entries())
      ids.push(
        await storeResponse(ctx.db, survey, {
          submittedAt: new Date(`2026-02-0${index + 1}T08:00:00Z`),
          seconds: { nps: npsSeconds },
        }),
      );
    const read = async () => (await get(org, `/surveys/${survey.id}`)).json<Survey>().estimated_seconds;
    // NPS by default 7 s, measured 60 s: the list said the default before.
    expect(await read()).toBe(byDefault - 7 + 60);
    expect((await listRow(survey))?.estimated_seconds).toBe(byDefault - 7 + 60);
    // Five new submissions of 300 s: the median of 60 × 5 and 300 × 5 is 180.
    for (const day of ['06', '07', '08', '09', '10'])
      await storeResponse(ctx.db, survey, {
        submittedAt: new Date(`2026-02-${day}T08:00:00Z`),
        seconds: { nps: 300 },
      });
    expect(await read()).toBe(byDefault - 7 + 180);
    expect((await listRow(survey))?.estimated_seconds).toBe(byDefault - 7 + 180);
    // Erasing a 60 s response leaves 60 × 4 and 300 × 5: the list counts from the remaining rows too.
    const erased = await api(ctx.app, 'DELETE', `/surveys/${survey.id}/responses/${ids[0]}`, {
      token: org.managerToken,
      headers: org.headers,
    });
    expect(erased.statusCode, erased.body).toBe(204);
    expect(await read()).toBe(byDefault - 7 + 300);
    expect((await listRow(survey))?.estimated_seconds).toBe(byDefault - 7 + 300);
  });

  it(`should take the medians over the newest ${TIMING_SAMPLE} submitted responses`, async () => {
    const survey = await openSurvey();
    // 150 older respondents took 10 s, the newest 100 took 30 s: over all of them the median would be 10.
    await ctx.db.insert(surveyResponses).values(
      Array.from({ length: 250 }, (_, i) => {
        const at = new Date(Date.UTC(2026, 1, 1, 0, i));
        return {
          surveyId: survey.id,
          organizationId: survey.organization_id,
          tokenHash: `sample-${survey.id}-${i}`,
          kind: 'public' as const,
          respondentKey: `key-${i}`,
          status: 'completed' as const,
          startedAt: at,
          savedAt: at,
          completedAt: at,
          questionSeconds: { nps: i < 150 ? 10 : 30 },
        };
      }),
    );
    const read = (await get(org, `/surveys/${survey.id}`)).json<Survey>();
    expect(read.question_timings).toEqual({ nps: { median_seconds: 30, respondents: TIMING_SAMPLE } });
    expect((await listRow(survey))?.estimated_seconds).toBe(read.estimated_seconds);
  });
});

import type { ErrorBody, QuestionDetail, Survey } from '@loop/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SURVEY_ERRORS } from '../surveys/surveys';
import { resultQuestions, storeResponse } from '../testing/resultsTesting';
import { type SurveyOrganization, sampleInput, surveyOrganization } from '../testing/surveyTesting';
import { api, createTestContext, type TestContext } from '../testing/testApp';

let ctx: TestContext;
let org: SurveyOrganization;
let other: SurveyOrganization;
let survey: Survey;

const get = (who: SurveyOrganization, path: string) =>
  api(ctx.app, 'GET', path, { token: who.managerToken, headers: who.headers });

const detail = async (query: string, question = 'lang') => {
  const response = await get(org, `/surveys/${survey.id}/questions/${question}${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<QuestionDetail>();
};

const day = (date: string) => new Date(`${date}T10:00:00Z`);

beforeAll(async () => {
  ctx = await createTestContext();
  org = await surveyOrganization(ctx, 'Detail BV');
  other = await surveyOrganization(ctx, 'Ander BV');
  const created = await api(ctx.app, 'POST', '/surveys', {
    token: org.managerToken,
    headers: org.headers,
    payload: sampleInput({ questions: resultQuestions() }),
  });
  survey = created.json<Survey>();
  const answers: { at: string; lik: Record<string, number>; nps: number; rat: number; lang: string }[] = [
    { at: '2026-02-02', lik: { 'st-a': 1, 'st-b': 2 }, nps: 10, rat: 5, lang: 'Één keer per week overleg' },
    { at: '2026-02-02', lik: { 'st-a': 5 }, nps: 9, rat: 3, lang: 'Een betere koffiemachine' },
    { at: '2026-02-03', lik: { 'st-b': 4 }, nps: 2, rat: 4, lang: 'CAFÉ in de kantine; 100% beter' },
    { at: '2026-02-05', lik: { 'st-a': 3, 'st-b': 3 }, nps: 7, rat: 1, lang: 'Niets, alles is prima' },
  ];
  for (const answer of answers)
    await storeResponse(ctx.db, survey, {
      submittedAt: day(answer.at),
      answers: {
        lik: answer.lik,
        nps: { score: answer.nps },
        rat: { score: answer.rat },
        lang: { text: answer.lang },
        one: answer.nps > 8 ? { option_id: 'ov' } : { other: 'Te voet' },
        many: { option_ids: ['uitjes', 'lunch'], ...(answer.nps < 5 ? { other: 'Het team' } : {}) },
      },
    });
  await storeResponse(ctx.db, survey, { submittedAt: null, answers: { lang: { text: 'Concept één' } } });
});

afterAll(async () => {
  await ctx?.close();
});

describe('GET /surveys/:id/questions/:questionId', () => {
  it('should list all answers of an open question newest first, with the result and the trend', async () => {
    const found = await detail('');
    expect(found).toMatchObject({
      survey_id: survey.id,
      question_id: 'lang',
      type: 'open_long',
      bucket: 'day',
    });
    expect(found.result).toMatchObject({ type: 'open_long', answered: 4 });
    expect(found.answers.total).toBe(4);
    expect(found.answers.items.map((row) => row.text)).toEqual([
      'Niets, alles is prima',
      'CAFÉ in de kantine; 100% beter',
      // Same moment: the later response first.
      'Een betere koffiemachine',
      'Één keer per week overleg',
    ]);
    expect(found.answers.items[0]?.submitted_at).toBe('2026-02-05T10:00:00.000Z');
    expect(found.trend).toEqual([
      { period: '2026-02-02', answered: 2, score: null },
      { period: '2026-02-03', answered: 1, score: null },
      { period: '2026-02-04', answered: 0, score: null },
      { period: '2026-02-05', answered: 1, score: null },
    ]);
  });

  it('should search accents and case away, every word anywhere', async () => {
    const texts = async (q: string) =>
      (await detail(`?q=${encodeURIComponent(q)}`)).answers.items.map((row) => row.text);
    expect(await texts('een')).toEqual(['Een betere koffiemachine', 'Één keer per week overleg']);
    expect(await texts('ÉÉN')).toEqual(['Een betere koffiemachine', 'Één keer per week overleg']);
    expect(await texts('cafe')).toEqual(['CAFÉ in de kantine; 100% beter']);
    expect(await texts('week één')).toEqual(['Één keer per week overleg']);
    // % and _ are searched for literally.
    expect(await texts('100%')).toEqual(['CAFÉ in de kantine; 100% beter']);
    expect(await texts('_')).toEqual([]);
    // A NUL is no text anyone types: refused at the boundary with the field named.
    const nul = await get(org, `/surveys/${survey.id}/questions/lang?q=een%00`);
    expect(nul.statusCode).toBe(400);
    const none = await detail('?q=fiets');
    expect(none.answers).toEqual({ items: [], total: 0, page: 1, page_size: 50 });
  });

  it('should order answers submitted at the same moment by response id, as numbers', async () => {
    const created = await api(ctx.app, 'POST', '/surveys', {
      token: org.managerToken,
      headers: org.headers,
      payload: sampleInput({ questions: resultQuestions() }),
    });
    const same = created.json<Survey>();
    const ids: number[] = [];
    for (let i = 0; i < 12; i++)
      ids.push(
        await storeResponse(ctx.db, same, {
          submittedAt: day('2026-02-09'),
          answers: { nps: { score: i % 11 } },
        }),
      );
    for (const query of ['', '?q=1']) {
      const response = await get(org, `/surveys/${same.id}/questions/nps${query}`);
      const listed = response.json<QuestionDetail>().answers.items.map((row) => row.response_id);
      expect(listed, query).toEqual([...listed].sort((a, b) => b - a));
    }
    expect(
      (await get(org, `/surveys/${same.id}/questions/nps`))
        .json<QuestionDetail>()
        .answers.items.map((row) => row.response_id),
    ).toEqual([...ids].reverse());
  });

  it('should page the answers and tell the total beyond the last page', async () => {
    const first = await detail('?page_size=3');
    expect(first.answers).toMatchObject({ total: 4, page: 1, page_size: 3 });
    expect(first.answers.items).toHaveLength(3);
    const second = await detail('?page_size=3&page=2');
    expect(second.answers.items.map((row) => row.text)).toEqual(['Één keer per week overleg']);
    const beyond = await detail('?page_size=3&page=9');
    expect(beyond.answers).toEqual({ items: [], total: 4, page: 9, page_size: 3 });
  });

  it("should show Likert answers as 'stelling: label' and score the trend by the mean over all statements", async () => {
    const found = await detail('', 'lik');
    expect(found.result).toMatchObject({ type: 'likert', answered: 4 });
    expect(found.answers.items.map((row) => row.text)).toEqual([
      'Ik heb plezier in mijn werk: Neutraal; Mijn team helpt mij: Neutraal',
      'Mijn team helpt mij: Eens',
      'Ik heb plezier in mijn werk: Helemaal eens',
      'Ik heb plezier in mijn werk: Helemaal oneens; Mijn team helpt mij: Oneens',
    ]);
    expect(found.trend[0]).toEqual({ period: '2026-02-02', answered: 2, score: (1 + 2 + 5) / 3 });
    expect(found.trend[1]).toEqual({ period: '2026-02-03', answered: 1, score: 4 });
    expect(found.trend[2]).toEqual({ period: '2026-02-04', answered: 0, score: null });
    const disagree = await detail(`?q=${encodeURIComponent('oneens')}`, 'lik');
    expect(disagree.answers.total).toBe(1);
  });

  it('should give NPS per period computed as core does, and rating means', async () => {
    const nps = await detail('', 'nps');
    // 2 Feb: two promoters → 100; 3 Feb: one detractor → −100; 5 Feb: a passive → 0.
    expect(nps.trend.map((point) => point.score)).toEqual([100, -100, null, 0]);
    expect(nps.answers.items.map((row) => row.text)).toEqual(['7', '2', '9', '10']);
    const rating = await detail('', 'rat');
    expect(rating.trend.map((point) => point.score)).toEqual([4, 4, null, 1]);
    const fives = await detail('?q=5', 'rat');
    expect(fives.answers.items.map((row) => row.text)).toEqual(['5']);
  });

  it("should show choices by label with 'Anders: …' and find them by label and by text", async () => {
    const one = await detail('', 'one');
    expect(one.answers.items.map((row) => row.text)).toEqual([
      'Anders: Te voet',
      'Anders: Te voet',
      'Openbaar vervoer',
      'Openbaar vervoer',
    ]);
    expect(one.trend.map((point) => point.answered)).toEqual([2, 1, 0, 1]);
    const many = await detail('', 'many');
    expect(many.answers.items[1]?.text).toBe('De lunch, De uitjes, Anders: Het team');
    expect(many.result).toMatchObject({
      answered: 4,
      other: 1,
      by_option: { lunch: 4, uitjes: 4, thuis: 0 },
    });
    expect((await detail(`?q=${encodeURIComponent('vervoer')}`, 'one')).answers.total).toBe(2);
    expect((await detail(`?q=${encodeURIComponent('team')}`, 'many')).answers.total).toBe(1);
    expect((await detail(`?q=${encodeURIComponent('anders voet')}`, 'one')).answers.total).toBe(2);
  });

  it('should filter the answers and the trend by days', async () => {
    const found = await detail('?from=2026-02-03&to=2026-02-05');
    expect(found.answers.total).toBe(2);
    expect(found.result).toMatchObject({ answered: 2 });
    expect(found.trend.map((point) => point.period)).toEqual(['2026-02-03', '2026-02-04', '2026-02-05']);
  });

  it('should refuse bad paging and days with Dutch messages', async () => {
    for (const [query, field] of [
      ['?page_size=201', 'page_size'],
      ['?page_size=0', 'page_size'],
      ['?page=abc', 'page'],
      ['?from=gisteren', 'from'],
    ] as const) {
      const response = await get(org, `/surveys/${survey.id}/questions/lang${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(Object.keys(response.json<ErrorBody>().fields ?? {}), query).toEqual([field]);
    }
    const max = await detail('?page_size=200');
    expect(max.answers.page_size).toBe(200);
  });

  it("should answer 404 for an unknown question and for another organisation's survey", async () => {
    const unknown = await get(org, `/surveys/${survey.id}/questions/bestaat-niet`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json<ErrorBody>().detail).toBe('Vraag niet gevonden.');
    const foreign = await get(other, `/surveys/${survey.id}/questions/lang`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json<ErrorBody>().detail).toBe(SURVEY_ERRORS.notFound);
  });
});

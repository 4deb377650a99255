import type { Page, Survey, SurveySummary } from '@loop/core';
import { PERMISSION_DENIED } from '@loop/core/organisation';
import { STATUS_MESSAGES, SURVEY_MESSAGES } from '@loop/core/surveys/model';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appLogs } from '../db/schema';
import { responseSnapshot } from '../testing/responseTesting';
import { storeResponse } from '../testing/resultsTesting';
import {
  type SurveyOrganization,
  sampleInput,
  surveyOrganization,
  surveySnapshot,
} from '../testing/surveyTesting';
import { api, createTestContext, type TestContext } from '../testing/testApp';
import { SURVEY_ERRORS } from './surveys';

let ctx: TestContext;
let first: SurveyOrganization;
let second: SurveyOrganization;

beforeAll(async () => {
  ctx = await createTestContext();
  first = await surveyOrganization(ctx, 'Eerste BV');
  second = await surveyOrganization(ctx, 'Tweede BV');
});

afterAll(async () => {
  await ctx?.close();
});

const call = (
  org: SurveyOrganization,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  path: string,
  payload?: unknown,
  token = org.memberToken,
) =>
  api(ctx.app, method, path, {
    token,
    headers: org.headers,
    ...(payload === undefined ? {} : { payload }),
  });

/** Deleting a survey is for owners and managers (`surveys.manage`); members build. */
const deleteAsManager = (org: SurveyOrganization, id: number) =>
  call(org, 'DELETE', `/surveys/${id}`, undefined, org.managerToken);

async function createSurvey(org: SurveyOrganization, overrides = {}): Promise<Survey> {
  const response = await call(org, 'POST', '/surveys', sampleInput(overrides));
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Survey>();
}

describe('surveys', () => {
  it('should create a draft and read it back', async () => {
    const survey = await createSurvey(first);
    expect(survey).toMatchObject({
      organization_id: first.organization.id,
      title: 'Klantpeiling voorjaar',
      status: 'draft',
      version: 1,
      published_at: null,
      response_count: 0,
    });
    expect(survey.questions.map((question) => question.id)).toEqual(['q-nps', 'q-open']);
    expect(survey.estimated_seconds).toBeGreaterThan(0);
    const read = await call(first, 'GET', `/surveys/${survey.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json<Survey>()).toEqual(survey);
  });

  it('should create a blank survey with only a title', async () => {
    const response = await call(first, 'POST', '/surveys', { title: 'Alleen een titel' });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Survey>()).toMatchObject({ questions: [], description_html: '', close_at: null });
  });

  it('should refuse invalid bodies with Dutch fields and store nothing', async () => {
    const before = await surveySnapshot(ctx);
    const longTitle = await call(first, 'POST', '/surveys', sampleInput({ title: 'x'.repeat(201) }));
    expect(longTitle.statusCode).toBe(400);
    expect(longTitle.json()).toEqual({
      detail: SURVEY_MESSAGES.surveyTitleTooLong,
      fields: { title: SURVEY_MESSAGES.surveyTitleTooLong },
    });
    const badQuestion = await call(
      first,
      'POST',
      '/surveys',
      sampleInput({
        questions: [
          { id: 'q1', type: 'rating', title: '', required: true, position: 0, settings: {} },
        ] as never,
      }),
    );
    expect(badQuestion.statusCode).toBe(400);
    // A draft may still lack its text (docs/decisions/surveys.md, 'Drafts are always saved'), never a valid scale.
    expect(badQuestion.json().fields).toEqual({
      'questions.0.settings.scale': SURVEY_MESSAGES.ratingScaleInvalid,
      'questions.0.settings.style': SURVEY_MESSAGES.ratingStyleInvalid,
    });
    const wrongType = await call(first, 'POST', '/surveys', { title: 42 });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().fields).toEqual({ title: 'Dit veld moet tekst zijn.' });
    const badDate = await call(first, 'POST', '/surveys', sampleInput({ close_at: 'morgen' }));
    expect(badDate.json().fields).toEqual({ close_at: SURVEY_MESSAGES.closeAtInvalid });
    expect(await surveySnapshot(ctx)).toEqual(before);
  });

  it('should list the organisation’s surveys, newest change first, with search and status filter', async () => {
    const a = await createSurvey(second, { title: 'Zomerenquête 100% tevreden' });
    ctx.clock.advance(1000);
    const b = await createSurvey(second, { title: 'Winterpeiling' });
    const list = await call(second, 'GET', '/surveys');
    expect(list.statusCode).toBe(200);
    const page = list.json<Page<SurveySummary>>();
    expect(page.items.map((item) => item.id)).toEqual([b.id, a.id]);
    expect(page.total).toBe(2);
    expect(page.items[0]).toMatchObject({ question_count: 2, response_count: 0, status: 'draft' });
    const search = await call(second, 'GET', '/surveys?q=ZOMER');
    expect(search.json<Page<SurveySummary>>().items.map((item) => item.id)).toEqual([a.id]);
    const literal = await call(second, 'GET', `/surveys?q=${encodeURIComponent('100%')}`);
    expect(literal.json<Page<SurveySummary>>().total).toBe(1);
    const open = await call(second, 'GET', '/surveys?status=open');
    expect(open.json<Page<SurveySummary>>().total).toBe(0);
    const badStatus = await call(second, 'GET', '/surveys?status=weg');
    expect(badStatus.statusCode).toBe(400);
  });

  it('should save with the current version and refuse a stale one', async () => {
    const survey = await createSurvey(first);
    const saved = await call(first, 'PUT', `/surveys/${survey.id}`, {
      ...sampleInput({ title: 'Nieuwe titel' }),
      version: 1,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json<Survey>()).toMatchObject({ title: 'Nieuwe titel', version: 2 });
    const before = await surveySnapshot(ctx);
    const stale = await call(first, 'PUT', `/surveys/${survey.id}`, {
      ...sampleInput({ title: 'Oude editor' }),
      version: 1,
    });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ detail: SURVEY_ERRORS.staleVersion });
    const invalid = await call(first, 'PUT', `/surveys/${survey.id}`, {
      ...sampleInput({ title: 'x'.repeat(201) }),
      version: 2,
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toEqual({ title: SURVEY_MESSAGES.surveyTitleTooLong });
    expect(await surveySnapshot(ctx)).toEqual(before);
  });

  it('should publish, close, reopen and audit only ids', async () => {
    const empty = await call(first, 'POST', '/surveys', { title: 'Leeg' });
    const refused = await call(first, 'POST', `/surveys/${empty.json<Survey>().id}/status`, {
      status: 'open',
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: STATUS_MESSAGES.noQuestions });

    const survey = await createSurvey(first, { title: 'Geheime titel' });
    const draftToClosed = await call(first, 'POST', `/surveys/${survey.id}/status`, { status: 'closed' });
    expect(draftToClosed.json()).toEqual({ detail: STATUS_MESSAGES.draftToClosed });
    const opened = await call(first, 'POST', `/surveys/${survey.id}/status`, { status: 'open' });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json<Survey>()).toMatchObject({
      status: 'open',
      published_at: ctx.clock.now().toISOString(),
    });
    const edited = await call(first, 'PUT', `/surveys/${survey.id}`, {
      ...sampleInput({ title: 'Geopend en bewerkt' }),
      version: opened.json<Survey>().version,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    const closed = await call(first, 'POST', `/surveys/${survey.id}/status`, { status: 'closed' });
    expect(closed.json<Survey>()).toMatchObject({
      status: 'closed',
      closed_at: ctx.clock.now().toISOString(),
    });
    await ctx.app.appLog.flush();
    const logs = await ctx.db.query.appLogs.findMany();
    const audits = logs.filter((row) => row.category === 'survey');
    expect(audits.map((row) => row.action)).toEqual(['survey.published', 'survey.closed']);
    for (const row of audits) {
      expect(row.orgId).toBe(first.organization.id);
      expect(row.message).toContain(String(survey.id));
      expect(row.message).not.toContain('Geheime');
      expect(row.message).not.toContain('bewerkt');
    }
  });

  it('should refuse an unknown status with a 400', async () => {
    const survey = await createSurvey(first);
    const response = await call(first, 'POST', `/surveys/${survey.id}/status`, { status: 'archived' });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({ status: 'Dit veld heeft een ongeldige waarde.' });
  });

  it('should delete a draft for an owner or manager, and refuse a member with the reason', async () => {
    const survey = await createSurvey(first);
    const byMember = await call(first, 'DELETE', `/surveys/${survey.id}`);
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json()).toEqual({ detail: PERMISSION_DENIED['surveys.manage'] });
    const deleted = await deleteAsManager(first, survey.id);
    expect(deleted.statusCode).toBe(204);
    expect((await call(first, 'GET', `/surveys/${survey.id}`)).statusCode).toBe(404);
  });

  it('should delete an open or closed survey with its responses and answers, audited by id and count', async () => {
    const owner = (method: 'GET' | 'POST' | 'DELETE', path: string, payload?: unknown) =>
      api(ctx.app, method, path, {
        token: first.managerToken,
        headers: first.headers,
        ...(payload === undefined ? {} : { payload }),
      });
    for (const to of ['open', 'closed'] as const) {
      const survey = await createSurvey(first, { title: 'Geheime peiling' });
      await owner('POST', `/surveys/${survey.id}/status`, { status: 'open' });
      if (to === 'closed') await owner('POST', `/surveys/${survey.id}/status`, { status: 'closed' });
      for (const score of [3, 9])
        await storeResponse(ctx.db, survey, {
          submittedAt: ctx.clock.now(),
          answers: { 'q-nps': { score }, 'q-open': { text: 'Geheime tekst' } },
        });
      await storeResponse(ctx.db, survey, { submittedAt: null, answers: { 'q-nps': { score: 5 } } });
      const untouched = await responseSnapshot(ctx);
      const others = (rows: typeof untouched) => ({
        responses: rows.responses.filter((row) => row.surveyId !== survey.id),
        answers: rows.answers.filter((row) => row.surveyId !== survey.id),
      });

      const deleted = await owner('DELETE', `/surveys/${survey.id}`);
      expect(deleted.statusCode, deleted.body).toBe(204);
      expect((await owner('GET', `/surveys/${survey.id}`)).statusCode).toBe(404);
      const after = await responseSnapshot(ctx);
      expect(after.responses.some((row) => row.surveyId === survey.id)).toBe(false);
      expect(after.answers.some((row) => row.surveyId === survey.id)).toBe(false);
      expect(after).toEqual(others(untouched));
      await ctx.app.appLog.flush();
      const audits = await ctx.db.select().from(appLogs).where(eq(appLogs.action, 'survey.deleted'));
      expect(audits.at(-1)?.message).toBe(
        `Survey ${survey.id} (${to}) verwijderd met 2 ingestuurde reacties`,
      );
      expect(JSON.stringify(audits)).not.toContain('Geheim');
    }
    const gone = await owner('DELETE', '/surveys/999999');
    expect(gone.statusCode).toBe(404);
  });

  it('should duplicate as a new draft with new question ids', async () => {
    const survey = await createSurvey(first, { title: 'Origineel' });
    await call(first, 'POST', `/surveys/${survey.id}/status`, { status: 'open' });
    const copy = await call(first, 'POST', `/surveys/${survey.id}/duplicate`);
    expect(copy.statusCode, copy.body).toBe(201);
    const duplicate = copy.json<Survey>();
    expect(duplicate).toMatchObject({
      title: 'Origineel (kopie)',
      status: 'draft',
      version: 1,
      published_at: null,
    });
    expect(duplicate.id).not.toBe(survey.id);
    expect(duplicate.questions.map((question) => question.title)).toEqual(
      survey.questions.map((question) => question.title),
    );
    const oldIds = new Set(survey.questions.map((question) => question.id));
    for (const question of duplicate.questions) expect(oldIds.has(question.id)).toBe(false);
  });

  it('should shorten a long title when duplicating', async () => {
    const survey = await createSurvey(first, { title: 'x'.repeat(200) });
    const copy = (await call(first, 'POST', `/surveys/${survey.id}/duplicate`)).json<Survey>();
    expect(copy.title.length).toBe(200);
    expect(copy.title.endsWith(' (kopie)')).toBe(true);
  });

  it('should create a survey from a built-in template', async () => {
    const templates = (await call(first, 'GET', '/survey-templates')).json<
      Array<{ id: number; name: string }>
    >();
    const template = templates.find((each) => each.name === 'Klanttevredenheid met NPS');
    expect(template).toBeDefined();
    const response = await call(first, 'POST', '/surveys', { template_id: template?.id });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json<Survey>()).toMatchObject({
      status: 'draft',
      title: 'Hoe tevreden ben je over ons?',
    });
    expect(response.json<Survey>().questions).toHaveLength(4);
    const unknown = await call(first, 'POST', '/surveys', { template_id: 999_999 });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('another organisation', () => {
  it('should get 404 on every survey route with the first organisation’s ids and change nothing', async () => {
    const draft = await createSurvey(first, { title: 'Van de eerste' });
    const open = await createSurvey(first, { title: 'Ook van de eerste' });
    await call(first, 'POST', `/surveys/${open.id}/status`, { status: 'open' });
    const ownTemplate = await api(ctx.app, 'POST', '/survey-templates', {
      token: first.managerToken,
      headers: first.headers,
      payload: { ...sampleInput(), name: 'Eigen sjabloon', description: '' },
    });
    expect(ownTemplate.statusCode, ownTemplate.body).toBe(201);
    const templateId = ownTemplate.json<{ id: number }>().id;

    const before = await surveySnapshot(ctx);
    const intruders = [
      { token: second.memberToken, headers: second.headers },
      { token: second.managerToken, headers: second.headers },
    ];
    for (const intruder of intruders) {
      for (const id of [draft.id, open.id]) {
        const calls: Array<['GET' | 'POST' | 'PUT' | 'DELETE', string, unknown?]> = [
          ['GET', `/surveys/${id}`],
          ['PUT', `/surveys/${id}`, { ...sampleInput({ title: 'Overgenomen' }), version: 1 }],
          ['POST', `/surveys/${id}/status`, { status: 'closed' }],
          ['POST', `/surveys/${id}/status`, { status: 'draft' }],
          ['DELETE', `/surveys/${id}`],
          ['POST', `/surveys/${id}/duplicate`],
        ];
        for (const [method, path, payload] of calls) {
          const response = await api(ctx.app, method, path, {
            ...intruder,
            ...(payload === undefined ? {} : { payload }),
          });
          // A member may not delete at all: the role check answers before anything is looked up.
          if (method === 'DELETE' && intruder.token === second.memberToken) {
            expect(response.statusCode, `${method} ${path}`).toBe(403);
            continue;
          }
          expect(response.statusCode, `${method} ${path}`).toBe(404);
          expect(response.json(), `${method} ${path}`).toEqual({ detail: SURVEY_ERRORS.notFound });
        }
      }
      const fromTemplate = await api(ctx.app, 'POST', '/surveys', {
        ...intruder,
        payload: { template_id: templateId },
      });
      expect(fromTemplate.statusCode).toBe(404);
      const list = await api(ctx.app, 'GET', '/surveys?q=eerste', intruder);
      expect(list.json<Page<SurveySummary>>().total).toBe(0);
      const templates = await api(ctx.app, 'GET', '/survey-templates', intruder);
      expect(templates.json<Array<{ id: number }>>().map((each) => each.id)).not.toContain(templateId);
      // The first organisation's id in the header is refused as a whole.
      const wrongHeader = await api(ctx.app, 'GET', `/surveys/${draft.id}`, {
        token: intruder.token,
        headers: first.headers,
      });
      expect(wrongHeader.statusCode).toBe(404);
    }
    for (const [method, path] of [
      ['PUT', `/survey-templates/${templateId}`],
      ['DELETE', `/survey-templates/${templateId}`],
    ] as const) {
      const response = await api(ctx.app, method, path, {
        token: second.managerToken,
        headers: second.headers,
        ...(method === 'PUT' ? { payload: { ...sampleInput(), name: 'Overgenomen', description: '' } } : {}),
      });
      expect(response.statusCode, `${method} ${path}`).toBe(404);
    }
    expect(await surveySnapshot(ctx)).toEqual(before);
  });
});

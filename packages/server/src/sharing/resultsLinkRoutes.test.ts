import type { ResultsLink, ResultsLinkCreated, SharedResults, Survey } from '@loop/core';
import { RESULTS_LINK_MESSAGES } from '@loop/core/surveys/results';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { branding, surveyResultsLinks, surveys } from '../db/schema';
import { storeResponse } from '../testing/resultsTesting';
import { type SurveyOrganization, sampleInput, surveyOrganization } from '../testing/surveyTesting';
import { api, createTestContext, type TestContext } from '../testing/testApp';

let ctx: TestContext;
let first: SurveyOrganization;
let second: SurveyOrganization;

beforeAll(async () => {
  ctx = await createTestContext();
  first = await surveyOrganization(ctx, 'Deelbedrijf BV');
  second = await surveyOrganization(ctx, 'Buurman BV');
  await ctx.db.insert(branding).values({
    organizationId: first.organization.id,
    primaryColor: '#0f766e',
    logoPath: `${first.organization.id}/logo.png`,
    version: '1',
  });
});

afterAll(async () => {
  await ctx?.close();
});

/** A survey of the first organisation (NPS and an open question) with `count` submitted responses. */
async function surveyWithResponses(count: number): Promise<Survey> {
  const survey = (
    await api(ctx.app, 'POST', '/surveys', {
      token: first.managerToken,
      headers: first.headers,
      payload: sampleInput(),
    })
  ).json<Survey>();
  for (let index = 0; index < count; index++) {
    await storeResponse(ctx.db, survey, {
      submittedAt: new Date(`2026-03-0${1 + (index % 9)}T10:00:00Z`),
      answers: { 'q-nps': { score: index % 11 }, 'q-open': { text: `Geheime opmerking ${index}` } },
    });
  }
  return survey;
}

const create = (survey: Survey, payload: object, who: SurveyOrganization = first) =>
  api(ctx.app, 'POST', `/surveys/${survey.id}/results-links`, {
    token: who.memberToken,
    headers: who.headers,
    payload,
  });

const shared = (token: string, password?: string) =>
  ctx.app.inject({
    method: password === undefined ? 'GET' : 'POST',
    url: `/api/v1/shared-results/${token}`,
    ...(password === undefined ? {} : { payload: { password } }),
  });

const linkRows = () => ctx.db.$count(surveyResultsLinks);

describe('making a results link (R-SHARE-1, R-SHARE-2)', () => {
  it('should answer the token once and keep only its hash', async () => {
    const survey = await surveyWithResponses(3);
    const response = await create(survey, { question_ids: ['q-nps'], from: '2026-03-01', label: 'Directie' });
    expect(response.statusCode).toBe(201);
    const { link, token } = response.json<ResultsLinkCreated>();
    // 192 random bits as base64url: at least the 128 the rule asks.
    expect(token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(link).toMatchObject({
      question_ids: ['q-nps'],
      from: '2026-03-01',
      to: null,
      open_answers: false,
      has_password: false,
      label: 'Directie',
      revoked_at: null,
    });
    const [row] = await ctx.db.select().from(surveyResultsLinks).where(eq(surveyResultsLinks.id, link.id));
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    const list = await api(ctx.app, 'GET', `/surveys/${survey.id}/results-links`, {
      token: first.memberToken,
      headers: first.headers,
    });
    expect(list.json<ResultsLink[]>()).toEqual([link]);
  });

  it('should refuse bad input with a Dutch 400 per field and store nothing', async () => {
    const survey = await surveyWithResponses(1);
    const before = await linkRows();
    const cases: [object, string, string][] = [
      [{ question_ids: [] }, 'question_ids', RESULTS_LINK_MESSAGES.noQuestions],
      [{ question_ids: ['bestaat-niet'] }, 'question_ids', RESULTS_LINK_MESSAGES.unknownQuestion],
      [{ question_ids: ['q-nps'], password: 'kort' }, 'password', RESULTS_LINK_MESSAGES.password],
      [
        { question_ids: ['q-nps'], from: '2026-04-01', to: '2026-03-01' },
        'to',
        'De einddatum ligt vóór de begindatum.',
      ],
      [
        { question_ids: ['q-nps'], from: '2026-02-30' },
        'from',
        'Geef de begindatum op als JJJJ-MM-DD, bijvoorbeeld 2026-03-01.',
      ],
    ];
    for (const [payload, field, message] of cases) {
      const response = await create(survey, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().fields[field]).toBe(message);
    }
    expect(await linkRows()).toBe(before);
  });
});

describe('the shared page (R-SHARE-3 to R-SHARE-8)', () => {
  it('should show only the chosen questions, the branding and no respondent, and never be indexed', async () => {
    const survey = await surveyWithResponses(4);
    const { token } = (
      await create(survey, { question_ids: ['q-nps', 'q-open'] })
    ).json<ResultsLinkCreated>();
    const response = await shared(token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<Extract<SharedResults, { status: 'open' }>>();
    expect(body.status).toBe('open');
    expect(body.branding).toMatchObject({ organization_name: 'Deelbedrijf BV', primary_color: '#0f766e' });
    // Open answers were not chosen: the open question is left out, its texts are nowhere.
    expect(body.questions.map((question) => question.id)).toEqual(['q-nps']);
    expect(body.results.questions.map((result) => result.question_id)).toEqual(['q-nps']);
    expect(response.body).not.toContain('Geheime opmerking');
    expect(body.results.responses.completed).toBe(4);
    expect(body.results.survey_id).toBe(0);
  });

  it('should share open answers only when chosen, and never for an anonymous survey under 5 responses', async () => {
    const survey = await surveyWithResponses(4);
    const open = (
      await create(survey, { question_ids: ['q-open'], open_answers: true })
    ).json<ResultsLinkCreated>();
    const page = (await shared(open.token)).json<Extract<SharedResults, { status: 'open' }>>();
    expect(page.open_answers).toBe(true);
    expect(JSON.stringify(page)).toContain('Geheime opmerking');

    await ctx.db.update(surveys).set({ anonymous: true }).where(eq(surveys.id, survey.id));
    const before = await linkRows();
    const refused = await create(survey, { question_ids: ['q-open'], open_answers: true });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().fields.open_answers).toBe(RESULTS_LINK_MESSAGES.openAnswersAnonymous);
    expect(await linkRows()).toBe(before);
    // The link made before the survey turned anonymous no longer shows them either.
    const again = await shared(open.token);
    expect(again.body).not.toContain('Geheime opmerking');
  });

  it('should ask for the password, refuse a wrong one and open with the right one', async () => {
    const survey = await surveyWithResponses(2);
    const { token, link } = (
      await create(survey, { question_ids: ['q-nps'], password: 'Geheim!2026' })
    ).json<ResultsLinkCreated>();
    expect(link.has_password).toBe(true);
    const [row] = await ctx.db.select().from(surveyResultsLinks).where(eq(surveyResultsLinks.id, link.id));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$/);

    const locked = await shared(token);
    expect(locked.statusCode).toBe(200);
    expect(Object.keys(locked.json()).sort()).toEqual(['branding', 'status']);
    expect(locked.json().status).toBe('locked');
    const wrong = await shared(token, 'Verkeerd!2026');
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json()).toEqual({ detail: RESULTS_LINK_MESSAGES.wrongPassword });
    const right = await shared(token, 'Geheim!2026');
    expect(right.statusCode).toBe(200);
    expect(right.json().status).toBe('open');
  });

  it('should stop at the next request once revoked, and say so in Dutch', async () => {
    const survey = await surveyWithResponses(1);
    const { token, link } = (await create(survey, { question_ids: ['q-nps'] })).json<ResultsLinkCreated>();
    expect((await shared(token)).statusCode).toBe(200);
    const revoked = await api(ctx.app, 'POST', `/surveys/${survey.id}/results-links/${link.id}/revoke`, {
      token: first.memberToken,
      headers: first.headers,
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json<ResultsLink>().revoked_at).not.toBeNull();
    const after = await shared(token);
    expect(after.statusCode).toBe(404);
    expect(after.json()).toEqual({ detail: RESULTS_LINK_MESSAGES.revoked });
    const unknown = await shared('Bestaat-niet-maar-lijkt-wel-een-token');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ detail: RESULTS_LINK_MESSAGES.unknown });
  });

  it('should count password guesses and answer a Dutch 429', async () => {
    const survey = await surveyWithResponses(1);
    const { token } = (
      await create(survey, { question_ids: ['q-nps'], password: 'Geheim!2026' })
    ).json<ResultsLinkCreated>();
    const limited = await ctx.buildApp({
      rateLimits: {
        sharedResultsPassword: [
          { scope: 'link', max: 2, windowMs: 60_000, detail: RESULTS_LINK_MESSAGES.tooManyGuesses },
        ],
      },
    });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await limited.inject({
        method: 'POST',
        url: `/api/v1/shared-results/${token}`,
        payload: { password: `Gok-nummer-${attempt}` },
      });
      statuses.push(response.statusCode);
      if (response.statusCode === 429)
        expect(response.json()).toEqual({ detail: RESULTS_LINK_MESSAGES.tooManyGuesses });
    }
    expect(statuses).toEqual([403, 403, 429]);
  });
});

describe("another organisation's links", () => {
  it('should answer 404 on every link route and change nothing', async () => {
    const survey = await surveyWithResponses(1);
    const { link } = (await create(survey, { question_ids: ['q-nps'] })).json<ResultsLinkCreated>();
    const before = await ctx.db.select().from(surveyResultsLinks).orderBy(surveyResultsLinks.id);
    const calls = [
      api(ctx.app, 'GET', `/surveys/${survey.id}/results-links`, {
        token: second.managerToken,
        headers: second.headers,
      }),
      create(survey, { question_ids: ['q-nps'] }, second),
      api(ctx.app, 'POST', `/surveys/${survey.id}/results-links/${link.id}/revoke`, {
        token: second.managerToken,
        headers: second.headers,
      }),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode).toBe(404);
    // A link of another survey of the same organisation is no link of this one.
    const other = await surveyWithResponses(0);
    const elsewhere = await api(ctx.app, 'POST', `/surveys/${other.id}/results-links/${link.id}/revoke`, {
      token: first.memberToken,
      headers: first.headers,
    });
    expect(elsewhere.statusCode).toBe(404);
    expect(elsewhere.json()).toEqual({ detail: RESULTS_LINK_MESSAGES.linkNotFound });
    expect(await ctx.db.select().from(surveyResultsLinks).orderBy(surveyResultsLinks.id)).toEqual(before);
  });
});

import type { Survey } from '@loop/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { organizations, surveys, users } from '../db/schema';
import { call, createSurvey, publicToken, respond, responseSnapshot } from '../testing/responseTesting';
import { type SurveyOrganization, surveyOrganization } from '../testing/surveyTesting';
import { api, createTestContext, createUser, login, type TestContext, uniqueEmail } from '../testing/testApp';
import { findUnsafeText, UNSAFE_TEXT_MESSAGE } from './textBoundary';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext();
});

afterAll(async () => {
  await ctx?.close();
});

/** A JSON body as text, so lone surrogates travel as the escapes a client would send. */
const raw = (value: unknown) => JSON.stringify(value).replace(/\\\\u/g, '\\u');

const NUL = '\\u0000';
const LONE_HIGH = '\\ud800';
const LONE_LOW = '\\udfff';

const rowCounts = async () => ({
  users: (await ctx.db.select({ id: users.id }).from(users)).length,
  organizations: (await ctx.db.select({ id: organizations.id }).from(organizations)).length,
});

describe('findUnsafeText', () => {
  it('should find NUL and lone surrogates in values and names, and pass paired surrogates', () => {
    expect(findUnsafeText({ a: ['ok', { b: 'x\u0000y' }] })).toBe('a.1.b');
    expect(findUnsafeText({ title: 'emoji 😀 blijft' })).toBeNull();
    expect(findUnsafeText({ title: '\ud800' })).toBe('title');
    expect(findUnsafeText({ title: 'a\udfffb' })).toBe('title');
    expect(findUnsafeText({ 'na\u0000am': 'x' })).toBe('na?am');
    expect(findUnsafeText('\u0000')).toBe('');
    expect(findUnsafeText(Buffer.from([0, 0xd8]))).toBeNull();
  });

  it('should walk a body nested 100,000 levels deep without exhausting the stack', () => {
    let deep: unknown = '\u0000';
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    expect(findUnsafeText(deep)).toBe(Array.from({ length: 100_000 }, () => '0').join('.'));
  });
});

describe('text at the boundary (security findings M3 and M4)', () => {
  it.each([
    [
      'register',
      '/auth/register',
      { name: `Naam${NUL}`, email: 'nul@voorbeeld.nl', password: 'Een-goed-wachtwoord' },
      'name',
    ],
    ['login', '/auth/login', { email: `nul${NUL}@voorbeeld.nl`, password: 'x' }, 'email'],
    ['resend-verification', '/auth/resend-verification', { email: `a${LONE_HIGH}@voorbeeld.nl` }, 'email'],
    ['forgot-password', '/auth/forgot-password', { email: `a${LONE_LOW}@voorbeeld.nl` }, 'email'],
  ])(
    'should refuse NUL and lone surrogates on %s with a Dutch 400, storing nothing',
    async (_name, path, body, field) => {
      const before = await rowCounts();
      const response = await ctx.app.inject({
        method: 'POST',
        url: `/api/v1${path}`,
        headers: { 'content-type': 'application/json' },
        payload: raw(body),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        detail: `Het veld "${field}" bevat een ongeldig teken.`,
        fields: { [field]: UNSAFE_TEXT_MESSAGE },
      });
      expect(await rowCounts()).toEqual(before);
    },
  );

  it('should refuse them in an organisation name, a profile and a query string', async () => {
    const user = await createUser(ctx);
    const token = (await login(ctx.app, user)).access_token;
    const before = await rowCounts();
    const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
    const organisation = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/organizations',
      headers,
      payload: raw({ name: `Bakkerij${NUL}` }),
    });
    expect(organisation.statusCode).toBe(400);
    const profile = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/v1/users/me',
      headers,
      payload: raw({ name: `Noor${LONE_HIGH}` }),
    });
    expect(profile.statusCode).toBe(400);
    const query = await ctx.app.inject({ method: 'GET', url: '/api/v1/surveys?q=%00', headers });
    expect(query.statusCode).toBe(400);
    expect(query.json().fields).toEqual({ q: UNSAFE_TEXT_MESSAGE });
    expect(await rowCounts()).toEqual(before);
    const me = await api(ctx.app, 'GET', '/users/me', { token });
    expect(me.json().name).toBe(user.name);
  });

  describe('surveys and answers', () => {
    let org: SurveyOrganization;
    let survey: Survey;

    beforeAll(async () => {
      org = await surveyOrganization(ctx, 'Grens BV');
      survey = await createSurvey(ctx, org);
    });

    it('should refuse a lone surrogate in an open answer through a public link before any response exists', async () => {
      const token = await publicToken(ctx, org, survey.id);
      const before = await responseSnapshot(ctx);
      for (let attempt = 0; attempt < 3; attempt += 1) {
        const response = await ctx.app.inject({
          method: 'POST',
          url: `/api/v1/respond/${token}`,
          headers: { 'content-type': 'application/json' },
          payload: raw({
            final: false,
            respondent_key: `bezoeker-sleutel-${attempt}000`,
            answers: [{ question_id: 'q-long', value: { text: `kapot ${LONE_HIGH} antwoord` } }],
          }),
        });
        expect(response.statusCode).toBe(400);
        expect(response.json().fields).toEqual({ 'answers.0.value.text': UNSAFE_TEXT_MESSAGE });
      }
      expect(await responseSnapshot(ctx)).toEqual(before);
      const fine = await respond(ctx, token, {
        final: false,
        respondent_key: 'bezoeker-sleutel-9000',
        answers: [{ question_id: 'q-long', value: { text: 'Heel 😀 goed' } }],
      });
      expect(fine.statusCode, fine.body).toBe(200);
    });

    it('should refuse a lone surrogate in a question title and leave the survey as it was', async () => {
      const draft = (await call(ctx, org, 'GET', `/surveys/${survey.id}`)).json<Survey>();
      const questions = draft.questions.map((question, index) =>
        index === 0 ? { ...question, title: `Titel ${LONE_HIGH}` } : question,
      );
      const response = await ctx.app.inject({
        method: 'PUT',
        url: `/api/v1/surveys/${survey.id}`,
        headers: {
          authorization: `Bearer ${org.memberToken}`,
          'content-type': 'application/json',
          ...org.headers,
        },
        payload: raw({
          title: draft.title,
          description_html: draft.description_html,
          introduction_html: draft.introduction_html,
          thank_you_text: draft.thank_you_text,
          close_at: draft.close_at,
          questions,
          version: draft.version,
        }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toEqual({ 'questions.0.title': UNSAFE_TEXT_MESSAGE });
      const [stored] = await ctx.db.select().from(surveys).where(eq(surveys.id, survey.id));
      expect(stored?.version).toBe(draft.version);
      expect(stored?.questions[0]?.title).toBe(draft.questions[0]?.title);
    });
  });

  it('should keep a registration with ordinary text working', async () => {
    const response = await api(ctx.app, 'POST', '/auth/register', {
      payload: { name: 'Zoë 😀', email: uniqueEmail('gewoon'), password: 'Een-goed-wachtwoord' },
    });
    expect(response.statusCode).toBe(201);
  });
});

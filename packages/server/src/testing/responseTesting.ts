import type { PersonalLinksCreated, Survey, SurveyInput, SurveyLinks } from '@loop/core';
import type { LightMyRequestResponse } from 'fastify';
import { surveyAnswers, surveyResponses } from '../db/schema';
import { everyTypeQuestions } from './everyTypeQuestions';
import type { SurveyOrganization } from './surveyTesting';
import { api, type TestContext } from './testApp';

export { everyTypeAnswers, everyTypeQuestions } from './everyTypeQuestions';

/** Fails loudly when a set-up call does not answer what it should. */
function expectStatus(response: LightMyRequestResponse, status: number): void {
  if (response.statusCode !== status)
    throw new Error(`expected ${status}, got ${response.statusCode}: ${response.body}`);
}

export const call = (
  ctx: Pick<TestContext, 'app'>,
  org: SurveyOrganization,
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE',
  path: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> =>
  api(ctx.app, method, path, {
    token: org.managerToken,
    headers: org.headers,
    ...(payload === undefined ? {} : { payload }),
  });

/** A survey of the organisation, opened unless `open` is false. */
export async function createSurvey(
  ctx: Pick<TestContext, 'app'>,
  org: SurveyOrganization,
  overrides: Partial<SurveyInput> = {},
  options: { readonly open?: boolean } = {},
): Promise<Survey> {
  const created = await call(ctx, org, 'POST', '/surveys', {
    title: 'Medewerkerspeiling',
    description_html: '<p>Jaarlijkse peiling</p>',
    introduction_html: '<p>Fijn dat je meedoet.</p>',
    thank_you_text: 'Dank je wel!',
    close_at: null,
    questions: everyTypeQuestions(),
    ...overrides,
  });
  expectStatus(created, 201);
  if (options.open === false) return created.json<Survey>();
  const opened = await call(ctx, org, 'POST', `/surveys/${created.json<Survey>().id}/status`, {
    status: 'open',
  });
  expectStatus(opened, 200);
  return opened.json<Survey>();
}

export async function personalLinks(
  ctx: Pick<TestContext, 'app'>,
  org: SurveyOrganization,
  surveyId: number,
  count: number,
): Promise<string[]> {
  const response = await call(ctx, org, 'POST', `/surveys/${surveyId}/personal-links`, { count });
  expectStatus(response, 201);
  return [...response.json<PersonalLinksCreated>().tokens];
}

export async function publicToken(
  ctx: Pick<TestContext, 'app'>,
  org: SurveyOrganization,
  surveyId: number,
): Promise<string> {
  const response = await call(ctx, org, 'GET', `/surveys/${surveyId}/links`);
  expectStatus(response, 200);
  return response.json<SurveyLinks>().public_token;
}

/** POST /respond/:token without login. */
export const respond = (
  ctx: Pick<TestContext, 'app'>,
  token: string,
  payload: unknown,
): Promise<LightMyRequestResponse> => api(ctx.app, 'POST', `/respond/${token}`, { payload });

/** GET /respond/:token without login. */
export const view = (ctx: Pick<TestContext, 'app'>, token: string): Promise<LightMyRequestResponse> =>
  api(ctx.app, 'GET', `/respond/${token}`);

/** Every response (with its seconds per question) and answer row: "nothing stored" in one value. */
export async function responseSnapshot(ctx: Pick<TestContext, 'db'>) {
  return {
    responses: await ctx.db.select().from(surveyResponses).orderBy(surveyResponses.id),
    answers: await ctx.db
      .select()
      .from(surveyAnswers)
      .orderBy(surveyAnswers.responseId, surveyAnswers.questionId, surveyAnswers.itemId),
  };
}

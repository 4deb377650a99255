import type {
  AnswerInput,
  PersonalLinksCreated,
  Question,
  Survey,
  SurveyInput,
  SurveyLinks,
} from '@loop/core';
import type { LightMyRequestResponse } from 'fastify';
import { surveyAnswers, surveyQuestionTimes, surveyResponses } from '../db/schema';
import type { SurveyOrganization } from '../surveys/surveyTesting';
import { api, type TestContext } from '../testing/testApp';

/** One question of every type; the Likert and NPS questions are required. */
export const everyTypeQuestions = (): Question[] => [
  {
    id: 'q-likert',
    type: 'likert',
    title: 'Hoe kijk je naar je werk?',
    required: true,
    position: 0,
    settings: {
      points: 5,
      labels: ['Helemaal oneens', 'Oneens', 'Neutraal', 'Eens', 'Helemaal eens'],
      neutral_middle: true,
      statements: [
        { id: 's-plezier', text: 'Ik heb plezier in mijn werk.' },
        { id: 's-team', text: 'Mijn team helpt me.' },
      ],
    },
  },
  {
    id: 'q-single',
    type: 'single_choice',
    title: 'Waar werk je meestal?',
    required: false,
    position: 1,
    settings: {
      options: [
        { id: 'o-kantoor', label: 'Op kantoor' },
        { id: 'o-thuis', label: 'Thuis' },
      ],
      allow_other: true,
    },
  },
  {
    id: 'q-multi',
    type: 'multiple_choice',
    title: 'Welke middelen gebruik je?',
    required: false,
    position: 2,
    settings: {
      options: [
        { id: 'o-laptop', label: 'Laptop' },
        { id: 'o-telefoon', label: 'Telefoon' },
        { id: 'o-tablet', label: 'Tablet' },
      ],
      allow_other: true,
      max_choices: 3,
    },
  },
  {
    id: 'q-short',
    type: 'open_short',
    title: 'Je afdeling?',
    required: false,
    position: 3,
    settings: { max_length: 100 },
  },
  {
    id: 'q-long',
    type: 'open_long',
    title: 'Wat kan beter?',
    required: false,
    position: 4,
    settings: { max_length: 5000 },
  },
  { id: 'q-nps', type: 'nps', title: 'Zou je ons aanbevelen?', required: true, position: 5, settings: {} },
  {
    id: 'q-rating',
    type: 'rating',
    title: 'Hoe tevreden ben je?',
    required: false,
    position: 6,
    settings: { scale: 5, style: 'stars' },
  },
];

/** A full, valid set of answers to `everyTypeQuestions`. */
export const everyTypeAnswers = (): AnswerInput[] => [
  { question_id: 'q-likert', value: { 's-plezier': 4, 's-team': 5 }, seconds_spent: 12 },
  { question_id: 'q-single', value: { option_id: 'o-thuis' }, seconds_spent: 4 },
  {
    question_id: 'q-multi',
    value: { option_ids: ['o-laptop', 'o-telefoon'], other: 'Whiteboard' },
    seconds_spent: 7,
  },
  { question_id: 'q-short', value: { text: 'Financiën' }, seconds_spent: 9 },
  { question_id: 'q-long', value: { text: 'Meer overleg met andere teams.' }, seconds_spent: 41 },
  { question_id: 'q-nps', value: { score: 9 }, seconds_spent: 3 },
  { question_id: 'q-rating', value: { score: 4 }, seconds_spent: 2 },
];

/** Fails loudly when a set-up call does not answer what it should. */
function expectStatus(response: LightMyRequestResponse, status: number): void {
  if (response.statusCode !== status)
    throw new Error(`expected ${status}, got ${response.statusCode}: ${response.body}`);
}

export const call = (
  ctx: Pick<TestContext, 'app'>,
  org: SurveyOrganization,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
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

/** Every response, answer and timing row: "nothing stored" in one value. */
export async function responseSnapshot(ctx: Pick<TestContext, 'db'>) {
  return {
    responses: await ctx.db.select().from(surveyResponses).orderBy(surveyResponses.id),
    answers: await ctx.db
      .select()
      .from(surveyAnswers)
      .orderBy(surveyAnswers.responseId, surveyAnswers.questionId, surveyAnswers.itemId),
    times: await ctx.db
      .select()
      .from(surveyQuestionTimes)
      .orderBy(surveyQuestionTimes.responseId, surveyQuestionTimes.questionId),
  };
}

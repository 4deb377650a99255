/**
 * Surveys made through the real API as a demo account, for the answering-page browser test and the
 * bundle bench: an open survey with one question of every type, its personal and public links.
 */
import type { PersonalLinksCreated, Survey, SurveyInput, SurveyLinks } from '@loop/core';
import { everyTypeQuestions } from '../packages/server/src/testing/everyTypeQuestions';
import { DEMO, type RunningServer } from './harness';

export interface DemoApi {
  call<T>(method: string, path: string, body?: unknown): Promise<T>;
}

/** Signs in through the API and talks for the account's first organisation. */
export async function demoApi(
  server: RunningServer,
  account: { email: string; password: string } = DEMO.user,
): Promise<DemoApi> {
  const send = async (method: string, path: string, body: unknown, headers: Record<string, string>) => {
    const answer = await fetch(`${server.url}/api/v1${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'content-type': 'application/json' }), ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await answer.text();
    if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${text}`);
    return text ? JSON.parse(text) : undefined;
  };
  const tokens = (await send('POST', '/auth/login', account, {})) as { access_token: string };
  const auth = { authorization: `Bearer ${tokens.access_token}` };
  const [organisation] = (await send('GET', '/organizations', undefined, auth)) as Array<{ id: number }>;
  if (!organisation) throw new Error(`${account.email} has no organisation`);
  const headers = { ...auth, 'x-organization-id': String(organisation.id) };
  return { call: async (method, path, body) => send(method, path, body, headers) };
}

export const everyTypeSurvey = (overrides: Partial<SurveyInput> = {}): SurveyInput => ({
  title: 'Werkbeleving',
  description_html: '',
  introduction_html: '<p>Fijn dat je meedoet. Je antwoorden zijn <strong>anoniem</strong>.</p>',
  thank_you_text: 'Bedankt voor je antwoorden!',
  close_at: null,
  questions: everyTypeQuestions(),
  ...overrides,
});

/** A new survey of the account's organisation, opened for answers. */
export async function openSurvey(api: DemoApi, input: SurveyInput = everyTypeSurvey()): Promise<Survey> {
  const survey = await api.call<Survey>('POST', '/surveys', input);
  await api.call('POST', `/surveys/${survey.id}/status`, { status: 'open' });
  return survey;
}

/** `count` new personal links of a survey (their tokens). */
export async function personalLinks(api: DemoApi, surveyId: number, count = 1): Promise<readonly string[]> {
  const created = await api.call<PersonalLinksCreated>('POST', `/surveys/${surveyId}/personal-links`, {
    count,
  });
  return created.tokens;
}

/** The token of a survey's public link. */
export async function publicToken(api: DemoApi, surveyId: number): Promise<string> {
  return (await api.call<SurveyLinks>('GET', `/surveys/${surveyId}/links`)).public_token;
}

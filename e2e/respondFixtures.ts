/**
 * Surveys made through the real API as a demo account, for the answering-page browser test and the
 * bundle bench: an open survey with every question type, its personal and public links.
 */
import type {
  PersonalLinksCreated,
  Question,
  Survey,
  SurveyInput,
  SurveyLinks,
} from '../packages/core/src/index';
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

const LIKERT_LABELS = ['Helemaal oneens', 'Oneens', 'Neutraal', 'Eens', 'Helemaal eens'];

/** One question of every type, in this order: Likert, single, multiple, short, long, NPS, rating. */
export const EVERY_TYPE: readonly Question[] = [
  {
    id: 'werk',
    type: 'likert',
    title: 'Hoe kijk je naar je werk?',
    required: true,
    position: 0,
    settings: {
      points: 5,
      labels: LIKERT_LABELS,
      neutral_middle: true,
      statements: [
        { id: 'plezier', text: 'Ik heb plezier in mijn werk.' },
        { id: 'team', text: 'Ik werk prettig samen met mijn team.' },
      ],
    },
  },
  {
    id: 'locatie',
    type: 'single_choice',
    title: 'Waar werk je het meest?',
    required: true,
    position: 1,
    settings: {
      options: [
        { id: 'kantoor', label: 'Op kantoor' },
        { id: 'thuis', label: 'Thuis' },
      ],
      allow_other: true,
    },
  },
  {
    id: 'middelen',
    type: 'multiple_choice',
    title: 'Welke middelen gebruik je?',
    required: false,
    position: 2,
    settings: {
      options: [
        { id: 'laptop', label: 'Laptop' },
        { id: 'telefoon', label: 'Telefoon' },
        { id: 'tablet', label: 'Tablet' },
      ],
      allow_other: true,
      max_choices: 3,
    },
  },
  {
    id: 'woord',
    type: 'open_short',
    title: 'Je werk in één woord?',
    required: false,
    position: 3,
    settings: { max_length: 60 },
  },
  {
    id: 'toelichting',
    type: 'open_long',
    title: 'Wat kunnen we verbeteren?',
    required: false,
    position: 4,
    settings: { max_length: 2000 },
  },
  {
    id: 'enps',
    type: 'nps',
    title: 'Hoe waarschijnlijk is het dat je ons als werkgever aanbeveelt?',
    required: true,
    position: 5,
    settings: {},
  },
  {
    id: 'sfeer',
    type: 'rating',
    title: 'Hoe is de sfeer op het werk?',
    required: true,
    position: 6,
    settings: { scale: 5, style: 'stars' },
  },
];

export const everyTypeSurvey = (overrides: Partial<SurveyInput> = {}): SurveyInput => ({
  title: 'Werkbeleving',
  description_html: '',
  introduction_html: '<p>Fijn dat je meedoet. Je antwoorden zijn <strong>anoniem</strong>.</p>',
  thank_you_text: 'Bedankt voor je antwoorden!',
  close_at: null,
  questions: EVERY_TYPE,
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

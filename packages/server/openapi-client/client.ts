/**
 * A minimal Loop API client typed only by what openapi-typescript generates from the served OpenAPI
 * document (`./api`, written next to this file by `src/http/openapiClient.test.ts`). That test
 * type-checks this file against freshly generated types and then runs it against the server, so an
 * operation id, field or status that the document gets wrong breaks the test, not a customer's
 * generated client. No tsconfig of the repository compiles this folder.
 */
import type { operations } from './api';

type JsonBody<Operation> = Operation extends {
  requestBody: { content: { 'application/json': infer Body } };
}
  ? Body
  : never;

type JsonAnswer<Operation, Status extends number> = Operation extends {
  responses: { [S in Status]: { content: { 'application/json': infer Answer } } };
}
  ? Answer
  : never;

type Query<Operation> = Operation extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;

async function call<Answer>(url: string, init: RequestInit): Promise<Answer> {
  const response = await fetch(url, init);
  if (!response.ok) throw new Error(`${init.method ?? 'GET'} ${url}: ${response.status}`);
  return (await response.json()) as Answer;
}

export interface ClientRun {
  readonly userName: string;
  readonly organisationName: string;
  readonly surveyTitles: readonly string[];
  readonly total: number;
}

/** Logs in, reads the current user and lists the surveys of their first organisation. */
export async function run(baseUrl: string, email: string, password: string): Promise<ClientRun> {
  const credentials: JsonBody<operations['login']> = { email, password };
  const tokens = await call<JsonAnswer<operations['login'], 200>>(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(credentials),
  });
  const authorization = `Bearer ${tokens.access_token}`;

  const me = await call<JsonAnswer<operations['getCurrentUser'], 200>>(`${baseUrl}/api/v1/users/me`, {
    headers: { authorization },
  });
  const organisation = me.organizations[0];
  if (organisation === undefined) throw new Error('The user has no organisation');

  const query: Query<operations['listSurveys']> = { page: 1, page_size: 10, status: 'open' };
  const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]));
  const surveys = await call<JsonAnswer<operations['listSurveys'], 200>>(
    `${baseUrl}/api/v1/surveys?${search}`,
    { headers: { authorization, 'x-organization-id': String(organisation.id) } },
  );
  return {
    userName: me.name,
    organisationName: organisation.name,
    surveyTitles: surveys.items.map((survey) => survey.title),
    total: surveys.total,
  };
}

export interface KeyRun {
  readonly surveyId: number;
  readonly questionIds: readonly string[];
  readonly exportHeader: string;
  readonly refusedStatus: number;
  readonly refusedDetail: string;
}

/**
 * With an API key (the `apiKey` scheme, scope `surveys:read`): reads a survey's results and its
 * CSV export without naming the organisation, and is refused a write the key has no scope for.
 */
export async function runWithKey(baseUrl: string, key: string, surveyId: number): Promise<KeyRun> {
  const authorization = `Bearer ${key}`;
  const results = await call<JsonAnswer<operations['getSurveyResults'], 200>>(
    `${baseUrl}/api/v1/surveys/${surveyId}/results`,
    { headers: { authorization } },
  );
  const exportQuery: Query<operations['exportSurveyResponses']> = { format: 'csv' };
  const exported = await fetch(`${baseUrl}/api/v1/surveys/${surveyId}/export?format=${exportQuery.format}`, {
    headers: { authorization },
  });
  if (!exported.ok) throw new Error(`export: ${exported.status}`);
  const exportHeader = (await exported.text()).replace(/^\uFEFF/, '').split(/\r?\n/)[0] ?? '';

  const answer: JsonBody<operations['submitResponse']> = {
    answers: [{ question_id: results.questions[0]?.question_id ?? '', value: { score: 9 } }],
  };
  const refused = await fetch(`${baseUrl}/api/v1/surveys/${surveyId}/responses`, {
    method: 'POST',
    headers: { authorization, 'content-type': 'application/json' },
    body: JSON.stringify(answer),
  });
  const problem = (await refused.json()) as JsonAnswer<operations['submitResponse'], 403>;
  return {
    surveyId: results.survey_id,
    questionIds: results.questions.map((question) => question.question_id),
    exportHeader,
    refusedStatus: refused.status,
    refusedDetail: problem.detail,
  };
}

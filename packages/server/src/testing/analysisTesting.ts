import type { AnswerInput, BusinessAnalysisResponse, Survey } from '@loop/core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { everyTypeAnswers, everyTypeQuestions } from './everyTypeQuestions';
import { sampleRecord } from './finance';
import { createKpi, teamCall } from './kpiTesting';
import { createTeam, type TestTeam } from './teams';
import { api, type TestContext } from './testApp';

/** What a respondent typed and what an organisation entered about people: none of it may reach an analyst. */
export const PERSONAL = {
  openAnswer: 'Mijn leidinggevende Henriëtte Kwakernaak luistert nooit',
  otherText: 'Vergaderkamer Zuidvleugel',
  email: 'henriette.kwakernaak@geheim-bedrijf.nl',
  counterparty: 'Kwakernaak Adviesbureau',
} as const;

let visitor = 0;

/** Submits a response through the survey's public link, as a new visitor. */
export async function answerSurvey(
  app: FastifyInstance,
  team: TestTeam,
  survey: Survey,
  values: AnswerInput[],
): Promise<void> {
  const links = await api(app, 'GET', `/surveys/${survey.id}/links`, {
    token: team.owner.token,
    headers: team.headers,
  });
  visitor += 1;
  const response = await api(app, 'POST', `/respond/${links.json<{ public_token: string }>().public_token}`, {
    payload: {
      final: true,
      respondent_key: `analyse-bezoeker-${String(visitor).padStart(8, '0')}`,
      answers: values,
    },
  });
  if (response.statusCode !== 200) throw new Error(`not answered: ${response.body}`);
}

/** Answers with this NPS and these Likert points, and the personal texts in the open questions. */
export const answersWith = (nps: number, plezier: number, team: number): AnswerInput[] =>
  everyTypeAnswers().map((answer) => {
    if (answer.question_id === 'q-nps') return { ...answer, value: { score: nps } };
    if (answer.question_id === 'q-likert')
      return { ...answer, value: { 's-plezier': plezier, 's-team': team } };
    if (answer.question_id === 'q-long')
      return { ...answer, value: { text: `${PERSONAL.openAnswer} (${PERSONAL.email})` } };
    if (answer.question_id === 'q-multi')
      return { ...answer, value: { option_ids: ['o-laptop'], other: PERSONAL.otherText } };
    return answer;
  });

/**
 * A proloop team with something to analyse: a KPI off track and going down, a survey with five
 * responses (personal texts in the open answers), and a finance record of a named counterparty.
 */
export async function analysedTeam(ctx: Pick<TestContext, 'app' | 'db' | 'clock'>, name: string) {
  const team = await createTeam(ctx, name);
  const kpi = await createKpi(ctx, team, { name: 'Omzet per maand', target: 1_000_000, warning: 800_000 });
  for (const [period, value] of [
    ['2026-01', 900_000],
    ['2026-02', 700_000],
  ] as const) {
    const entered = await teamCall(ctx, team, 'PUT', `/kpis/${kpi.id}/values/${period}`, { value, note: '' });
    if (entered.statusCode !== 200) throw new Error(`value not entered: ${entered.body}`);
  }
  const created = await teamCall(ctx, team, 'POST', '/surveys', {
    title: `Tevredenheid ${name}`,
    description_html: '',
    introduction_html: '',
    thank_you_text: '',
    close_at: null,
    questions: everyTypeQuestions(),
  });
  if (created.statusCode !== 201) throw new Error(`survey not created: ${created.body}`);
  const survey = created.json<Survey>();
  await teamCall(ctx, team, 'POST', `/surveys/${survey.id}/status`, { status: 'open' });
  for (const nps of [10, 9, 9, 3, 8]) await answerSurvey(ctx.app, team, survey, answersWith(nps, 4, 2));
  const record = await teamCall(
    ctx,
    team,
    'POST',
    '/finance/records',
    sampleRecord({ counterparty: PERSONAL.counterparty, description: `Factuur aan ${PERSONAL.email}` }),
  );
  if (record.statusCode !== 201) throw new Error(`record not stored: ${record.body}`);
  return { team, kpi, survey };
}

/** POST /organization/business-analysis as a member of the team (the owner unless told). */
export const makeAnalysis = (
  app: FastifyInstance,
  team: TestTeam,
  token = team.owner.token,
): Promise<LightMyRequestResponse> =>
  api(app, 'POST', '/organization/business-analysis', { token, headers: team.headers });

export const analysisOf = (response: LightMyRequestResponse): BusinessAnalysisResponse =>
  response.json<BusinessAnalysisResponse>();

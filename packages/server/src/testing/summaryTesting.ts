import type { OpenAnswerSummary, Survey } from '@loop/core';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { resultQuestions, storeResponse } from './resultsTesting';
import { sampleInput } from './surveyTesting';
import { createTeam, type TestTeam } from './teams';
import { api, type TestContext } from './testApp';

/**
 * Answers to the open question 'Wat kan beter?' (id `lang`) as employees write them, with an e-mail
 * address and a phone number typed in: recurring themes (werkdruk, laptops, vergaderingen) in
 * different words, and answers that share nothing. Made up for these tests.
 */
export const OPEN_ANSWERS = [
  'De werkdruk is te hoog, zeker aan het eind van het kwartaal.',
  'Minder vergaderingen graag. Veel overleg kan in een bericht.',
  'Mijn laptop is traag en videobellen loopt vast.',
  'Werkdruk! Bel me gerust: 06-12345678 of mail piet.de.vries@voorbeeld.nl',
  'Betere laptops voor iedereen.',
  'Te veel vergaderingen op maandag.',
  'Een trage laptop kost me elke dag tijd.',
  'De werkdruk in ons team is structureel te hoog.',
  'De kantine mag gezonder.',
] as const;

/** What a respondent typed that no summary, prompt answer or log may show. */
export const PERSONAL_IN_ANSWERS = ['06-12345678', 'piet.de.vries@voorbeeld.nl'] as const;

/** The first answer's day; each next answer is a day later. */
export const FIRST_ANSWER_DAY = '2026-02-01';

/**
 * A team (on `plan`) with a survey of every question type whose open question `lang` has the
 * answers above, one a day from 1 February 2026, and whose short open question `kort` has two.
 */
export async function summaryTeam(
  ctx: Pick<TestContext, 'app' | 'db' | 'clock'>,
  name: string,
  plan = 'proloop',
): Promise<{ team: TestTeam; survey: Survey }> {
  const team = await createTeam(ctx, name, plan);
  const created = await api(ctx.app, 'POST', '/surveys', {
    token: team.owner.token,
    headers: team.headers,
    payload: sampleInput({ title: `Verbeterpunten ${name}`, questions: resultQuestions() }),
  });
  if (created.statusCode !== 201) throw new Error(`survey not created: ${created.body}`);
  const survey = created.json<Survey>();
  for (const [index, text] of OPEN_ANSWERS.entries()) {
    await storeResponse(ctx.db, survey, {
      submittedAt: new Date(Date.parse(`${FIRST_ANSWER_DAY}T10:00:00Z`) + index * 86_400_000),
      answers: { lang: { text }, nps: { score: 8 }, ...(index < 2 ? { kort: { text: 'Druk' } } : {}) },
    });
  }
  return { team, survey };
}

/** POST …/summary as a member of the team (the owner unless told), with an optional query. */
export const summarise = (
  app: FastifyInstance,
  team: TestTeam,
  survey: Pick<Survey, 'id'>,
  questionId = 'lang',
  options: { readonly token?: string; readonly query?: string } = {},
): Promise<LightMyRequestResponse> =>
  api(app, 'POST', `/surveys/${survey.id}/questions/${questionId}/summary${options.query ?? ''}`, {
    token: options.token ?? team.owner.token,
    headers: team.headers,
  });

export const summaryOf = (response: LightMyRequestResponse): OpenAnswerSummary =>
  response.json<OpenAnswerSummary>();

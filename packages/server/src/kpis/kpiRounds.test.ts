import type { AnswerInput, KpiBoard, Survey } from '@loop/core';
import { analysisPrompt } from '@loop/core/analysis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gatherRoundChanges } from '../analysis/analysisRounds';
import type { AppConfig } from '../config';
import {
  addContact,
  type Caller,
  callAs,
  deliverDueMail,
  freshCaller,
  invitationContext,
  linkTokenOf,
} from '../testing/invitationTesting';
import { createKpi } from '../testing/kpiTesting';
import { everyTypeAnswers, everyTypeQuestions } from '../testing/responseTesting';
import { roundPass, scheduleRounds, WEEK } from '../testing/roundTesting';
import type { TestTeam } from '../testing/teams';
import { api, type TestContext, uniqueEmail } from '../testing/testApp';

let ctx: TestContext, team: TestTeam, owner: Caller, config: AppConfig;
beforeAll(async () => {
  ({ ctx, team, owner, config } = await invitationContext('Rondecijfers BV'));
});
afterAll(() => ctx?.close());

const withNps = (score: number): AnswerInput[] =>
  everyTypeAnswers().map((answer) =>
    answer.question_id === 'q-nps' ? { ...answer, value: { score } } : answer,
  );

/** Answers the invitation of `round` (1 = the first mail to `email`) with an NPS score. */
async function answer(email: string, round: number, score: number) {
  const mail = ctx.mailer.to(email, 'survey-invitation')[round - 1];
  const response = await api(ctx.app, 'POST', `/respond/${linkTokenOf(mail?.text ?? '')}`, {
    payload: { final: true, answers: withNps(score) },
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('survey KPIs and the analysis of a survey in rounds (R-ROUND-6, R-ROUND-8)', () => {
  it("should take the latest round's responses, not a late answer to an older round, and name the change", async () => {
    const created = await callAs(ctx, owner, 'POST', '/surveys', {
      title: 'Pulspeiling',
      description_html: '',
      introduction_html: '',
      thank_you_text: '',
      close_at: null,
      questions: everyTypeQuestions(),
    });
    expect(created.statusCode, created.body).toBe(201);
    const survey = created.json<Survey>();
    expect(
      (await callAs(ctx, owner, 'POST', `/surveys/${survey.id}/status`, { status: 'open' })).statusCode,
    ).toBe(200);
    const anna = await addContact(ctx, owner, { name: 'Anna', email: uniqueEmail('anna') });
    const bas = await addContact(ctx, owner, { name: 'Bas', email: uniqueEmail('bas') });
    await createKpi(ctx, team, {
      name: 'NPS puls',
      unit: 'number',
      target: 30,
      warning: 0,
      source: {
        type: 'survey',
        metric: 'nps',
        survey_id: survey.id,
        question_id: 'q-nps',
        statement_id: null,
      },
    });
    await scheduleRounds(ctx, owner, survey.id, {
      interval_unit: 'week',
      interval_count: 1,
      segment_id: null,
      start_at: new Date(ctx.clock.now().getTime() + 60_000).toISOString(),
    });
    ctx.clock.advance(2 * 60_000);
    await roundPass(ctx.db, ctx.clock, config);
    await deliverDueMail(ctx);
    await answer(anna.email, 1, 10);
    ctx.clock.advance(WEEK);
    await roundPass(ctx.db, ctx.clock, config);
    await deliverDueMail(ctx);
    await answer(anna.email, 2, 10);
    await answer(bas.email, 2, 9);
    // Bas answers round 1 late, with a 0: by the counts of the period it would pull the NPS down.
    await answer(bas.email, 1, 0);

    owner = await freshCaller(ctx, team);
    const board = await callAs(ctx, owner, 'GET', '/kpis/board?periods=3');
    expect(board.statusCode, board.body).toBe(200);
    const card = board.json<KpiBoard>().cards.find((each) => each.kpi.name === 'NPS puls');
    // Round 2: two promoters of two.
    expect(card?.current?.value).toBe(100);

    // The business analysis names the change: round 1 (a promoter and a detractor, 0) to round 2 (100).
    const changes = await gatherRoundChanges(ctx.db, team.organization.id, ctx.clock.now());
    expect(changes).toHaveLength(1);
    expect(changes[0]?.changes).toContain(
      "NPS van 'Zou je ons aanbevelen?': 100 in ronde 2, +100 ten opzichte van ronde 1.",
    );
    // The LLM analyst's prompt carries the same change as figures (R-ROUND-10).
    const prompt = analysisPrompt({
      organization: 'Rondecijfers BV',
      today: '2026-03-02',
      kpis: [],
      surveys: [],
      finance: null,
      rounds: changes,
    });
    const facts = JSON.parse(prompt.user.split('\n')[1] ?? '{}');
    expect(facts.pulsrondes).toHaveLength(1);
    expect(facts.pulsrondes[0].titel).toBe('Pulspeiling');
    expect(facts.pulsrondes[0].grootste_veranderingen).toContainEqual({
      vraag: 'Zou je ons aanbevelen?',
      maat: 'NPS',
      ronde: 2,
      waarde: 100,
      antwoorden: 2,
      vorige_ronde: 1,
      waarde_vorige_ronde: 0,
      antwoorden_vorige_ronde: 2,
      verandering: 100,
    });
  });
});

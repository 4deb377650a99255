import type { RoundComparison, SurveyRounds } from '@loop/core';
import { ROUND_MESSAGES, ROUND_NOTES } from '@loop/core/invitations';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../config';
import {
  addContact,
  alignClockWithNow,
  as,
  type Caller,
  callAs,
  deliverDueMail,
  freshCaller,
  invitationContext,
  linkTokenOf,
  openSurvey,
} from '../testing/invitationTesting';
import {
  DAY,
  invitationsPerContact,
  roundPass,
  roundsOf,
  scheduleRounds,
  WEEK,
} from '../testing/roundTesting';
import { createTeam, type TestTeam } from '../testing/teams';
import { api, type TestContext, uniqueEmail } from '../testing/testApp';

let ctx: TestContext, team: TestTeam, owner: Caller, config: AppConfig;
beforeAll(async () => {
  ({ ctx, team, owner, config } = await invitationContext('Pulse BV'));
});
afterAll(() => ctx?.close());

const pass = () => roundPass(ctx.db, ctx.clock, config);

/** Moves the fake clock on, with a fresh token for the owner (the old one expired meanwhile). */
async function advance(milliseconds: number) {
  ctx.clock.advance(milliseconds);
  owner = await freshCaller(ctx, team);
}
const inAMinute = () => new Date(ctx.clock.now().getTime() + 60_000).toISOString();

/** An open survey and `names` contacts with a tag of their own, so a segment can pick them. */
async function surveyWithContacts(names: readonly string[], tag: string) {
  alignClockWithNow(ctx);
  owner = await freshCaller(ctx, team);
  const survey = await openSurvey(ctx, owner, `Pulse ${tag}`);
  const people = [];
  for (const name of names)
    people.push(await addContact(ctx, owner, { name, email: uniqueEmail('puls'), tags: [tag] }));
  const segment = await callAs(ctx, owner, 'POST', '/contacts/segments', {
    name: `Segment ${tag}`,
    filter: { tags: [tag] },
  });
  expect(segment.statusCode, segment.body).toBe(201);
  return { survey, people, segmentId: segment.json<{ id: number }>().id };
}

const stateOf = (rounds: SurveyRounds, number: number) =>
  rounds.rounds.find((round) => round.number === number);

describe('pulse rounds (R-ROUND-1, R-ROUND-3, R-ROUND-5)', () => {
  it('should send each round once to the segment, as its own wave, and plan the next on the rhythm', async () => {
    const { survey, people, segmentId } = await surveyWithContacts(['Anouk', 'Bram', 'Cees'], 'golf-a');
    const other = await addContact(ctx, owner, { name: 'Buiten', email: uniqueEmail('buiten') });
    const start = inAMinute();
    const set = await scheduleRounds(ctx, owner, survey.id, {
      interval_unit: 'week',
      interval_count: 1,
      segment_id: segmentId,
      start_at: start,
    });
    expect(set.schedule).toMatchObject({ state: 'active', interval_unit: 'week', segment_id: segmentId });
    expect(set.rounds).toMatchObject([{ number: 1, state: 'scheduled', due_at: start, invited: 0 }]);

    await pass();
    expect(stateOf(await roundsOf(ctx, owner, survey.id), 1)?.state).toBe('scheduled');
    await advance(2 * 60_000);
    await pass();
    await pass();
    const after = await roundsOf(ctx, owner, survey.id);
    expect(stateOf(after, 1)).toMatchObject({ state: 'sent', invited: 3, skipped: 0 });
    expect(stateOf(after, 2)).toMatchObject({
      state: 'scheduled',
      due_at: new Date(new Date(start).getTime() + WEEK).toISOString(),
    });
    const perContact = await invitationsPerContact(ctx.db, survey.id);
    expect(perContact.map((row) => [row.contact_id, row.round_number, row.invitations, row.mails])).toEqual(
      people.map((person) => [person.id, 1, 1, 1]),
    );
    await deliverDueMail(ctx);
    for (const person of people) expect(ctx.mailer.to(person.email, 'survey-invitation')).toHaveLength(1);
    expect(ctx.mailer.to(other.email)).toHaveLength(0);

    // A week on: round 2 is a wave of its own, with new invitations and links.
    await advance(WEEK);
    await pass();
    await deliverDueMail(ctx);
    for (const person of people) expect(ctx.mailer.to(person.email, 'survey-invitation')).toHaveLength(2);
    const two = await invitationsPerContact(ctx.db, survey.id);
    expect(two.filter((row) => row.round_number === 2).map((row) => row.invitations)).toEqual([1, 1, 1]);
    expect(stateOf(await roundsOf(ctx, owner, survey.id), 3)?.state).toBe('scheduled');
  });

  it('should count each response in its own round and compare the rounds (R-ROUND-5, R-ROUND-6)', async () => {
    const { survey, people, segmentId } = await surveyWithContacts(['Ilse', 'Joost'], 'golf-f');
    await scheduleRounds(ctx, owner, survey.id, {
      interval_unit: 'week',
      interval_count: 1,
      segment_id: segmentId,
      start_at: inAMinute(),
    });
    const answerLatest = async (email: string) => {
      const mails = ctx.mailer.to(email, 'survey-invitation');
      const token = linkTokenOf(mails.at(-1)?.text ?? '');
      const submitted = await api(ctx.app, 'POST', `/respond/${token}`, {
        payload: { final: true, answers: [{ question_id: 'q-open', value: { text: 'Prima' } }] },
      });
      expect(submitted.statusCode, submitted.body).toBe(200);
    };
    await advance(2 * 60_000);
    await pass();
    await deliverDueMail(ctx);
    await answerLatest(people[0]?.email ?? '');
    await answerLatest(people[1]?.email ?? '');
    await advance(WEEK);
    await pass();
    await deliverDueMail(ctx);
    await answerLatest(people[0]?.email ?? '');

    const rounds = await roundsOf(ctx, owner, survey.id);
    expect(rounds.rounds.map((round) => [round.number, round.state, round.invited, round.completed])).toEqual(
      [
        [3, 'scheduled', 0, 0],
        [2, 'sent', 2, 1],
        [1, 'sent', 2, 2],
      ],
    );
    const compared = await callAs(ctx, owner, 'GET', `/surveys/${survey.id}/rounds/comparison`);
    expect(compared.statusCode, compared.body).toBe(200);
    const comparison = compared.json<RoundComparison>();
    expect(comparison.rounds.map((round) => [round.number, round.completed])).toEqual([
      [1, 2],
      [2, 1],
    ]);
    // Counted per round, never quoted: the open answers stay on the results screen.
    expect(comparison.rounds[0]?.questions).toEqual([
      { question_id: 'q-open', type: 'open_long', answered: 2, seen_count: 2, latest: [] },
    ]);
  });

  it('should keep the contact rule across rounds (R-ROUND-4)', async () => {
    const { survey, people, segmentId } = await surveyWithContacts(['Dirk', 'Eva'], 'golf-b');
    const rule = await callAs(ctx, owner, 'PATCH', '/organization/contact-rules', { min_days_between: 10 });
    expect(rule.statusCode, rule.body).toBe(200);
    try {
      await scheduleRounds(ctx, owner, survey.id, {
        interval_unit: 'week',
        interval_count: 1,
        segment_id: segmentId,
        start_at: inAMinute(),
      });
      await advance(2 * 60_000);
      await pass();
      await advance(WEEK);
      await pass();
      await advance(WEEK);
      await pass();
      const rounds = await roundsOf(ctx, owner, survey.id);
      expect(stateOf(rounds, 1)).toMatchObject({ state: 'sent', invited: 2, skipped: 0 });
      // Seven days after round 1 the rule (one mail per 10 days) leaves both out; fourteen days after, not.
      expect(stateOf(rounds, 2)).toMatchObject({ state: 'sent', invited: 0, skipped: 2 });
      expect(stateOf(rounds, 3)).toMatchObject({ state: 'sent', invited: 2, skipped: 0 });
      const perContact = await invitationsPerContact(ctx.db, survey.id);
      expect(perContact.map((row) => row.round_number)).toEqual([1, 1, 3, 3]);
      expect(new Set(perContact.map((row) => row.contact_id))).toEqual(
        new Set(people.map((person) => person.id)),
      );
    } finally {
      await callAs(ctx, owner, 'PATCH', '/organization/contact-rules', { min_days_between: null });
    }
  });

  it('should pause, resume, skip and end (R-ROUND-7)', async () => {
    const { survey, segmentId } = await surveyWithContacts(['Fleur'], 'golf-c');
    const start = inAMinute();
    await scheduleRounds(ctx, owner, survey.id, {
      interval_unit: 'month',
      interval_count: 1,
      segment_id: segmentId,
      start_at: start,
    });
    const act = (action: string) => callAs(ctx, owner, 'POST', `/surveys/${survey.id}/rounds/${action}`);

    const paused = await act('pause');
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json<SurveyRounds>().schedule?.state).toBe('paused');
    expect((await act('pause')).json()).toMatchObject({ detail: ROUND_MESSAGES.notActive });
    await advance(2 * DAY);
    await pass();
    expect(stateOf(await roundsOf(ctx, owner, survey.id), 1)?.state).toBe('scheduled');

    // Resumed after its date: round 1 moves to the next date of the rhythm instead of going at once.
    const resumed = (await act('resume')).json<SurveyRounds>();
    expect(resumed.schedule?.state).toBe('active');
    const moved = stateOf(resumed, 1);
    expect(new Date(moved?.due_at ?? 0).getTime()).toBeGreaterThan(ctx.clock.now().getTime());
    await pass();
    expect(stateOf(await roundsOf(ctx, owner, survey.id), 1)?.state).toBe('scheduled');

    const skipped = (await act('skip')).json<SurveyRounds>();
    expect(stateOf(skipped, 1)).toMatchObject({ state: 'skipped', note: ROUND_NOTES.skipped });
    expect(new Date(stateOf(skipped, 2)?.due_at ?? 0).getTime()).toBeGreaterThan(
      new Date(moved?.due_at ?? 0).getTime(),
    );

    const ended = (await act('end')).json<SurveyRounds>();
    expect(ended.schedule?.state).toBe('ended');
    expect(stateOf(ended, 2)).toMatchObject({ state: 'cancelled', note: ROUND_NOTES.cancelled });
    for (const action of ['pause', 'resume', 'skip', 'end']) {
      const refused = await act(action);
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({ detail: ROUND_MESSAGES.ended });
    }
    await advance(100 * DAY);
    await pass();
    expect((await roundsOf(ctx, owner, survey.id)).rounds.map((round) => round.state)).toEqual([
      'cancelled',
      'skipped',
    ]);
    expect(await invitationsPerContact(ctx.db, survey.id)).toEqual([]);
  });

  it('should refuse bad input in Dutch and change nothing', async () => {
    const { survey } = await surveyWithContacts(['Gijs'], 'golf-d');
    const put = (body: Record<string, unknown>) =>
      callAs(ctx, owner, 'PUT', `/surveys/${survey.id}/rounds`, body);
    const good = { interval_unit: 'week', interval_count: 2, segment_id: null, start_at: inAMinute() };
    const past = await put({ ...good, start_at: new Date(ctx.clock.now().getTime() - DAY).toISOString() });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ detail: ROUND_MESSAGES.startPast });
    const count = await put({ ...good, interval_count: 13 });
    expect(count.statusCode).toBe(400);
    expect(count.json()).toMatchObject({ detail: ROUND_MESSAGES.intervalCount });
    const noSegment = await put({ ...good, segment_id: 999_999 });
    expect(noSegment.statusCode).toBe(404);
    expect(noSegment.json()).toMatchObject({ detail: ROUND_MESSAGES.segment });
    const none = await callAs(ctx, owner, 'POST', `/surveys/${survey.id}/rounds/skip`);
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ detail: ROUND_MESSAGES.noSchedule });
    const draft = await openSurvey(ctx, owner, 'Concept', false);
    const notOpen = await callAs(ctx, owner, 'PUT', `/surveys/${draft.id}/rounds`, good);
    expect(notOpen.statusCode).toBe(409);
    expect(notOpen.json()).toMatchObject({ detail: ROUND_MESSAGES.notOpen });
    expect(await roundsOf(ctx, owner, survey.id)).toEqual({ schedule: null, rounds: [] });
  });

  it("should answer 404 for another organisation's survey and segment", async () => {
    const { survey, segmentId } = await surveyWithContacts(['Hanna'], 'golf-e');
    await scheduleRounds(ctx, owner, survey.id, {
      interval_unit: 'week',
      interval_count: 1,
      segment_id: null,
      start_at: inAMinute(),
    });
    const stranger = as(await createTeam(ctx, 'Andere BV'));
    const strangerSurvey = await openSurvey(ctx, stranger, 'Eigen');
    for (const [method, path] of [
      ['GET', `/surveys/${survey.id}/rounds`],
      ['PUT', `/surveys/${survey.id}/rounds`],
      ['POST', `/surveys/${survey.id}/rounds/pause`],
      ['GET', `/surveys/${survey.id}/rounds/comparison`],
    ] as const) {
      const response = await callAs(ctx, stranger, method, path, {
        interval_unit: 'week',
        interval_count: 1,
        segment_id: null,
        start_at: inAMinute(),
      });
      expect(response.statusCode, `${method} ${path}`).toBe(404);
    }
    const foreignSegment = await callAs(ctx, stranger, 'PUT', `/surveys/${strangerSurvey.id}/rounds`, {
      interval_unit: 'week',
      interval_count: 1,
      segment_id: segmentId,
      start_at: inAMinute(),
    });
    expect(foreignSegment.statusCode).toBe(404);
    expect((await roundsOf(ctx, owner, survey.id)).schedule?.state).toBe('active');
  });
});

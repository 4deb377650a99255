import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../config';
import type { DatabaseHandle } from '../db/database';
import { openPostgres } from '../db/openDatabase';
import {
  addContact,
  alignClockWithNow,
  type Caller,
  freshCaller,
  invitationContext,
  openSurvey,
} from '../testing/invitationTesting';
import { invitationsPerContact, roundPass, roundsOf, scheduleRounds, WEEK } from '../testing/roundTesting';
import type { TestTeam } from '../testing/teams';
import { type TestContext, uniqueEmail } from '../testing/testApp';
import { testDatabaseKind } from '../testing/testDatabase';

/**
 * R-ROUND-3: a round goes exactly once, whether its time passes while the server is down or
 * several servers (each with its own connections) run the scheduler on one database.
 */

let ctx: TestContext, team: TestTeam, owner: Caller, config: AppConfig;
beforeAll(async () => {
  ({ ctx, team, owner, config } = await invitationContext('Eenmaal BV'));
});
afterAll(() => ctx?.close());

async function surveyWithContacts(count: number, title: string) {
  alignClockWithNow(ctx);
  owner = await freshCaller(ctx, team);
  const survey = await openSurvey(ctx, owner, title);
  const people = [];
  for (let i = 0; i < count; i++)
    people.push(await addContact(ctx, owner, { name: `${title} ${i}`, email: uniqueEmail('eenmaal') }));
  return { survey, people };
}

const weekly = (start: Date) => ({
  interval_unit: 'week',
  interval_count: 1,
  segment_id: null,
  start_at: start.toISOString(),
});

/** Polls until `check` holds (the app's job runs right after start), or fails after a few seconds. */
async function eventually(check: () => Promise<boolean>, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('did not happen in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('pulse rounds go once (R-ROUND-3)', () => {
  it('should send a round whose time passed while the server was down once after the restart, not twice', async () => {
    // Every contact of the organisation: the schedule has no segment. Those of other tests are
    // made later, so the counts below are exact.
    const { survey, people } = await surveyWithContacts(4, 'Herstart');
    const first = await ctx.buildApp({});
    const start = new Date(ctx.clock.now().getTime() + 60_000);
    await scheduleRounds({ app: first }, owner, survey.id, weekly(start));
    await first.close();

    // Down past round 1 and the date of what would have been round 2.
    ctx.clock.advance(WEEK + 2 * 60_000);
    owner = await freshCaller(ctx, team);
    const second = await ctx.buildApp({});
    await eventually(async () => (await roundsOf({ app: second }, owner, survey.id)).rounds.length === 2);
    await second.close();
    // And again: a second restart (and a pass by hand on top) sends nothing more.
    const third = await ctx.buildApp({});
    await roundPass(ctx.db, ctx.clock, config);
    const rounds = await roundsOf({ app: third }, owner, survey.id);
    expect(rounds.rounds.map((round) => [round.number, round.state, round.invited])).toEqual([
      [2, 'scheduled', 0],
      [1, 'sent', 4],
    ]);
    // Not caught up: round 2 is the next date of the rhythm after now.
    expect(rounds.rounds[0]?.due_at).toBe(new Date(start.getTime() + 2 * WEEK).toISOString());
    const perContact = await invitationsPerContact(ctx.db, survey.id);
    expect(perContact).toEqual(
      people.map((person) => ({ contact_id: person.id, round_number: 1, invitations: 1, mails: 1 })),
    );
    await third.close();
  });

  it('should send each round once with two schedulers on their own connections at the same time', async () => {
    const SURVEYS = 6;
    const { people } = await surveyWithContacts(30, 'Tweeling');
    const surveys = [];
    const start = new Date(ctx.clock.now().getTime() + 60_000);
    for (let i = 0; i < SURVEYS; i++) {
      const survey = await openSurvey(ctx, owner, `Tweeling ${i}`);
      await scheduleRounds(ctx, owner, survey.id, weekly(start));
      surveys.push(survey);
    }
    ctx.clock.advance(2 * 60_000);
    // On PostgreSQL the second scheduler has its own pool, as a second server would; PGlite has one connection.
    const other: DatabaseHandle | null =
      testDatabaseKind() === 'postgres'
        ? openPostgres((ctx.database as DatabaseHandle & { readonly url: string }).url, { max: 5 })
        : null;
    try {
      const handled = await Promise.all([
        roundPass(ctx.db, ctx.clock, config),
        roundPass(other?.db ?? ctx.db, ctx.clock, config),
        roundPass(ctx.db, ctx.clock, config),
        roundPass(other?.db ?? ctx.db, ctx.clock, config),
      ]);
      // Each due round is handled by one pass only (the app's own job may have taken some meanwhile).
      expect(handled.reduce((sum, each) => sum + each, 0)).toBeLessThanOrEqual(SURVEYS);
    } finally {
      await other?.close();
    }
    owner = await freshCaller(ctx, team);
    for (const survey of surveys) {
      const rounds = await roundsOf(ctx, owner, survey.id);
      expect(rounds.rounds.map((round) => [round.number, round.state])).toEqual([
        [2, 'scheduled'],
        [1, 'sent'],
      ]);
      const perContact = await invitationsPerContact(ctx.db, survey.id);
      expect(perContact.every((row) => row.invitations === 1 && row.mails === 1)).toBe(true);
      expect(perContact.length).toBeGreaterThanOrEqual(people.length);
    }
  });
});

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../config';
import { sendDueReminders } from '../invitations/reminders';
import { createOutbox } from '../outbox/outbox';
import {
  addContact,
  alignClockWithNow,
  as,
  type Caller,
  callAs,
  deliverDueMail,
  freshCaller,
  openSurvey,
} from '../testing/invitationTesting';
import { DAY, roundPass, scheduleRounds } from '../testing/roundTesting';
import { createTeam, type TestTeam } from '../testing/teams';
import { createTestContext, type TestContext, testConfig, uniqueEmail } from '../testing/testApp';

let ctx: TestContext;
let team: TestTeam;
let owner: Caller;
let config: AppConfig;

beforeAll(async () => {
  ctx = await createTestContext();
  alignClockWithNow(ctx);
  team = await createTeam(ctx, 'Herinnerrondes BV');
  owner = as(team);
  config = testConfig(ctx.dataDir);
});

afterAll(async () => {
  await ctx?.close();
});

describe("a round's reminders (R-ROUND-5)", () => {
  it('should remind within its own round, and stop once a later round went', async () => {
    const survey = await openSurvey(ctx, owner, 'Herinnerpuls');
    const patched = await callAs(ctx, owner, 'PATCH', `/surveys/${survey.id}/reminders`, {
      after_days: 5,
      max_reminders: 2,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const contact = await addContact(ctx, owner, { name: 'Rik', email: uniqueEmail('rik') });
    await scheduleRounds(ctx, owner, survey.id, {
      interval_unit: 'week',
      interval_count: 1,
      segment_id: null,
      start_at: new Date(ctx.clock.now().getTime() + 60_000).toISOString(),
    });
    const remind = () =>
      sendDueReminders({ db: ctx.db, clock: ctx.clock, config, outbox: createOutbox(config) });
    const reminders = () => ctx.mailer.to(contact.email, 'survey-reminder').length;

    ctx.clock.advance(2 * 60_000);
    await roundPass(ctx.db, ctx.clock, config);
    await deliverDueMail(ctx);
    // Day 5 of round 1: its first reminder.
    ctx.clock.advance(5 * DAY);
    await remind();
    await deliverDueMail(ctx);
    expect(reminders()).toBe(1);
    // Day 7: round 2 goes. From day 10 round 1's second reminder would be due, but round 2 replaced
    // it; round 2 has reminders of its own.
    ctx.clock.advance(2 * DAY);
    await roundPass(ctx.db, ctx.clock, config);
    await deliverDueMail(ctx);
    expect(ctx.mailer.to(contact.email, 'survey-invitation')).toHaveLength(2);
    for (let day = 0; day < 8; day++) {
      ctx.clock.advance(DAY);
      await remind();
      await deliverDueMail(ctx);
    }
    const rows = await ctx.db.execute(sql`
      select i.reminders_sent::int as reminders, r.number from survey_invitations i
      join survey_rounds r on r.id = i.round_id where i.survey_id = ${survey.id} order by r.number`);
    const byRound = ((rows as { rows?: unknown[] }).rows ?? (rows as unknown[])) as {
      reminders: number;
      number: number;
    }[];
    expect(byRound.map((row) => [Number(row.number), Number(row.reminders)])).toEqual([
      [1, 1],
      [2, 2],
    ]);
    expect(reminders()).toBe(3);
    owner = await freshCaller(ctx, team);
  });
});

import { and, eq, like, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../config';
import { mailOutbox, surveyInvitations } from '../db/schema';
import { CANCEL_REASONS } from '../invitations/invitationDelivery';
import { sendDueReminders } from '../invitations/reminders';
import { createOutbox } from '../outbox/outbox';
import {
  addContact,
  as,
  type Caller,
  callAs,
  deliverDueMail,
  freshCaller,
  invitationContext,
  openSurvey,
} from '../testing/invitationTesting';
import { DAY, roundPass, scheduleRounds } from '../testing/roundTesting';
import { createTeam, type TestTeam } from '../testing/teams';
import { type TestContext, uniqueEmail } from '../testing/testApp';

let ctx: TestContext, team: TestTeam, owner: Caller, config: AppConfig;
beforeAll(async () => {
  ({ ctx, team, owner, config } = await invitationContext('Herinnerrondes BV'));
});
afterAll(() => ctx?.close());

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

  it('should not send a reminder of an earlier round that was still queued when a later round went (R-ROUND-9)', async () => {
    // An organisation of its own: the rounds above go to every contact of theirs.
    const queueTeam = await createTeam(ctx, 'Wachtrij BV');
    const owner = as(queueTeam);
    const survey = await openSurvey(ctx, owner, 'Wachtrijpuls');
    const patched = await callAs(ctx, owner, 'PATCH', `/surveys/${survey.id}/reminders`, {
      after_days: 5,
      max_reminders: 2,
    });
    expect(patched.statusCode, patched.body).toBe(200);
    const contact = await addContact(ctx, owner, { name: 'Sanne', email: uniqueEmail('sanne') });
    await scheduleRounds(ctx, owner, survey.id, {
      interval_unit: 'week',
      interval_count: 1,
      segment_id: null,
      start_at: new Date(ctx.clock.now().getTime() + 60_000).toISOString(),
    });
    const outbox = createOutbox(config);
    ctx.clock.advance(2 * 60_000);
    await roundPass(ctx.db, ctx.clock, config);
    await deliverDueMail(ctx);
    const [first] = await ctx.db
      .select({ id: surveyInvitations.id })
      .from(surveyInvitations)
      .where(eq(surveyInvitations.surveyId, survey.id));
    // Day 5: round 1's reminder is queued, and the outbox has not sent it yet when round 2 goes.
    ctx.clock.advance(5 * DAY);
    await sendDueReminders({ db: ctx.db, clock: ctx.clock, config, outbox });
    const reminderRows = () =>
      ctx.db
        .select({ reference: mailOutbox.reference, state: mailOutbox.state, lastError: mailOutbox.lastError })
        .from(mailOutbox)
        .where(like(mailOutbox.reference, `reminder:${first?.id}:%`))
        .orderBy(mailOutbox.reference);
    expect(await reminderRows()).toEqual([
      { reference: `reminder:${first?.id}:1`, state: 'queued', lastError: null },
    ]);
    ctx.clock.advance(2 * DAY);
    await roundPass(ctx.db, ctx.clock, config);
    expect(await reminderRows()).toEqual([
      { reference: `reminder:${first?.id}:1`, state: 'cancelled', lastError: CANCEL_REASONS.laterRound },
    ]);

    // A reminder of round 1 queued after round 2 went (a reminder pass that read before the round's
    // commit) is stopped by the check just before it would be sent.
    await outbox.enqueue(ctx.db, {
      reference: `reminder:${first?.id}:2`,
      organizationId: queueTeam.organization.id,
      kind: 'survey-reminder',
      to: contact.email,
      subject: 'Herinnering',
      text: 'Herinnering',
      html: '<p>Herinnering</p>',
    });
    await deliverDueMail(ctx);
    expect(ctx.mailer.to(contact.email, 'survey-invitation')).toHaveLength(2);
    expect(ctx.mailer.to(contact.email, 'survey-reminder')).toHaveLength(0);
    expect(await reminderRows()).toEqual([
      { reference: `reminder:${first?.id}:1`, state: 'cancelled', lastError: CANCEL_REASONS.laterRound },
      { reference: `reminder:${first?.id}:2`, state: 'cancelled', lastError: CANCEL_REASONS.laterRound },
    ]);
    // Round 2's own invitation was not touched.
    const sentInvitations = await ctx.db.$count(
      mailOutbox,
      and(
        like(mailOutbox.reference, 'invitation:%'),
        eq(mailOutbox.state, 'sent'),
        eq(mailOutbox.recipient, contact.email),
      ),
    );
    expect(sentInvitations).toBe(2);
  });
});

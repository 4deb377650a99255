import type { SurveyInvitations } from '@loop/core';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../config';
import { mailOutbox, surveyInvitations } from '../db/schema';
import { createOutbox } from '../outbox/outbox';
import {
  addContact,
  alignClockWithNow,
  type Caller,
  callAs,
  deliverDueMail,
  freshCaller,
  invitationContext,
  linkTokenOf,
  openSurvey,
  unsubscribeTokenOf,
} from '../testing/invitationTesting';
import type { TestTeam } from '../testing/teams';
import { api, type TestContext, uniqueEmail } from '../testing/testApp';
import { sendDueReminders } from './reminders';

const DAY = 86_400_000;

let ctx: TestContext, team: TestTeam, owner: Caller, config: AppConfig;
beforeAll(async () => {
  ({ ctx, team, owner, config } = await invitationContext('Herinneringen BV'));
});
afterAll(() => ctx?.close());

const remind = () => sendDueReminders({ db: ctx.db, clock: ctx.clock, config, outbox: createOutbox(config) });

/** An open survey with these reminder settings, its contacts invited and the invitations sent. */
async function invited(reminders: Record<string, unknown>, names: readonly string[]) {
  // Back to the real time (an earlier test moved the clock days ahead): the outbox stamps with now().
  alignClockWithNow(ctx);
  const survey = await openSurvey(ctx, owner);
  const patched = await callAs(ctx, owner, 'PATCH', `/surveys/${survey.id}/reminders`, reminders);
  expect(patched.statusCode, patched.body).toBe(200);
  const people = [];
  for (const name of names) people.push(await addContact(ctx, owner, { name, email: uniqueEmail('lid') }));
  const sent = await callAs(ctx, owner, 'POST', `/surveys/${survey.id}/invitations`, {
    selection: { ids: people.map((person) => person.id) },
  });
  expect(sent.statusCode, sent.body).toBe(202);
  await deliverDueMail(ctx);
  return { survey, people };
}

const remindersTo = (email: string) => ctx.mailer.to(email, 'survey-reminder');

describe('sendDueReminders', () => {
  it('should remind after N days at most M times, never twice per turn and never to who answered or unsubscribed', async () => {
    const { survey, people } = await invited({ after_days: 2, max_reminders: 2 }, [
      'Quinten',
      'Ruth',
      'Sanne',
    ]);
    const [silent, answering, leaving] = people as [
      (typeof people)[0],
      (typeof people)[0],
      (typeof people)[0],
    ];
    ctx.clock.advance(DAY);
    expect(await remind()).toBe(0);

    const token = linkTokenOf(ctx.mailer.to(answering.email)[0]?.text ?? '');
    const submitted = await api(ctx.app, 'POST', `/respond/${token}`, {
      payload: { final: true, answers: [] },
    });
    expect(submitted.statusCode, submitted.body).toBe(200);
    const unsubscribe = unsubscribeTokenOf(ctx.mailer.to(leaving.email)[0]?.text ?? '');
    expect((await api(ctx.app, 'POST', `/unsubscribe/${unsubscribe}`)).statusCode).toBe(200);

    ctx.clock.advance(DAY + 60_000);
    expect(await remind()).toBe(1);
    expect(await remind()).toBe(0);
    await deliverDueMail(ctx);
    const [reminder] = remindersTo(silent.email);
    expect(reminder?.subject).toBe('Herinnering: Klantpeiling');
    expect(reminder?.fromName).toBe('Herinneringen BV via Loop');
    expect(reminder?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(reminder?.headers?.['List-Unsubscribe']).toMatch(/^<http:\/\/loop\.test\/api\/v1\/unsubscribe\//);
    // The reminder carries the same personal link as the invitation.
    expect(linkTokenOf(reminder?.text ?? '')).toBe(linkTokenOf(ctx.mailer.to(silent.email)[0]?.text ?? ''));
    expect(remindersTo(answering.email)).toEqual([]);
    expect(remindersTo(leaving.email)).toEqual([]);

    ctx.clock.advance(DAY);
    expect(await remind()).toBe(0);
    ctx.clock.advance(DAY + 60_000);
    expect(await remind()).toBe(1);
    ctx.clock.advance(3 * DAY);
    expect(await remind()).toBe(0);
    await deliverDueMail(ctx);
    expect(remindersTo(silent.email)).toHaveLength(2);
    const references = await ctx.db
      .select({ reference: mailOutbox.reference })
      .from(mailOutbox)
      .where(like(mailOutbox.reference, 'reminder:%'));
    const [row] = await ctx.db
      .select()
      .from(surveyInvitations)
      .where(eq(surveyInvitations.contactId, silent.id));
    expect(row?.remindersSent).toBe(2);
    expect(references.map((each) => each.reference)).toEqual(
      expect.arrayContaining([`reminder:${row?.id}:1`, `reminder:${row?.id}:2`]),
    );
    const list = (
      await callAs(ctx, await freshCaller(ctx, team), 'GET', `/surveys/${survey.id}/invitations`)
    ).json<SurveyInvitations>();
    expect(list.items.find((item) => item.contact_id === silent.id)).toMatchObject({
      status: 'sent',
      reminders_sent: 2,
    });
  });

  it('should send no reminder once they are stopped, and cancel one queued before the stop', async () => {
    const { survey, people } = await invited({ after_days: 1, max_reminders: 3 }, ['Tim']);
    ctx.clock.advance(DAY + 60_000);
    expect(await remind()).toBe(1);
    const caller = await freshCaller(ctx, team);
    const stopped = await callAs(ctx, caller, 'PATCH', `/surveys/${survey.id}/reminders`, { stopped: true });
    expect(stopped.json()).toEqual({ after_days: 1, max_reminders: 3, stopped: true });
    await deliverDueMail(ctx);
    expect(remindersTo(people[0]!.email)).toEqual([]);
    const [queued] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(like(mailOutbox.reference, 'reminder:%'))
      .then((rows) => rows.filter((each) => each.recipient === people[0]!.email));
    expect(queued?.state).toBe('cancelled');
    ctx.clock.advance(5 * DAY);
    expect(await remind()).toBe(0);
  });

  it('should keep to the contact rule: no reminder sooner than allowed after another survey’s mail', async () => {
    const { people } = await invited({ after_days: 1, max_reminders: 1 }, ['Umut']);
    const contact = people[0]!;
    const caller = await freshCaller(ctx, team);
    const other = await openSurvey(ctx, caller, 'Andere peiling');
    ctx.clock.advance(DAY / 2);
    const later = await freshCaller(ctx, team);
    const planned = await callAs(ctx, later, 'POST', `/surveys/${other.id}/invitations`, {
      selection: { ids: [contact.id] },
      send_at: new Date(ctx.clock.now().getTime() + 3_600_000).toISOString(),
    });
    expect(planned.json()).toMatchObject({ planned: 1 });
    await callAs(ctx, later, 'PATCH', '/organization/contact-rules', { min_days_between: 10 });
    try {
      ctx.clock.advance(DAY);
      expect(await remind()).toBe(0);
      ctx.clock.advance(10 * DAY);
      expect(await remind()).toBe(1);
    } finally {
      await callAs(ctx, await freshCaller(ctx, team), 'PATCH', '/organization/contact-rules', {
        min_days_between: null,
      });
    }
  });
});

import type { SurveyInvitations } from '@loop/core';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../db/schema';
import { CANCEL_REASONS } from '../invitations/invitationDelivery';
import { sendDueReminders } from '../invitations/reminders';
import type { Mailer } from '../mail/mailer';
import { createOutbox } from '../outbox/outbox';
import { ERASED_FAILURE } from '../outbox/outboxStore';
import {
  addContact,
  type Caller,
  callAs,
  deliverDueMail,
  freshCaller,
  invitationContext,
  linkTokenOf,
  openSurvey,
} from '../testing/invitationTesting';
import { mentionsOf } from '../testing/schemaTables';
import type { TestTeam } from '../testing/teams';
import { api, type TestContext, testConfig, uniqueEmail } from '../testing/testApp';

const DAY = 86_400_000;

let ctx: TestContext, team: TestTeam, owner: Caller;
beforeAll(async () => {
  ({ ctx, team, owner } = await invitationContext('Wisbaar BV'));
});
afterAll(() => ctx?.close());

const call = (...args: Parameters<typeof callAs> extends [unknown, ...infer Rest] ? Rest : never) =>
  callAs(ctx, ...args);

const countsOf = async (caller: Caller, surveyId: number) => {
  const response = await call(caller, 'GET', `/surveys/${surveyId}/invitations`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SurveyInvitations>().counts;
};

/** A mail server that refuses every address, naming it in its reply (as real ones do). */
const refusing: Mailer = {
  send: async (message) => {
    throw Object.assign(new Error('Mailbox unavailable'), {
      responseCode: 550,
      response: `550 5.1.1 <${message.to}>: Recipient address rejected`,
    });
  },
  close: async () => {},
};

describe('the AVG erase of contacts', () => {
  it('should leave no name or address of an erased contact in any table, and mail them nothing more', async () => {
    const remindable = await openSurvey(ctx, owner, 'Herinneringspeiling');
    await call(owner, 'PATCH', `/surveys/${remindable.id}/reminders`, { after_days: 1, max_reminders: 2 });
    const refused = await openSurvey(ctx, owner, 'Geweigerde peiling');
    const planned = await openSurvey(ctx, owner, 'Geplande peiling');
    const person = (name: string, prefix: string) =>
      addContact(ctx, owner, {
        name,
        email: uniqueEmail(prefix),
        phone: '06-12345678',
        company: 'Wisbaar BV',
        street: 'Oudegracht',
        house_number: '158',
        postcode: '3511 AZ',
        city: 'Utrecht',
        attributes: { klantnummer: `K-${prefix}` },
        tags: ['wissen'],
      });
    const single = await person('Wendelien Oostergo', 'wendelien');
    const bulk = await person('Gijsbert Vlaskamp', 'gijsbert');
    const bystander = await person('Anouk Blomsma', 'anouk');

    // Sent (and answered by the first), then reminders queued for who did not answer.
    await call(owner, 'POST', `/surveys/${remindable.id}/invitations`, {
      selection: { ids: [single.id, bulk.id, bystander.id] },
    });
    await deliverDueMail(ctx);
    const token = linkTokenOf(ctx.mailer.to(single.email)[0]?.text ?? '');
    await api(ctx.app, 'POST', `/respond/${token}`, { payload: { final: true, answers: [] } });
    // Refused by the mail server, with the address in its reply.
    await call(owner, 'POST', `/surveys/${refused.id}/invitations`, { selection: { ids: [single.id] } });
    await deliverDueMail({ ...ctx, mailer: refusing }, { expectErrors: true });
    // Planned for tomorrow.
    await call(owner, 'POST', `/surveys/${planned.id}/invitations`, {
      selection: { ids: [single.id, bulk.id] },
      send_at: new Date(Date.now() + DAY).toISOString(),
    });
    ctx.clock.advance(2 * DAY);
    const config = testConfig(ctx.dataDir);
    expect(
      await sendDueReminders({ db: ctx.db, clock: ctx.clock, config, outbox: createOutbox(config) }),
    ).toBe(2);
    const caller = await freshCaller(ctx, team);
    const needles = [single.email, single.name, bulk.email, bulk.name];
    const before = await mentionsOf(ctx.db, needles);
    expect(before.map((mention) => `${mention.table}.${mention.column}`)).toEqual(
      expect.arrayContaining([
        'contacts.name',
        'contacts.email',
        'mail_outbox.recipient',
        'mail_outbox.html',
      ]),
    );
    const countsBefore = {
      remindable: await countsOf(caller, remindable.id),
      refused: await countsOf(caller, refused.id),
      planned: await countsOf(caller, planned.id),
    };
    expect(countsBefore.remindable).toMatchObject({ completed: 1, sent: 2 });
    expect(countsBefore.refused).toMatchObject({ failed: 1 });
    expect(countsBefore.planned).toMatchObject({ planned: 2 });

    expect((await call(caller, 'DELETE', `/contacts/${single.id}`)).statusCode).toBe(204);
    const erased = await call(caller, 'POST', '/contacts/bulk', {
      action: 'delete',
      selection: { ids: [bulk.id] },
    });
    expect(erased.json()).toEqual({ affected: 1 });

    expect(await mentionsOf(ctx.db, needles)).toEqual([]);
    // The scan does find a contact that stays, in the same tables.
    expect((await mentionsOf(ctx.db, [bystander.email])).map((mention) => mention.table)).toEqual(
      expect.arrayContaining(['contacts', 'mail_outbox']),
    );

    // The delivery history stays, counted without anyone: what was sent, answered or refused stays
    // so; what was still to go is cancelled, and goes nowhere.
    expect(await countsOf(caller, remindable.id)).toEqual({ ...countsBefore.remindable });
    expect(await countsOf(caller, refused.id)).toEqual({ ...countsBefore.refused });
    expect(await countsOf(caller, planned.id)).toMatchObject({ planned: 0, cancelled: 2 });
    const rows = await ctx.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.organizationId, team.organization.id), eq(mailOutbox.recipient, '')));
    expect(rows.map((row) => row.state).sort()).toEqual([
      'cancelled',
      'cancelled',
      'cancelled',
      'failed',
      'sent',
      'sent',
    ]);
    for (const row of rows) {
      expect(row).toMatchObject({ recipient: '', subject: '', html: '', text: '', headers: {} });
      expect([null, ERASED_FAILURE, CANCEL_REASONS.contactDeleted]).toContain(row.lastError);
      expect(row.smtpResponse).toBeNull();
    }
    await deliverDueMail(ctx);
    expect(ctx.mailer.sent.filter((mail) => mail.to === single.email || mail.to === bulk.email)).toHaveLength(
      2,
    );
    expect(ctx.mailer.to(bystander.email, 'survey-reminder')).toHaveLength(1);
  });
});

import type { InvitationSendResult, SurveyInvitations, UnsubscribePreview } from '@loop/core';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, mailOutbox } from '../db/schema';
import {
  addContact,
  alignClockWithNow,
  as,
  type Caller,
  callAs,
  deliverDueMail,
  openSurvey,
  unsubscribeTokenOf,
} from '../testing/invitationTesting';
import { createTeam, type TestTeam } from '../testing/teams';
import { createTestContext, TEST_JWT_SECRET, type TestContext, uniqueEmail } from '../testing/testApp';
import { unsubscribeToken } from './invitationTokens';
import { UNSUBSCRIBE_NOT_FOUND } from './unsubscribeRoutes';

let ctx: TestContext;
let team: TestTeam;
let owner: Caller;

beforeAll(async () => {
  ctx = await createTestContext();
  alignClockWithNow(ctx);
  team = await createTeam(ctx, 'Afmeldingen BV');
  owner = as(team);
});

afterAll(async () => {
  await ctx?.close();
});

const form = (token: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/v1/unsubscribe/${token}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: 'List-Unsubscribe=One-Click',
  });

describe('unsubscribeRoutes', () => {
  it('should unsubscribe with the one-click form from the mail, cancel what is queued and mail no more', async () => {
    const first = await openSurvey(ctx, owner, 'Eerste');
    const later = await openSurvey(ctx, owner, 'Later');
    const contact = await addContact(ctx, owner, { name: 'Nina Vos', email: uniqueEmail('nina') });
    await callAs(ctx, owner, 'POST', `/surveys/${first.id}/invitations`, {
      selection: { ids: [contact.id] },
    });
    await deliverDueMail(ctx);
    const mail = ctx.mailer.to(contact.email)[0];
    const token = unsubscribeTokenOf(mail?.text ?? '');
    expect(mail?.headers?.['List-Unsubscribe']).toBe(`<http://loop.test/api/v1/unsubscribe/${token}>`);
    // A planned invitation of another survey, still in the queue.
    await callAs(ctx, owner, 'POST', `/surveys/${later.id}/invitations`, {
      selection: { ids: [contact.id] },
      send_at: new Date(ctx.clock.now().getTime() + 3_600_000).toISOString(),
    });

    const preview = await ctx.app.inject({ method: 'GET', url: `/api/v1/unsubscribe/${token}` });
    expect(preview.json<UnsubscribePreview>()).toEqual({
      organization_name: 'Afmeldingen BV',
      email_hint: `n•••@voorbeeld.nl`,
      unsubscribed: false,
    });
    const done = await form(token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<UnsubscribePreview>().unsubscribed).toBe(true);
    // Again, and with an empty body as the web page sends it: nothing more changes.
    const [before] = await ctx.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect((await form(token)).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'POST', url: `/api/v1/unsubscribe/${token}` })).statusCode).toBe(
      200,
    );
    const [after] = await ctx.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(after?.unsubscribedAt).toEqual(before?.unsubscribedAt);
    expect(after?.unsubscribedAt).not.toBeNull();

    const list = (
      await callAs(ctx, owner, 'GET', `/surveys/${later.id}/invitations`)
    ).json<SurveyInvitations>();
    expect(list.items.map((item) => item.status)).toEqual(['cancelled']);
    const [queued] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.reference, `invitation:${list.items[0]?.id}`));
    expect(queued?.state).toBe('cancelled');
    const third = await openSurvey(ctx, owner, 'Derde');
    const refused = await callAs(ctx, owner, 'POST', `/surveys/${third.id}/invitations`, {
      selection: { ids: [contact.id] },
    });
    expect(refused.json<InvitationSendResult>()).toMatchObject({
      planned: 0,
      skipped: [{ reason: 'unsubscribed' }],
    });
    await deliverDueMail(ctx);
    expect(ctx.mailer.to(contact.email)).toHaveLength(1);
  });

  it('should answer 404 for a forged, altered or malformed token, and for an erased contact', async () => {
    const contact = await addContact(ctx, owner, { name: 'Olaf Meijer', email: uniqueEmail('olaf') });
    // Made with another secret, and a real token of another contact with its id changed.
    const forged = unsubscribeToken('ander-geheim-dat-lang-genoeg-is-0123456789', contact.id);
    const [, mac] = unsubscribeToken(TEST_JWT_SECRET, contact.id + 1).split('.') as [string, string];
    const altered = `${contact.id}.${mac}`;
    for (const token of [forged, altered, 'abc', `${contact.id}.`, `${contact.id}.${'A'.repeat(22)}`]) {
      const get = await ctx.app.inject({
        method: 'GET',
        url: `/api/v1/unsubscribe/${encodeURIComponent(token)}`,
      });
      expect(get.statusCode, token).toBe(404);
      expect(get.json()).toEqual({ detail: UNSUBSCRIBE_NOT_FOUND });
      expect((await form(encodeURIComponent(token))).statusCode, token).toBe(404);
    }
    const [row] = await ctx.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(row?.unsubscribedAt).toBeNull();

    const erased = await addContact(ctx, owner, { name: 'Petra Wit', email: uniqueEmail('petra') });
    const survey = await openSurvey(ctx, owner);
    await callAs(ctx, owner, 'POST', `/surveys/${survey.id}/invitations`, {
      selection: { ids: [erased.id] },
    });
    await deliverDueMail(ctx);
    const token = unsubscribeTokenOf(ctx.mailer.to(erased.email)[0]?.text ?? '');
    expect((await ctx.app.inject({ method: 'GET', url: `/api/v1/unsubscribe/${token}` })).statusCode).toBe(
      200,
    );
    await callAs(ctx, owner, 'DELETE', `/contacts/${erased.id}`);
    expect((await form(token)).statusCode).toBe(404);
  });
});

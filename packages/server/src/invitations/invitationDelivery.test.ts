import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Contact, SurveyInvitations } from '@loop/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxDir } from '../config';
import { createMailer } from '../mail/createMailer';
import type { Mailer } from '../mail/mailer';
import {
  addContact,
  alignClockWithNow,
  as,
  type Caller,
  callAs,
  deliverDueMail,
  openSurvey,
} from '../testing/invitationTesting';
import { type SmtpSink, startSmtpSink } from '../testing/smtpSink';
import { createTeam } from '../testing/teams';
import { createTestContext, type TestContext, testConfig, uniqueEmail } from '../testing/testApp';

let ctx: TestContext;
let sink: SmtpSink;
const mailers: Mailer[] = [];
const silent = { info: () => {}, error: () => {} };

beforeAll(async () => {
  ctx = await createTestContext();
  alignClockWithNow(ctx);
  sink = await startSmtpSink();
});

afterAll(async () => {
  for (const mailer of mailers) await mailer.close();
  await sink?.close();
  await ctx?.close();
});

/** The server's own mailer for a configuration, as main.ts makes it (no SMTP_URL: the outbox folder). */
function mailerOf(smtpUrl: string | null): Mailer {
  const mailer = createMailer(testConfig(ctx.dataDir, { smtpUrl }), silent);
  mailers.push(mailer);
  return mailer;
}

/** Two new contacts of a new organisation invited to an open survey, now. */
async function invite(name: string): Promise<{ owner: Caller; surveyId: number; contacts: Contact[] }> {
  const owner = as(await createTeam(ctx, name));
  const survey = await openSurvey(ctx, owner);
  const contacts = [
    await addContact(ctx, owner, { name: 'Fenna Visser', email: uniqueEmail('fenna') }),
    await addContact(ctx, owner, { name: 'Gijs Kok', email: uniqueEmail('gijs') }),
  ];
  const sent = await callAs(ctx, owner, 'POST', `/surveys/${survey.id}/invitations`, {
    selection: { ids: contacts.map((contact) => contact.id) },
  });
  expect(sent.statusCode, sent.body).toBe(202);
  return { owner, surveyId: survey.id, contacts };
}

async function listOf(owner: Caller, surveyId: number): Promise<SurveyInvitations> {
  const response = await callAs(ctx, owner, 'GET', `/surveys/${surveyId}/invitations`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SurveyInvitations>();
}

const statuses = (list: SurveyInvitations) => list.items.map((item) => item.status);

describe("an invitation's status follows its mail", () => {
  it("should say 'sent' once the mail is written to the outbox folder (no SMTP_URL)", async () => {
    const { owner, surveyId, contacts } = await invite('Map BV');
    const planned = await listOf(owner, surveyId);
    expect(statuses(planned)).toEqual(['planned', 'planned']);
    // Due now: their mails are on their way, and the screen asks again until they went.
    expect(planned.sending).toBe(2);

    await deliverDueMail({ app: ctx.app, db: ctx.db, mailer: mailerOf(null) });
    const folder = outboxDir(testConfig(ctx.dataDir));
    const written = await Promise.all(
      (await readdir(folder)).map((file) => readFile(join(folder, file), 'utf8')),
    );
    for (const contact of contacts)
      expect(written.some((eml) => eml.includes(`To: ${contact.email}`))).toBe(true);
    const sent = await listOf(owner, surveyId);
    expect(statuses(sent)).toEqual(['sent', 'sent']);
    expect(sent.counts).toMatchObject({ planned: 0, sent: 2 });
    expect(sent.sending).toBe(0);
    expect(sent.items.every((item) => item.sent_at !== null)).toBe(true);
  });

  it("should say 'sent' once the SMTP server accepted the mail", async () => {
    const { owner, surveyId, contacts } = await invite('Smtp BV');
    expect((await listOf(owner, surveyId)).sending).toBe(2);
    await deliverDueMail({ app: ctx.app, db: ctx.db, mailer: mailerOf(sink.url) });
    for (const contact of contacts)
      expect(sink.deliveries.some((delivery) => delivery.to.includes(contact.email))).toBe(true);
    const sent = await listOf(owner, surveyId);
    expect(statuses(sent)).toEqual(['sent', 'sent']);
    expect(sent.sending).toBe(0);
  });

  it('should count an invitation planned for later as planned, not as being sent', async () => {
    const owner = as(await createTeam(ctx, 'Later BV'));
    const survey = await openSurvey(ctx, owner);
    const contact = await addContact(ctx, owner, { name: 'Hanna Dijk', email: uniqueEmail('hanna') });
    const later = new Date(ctx.clock.now().getTime() + 86_400_000).toISOString();
    const sent = await callAs(ctx, owner, 'POST', `/surveys/${survey.id}/invitations`, {
      selection: { ids: [contact.id] },
      send_at: later,
    });
    expect(sent.statusCode, sent.body).toBe(202);
    const list = await listOf(owner, survey.id);
    expect(statuses(list)).toEqual(['planned']);
    expect(list.sending).toBe(0);
  });
});

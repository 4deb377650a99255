import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Mailer } from '../mail/mailer';
import { createSmtpMailer } from '../mail/smtpMailer';
import {
  addContact,
  alignClockWithNow,
  as,
  callAs,
  deliverDueMail,
  openSurvey,
} from '../testing/invitationTesting';
import { type SmtpSink, startSmtpSink } from '../testing/smtpSink';
import { createTeam } from '../testing/teams';
import { createTestContext, type TestContext, uniqueEmail } from '../testing/testApp';

let ctx: TestContext;
let sink: SmtpSink;
let smtp: Mailer;

beforeAll(async () => {
  ctx = await createTestContext();
  alignClockWithNow(ctx);
  sink = await startSmtpSink();
  // The test app's MAIL_FROM.
  smtp = createSmtpMailer({ smtpUrl: sink.url, from: 'Loop <no-reply@loop.local>' });
});

afterAll(async () => {
  await smtp?.close();
  await sink?.close();
  await ctx?.close();
});

/** The From header of a raw message, unfolded, with RFC 2047 encoded words decoded. */
function fromHeader(raw: string): string {
  const headers = raw.slice(0, raw.search(/\r?\n\r?\n/)).replace(/\r?\n[ \t]+/g, ' ');
  const value = /^From:[ \t]*(.*)$/im.exec(headers)?.[1] ?? '';
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
      encoding.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : Buffer.from(
            text
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_hex, code: string) =>
                String.fromCharCode(Number.parseInt(code, 16)),
              ),
            'latin1',
          ).toString('utf8'),
    );
}

/** Invites one new contact of a new organisation called `name` and answers the From its mail arrived with. */
async function invitationFrom(name: string): Promise<{ raw: string; from: string }> {
  const team = await createTeam(ctx, name);
  const owner = as(team);
  const survey = await openSurvey(ctx, owner);
  const contact = await addContact(ctx, owner, { name: 'Fenna Visser', email: uniqueEmail('gast') });
  const sent = await callAs(ctx, owner, 'POST', `/surveys/${survey.id}/invitations`, {
    selection: { ids: [contact.id] },
  });
  expect(sent.statusCode, sent.body).toBe(202);
  await deliverDueMail({ app: ctx.app, db: ctx.db, mailer: smtp });
  const delivery = sink.deliveries.find((each) => each.to.includes(contact.email));
  if (delivery === undefined) throw new Error(`no mail to ${contact.email}`);
  return { raw: delivery.raw, from: fromHeader(delivery.raw) };
}

describe('the sender of invitations', () => {
  it("should come from '<organisation> via Loop' on the platform's address, the name encoded", async () => {
    const { raw, from } = await invitationFrom("Café 't Hoekje");

    expect(from).toBe("Café 't Hoekje via Loop <no-reply@loop.local>");
    // Non-ASCII goes as an encoded word, never as raw bytes in the header.
    expect(/^From:(.*)$/im.exec(raw)?.[1]).toMatch(/^[\x20-\x7e]*$/);
  });

  it('should quote a name with quotes and a comma, so it stays one mailbox', async () => {
    const { from } = await invitationFrom('Zeg "hoi", B.V.');

    expect(from).toBe('"Zeg \\"hoi\\", B.V. via Loop" <no-reply@loop.local>');
  });
});

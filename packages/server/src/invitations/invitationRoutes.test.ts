import type {
  Contact,
  ContactRules,
  ContactSegment,
  InvitationPreviewResult,
  InvitationSendResult,
  Page,
  ReminderSettings,
  ResponseListItem,
  SurveyInvitations,
} from '@loop/core';
import { SKIP_TEXTS } from '@loop/core/invitations';
import { PERMISSION_DENIED } from '@loop/core/organisation';
import { eq, like } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox, surveyInvitations, surveyResponses } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import {
  addContact,
  alignClockWithNow,
  as,
  type Caller,
  callAs,
  deliverDueMail,
  linkTokenOf,
  openSurvey,
} from '../testing/invitationTesting';
import { createTeam, type TestTeam } from '../testing/teams';
import { api, createTestContext, type TestContext, uniqueEmail } from '../testing/testApp';
import { CANCEL_REASONS } from './invitationDelivery';
import { INVITATION_FORM_MESSAGES } from './invitationRoutes';
import { INVITATION_ERRORS } from './invitations';
import { LINK_TOKEN_PLACEHOLDER } from './invitationTokens';

let ctx: TestContext;
let team: TestTeam;
let other: TestTeam;
let owner: Caller;

beforeAll(async () => {
  ctx = await createTestContext();
  alignClockWithNow(ctx);
  team = await createTeam(ctx, 'Uitnodigers BV');
  other = await createTeam(ctx, 'Andere BV');
  owner = as(team);
});

afterAll(async () => {
  await ctx?.close();
});

const call = (...args: Parameters<typeof callAs> extends [unknown, ...infer Rest] ? Rest : never) =>
  callAs(ctx, ...args);

let tagCounter = 0;
/** Contacts with a tag of their own, so a filter selects exactly them. */
async function contactsTagged(
  caller: Caller,
  names: readonly string[],
): Promise<{ tag: string; contacts: Contact[] }> {
  tagCounter += 1;
  const tag = `groep-${tagCounter}`;
  const made: Contact[] = [];
  for (const name of names)
    made.push(await addContact(ctx, caller, { name, email: uniqueEmail('contact'), tags: [tag] }));
  return { tag, contacts: made };
}

const invitationsOf = async (caller: Caller, surveyId: number, query = '') => {
  const response = await call(caller, 'GET', `/surveys/${surveyId}/invitations${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<SurveyInvitations>();
};

const statusOf = async (surveyId: number) =>
  Object.fromEntries((await invitationsOf(owner, surveyId)).items.map((item) => [item.email, item.status]));

describe('invitationRoutes', () => {
  it('should preview the first recipient’s mail with an example link and the unsubscribe footer, sending nothing', async () => {
    const survey = await openSurvey(ctx, owner);
    const { tag } = await contactsTagged(owner, ['Anna de Vries', 'Bram Jansen']);
    const response = await call(owner, 'POST', `/surveys/${survey.id}/invitations/preview`, {
      selection: { filter: { tags: [tag] } },
    });

    expect(response.statusCode, response.body).toBe(200);
    const preview = response.json<InvitationPreviewResult>();
    expect(preview.recipients).toBe(2);
    expect(preview.skipped).toEqual([]);
    expect(preview.sample?.subject).toBe('Uitnodiging: Klantpeiling');
    expect(preview.sample?.text).toContain('Hallo Anna de Vries,');
    expect(preview.sample?.text).toContain('http://loop.test/respond/voorbeeld');
    expect(preview.sample?.text).toContain('Afmelden: http://loop.test/afmelden/voorbeeld');
    expect(preview.sample?.html).toContain('Afmelden</a>');
    expect(await ctx.db.$count(surveyInvitations, eq(surveyInvitations.surveyId, survey.id))).toBe(0);
  });

  it('should queue one mail per contact in one go, send it with its own link and List-Unsubscribe, and never twice', async () => {
    const survey = await openSurvey(ctx, owner);
    const { tag, contacts } = await contactsTagged(owner, ['Carla Smit', 'Daan Bos']);
    const request = { selection: { filter: { tags: [tag] } } };
    const response = await call(owner, 'POST', `/surveys/${survey.id}/invitations`, request);

    expect(response.statusCode, response.body).toBe(202);
    expect(response.json<InvitationSendResult>()).toMatchObject({ planned: 2, skipped: [] });
    const rows = await ctx.db.select().from(mailOutbox).where(like(mailOutbox.reference, 'invitation:%'));
    const queued = rows.filter((row) => contacts.some((contact) => contact.email === row.recipient));
    expect(queued).toHaveLength(2);
    // The outbox never holds a working link: the token is filled in just before sending.
    for (const row of queued) expect(row.text).toContain(LINK_TOKEN_PLACEHOLDER);
    expect(await statusOf(survey.id)).toEqual({
      [contacts[0]!.email]: 'planned',
      [contacts[1]!.email]: 'planned',
    });

    // The same request again (a retry) invites nobody twice.
    const again = await call(owner, 'POST', `/surveys/${survey.id}/invitations`, request);
    expect(again.json<InvitationSendResult>().planned).toBe(0);
    expect(again.json<InvitationSendResult>().skipped.map((skip) => skip.detail)).toEqual([
      SKIP_TEXTS.alreadyInvited,
      SKIP_TEXTS.alreadyInvited,
    ]);

    await deliverDueMail(ctx);
    const [mail] = ctx.mailer.to(contacts[0]!.email, 'survey-invitation');
    expect(ctx.mailer.to(contacts[0]!.email)).toHaveLength(1);
    expect(mail?.subject).toBe('Uitnodiging: Klantpeiling');
    expect(mail?.text).toContain('Hallo Carla Smit,');
    expect(mail?.text).not.toContain(LINK_TOKEN_PLACEHOLDER);
    expect(mail?.headers?.['List-Unsubscribe']).toMatch(
      /^<http:\/\/loop\.test\/api\/v1\/unsubscribe\/\d+\.[\w-]{22}>$/,
    );
    expect(mail?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
    expect(mail?.text).toMatch(/Afmelden: http:\/\/loop\.test\/afmelden\/\d+\.[\w-]{22}/);
    const token = linkTokenOf(mail?.text ?? '');
    expect(await statusOf(survey.id)).toEqual({ [contacts[0]!.email]: 'sent', [contacts[1]!.email]: 'sent' });

    // The link opens the survey (opened) and a submission completes the invitation.
    expect((await api(ctx.app, 'GET', `/respond/${token}`)).statusCode).toBe(200);
    expect((await statusOf(survey.id))[contacts[0]!.email]).toBe('opened');
    const answered = await api(ctx.app, 'POST', `/respond/${token}`, {
      payload: { final: true, answers: [] },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const list = await invitationsOf(owner, survey.id);
    expect(list.counts).toEqual({ planned: 0, sent: 1, failed: 0, opened: 0, completed: 1, cancelled: 0 });
    const done = list.items.find((item) => item.email === contacts[0]!.email);
    expect(done?.opened_at).not.toBeNull();
    expect(done?.completed_at).not.toBeNull();
    expect(
      (await invitationsOf(owner, survey.id, '?status=completed')).items.map((item) => item.name),
    ).toEqual(['Carla Smit']);
  });

  it('should invite a contact in the survey’s title and introduction of their language when complete, else in Dutch', async () => {
    const draft = await openSurvey(ctx, owner, 'Klantpeiling', false);
    const translated = await call(owner, 'PUT', `/surveys/${draft.id}`, {
      title: draft.title,
      description_html: draft.description_html,
      introduction_html: draft.introduction_html,
      thank_you_text: draft.thank_you_text,
      close_at: draft.close_at,
      questions: draft.questions,
      version: draft.version,
      languages: ['en'],
      translations: {
        en: {
          texts: {
            title: 'Customer survey',
            introduction_html: '<p>Glad you <b>join</b>.</p><script>alert(1)</script>',
            thank_you_text: 'Thank you!',
            'questions.q-open.title': 'What could be better?',
          },
        },
      },
    });
    expect(translated.statusCode, translated.body).toBe(200);
    const opened = await call(owner, 'POST', `/surveys/${draft.id}/status`, { status: 'open' });
    expect(opened.statusCode, opened.body).toBe(200);
    const tag = `talen-${++tagCounter}`;
    const english = await addContact(ctx, owner, {
      name: 'Emma Brown',
      email: uniqueEmail('engels'),
      tags: [tag],
      language: 'en',
    });
    const german = await addContact(ctx, owner, {
      name: 'Jonas Weber',
      email: uniqueEmail('duits'),
      tags: [tag],
      language: 'de',
    });
    const sent = await call(owner, 'POST', `/surveys/${draft.id}/invitations`, {
      selection: { filter: { tags: [tag] } },
    });
    expect(sent.statusCode, sent.body).toBe(202);
    await deliverDueMail(ctx);
    const [inEnglish] = ctx.mailer.to(english.email, 'survey-invitation');
    // The survey's own texts and the mail's own words in English (R-SURV-19, R-INV-5).
    expect(inEnglish?.subject).toBe('Invitation: Customer survey');
    expect(inEnglish?.text).toContain("invites you to fill in the survey 'Customer survey'.");
    expect(inEnglish?.text).toContain('Glad you join.');
    expect(inEnglish?.text).toContain('Hello Emma Brown,');
    expect(inEnglish?.html).toContain('<html lang="en">');
    expect(inEnglish?.html).toContain('>Fill in the survey</a>');
    expect(inEnglish?.html).not.toContain('Survey invullen');
    expect(inEnglish?.html).not.toContain('script');
    // German is no complete language of the survey: the whole mail is Dutch.
    const [inDutch] = ctx.mailer.to(german.email, 'survey-invitation');
    expect(inDutch?.subject).toBe('Uitnodiging: Klantpeiling');
    expect(inDutch?.text).toContain('Fijn dat je meedoet.');
    expect(inDutch?.text).toContain('Hallo Jonas Weber,');
    expect(inDutch?.html).toContain('<html lang="nl">');
    expect(inDutch?.html).toContain('>Survey invullen</a>');
  });

  it('should plan a send for later: queued not before its time, and refuse a time in the past', async () => {
    const survey = await openSurvey(ctx, owner);
    const { tag, contacts } = await contactsTagged(owner, ['Eva Mulder']);
    const past = await call(owner, 'POST', `/surveys/${survey.id}/invitations`, {
      selection: { filter: { tags: [tag] } },
      send_at: new Date(ctx.clock.now().getTime() - 60_000).toISOString(),
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({ fields: { send_at: 'Het geplande tijdstip ligt in het verleden.' } });
    expect(await ctx.db.$count(surveyInvitations, eq(surveyInvitations.surveyId, survey.id))).toBe(0);

    const sendAt = new Date(ctx.clock.now().getTime() + 86_400_000);
    const planned = await call(owner, 'POST', `/surveys/${survey.id}/invitations`, {
      selection: { filter: { tags: [tag] } },
      send_at: sendAt.toISOString(),
    });
    expect(planned.statusCode, planned.body).toBe(202);
    expect(planned.json<InvitationSendResult>()).toMatchObject({ planned: 1, send_at: sendAt.toISOString() });
    await deliverDueMail(ctx);
    expect(ctx.mailer.to(contacts[0]!.email)).toEqual([]);
    const [item] = (await invitationsOf(owner, survey.id)).items;
    expect(item).toMatchObject({ status: 'planned', planned_at: sendAt.toISOString(), sent_at: null });
    const [row] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.reference, `invitation:${item?.id}`));
    expect(row?.notBefore.toISOString()).toBe(sendAt.toISOString());
  });

  it('should refuse a survey that is not open, a selection of nobody and other organisations’ ids', async () => {
    const draft = await openSurvey(ctx, owner, 'Concept', false);
    const { tag, contacts } = await contactsTagged(owner, ['Fenna Visser']);
    const notOpen = await call(owner, 'POST', `/surveys/${draft.id}/invitations`, {
      selection: { filter: { tags: [tag] } },
    });
    expect(notOpen.statusCode).toBe(409);
    expect(notOpen.json()).toEqual({ detail: INVITATION_ERRORS.notOpen });

    const survey = await openSurvey(ctx, owner);
    const segment = (
      await call(owner, 'POST', '/contacts/segments', {
        name: `Leeg ${tagCounter}`,
        filter: { tags: ['bestaat-niet'] },
      })
    ).json<ContactSegment>();
    const nobody = await call(owner, 'POST', `/surveys/${survey.id}/invitations`, {
      selection: { segment_id: segment.id },
    });
    expect(nobody.statusCode).toBe(400);
    expect(nobody.json()).toMatchObject({ fields: { selection: INVITATION_ERRORS.nobody } });

    // Another organisation's contacts, segment and survey are not found, and nobody is mailed.
    const foreign = await contactsTagged(as(other), ['Gijs van Dam']);
    const foreignIds = await call(owner, 'POST', `/surveys/${survey.id}/invitations`, {
      selection: { ids: [foreign.contacts[0]!.id] },
    });
    expect(foreignIds.statusCode).toBe(404);
    const foreignSegment = (
      await call(as(other), 'POST', '/contacts/segments', {
        name: 'Van hen',
        filter: { tags: [foreign.tag] },
      })
    ).json<ContactSegment>();
    const viaSegment = await call(owner, 'POST', `/surveys/${survey.id}/invitations`, {
      selection: { segment_id: foreignSegment.id },
    });
    expect(viaSegment.statusCode).toBe(404);
    const mixed = await call(owner, 'POST', `/surveys/${survey.id}/invitations`, {
      selection: { ids: [foreign.contacts[0]!.id, contacts[0]!.id] },
    });
    expect(mixed.json<InvitationSendResult>().planned).toBe(1);
    const otherSurvey = await openSurvey(ctx, as(other));
    const theirSurvey = await call(owner, 'POST', `/surveys/${otherSurvey.id}/invitations`, {
      selection: { ids: [contacts[0]!.id] },
    });
    expect(theirSurvey.statusCode).toBe(404);
    expect((await call(owner, 'GET', `/surveys/${otherSurvey.id}/invitations`)).statusCode).toBe(404);
    await deliverDueMail(ctx);
    expect(ctx.mailer.to(foreign.contacts[0]!.email)).toEqual([]);
    expect(ctx.mailer.to(contacts[0]!.email)).toHaveLength(1);
  });

  it('should let members send but only owners and managers set the contact rule, within 1–365 days', async () => {
    const survey = await openSurvey(ctx, owner);
    const { contacts } = await contactsTagged(owner, ['Hanna Kok']);
    const byMember = await call(as(team, team.member), 'POST', `/surveys/${survey.id}/invitations/preview`, {
      selection: { ids: [contacts[0]!.id] },
    });
    expect(byMember.statusCode).toBe(200);
    const byViewer = await call(as(team, team.viewer), 'GET', `/surveys/${survey.id}/invitations`);
    expect(byViewer.statusCode).toBe(403);

    const memberRule = await call(as(team, team.member), 'PATCH', '/organization/contact-rules', {
      min_days_between: 5,
    });
    expect(memberRule.statusCode).toBe(403);
    expect(memberRule.json()).toEqual({ detail: PERMISSION_DENIED['contacts.rules'] });
    for (const wrong of [0, 366]) {
      const refused = await call(as(team, team.manager), 'PATCH', '/organization/contact-rules', {
        min_days_between: wrong,
      });
      expect(refused.statusCode, String(wrong)).toBe(400);
      expect(refused.json()).toMatchObject({
        fields: { min_days_between: INVITATION_FORM_MESSAGES.minDaysBetween },
      });
    }
    const unlimited = await call(as(team, team.manager), 'PATCH', '/organization/contact-rules', {
      min_days_between: null,
    });
    expect(unlimited.json<ContactRules>()).toEqual({ min_days_between: null });
    expect(
      (await call(as(team, team.member), 'GET', '/organization/contact-rules')).json<ContactRules>(),
    ).toEqual({
      min_days_between: null,
    });
  });

  it('should leave out whom the contact rule protects, per contact with the reason', async () => {
    const rule = await call(owner, 'PATCH', '/organization/contact-rules', { min_days_between: 30 });
    expect(rule.json<ContactRules>()).toEqual({ min_days_between: 30 });
    try {
      const first = await openSurvey(ctx, owner, 'Eerste peiling');
      const second = await openSurvey(ctx, owner, 'Tweede peiling');
      const { tag, contacts } = await contactsTagged(owner, ['Ilse Peters', 'Joost Dekker']);
      await call(owner, 'POST', `/surveys/${first.id}/invitations`, {
        selection: { ids: [contacts[0]!.id] },
      });

      const response = await call(owner, 'POST', `/surveys/${second.id}/invitations`, {
        selection: { filter: { tags: [tag] } },
      });
      const result = response.json<InvitationSendResult>();
      expect(result.planned).toBe(1);
      expect(result.skipped).toEqual([
        {
          contact_id: contacts[0]!.id,
          name: 'Ilse Peters',
          email: contacts[0]!.email,
          reason: 'recently_invited',
          detail: SKIP_TEXTS.recentlyInvited(30, ctx.clock.now()),
        },
      ]);
    } finally {
      await call(owner, 'PATCH', '/organization/contact-rules', { min_days_between: null });
    }
  });

  it('should never mail a contact deleted between planning and sending', async () => {
    const survey = await openSurvey(ctx, owner);
    const { contacts } = await contactsTagged(owner, ['Kees Brouwer']);
    await call(owner, 'POST', `/surveys/${survey.id}/invitations`, { selection: { ids: [contacts[0]!.id] } });
    expect((await call(owner, 'DELETE', `/contacts/${contacts[0]!.id}`)).statusCode).toBe(204);

    await deliverDueMail(ctx);
    expect(ctx.mailer.to(contacts[0]!.email)).toEqual([]);
    const [item] = (await invitationsOf(owner, survey.id)).items;
    expect(item).toMatchObject({ status: 'cancelled', contact_id: null, name: null, email: null });
    const [row] = await ctx.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.reference, `invitation:${item?.id}`));
    expect(row).toMatchObject({ state: 'cancelled', lastError: CANCEL_REASONS.contactDeleted });
  });

  it('should show a mail the server refused as failed, with its reason', async () => {
    const survey = await openSurvey(ctx, owner);
    const { contacts } = await contactsTagged(owner, ['Ties Bakker']);
    await call(owner, 'POST', `/surveys/${survey.id}/invitations`, { selection: { ids: [contacts[0]!.id] } });
    const refusing: Mailer = {
      send: async () => {
        throw Object.assign(new Error('Mailbox unavailable'), {
          responseCode: 550,
          response: '550 5.1.1 Onbekende ontvanger',
        });
      },
      close: async () => {},
    };
    await deliverDueMail({ ...ctx, mailer: refusing }, { expectErrors: true });

    const [item] = (await invitationsOf(owner, survey.id)).items;
    expect(item).toMatchObject({ status: 'failed', sent_at: null });
    expect(item?.failure).toContain('550 5.1.1 Onbekende ontvanger');
    expect((await invitationsOf(owner, survey.id)).counts.failed).toBe(1);
  });

  it('should set reminders within their limits and refuse others in Dutch', async () => {
    const survey = await openSurvey(ctx, owner);
    expect((await invitationsOf(owner, survey.id)).reminders).toEqual({
      after_days: 3,
      max_reminders: 1,
      stopped: false,
    });
    const set = await call(owner, 'PATCH', `/surveys/${survey.id}/reminders`, {
      after_days: 7,
      max_reminders: 2,
    });
    expect(set.json<ReminderSettings>()).toEqual({ after_days: 7, max_reminders: 2, stopped: false });
    const wrong = await call(owner, 'PATCH', `/surveys/${survey.id}/reminders`, {
      after_days: 61,
      max_reminders: 6,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({
      fields: {
        after_days: INVITATION_FORM_MESSAGES.afterDays,
        max_reminders: INVITATION_FORM_MESSAGES.maxReminders,
      },
    });
    expect((await invitationsOf(owner, survey.id)).reminders).toEqual({
      after_days: 7,
      max_reminders: 2,
      stopped: false,
    });
    const otherSurvey = await openSurvey(ctx, as(other));
    expect(
      (await call(owner, 'PATCH', `/surveys/${otherSurvey.id}/reminders`, { stopped: true })).statusCode,
    ).toBe(404);
  });

  it('should keep an anonymous survey’s responses unlinkable to its contacts', async () => {
    const survey = await openSurvey(ctx, owner);
    const anonymous = await call(owner, 'PUT', `/surveys/${survey.id}/anonymity`, { anonymous: true });
    expect(anonymous.statusCode, anonymous.body).toBe(200);
    expect(anonymous.json()).toMatchObject({ anonymous: true });
    const { tag, contacts } = await contactsTagged(owner, ['Lotte Hendriks', 'Mark Willems']);
    await call(owner, 'POST', `/surveys/${survey.id}/invitations`, {
      selection: { filter: { tags: [tag] } },
    });
    await deliverDueMail(ctx);
    const token = linkTokenOf(ctx.mailer.to(contacts[0]!.email)[0]?.text ?? '');

    const page = await api(ctx.app, 'GET', `/respond/${token}`);
    expect(page.json()).toMatchObject({ anonymous: true, link_kind: 'personal' });
    await api(ctx.app, 'POST', `/respond/${token}`, { payload: { final: true, answers: [] } });
    const statuses = await statusOf(survey.id);
    expect(statuses[contacts[0]!.email]).toBe('completed');

    // Nothing in the database joins an invitation to its response: no response id, and no value of
    // any invitation column equals one of any response column.
    const invitations = await ctx.db
      .select()
      .from(surveyInvitations)
      .where(eq(surveyInvitations.surveyId, survey.id));
    const responses = await ctx.db
      .select()
      .from(surveyResponses)
      .where(eq(surveyResponses.surveyId, survey.id));
    expect(invitations.map((row) => row.responseId)).toEqual([null, null]);
    const responseValues = new Set(
      responses.flatMap((row) =>
        [row.id, row.tokenHash, row.respondentKey, row.startedAt, row.completedAt, row.savedAt]
          .filter((value) => value !== null)
          .map((value) => (value instanceof Date ? value.toISOString() : String(value))),
      ),
    );
    for (const invitation of invitations) {
      for (const value of [invitation.invitationTokenHash, invitation.openedAt, invitation.completedAt]) {
        if (value !== null)
          expect(responseValues.has(value instanceof Date ? value.toISOString() : value)).toBe(false);
      }
    }
    const outbox = await ctx.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, contacts[0]!.email));
    expect(outbox.map((row) => row.html + row.text).join('')).not.toContain(token);

    // The organisation's export holds the invitations, without the link hash.
    const exported = await call(owner, 'GET', '/organization/export');
    const files = unzipSync(new Uint8Array(exported.rawPayload));
    const rows = JSON.parse(new TextDecoder().decode(files['contacten/survey-uitnodigingen.json'])) as Array<
      Record<string, unknown>
    >;
    const ours = rows.filter((row) => row.survey_id === survey.id);
    expect(ours).toHaveLength(2);
    expect(ours[0]).toMatchObject({ response_id: null, reminders_sent: 0 });
    expect(Object.keys(ours[0] ?? {})).not.toContain('invitation_token_hash');

    const undo = await call(owner, 'PUT', `/surveys/${survey.id}/anonymity`, { anonymous: false });
    expect(undo.statusCode).toBe(409);
    expect(undo.json()).toEqual({ detail: INVITATION_FORM_MESSAGES.anonymityFixed });
  });

  it('should name who answered in the responses list and export, until the contact is erased, and never when anonymous', async () => {
    const survey = await openSurvey(ctx, owner);
    const { contacts } = await contactsTagged(owner, ['Roos Jacobs']);
    await call(owner, 'POST', `/surveys/${survey.id}/invitations`, { selection: { ids: [contacts[0]!.id] } });
    await deliverDueMail(ctx);
    const token = linkTokenOf(ctx.mailer.to(contacts[0]!.email)[0]?.text ?? '');
    await api(ctx.app, 'POST', `/respond/${token}`, { payload: { final: true, answers: [] } });

    const listed = (await call(owner, 'GET', `/surveys/${survey.id}/responses`)).json<
      Page<ResponseListItem>
    >();
    expect(listed.items).toEqual([
      expect.objectContaining({
        contact_name: 'Roos Jacobs',
        contact_email: contacts[0]!.email,
        label: 'Uitnodiging',
      }),
    ]);
    // Viewers may not see contacts: the list shows them the link's label only.
    const forViewer = await call(as(team, team.viewer), 'GET', `/surveys/${survey.id}/responses`);
    expect(forViewer.json<Page<ResponseListItem>>().items).toEqual([
      expect.objectContaining({ contact_name: null, contact_email: null, label: 'Uitnodiging' }),
    ]);
    const csv = await call(owner, 'GET', `/surveys/${survey.id}/export?format=csv`);
    const [header, row] = csv.body.replace('\uFEFF', '').split('\r\n');
    expect(header?.split(';').slice(0, 4)).toEqual(['Reactie', 'Ingestuurd op', 'Naam', 'E-mail']);
    expect(row?.split(';').slice(2, 4)).toEqual(['Roos Jacobs', contacts[0]!.email]);

    // The AVG erase of the contact removes the link: the response stays, without a name.
    await call(owner, 'DELETE', `/contacts/${contacts[0]!.id}`);
    const after = (await call(owner, 'GET', `/surveys/${survey.id}/responses`)).json<
      Page<ResponseListItem>
    >();
    expect(after.items).toEqual([
      expect.objectContaining({ contact_name: null, contact_email: null, label: 'Uitnodiging' }),
    ]);
    const [, erasedRow] = (await call(owner, 'GET', `/surveys/${survey.id}/export?format=csv`)).body.split(
      '\r\n',
    );
    expect(erasedRow?.split(';').slice(2, 4)).toEqual(['Uitnodiging', '']);

    const anonymous = await openSurvey(ctx, owner);
    await call(owner, 'PUT', `/surveys/${anonymous.id}/anonymity`, { anonymous: true });
    const secret = await contactsTagged(owner, ['Sem Koster']);
    await call(owner, 'POST', `/surveys/${anonymous.id}/invitations`, {
      selection: { ids: [secret.contacts[0]!.id] },
    });
    await deliverDueMail(ctx);
    const anonymousToken = linkTokenOf(ctx.mailer.to(secret.contacts[0]!.email)[0]?.text ?? '');
    await api(ctx.app, 'POST', `/respond/${anonymousToken}`, { payload: { final: true, answers: [] } });
    const hidden = (await call(owner, 'GET', `/surveys/${anonymous.id}/responses`)).json<
      Page<ResponseListItem>
    >();
    expect(hidden.items).toEqual([
      expect.objectContaining({ status: 'completed', contact_name: null, contact_email: null }),
    ]);
    const anonymousCsv = await call(owner, 'GET', `/surveys/${anonymous.id}/export?format=csv`);
    expect(anonymousCsv.body).not.toContain('Sem Koster');
    expect(anonymousCsv.body.split('\r\n')[0]).not.toContain('Naam');
  });

  it('should find who answered by name or address in the responses search, never for viewers or anonymous surveys', async () => {
    const survey = await openSurvey(ctx, owner);
    const { contacts } = await contactsTagged(owner, ['José Brandsma', 'Fenna de Groot']);
    await call(owner, 'POST', `/surveys/${survey.id}/invitations`, {
      selection: { ids: contacts.map((contact) => contact.id) },
    });
    await deliverDueMail(ctx);
    for (const contact of contacts) {
      const token = linkTokenOf(ctx.mailer.to(contact.email)[0]?.text ?? '');
      await api(ctx.app, 'POST', `/respond/${token}`, { payload: { final: true, answers: [] } });
    }
    const search = async (caller: Caller, surveyId: number, q: string) => {
      const response = await call(caller, 'GET', `/surveys/${surveyId}/responses?q=${encodeURIComponent(q)}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Page<ResponseListItem>>();
    };
    const names = async (caller: Caller, surveyId: number, q: string) =>
      (await search(caller, surveyId, q)).items.map((item) => item.contact_name);

    expect(await names(owner, survey.id, 'jose')).toEqual(['José Brandsma']);
    expect(await names(owner, survey.id, 'Brandsma José')).toEqual(['José Brandsma']);
    expect(await names(owner, survey.id, contacts[1]!.email.toUpperCase())).toEqual(['Fenna de Groot']);
    expect(await names(owner, survey.id, 'groot brandsma')).toEqual([]);
    // The link's label is still found, for every response it names.
    expect((await search(owner, survey.id, 'uitnodiging')).total).toBe(2);
    expect((await search(owner, survey.id, '100%_')).total).toBe(0);
    // A viewer sees no contacts, and cannot find one by searching.
    expect((await search(as(team, team.viewer), survey.id, 'Brandsma')).total).toBe(0);
    expect((await search(as(team, team.viewer), survey.id, 'uitnodiging')).total).toBe(2);
    // Erased, the contact is no longer found.
    await call(owner, 'DELETE', `/contacts/${contacts[0]!.id}`);
    expect((await search(owner, survey.id, 'Brandsma')).total).toBe(0);

    const anonymous = await openSurvey(ctx, owner);
    await call(owner, 'PUT', `/surveys/${anonymous.id}/anonymity`, { anonymous: true });
    await call(owner, 'POST', `/surveys/${anonymous.id}/invitations`, {
      selection: { ids: [contacts[1]!.id] },
    });
    await deliverDueMail(ctx);
    const anonymousToken = linkTokenOf(ctx.mailer.to(contacts[1]!.email).at(-1)?.text ?? '');
    await api(ctx.app, 'POST', `/respond/${anonymousToken}`, { payload: { final: true, answers: [] } });
    expect((await search(owner, anonymous.id, 'uitnodiging')).total).toBe(1);
    expect((await search(owner, anonymous.id, 'Fenna')).total).toBe(0);
    expect((await search(owner, anonymous.id, contacts[1]!.email)).total).toBe(0);
  });
});

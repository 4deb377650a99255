import type {
  Contact,
  ContactLatestInvitationResult,
  ContactMapData,
  ContactMapSurveys,
  Survey,
} from '@loop/core';
import { PERMISSION_DENIED } from '@loop/core/organisation';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SURVEY_ERRORS } from '../surveys/surveys';
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
import { CONTACT_MAP_ERRORS } from './contactMapRoutes';
import { CONTACT_ERRORS } from './contactStore';

let ctx: TestContext;
let team: TestTeam;
let other: TestTeam;
let owner: Caller;

const NPS_TITLE = 'Hoe waarschijnlijk is het dat je ons aanbeveelt?';

const call = (...args: Parameters<typeof callAs> extends [unknown, ...infer Rest] ? Rest : never) =>
  callAs(ctx, ...args);

async function ok<T>(caller: Caller, path: string): Promise<T> {
  const response = await call(caller, 'GET', path);
  if (response.statusCode !== 200) throw new Error(`${path}: ${response.statusCode} ${response.body}`);
  return response.json<T>();
}

/** An open survey with an NPS question (after an open one, so the first by position is found). */
async function npsSurvey(caller: Caller, title: string): Promise<Survey> {
  const created = await call(caller, 'POST', '/surveys', {
    title,
    description_html: '',
    introduction_html: '',
    thank_you_text: 'Dank je wel!',
    close_at: null,
    questions: [
      {
        id: 'q-open',
        type: 'open_short',
        title: 'Je naam?',
        required: false,
        position: 0,
        settings: { max_length: 200 },
      },
      { id: 'q-nps', type: 'nps', title: NPS_TITLE, required: false, position: 1, settings: {} },
    ],
  });
  if (created.statusCode !== 201) throw new Error(created.body);
  const opened = await call(caller, 'POST', `/surveys/${created.json<Survey>().id}/status`, {
    status: 'open',
  });
  if (opened.statusCode !== 200) throw new Error(opened.body);
  return opened.json<Survey>();
}

/** Invites the contacts and delivers the mails: each contact's personal link token. */
async function invite(survey: Survey, invited: readonly Contact[]): Promise<Map<number, string>> {
  const sent = await call(owner, 'POST', `/surveys/${survey.id}/invitations`, {
    selection: { ids: invited.map((contact) => contact.id) },
  });
  if (sent.statusCode !== 202) throw new Error(sent.body);
  await deliverDueMail(ctx);
  const tokens = new Map<number, string>();
  for (const contact of invited) {
    const mails = ctx.mailer.to(contact.email, 'survey-invitation');
    tokens.set(contact.id, linkTokenOf(mails.at(-1)?.text ?? ''));
  }
  return tokens;
}

const open = async (token: string | undefined) =>
  expect((await api(ctx.app, 'GET', `/respond/${token}`)).statusCode).toBe(200);

async function answer(token: string | undefined, score: number | null): Promise<void> {
  const answers = score === null ? [] : [{ question_id: 'q-nps', value: { score } }];
  const response = await api(ctx.app, 'POST', `/respond/${token}`, { payload: { final: true, answers } });
  expect(response.statusCode, response.body).toBe(200);
}

let people: Contact[];
let scored: Survey;
let plain: Survey;
let anonymous: Survey;

beforeAll(async () => {
  ctx = await createTestContext({ config: { geocoderUrl: null } });
  alignClockWithNow(ctx);
  team = await createTeam(ctx, 'Kleurkaart BV');
  other = await createTeam(ctx, 'Andere Kleurkaart BV');
  owner = as(team);
  people = [];
  for (const [index, name] of ['Anna', 'Bram', 'Carla', 'Daan', 'Eva'].entries()) {
    const contact = await addContact(ctx, owner, { name, email: uniqueEmail('kleur'), tags: ['kleur'] });
    const placed = await call(owner, 'PUT', `/contacts/${contact.id}/position`, {
      lat: 52 + index / 10,
      lng: 5 + index / 10,
    });
    expect(placed.statusCode).toBe(200);
    people.push(contact);
  }
  const [anna, bram, carla, daan] = people as [Contact, Contact, Contact, Contact, Contact];

  // NPS: Anna a promoter, Bram a detractor, Carla opened the link, Daan invited, Eva not.
  scored = await npsSurvey(owner, 'Klantpeiling met NPS');
  const npsTokens = await invite(scored, [anna, bram, carla, daan]);
  await answer(npsTokens.get(anna.id), 10);
  await answer(npsTokens.get(bram.id), 6);
  await open(npsTokens.get(carla.id));

  // No NPS question: coloured by status. Anna completed, Bram opened, Carla invited, Daan and Eva not.
  plain = await openSurvey(ctx, owner, 'Open vragen');
  const plainTokens = await invite(plain, [anna, bram, carla]);
  await answer(plainTokens.get(anna.id), null);
  await open(plainTokens.get(bram.id));

  // Anonymous, with an NPS question: Anna's answer must never reach her contact.
  anonymous = await npsSurvey(owner, 'Anoniem onderzoek');
  const made = await call(owner, 'PUT', `/surveys/${anonymous.id}/anonymity`, { anonymous: true });
  expect(made.statusCode, made.body).toBe(200);
  const anonymousTokens = await invite(anonymous, [anna]);
  await answer(anonymousTokens.get(anna.id), 9);
});

afterAll(async () => {
  await ctx?.close();
});

const valuesOf = (data: ContactMapData) =>
  Object.fromEntries(
    data.points.map(([id, , , value]) => [people.find((person) => person.id === id)?.name, value]),
  );

describe('the contacts map coloured by a survey', () => {
  it("should give each point the score of the contact's latest NPS answer", async () => {
    const data = await ok<ContactMapData>(owner, `/contacts/map?tag=kleur&survey_id=${scored.id}`);
    expect(data.colouring).toEqual({
      survey_id: scored.id,
      survey_title: 'Klantpeiling met NPS',
      by: 'nps',
      question_title: NPS_TITLE,
    });
    expect(valuesOf(data)).toEqual({ Anna: 10, Bram: 6, Carla: null, Daan: null, Eva: null });
    expect(data.points[0]).toEqual([people[0]?.id, 52, 5, 10]);
  });

  it('should give the status group of the latest invitation when the survey has no NPS question', async () => {
    const data = await ok<ContactMapData>(owner, `/contacts/map?tag=kleur&survey_id=${plain.id}`);
    expect(data.colouring).toMatchObject({ by: 'status', question_title: null });
    // CONTACT_MAP_STATUSES: completed 0, opened 1, invited 2, not invited 3.
    expect(valuesOf(data)).toEqual({ Anna: 0, Bram: 1, Carla: 2, Daan: 3, Eva: 3 });
  });

  it('should keep the plain three-number points without a survey', async () => {
    const data = await ok<ContactMapData>(owner, '/contacts/map?tag=kleur');
    expect(data.colouring).toBeNull();
    expect(data.points.every((point) => point.length === 3)).toBe(true);
    expect(data.points).toHaveLength(5);
  });

  it('should refuse an anonymous survey in Dutch, and never offer it', async () => {
    const refused = await call(owner, 'GET', `/contacts/map?survey_id=${anonymous.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ detail: CONTACT_MAP_ERRORS.anonymous });
    const popup = await call(
      owner,
      'GET',
      `/contacts/${people[0]?.id}/latest-invitation?survey_id=${anonymous.id}`,
    );
    expect(popup.statusCode).toBe(409);

    const offered = await ok<ContactMapSurveys>(owner, '/contacts/map/surveys');
    expect(offered.items.map((survey) => [survey.title, survey.by, survey.question_title])).toEqual([
      ['Open vragen', 'status', null],
      ['Klantpeiling met NPS', 'nps', NPS_TITLE],
    ]);
  });

  it("should answer 404 for another organisation's survey or contact, and 400 for a malformed id", async () => {
    const foreign = await call(as(other), 'GET', `/contacts/map?survey_id=${scored.id}`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json()).toEqual({ detail: SURVEY_ERRORS.notFound });
    const foreignContact = await call(as(other), 'GET', `/contacts/${people[0]?.id}/latest-invitation`);
    expect(foreignContact.statusCode).toBe(404);
    expect(foreignContact.json()).toEqual({ detail: CONTACT_ERRORS.notFound });
    expect((await ok<ContactMapSurveys>(as(other), '/contacts/map/surveys')).items).toEqual([]);

    const malformed = await call(owner, 'GET', '/contacts/map?survey_id=abc');
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<{ fields: Record<string, string> }>().fields).toEqual({
      survey_id: CONTACT_MAP_ERRORS.surveyId,
    });
  });

  it('should let members colour the map and refuse viewers', async () => {
    const member = as(team, team.member);
    expect((await call(member, 'GET', `/contacts/map?survey_id=${scored.id}`)).statusCode).toBe(200);
    for (const path of [
      `/contacts/map?survey_id=${scored.id}`,
      '/contacts/map/surveys',
      `/contacts/${people[0]?.id}/latest-invitation`,
    ]) {
      const refused = await call(as(team, team.viewer), 'GET', path);
      expect(refused.statusCode).toBe(403);
      expect(refused.json<{ detail: string }>().detail).toBe(PERMISSION_DENIED['contacts.manage']);
    }
  });
});

describe("a contact's latest invitation for the popup", () => {
  const latest = (contact: Contact | undefined, survey?: Survey) =>
    ok<ContactLatestInvitationResult>(
      owner,
      `/contacts/${contact?.id}/latest-invitation${survey ? `?survey_id=${survey.id}` : ''}`,
    );

  it('should name the chosen survey, the status, since when and the score', async () => {
    const { invitation } = await latest(people[0], scored);
    expect(invitation).toMatchObject({
      survey_id: scored.id,
      survey_title: 'Klantpeiling met NPS',
      anonymous: false,
      status: 'completed',
      question_title: NPS_TITLE,
      score: 10,
    });
    expect(Date.parse(invitation?.at ?? '')).toBeGreaterThan(Date.now() - 600_000);
    expect((await latest(people[2], scored)).invitation).toMatchObject({ status: 'opened', score: null });
    expect((await latest(people[4], scored)).invitation).toBeNull();
  });

  it("should show an anonymous survey's invitation as the latest by its status only, never its score", async () => {
    const { invitation } = await latest(people[0]);
    expect(invitation).toMatchObject({
      survey_id: anonymous.id,
      anonymous: true,
      status: 'completed',
      question_title: null,
      score: null,
    });
    // The day only, as the invitation keeps it.
    expect(invitation?.at).toMatch(/T00:00:00\.000Z$/);
    expect((await latest(people[1])).invitation).toMatchObject({ survey_id: plain.id, status: 'opened' });
    expect((await latest(people[4])).invitation).toBeNull();
  });
});

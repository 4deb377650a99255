import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SURVEY_ERRORS } from '../surveys/surveys';
import { as, openSurvey } from '../testing/invitationTesting';
import { createTeam, type TestTeam } from '../testing/teams';
import { createTestContext, type TestContext, testConfig } from '../testing/testApp';
import {
  CONTACT_MAP_ERRORS,
  type ContactMapDeps,
  contactLatestInvitation,
  contactMap,
  placeContact,
  positionOf,
  surveyIdOf,
  unplaceContact,
} from './contactMapUseCases';
import { CONTACT_ERRORS } from './contactStore';
import { createContact } from './contactUseCases';

// The map's use-cases called directly, without HTTP.

let ctx: TestContext;
let deps: ContactMapDeps;
let team: TestTeam;

beforeAll(async () => {
  ctx = await createTestContext();
  deps = { db: ctx.db, clock: ctx.clock, config: testConfig(ctx.dataDir, { geocoderUrl: null }) };
  team = await createTeam(ctx, 'Kaart BV');
});

afterAll(async () => {
  await ctx?.close();
});

const noWake = () => {
  throw new Error('no geocoder to wake');
};

describe('placing contacts by hand', () => {
  it('should place a contact, show it on the map and give it back to the geocoder', async () => {
    const organizationId = team.organization.id;
    const created = await createContact(deps, organizationId, { name: 'Anna', email: 'anna@example.nl' });
    if (!created.ok) throw new Error(created.detail);
    const id = created.value.id;
    const position = positionOf({ lat: 52.0907, lng: 5.1214 });
    if (!position.ok) throw new Error(position.detail);

    const placed = await placeContact(deps, organizationId, id, position.value);
    expect(placed).toMatchObject({
      ok: true,
      value: { position: { lat: 52.0907, lng: 5.1214, source: 'manual' } },
    });
    const map = await contactMap(deps, organizationId, {}, noWake);
    expect(map).toMatchObject({ ok: true, value: { points: [[id, 52.0907, 5.1214]], geocoding: false } });

    const unplaced = await unplaceContact(deps, organizationId, id);
    expect(unplaced).toMatchObject({ ok: true, value: { position: null } });
    expect(await unplaceContact(deps, organizationId + 1000, id)).toEqual({
      ok: false,
      code: 'not_found',
      detail: CONTACT_ERRORS.notFound,
    });
  });

  it('should refuse a position off the globe', () => {
    expect(positionOf({ lat: 91, lng: 0 })).toMatchObject({ ok: false, code: 'invalid' });
  });
});

describe('colouring and the latest invitation', () => {
  it('should refuse a survey id that is no number, and a survey of nobody', async () => {
    expect(surveyIdOf('abc')).toEqual({
      ok: false,
      code: 'invalid',
      detail: CONTACT_MAP_ERRORS.surveyId,
      fields: { survey_id: CONTACT_MAP_ERRORS.surveyId },
    });
    expect(surveyIdOf(undefined)).toEqual({ ok: true, value: null });
    expect(await contactMap(deps, team.organization.id, { survey_id: '999999' }, noWake)).toEqual({
      ok: false,
      code: 'not_found',
      detail: SURVEY_ERRORS.notFound,
    });
  });

  it('should answer no invitation for a contact never invited, and not find an unknown contact', async () => {
    const organizationId = team.organization.id;
    const survey = await openSurvey(ctx, as(team));
    const created = await createContact(deps, organizationId, { name: 'Bert', email: 'bert@example.nl' });
    if (!created.ok) throw new Error(created.detail);

    expect(
      await contactLatestInvitation(deps, organizationId, created.value.id, { survey_id: String(survey.id) }),
    ).toEqual({ ok: true, value: { invitation: null } });
    expect(await contactLatestInvitation(deps, organizationId, 2_000_000, {})).toEqual({
      ok: false,
      code: 'not_found',
      detail: CONTACT_ERRORS.notFound,
    });
  });
});

import type {
  ContactFacets,
  ContactMapData,
  ContactSegment,
  Page,
  ResponseListItem,
  SurveyInvitations,
  SurveySummary,
} from '@loop/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, surveyInvitations } from '../db/schema';
import { geocodeContacts } from '../geocoding/contactGeocoding';
import { api, createTestContext, login, type TestContext, testPasswordHasher } from '../testing/testApp';
import { DEMO_CONTACTS, DEMO_SEGMENT } from './demoContacts';
import { DEMO_ADMIN, seedDemoData } from './demoSeed';
import { DEMO_SURVEY_TITLES } from './demoSurveys';

let ctx: TestContext;
let token: string;

const seed = () => seedDemoData({ db: ctx.db, clock: ctx.clock, passwords: testPasswordHasher });
const get = (path: string) => api(ctx.app, 'GET', path, { token });

beforeAll(async () => {
  ctx = await createTestContext();
  await seed();
  token = (await login(ctx.app, DEMO_ADMIN)).access_token;
});

afterAll(async () => {
  await ctx?.close();
});

describe('the demo contacts', () => {
  it('should be 60 valid contacts at Dutch addresses, each near the other addresses of its place', () => {
    expect(DEMO_CONTACTS).toHaveLength(60);
    expect(new Set(DEMO_CONTACTS.map((contact) => contact.values.email)).size).toBe(60);
    const places = new Map<string, { lat: number; lng: number }[]>();
    for (const contact of DEMO_CONTACTS) {
      const { postcode, city, street, house_number } = contact.values;
      expect([postcode, city, street, house_number].every((field) => field !== null)).toBe(true);
      expect(postcode).toMatch(/^[1-9]\d{3} [A-Z]{2}$/);
      expect(contact.values.email).toMatch(/@klant\.example$/);
      // Within the Netherlands.
      expect(contact.lat).toBeGreaterThan(50.75);
      expect(contact.lat).toBeLessThan(53.55);
      expect(contact.lng).toBeGreaterThan(3.35);
      expect(contact.lng).toBeLessThan(7.25);
      places.set(city as string, [...(places.get(city as string) ?? []), contact]);
    }
    expect(places.size).toBe(13);
    // A position typed wrong would lie far from the others of its place (all are in a city centre).
    for (const [city, points] of places) {
      const lat = points.reduce((sum, point) => sum + point.lat, 0) / points.length;
      const lng = points.reduce((sum, point) => sum + point.lng, 0) / points.length;
      for (const point of points) {
        expect(Math.abs(point.lat - lat), city).toBeLessThan(0.03);
        expect(Math.abs(point.lng - lng), city).toBeLessThan(0.04);
      }
    }
    // The four-digit part of a postcode fits its place (the first digit is the region).
    const region: Readonly<Record<string, string>> = {
      Amsterdam: '1',
      Haarlem: '2',
      Leiden: '2',
      'Den Haag': '2',
      Delft: '2',
      Rotterdam: '3',
      Utrecht: '3',
      Eindhoven: '5',
      Maastricht: '6',
      Nijmegen: '6',
      Arnhem: '6',
      Zwolle: '8',
      Groningen: '9',
    };
    for (const contact of DEMO_CONTACTS)
      expect(contact.values.postcode?.[0], contact.values.city ?? '').toBe(region[contact.values.city ?? '']);
  });

  it('should be on the map at once, with nothing for the geocoder to look up', async () => {
    const map = (await get('/contacts/map')).json<ContactMapData>();
    expect(map.points).toHaveLength(60);
    expect(map.not_placed).toEqual({ pending: 0, not_found: 0, incomplete: 0 });
    let asked = 0;
    const written = await geocodeContacts(
      {
        db: ctx.db,
        clock: ctx.clock,
        geocoder: {
          lookups: 0,
          locate: async () => {
            asked += 1;
            return { status: 'not_found' };
          },
        },
        output: { info: () => {}, error: () => {} },
        wait: async () => {},
      },
      { ratePerSecond: 1000 },
    );
    expect({ written, asked }).toEqual({ written: 0, asked: 0 });
  });

  it('should have tags, attributes, two who unsubscribed and one segment', async () => {
    const list = (await get('/contacts?page_size=100')).json<Page<unknown>>();
    expect(list.total).toBe(60);
    const facets = (await get('/contacts/facets')).json<ContactFacets>();
    expect(facets.tags.map((tag) => tag.tag).sort()).toEqual([
      'ambassadeur',
      'nieuw',
      'panel',
      'particulier',
      'zakelijk',
    ]);
    expect(facets.attribute_keys.map((key) => key.key).sort()).toEqual(['abonnement', 'klant sinds']);
    expect((await get('/contacts?subscribed=false')).json<Page<unknown>>().total).toBe(2);
    const segments = (await get('/contacts/segments')).json<ContactSegment[]>();
    expect(segments).toEqual([expect.objectContaining({ name: DEMO_SEGMENT.name, contact_count: 20 })]);
  });

  it('should have invited 24 of them to the customer survey, naming who answered', async () => {
    const surveys = (await get('/surveys')).json<Page<SurveySummary>>().items;
    const survey = surveys.find((each) => each.title === DEMO_SURVEY_TITLES.customers) as SurveySummary;
    const invitations = (await get(`/surveys/${survey.id}/invitations`)).json<SurveyInvitations>();
    expect(invitations.counts).toEqual({
      planned: 0,
      sent: 6,
      opened: 2,
      completed: 14,
      failed: 1,
      cancelled: 1,
    });
    const responses = (await get(`/surveys/${survey.id}/responses?status=completed&page_size=100`)).json<
      Page<ResponseListItem>
    >();
    expect(responses.total).toBe(40);
    const named = responses.items.filter((item) => item.contact_name !== null);
    expect(named).toHaveLength(14);
    const first = named[0] as ResponseListItem;
    const found = (
      await get(`/surveys/${survey.id}/responses?q=${encodeURIComponent(first.contact_name ?? '')}`)
    ).json<Page<ResponseListItem>>();
    expect(found.items.map((item) => item.id)).toEqual([first.id]);
  });

  it('should add nothing when it runs again', async () => {
    const before = {
      contacts: await ctx.db.$count(contacts),
      invitations: await ctx.db.$count(surveyInvitations),
    };
    await seed();
    expect({
      contacts: await ctx.db.$count(contacts),
      invitations: await ctx.db.$count(surveyInvitations),
    }).toEqual(before);
  });
});

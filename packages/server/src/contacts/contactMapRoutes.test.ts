import type { Contact, ContactMapData, ContactSegment } from '@loop/core';
import { addressQuery, type GeocodeAddress, POSITION_MESSAGES } from '@loop/core/geocoding';
import { PERMISSION_DENIED } from '@loop/core/organisation';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdokQuery } from '../geocoding/pdokGeocoder';
import { type FakePdokPlace, startFakePdok } from '../testing/fakePdok';
import { multipartForm } from '../testing/finance';
import { createTeam, type TestTeam } from '../testing/teams';
import { api, createTestContext, type TestContext } from '../testing/testApp';
import { CONTACT_ERRORS } from './contactStore';

type Address = Partial<GeocodeAddress>;
const address = (fields: Address): GeocodeAddress => ({
  street: null,
  house_number: null,
  postcode: null,
  city: null,
  ...fields,
});
/** The `q` PDOK is asked for an address. */
const asked = (fields: Address): string => {
  const query = addressQuery(address(fields));
  if (query === null) throw new Error('address cannot be looked up');
  return pdokQuery(query);
};

const DOM = { postcode: '3512 JE', house_number: '1' };
const STATION = { street: 'Stationsplein', house_number: '1', city: 'Amsterdam' };
const MARTINI = { postcode: '9712 HW', house_number: '1' };
const places = new Map<string, FakePdokPlace>([
  [asked(DOM), { lat: 52.0907, lng: 5.1214, label: 'Domplein 1, 3512JE Utrecht' }],
  [asked(STATION), { lat: 52.3789, lng: 4.9004, label: 'Stationsplein 1, 1012AB Amsterdam' }],
  [asked(MARTINI), { lat: 53.2193, lng: 6.5682, label: 'Martinikerkhof 1, 9712HW Groningen' }],
]);

let ctx: TestContext;
let pdok: Awaited<ReturnType<typeof startFakePdok>>;
let team: TestTeam;
let other: TestTeam;

beforeAll(async () => {
  pdok = await startFakePdok(places);
  ctx = await createTestContext({ config: { geocoderUrl: pdok.url } });
  team = await createTeam(ctx, 'Kaart BV');
  other = await createTeam(ctx, 'Andere Kaart BV');
});

afterAll(async () => {
  await ctx?.close();
  pdok?.close();
});

const call = (
  t: TestTeam,
  method: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE',
  path: string,
  payload?: unknown,
  token = t.owner.token,
): Promise<LightMyRequestResponse> => api(ctx.app, method, path, { token, headers: t.headers, payload });

let counter = 0;
async function add(t: TestTeam, fields: Address & { tags?: string[] }): Promise<Contact> {
  counter++;
  const response = await call(t, 'POST', '/contacts', {
    name: `Kaartcontact ${counter}`,
    email: `kaart${counter}@example.nl`,
    ...fields,
  });
  if (response.statusCode !== 201) throw new Error(response.body);
  return response.json<Contact>();
}

const contact = async (t: TestTeam, id: number): Promise<Contact> =>
  (await call(t, 'GET', `/contacts/${id}`)).json<Contact>();

async function map(t: TestTeam, query = ''): Promise<ContactMapData> {
  const response = await call(t, 'GET', `/contacts/map${query}`);
  if (response.statusCode !== 200) throw new Error(response.body);
  return response.json<ContactMapData>();
}

/** A whole round after the changes so far (the first call may join a round already under way). */
async function geocode(): Promise<void> {
  const job = ctx.app.contactGeocoding;
  if (job === null) throw new Error('the geocoding job should run');
  await job.runOnce();
  await job.runOnce();
}

const pointOf = (data: ContactMapData, id: number) => data.points.find(([pointId]) => pointId === id);

describe('contacts map: geocoding', () => {
  it('should place a found address, and count the not found and incomplete ones with their reasons', async () => {
    const tag = 'eerste';
    const found = await add(team, { ...DOM, tags: [tag] });
    const notFound = await add(team, { postcode: '1234 AB', house_number: '99', tags: [tag] });
    const incomplete = await add(team, { city: 'Utrecht', tags: [tag] });

    const before = await map(team, `?tag=${tag}`);
    expect(before.points).toEqual([]);
    expect(before.not_placed).toEqual({ pending: 3, not_found: 0, incomplete: 0 });
    expect(before.geocoding).toBe(true);

    await geocode();

    const after = await map(team, `?tag=${tag}`);
    expect(after.points).toEqual([[found.id, 52.0907, 5.1214]]);
    expect(after.not_placed).toEqual({ pending: 0, not_found: 1, incomplete: 1 });
    expect(after.tiles).toEqual({
      url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      attribution: '© OpenStreetMap-bijdragers',
      attribution_url: null,
    });
    expect((await contact(team, found.id)).position).toEqual({
      lat: 52.0907,
      lng: 5.1214,
      source: 'geocoder',
    });
    expect((await contact(team, notFound.id)).position).toBeNull();
    expect((await contact(team, incomplete.id)).position).toBeNull();
    // The incomplete address is never sent to the service.
    expect(pdok.queries).not.toContain('Utrecht');
  });

  it('should start a round when the map shows contacts waiting for a lookup', async () => {
    const waiting = await add(team, { ...STATION, house_number: '2', tags: ['kijker'] });
    const query = asked({ ...STATION, house_number: '2' });
    expect((await map(team, '?tag=kijker')).not_placed.pending).toBe(1);
    for (let attempt = 0; attempt < 100 && !pdok.queries.includes(query); attempt++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pdok.queries).toContain(query);
    await geocode();
    expect((await contact(team, waiting.id)).position).toBeNull();
    expect((await map(team, '?tag=kijker')).not_placed.not_found).toBe(1);
  });

  it('should change nothing while the service cannot be reached, say until when, and place the contact once it answers', async () => {
    pdok.setMode({ kind: 'unreachable' });
    const waiting = await add(team, { ...MARTINI, tags: ['storing'] });
    const failedAt = ctx.clock.now();
    await geocode();
    expect((await contact(team, waiting.id)).position).toBeNull();
    const down = await map(team, '?tag=storing');
    expect(down.not_placed).toEqual({ pending: 1, not_found: 0, incomplete: 0 });
    // When it failed and when the server tries again (a minute later), for the map to say so.
    expect(down.geocoder_outage).toEqual({
      since: failedAt.toISOString(),
      retry_at: new Date(failedAt.getTime() + 60_000).toISOString(),
    });

    // Before that moment nobody asks the service (neither the job nor the map being looked at).
    pdok.setMode({ kind: 'places' });
    const asked = pdok.queries.length;
    await geocode();
    await map(team, '?tag=storing');
    await geocode();
    expect(pdok.queries.length).toBe(asked);

    ctx.clock.advance(60_000);
    await geocode();
    const up = await map(team, '?tag=storing');
    expect(up.points).toEqual([[waiting.id, 53.2193, 6.5682]]);
    expect(up.geocoder_outage).toBeNull();
  });

  it('should wait longer after each round that cannot reach the service, whichever instance tried', async () => {
    pdok.setMode({ kind: 'unreachable' });
    await add(team, { postcode: '3512 JE', house_number: '7', tags: ['lang-storing'] });
    const first = ctx.clock.now();
    await geocode();
    ctx.clock.advance(60_000);
    // Another instance on the same database sees the outage and, at its time, tries once more.
    const second = ctx.buildApp({ config: { geocoderUrl: pdok.url } });
    const other = (await second).contactGeocoding;
    if (other === null) throw new Error('the geocoding job should run');
    await other.runOnce();
    await other.runOnce();
    expect((await map(team, '?tag=lang-storing')).geocoder_outage).toEqual({
      since: first.toISOString(),
      retry_at: new Date(ctx.clock.now().getTime() + 120_000).toISOString(),
    });
    pdok.setMode({ kind: 'places' });
    ctx.clock.advance(120_000);
    await geocode();
    expect((await map(team, '?tag=lang-storing')).geocoder_outage).toBeNull();
  });

  it('should look a changed address up again', async () => {
    const moving = await add(team, { ...DOM, tags: ['verhuizer'] });
    await geocode();
    expect(pointOf(await map(team, '?tag=verhuizer'), moving.id)).toEqual([moving.id, 52.0907, 5.1214]);

    await call(team, 'PATCH', `/contacts/${moving.id}`, { ...STATION, postcode: null });
    expect((await map(team, '?tag=verhuizer')).not_placed.pending).toBe(0);
    await geocode();
    expect((await contact(team, moving.id)).position).toEqual({
      lat: 52.3789,
      lng: 4.9004,
      source: 'geocoder',
    });
  });

  it('should keep a placement by hand until the address changes', async () => {
    const unknown = await add(team, { postcode: '1000 AA', house_number: '7', tags: ['handwerk'] });
    await geocode();
    expect((await map(team, '?tag=handwerk')).not_placed.not_found).toBe(1);

    const placed = await call(team, 'PUT', `/contacts/${unknown.id}/position`, { lat: 52.1, lng: 5.2 });
    expect(placed.statusCode).toBe(200);
    expect(placed.json<Contact>().position).toEqual({ lat: 52.1, lng: 5.2, source: 'manual' });
    const lookups = pdok.queries.length;
    await geocode();
    expect(pdok.queries.length).toBe(lookups);
    const data = await map(team, '?tag=handwerk');
    expect(data.points).toEqual([[unknown.id, 52.1, 5.2]]);
    expect(data.not_placed).toEqual({ pending: 0, not_found: 0, incomplete: 0 });

    await call(team, 'PATCH', `/contacts/${unknown.id}`, MARTINI);
    await geocode();
    expect((await contact(team, unknown.id)).position).toEqual({
      lat: 53.2193,
      lng: 6.5682,
      source: 'geocoder',
    });
  });

  it('should give a contact back to the geocoder', async () => {
    const given = await add(team, { ...STATION, tags: ['terug'] });
    await call(team, 'PUT', `/contacts/${given.id}/position`, { lat: 51.5, lng: 4.5 });

    const back = await call(team, 'DELETE', `/contacts/${given.id}/position`);
    expect(back.statusCode).toBe(200);
    expect(back.json<Contact>().position).toBeNull();
    expect((await map(team, '?tag=terug')).not_placed.pending).toBe(1);
    await geocode();
    expect((await contact(team, given.id)).position).toEqual({
      lat: 52.3789,
      lng: 4.9004,
      source: 'geocoder',
    });
  });
});

describe('contacts map: after an import', () => {
  it('should place imported contacts in a round after the import, which itself looks nothing up', async () => {
    const form = multipartForm(
      {},
      {
        name: 'contacten.csv',
        bytes: Buffer.from(
          'Naam;E-mailadres;Postcode;Huisnummer;Tags\r\nIna Import;ina@import.nl;9712 HW;1;geimporteerd\r\n' +
            'Iris Import;iris@import.nl;3512 JE;1;geimporteerd\r\n',
          'utf8',
        ),
      },
    );
    const lookups = pdok.queries.length;
    const started = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/contacts/imports',
      headers: { authorization: `Bearer ${team.owner.token}`, ...team.headers, ...form.headers },
      payload: form.payload,
    });
    expect(started.statusCode).toBe(202);
    const id = started.json<{ id: number }>().id;
    for (let attempt = 0; attempt < 200; attempt++) {
      const state = (await call(team, 'GET', `/contacts/imports/${id}`)).json<{ state: string }>().state;
      if (state !== 'running') break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(pdok.queries.length).toBe(lookups);
    await geocode();
    const data = await map(team, '?tag=geimporteerd');
    expect(data.points.map(([, lat, lng]) => [lat, lng]).sort()).toEqual([
      [52.0907, 5.1214],
      [53.2193, 6.5682],
    ]);
    expect(data.not_placed).toEqual({ pending: 0, not_found: 0, incomplete: 0 });
  });
});

describe('contacts map: routes', () => {
  it('should refuse a position outside the world in Dutch, naming the field, and change nothing', async () => {
    const target = await add(team, { tags: ['fout'] });
    const response = await call(team, 'PUT', `/contacts/${target.id}/position`, { lat: 91, lng: 5 });
    expect(response.statusCode).toBe(400);
    expect(response.json<{ fields: Record<string, string> }>().fields).toEqual({
      lat: POSITION_MESSAGES.lat,
    });
    const missing = await call(team, 'PUT', `/contacts/${target.id}/position`, { lat: 52 });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<{ fields: Record<string, string> }>().fields).toHaveProperty('lng');
    expect((await contact(team, target.id)).position).toBeNull();
  });

  it("should show the segment's contacts and answer 404 for another organisation's ids", async () => {
    const mine = await add(team, { ...DOM, tags: ['segmentkaart'] });
    await add(team, { ...STATION, tags: ['anders'] });
    await geocode();
    const segment = (
      await call(team, 'POST', '/contacts/segments', {
        name: 'Kaartsegment',
        filter: { tags: ['segmentkaart'] },
      })
    ).json<ContactSegment>();
    expect((await map(team, `?segment_id=${segment.id}`)).points).toEqual([[mine.id, 52.0907, 5.1214]]);

    expect((await call(other, 'GET', `/contacts/map?segment_id=${segment.id}`)).statusCode).toBe(404);
    expect((await map(other)).points).toEqual([]);
    const foreignPut = await call(other, 'PUT', `/contacts/${mine.id}/position`, { lat: 50, lng: 4 });
    expect(foreignPut.statusCode).toBe(404);
    expect(foreignPut.json<{ detail: string }>().detail).toBe(CONTACT_ERRORS.notFound);
    expect((await call(other, 'DELETE', `/contacts/${mine.id}/position`)).statusCode).toBe(404);
    expect((await contact(team, mine.id)).position?.source).toBe('geocoder');
  });

  it('should let members place contacts and refuse viewers', async () => {
    const target = await add(team, { tags: ['rollen'] });
    const byMember = await call(
      team,
      'PUT',
      `/contacts/${target.id}/position`,
      { lat: 52, lng: 5 },
      team.member.token,
    );
    expect(byMember.statusCode).toBe(200);
    for (const [method, path] of [
      ['GET', '/contacts/map'],
      ['PUT', `/contacts/${target.id}/position`],
      ['DELETE', `/contacts/${target.id}/position`],
    ] as const) {
      const refused = await call(team, method, path, { lat: 1, lng: 1 }, team.viewer.token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json<{ detail: string }>().detail).toBe(PERMISSION_DENIED['contacts.manage']);
    }
  });

  it('should say when addresses are not looked up, and run no job', async () => {
    const off = await ctx.buildApp({ config: { geocoderUrl: null } });
    expect(off.contactGeocoding).toBeNull();
    const response = await api(off, 'GET', '/contacts/map', {
      token: team.owner.token,
      headers: team.headers,
    });
    expect(response.json<ContactMapData>().geocoding).toBe(false);
  });
});

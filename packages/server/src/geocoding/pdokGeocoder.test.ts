import { type GeocodeAddress, GeocoderUnavailableError } from '@loop/core/geocoding';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakePdokPlace, startFakePdok } from '../testing/fakePdok';
import { PdokGeocoder, pdokQuery } from './pdokGeocoder';

const DAMRAK: FakePdokPlace = { lat: 52.37531, lng: 4.89665, label: 'Damrak 1, 1012LG Amsterdam' };
const OUDEGRACHT: FakePdokPlace = { lat: 52.08914, lng: 5.11953, label: 'Oudegracht 158, 3511AZ Utrecht' };
const PLACES = new Map([
  ['postcode:1012LG AND huisnummer:1', DAMRAK],
  ['Oudegracht 158, Utrecht', OUDEGRACHT],
]);

const address = (fields: Partial<GeocodeAddress>): GeocodeAddress => ({
  street: null,
  house_number: null,
  postcode: null,
  city: null,
  ...fields,
});

let fake: Awaited<ReturnType<typeof startFakePdok>>;
let geocoder: PdokGeocoder;

beforeAll(async () => {
  fake = await startFakePdok(PLACES);
  geocoder = new PdokGeocoder({ url: fake.url, timeoutMs: 300 });
});
afterAll(() => fake.close());
beforeEach(() => {
  fake.queries.length = 0;
  fake.setMode({ kind: 'places' });
});

describe('pdokQuery', () => {
  it('should ask the register fields for a postcode and house number, letter and addition quoted', () => {
    expect(
      pdokQuery({ kind: 'postcode', postcode: '1012LG', house: { number: 1, letter: 'A', addition: '2' } }),
    ).toBe('postcode:1012LG AND huisnummer:1 AND huisletter:"A" AND huisnummertoevoeging:"2"');
  });

  it('should pass free text as it is', () => {
    expect(pdokQuery({ kind: 'text', text: 'Oudegracht 158, Utrecht' })).toBe('Oudegracht 158, Utrecht');
  });
});

describe('PdokGeocoder', () => {
  it('should place a Dutch address by postcode and house number, latitude and longitude the right way round', async () => {
    const result = await geocoder.locate(
      address({ postcode: '1012 lg', house_number: '1', street: 'Damrak' }),
    );
    expect(result).toEqual({ status: 'found', lat: DAMRAK.lat, lng: DAMRAK.lng, label: DAMRAK.label });
    expect(fake.queries).toEqual(['postcode:1012LG AND huisnummer:1']);
  });

  it('should place an address without postcode by its text', async () => {
    const result = await geocoder.locate(
      address({ street: 'Oudegracht', house_number: '158', city: 'Utrecht' }),
    );
    expect(result).toMatchObject({ status: 'found', lat: OUDEGRACHT.lat });
  });

  it('should answer not found for an address the register does not know', async () => {
    expect(await geocoder.locate(address({ postcode: '9999 ZZ', house_number: '1' }))).toEqual({
      status: 'not_found',
    });
  });

  it('should not ask at all for an address that says too little', async () => {
    expect(await geocoder.locate(address({ city: 'Utrecht' }))).toEqual({ status: 'not_found' });
    expect(fake.queries).toEqual([]);
  });

  it('should count an error status, a slow answer, an unreadable answer and a dropped connection as unavailable', async () => {
    const damrak = address({ postcode: '1012LG', house_number: '1' });
    fake.setMode({ kind: 'status', status: 503 });
    await expect(geocoder.locate(damrak)).rejects.toBeInstanceOf(GeocoderUnavailableError);
    fake.setMode({ kind: 'slow', delayMs: 2_000 });
    await expect(geocoder.locate(damrak)).rejects.toBeInstanceOf(GeocoderUnavailableError);
    fake.setMode({ kind: 'garbage' });
    await expect(geocoder.locate(damrak)).rejects.toBeInstanceOf(GeocoderUnavailableError);
    fake.setMode({ kind: 'unreachable' });
    await expect(geocoder.locate(damrak)).rejects.toBeInstanceOf(GeocoderUnavailableError);
    fake.setMode({ kind: 'places' });
  });

  it('should count a refused connection as unavailable', async () => {
    const nowhere = new PdokGeocoder({ url: 'http://127.0.0.1:9/free', timeoutMs: 300 });
    await expect(nowhere.locate(address({ postcode: '1012LG', house_number: '1' }))).rejects.toBeInstanceOf(
      GeocoderUnavailableError,
    );
  });
});

import {
  type GeocodeAddress,
  type GeocodeResult,
  type Geocoder,
  GeocoderUnavailableError,
} from '@loop/core/geocoding';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../db/database';
import { geocodeCache } from '../db/schema';
import { FakeClock } from '../testing/fakeClock';
import { openTestDatabase } from '../testing/testDatabase';
import { CachedGeocoder, NOT_FOUND_RETRY_DAYS } from './geocodeCache';

/** A geocoder that answers from a script and counts what it was asked. */
class ScriptedGeocoder implements Geocoder {
  asked: GeocodeAddress[] = [];
  answer: GeocodeResult | 'unavailable' = {
    status: 'found',
    lat: 52.1,
    lng: 5.1,
    label: 'Domplein 1, 3512JC Utrecht',
  };

  async locate(address: GeocodeAddress): Promise<GeocodeResult> {
    this.asked.push(address);
    if (this.answer === 'unavailable') throw new GeocoderUnavailableError('down');
    return this.answer;
  }
}

const DOMPLEIN: GeocodeAddress = {
  street: 'Domplein',
  house_number: '1',
  postcode: '3512 JC',
  city: 'Utrecht',
};
const DAY_MS = 86_400_000;

let handle: DatabaseHandle;
let inner: ScriptedGeocoder;
let clock: FakeClock;
let cached: CachedGeocoder;

beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());
beforeEach(async () => {
  await handle.db.delete(geocodeCache);
  inner = new ScriptedGeocoder();
  clock = new FakeClock();
  cached = new CachedGeocoder(handle.db, inner, clock);
});

describe('CachedGeocoder', () => {
  it('should look an address up once and answer the same place written differently from the cache', async () => {
    const first = await cached.locate(DOMPLEIN);
    const second = await cached.locate({ ...DOMPLEIN, postcode: '3512jc', street: 'DOMPLEIN' });
    expect(first).toEqual(second);
    expect(first).toMatchObject({ status: 'found', lat: 52.1, lng: 5.1 });
    expect(inner.asked).toHaveLength(1);
    expect(cached.lookups).toBe(1);
  });

  it('should keep a not-found answer and ask again only after the retry period', async () => {
    inner.answer = { status: 'not_found' };
    expect(await cached.locate(DOMPLEIN)).toEqual({ status: 'not_found' });
    clock.advance((NOT_FOUND_RETRY_DAYS - 1) * DAY_MS);
    expect(await cached.locate(DOMPLEIN)).toEqual({ status: 'not_found' });
    expect(inner.asked).toHaveLength(1);
    inner.answer = { status: 'found', lat: 52.2, lng: 5.2, label: 'Domplein 1' };
    clock.advance(2 * DAY_MS);
    expect(await cached.locate(DOMPLEIN)).toMatchObject({ status: 'found', lat: 52.2 });
    expect(inner.asked).toHaveLength(2);
    const rows = await handle.db.select().from(geocodeCache);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ status: 'found', lat: 52.2, lng: 5.2 });
  });

  it('should store nothing when the service is unavailable, so the next run asks again', async () => {
    inner.answer = 'unavailable';
    await expect(cached.locate(DOMPLEIN)).rejects.toBeInstanceOf(GeocoderUnavailableError);
    expect(await handle.db.select().from(geocodeCache)).toEqual([]);
    inner.answer = { status: 'found', lat: 52.1, lng: 5.1, label: 'Domplein 1' };
    expect(await cached.locate(DOMPLEIN)).toMatchObject({ status: 'found' });
    expect(inner.asked).toHaveLength(2);
  });

  it('should neither ask nor store for an address that cannot be looked up', async () => {
    expect(
      await cached.locate({ street: null, house_number: null, postcode: null, city: 'Utrecht' }),
    ).toEqual({
      status: 'not_found',
    });
    expect(inner.asked).toEqual([]);
    expect(await handle.db.select().from(geocodeCache)).toEqual([]);
  });
});

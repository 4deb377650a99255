import type { GeocodeAddress, GeocodeResult, Geocoder } from '@loop/core/geocoding';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnsOf } from '../contacts/contactStore';
import type { DatabaseHandle } from '../db/database';
import { contacts, organizations } from '../db/schema';
import { FakeClock } from '../testing/fakeClock';
import { openTestDatabase } from '../testing/testDatabase';
import { geocodeContacts, startContactGeocoding } from './contactGeocoding';
import { CachedGeocoder } from './geocodeCache';

/** Finds every address on one spot and counts what it was asked. */
class CountingGeocoder implements Geocoder {
  asked: GeocodeAddress[] = [];
  async locate(address: GeocodeAddress): Promise<GeocodeResult> {
    this.asked.push(address);
    return { status: 'found', lat: 52.1, lng: 5.1, label: 'ergens' };
  }
}

const silent = { info: () => {}, error: () => {} };

let handle: DatabaseHandle;
let organizationId: number;

beforeAll(async () => {
  handle = await openTestDatabase();
  const [organization] = await handle.db
    .insert(organizations)
    .values({ name: 'Geocodeer BV' })
    .returning({ id: organizations.id });
  organizationId = organization?.id ?? 0;
});

afterAll(async () => {
  await handle?.close();
});

let counter = 0;
async function insert(rows: number, address: (index: number) => Partial<GeocodeAddress>): Promise<void> {
  await handle.db.insert(contacts).values(
    Array.from({ length: rows }, (_, index) => {
      counter++;
      const fields = address(index);
      return {
        organizationId,
        ...columnsOf({
          name: `Contact ${counter}`,
          email: `geo${counter}@example.nl`,
          phone: null,
          company: null,
          street: fields.street ?? null,
          house_number: fields.house_number ?? null,
          postcode: fields.postcode ?? null,
          city: fields.city ?? null,
          language: 'nl',
          attributes: {},
          tags: [],
        }),
      };
    }),
  );
}

describe('geocodeContacts', () => {
  it('should wait between lookups that reach the service only, in batches, and write every contact once', async () => {
    // 5 addresses, each twice (the second from the cache), and 2 without an address.
    await insert(10, (index) => ({ postcode: '3512 JE', house_number: String((index % 5) + 1) }));
    await insert(2, () => ({}));
    const inner = new CountingGeocoder();
    const geocoder = new CachedGeocoder(handle.db, inner, new FakeClock());
    const waits: number[] = [];
    const deps = {
      db: handle.db,
      clock: new FakeClock(),
      geocoder,
      output: silent,
      wait: async (ms: number) => {
        waits.push(ms);
      },
    };
    expect(await geocodeContacts(deps, { ratePerSecond: 4, batchSize: 3 })).toBe(12);
    expect(inner.asked).toHaveLength(5);
    expect(waits).toEqual([250, 250, 250, 250, 250]);
    // Nothing left: a second round writes nothing and asks nothing.
    expect(await geocodeContacts(deps, { ratePerSecond: 4, batchSize: 3 })).toBe(0);
    expect(inner.asked).toHaveLength(5);
  });

  it('should end a round between two contacts when the server stops', async () => {
    await insert(4, (index) => ({ postcode: '1012 AB', house_number: String(index + 1) }));
    const inner = new CountingGeocoder();
    const geocoder = new CachedGeocoder(handle.db, inner, new FakeClock());
    let stopping = false;
    const written = await geocodeContacts(
      {
        db: handle.db,
        clock: new FakeClock(),
        geocoder,
        output: silent,
        wait: async () => {
          stopping = true;
        },
      },
      { ratePerSecond: 1, stopping: () => stopping },
    );
    expect(written).toBe(1);
    expect(inner.asked).toHaveLength(1);
  });
});

describe('startContactGeocoding', () => {
  it('should not run without a geocoder', () => {
    const job = startContactGeocoding({
      db: handle.db,
      clock: new FakeClock(),
      output: silent,
      config: { geocoderUrl: null, geocoderRate: 4 },
    });
    expect(job).toBeNull();
  });
});

import { addressKey, type GeocodeAddress, type GeocodeResult, type Geocoder } from '@loop/core/geocoding';
import { eq, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Queryable } from '../db/database';
import { geocodeCache } from '../db/schema';

/** An address not found is asked again after this long: the register gains new addresses every day. */
export const NOT_FOUND_RETRY_DAYS = 30;
const DAY_MS = 86_400_000;

/**
 * A geocoder that answers from `geocode_cache` first and asks `inner` only for addresses it has not
 * seen (or not found long ago), storing every answer. A failed lookup (`GeocoderUnavailableError`)
 * is passed on and stores nothing. `lookups` counts the calls that reached `inner`.
 */
export class CachedGeocoder implements Geocoder {
  lookups = 0;

  constructor(
    private readonly db: Queryable,
    private readonly inner: Geocoder,
    private readonly clock: Clock,
  ) {}

  async locate(address: GeocodeAddress): Promise<GeocodeResult> {
    const key = addressKey(address);
    if (key === null) return { status: 'not_found' };
    const [cached] = await this.db.select().from(geocodeCache).where(eq(geocodeCache.addressKey, key));
    const now = this.clock.now();
    if (cached !== undefined) {
      if (cached.status === 'found' && cached.lat !== null && cached.lng !== null) {
        return { status: 'found', lat: cached.lat, lng: cached.lng, label: cached.label ?? '' };
      }
      if (now.getTime() - cached.lookedUpAt.getTime() < NOT_FOUND_RETRY_DAYS * DAY_MS) {
        return { status: 'not_found' };
      }
    }
    this.lookups++;
    const result = await this.inner.locate(address);
    const row =
      result.status === 'found'
        ? { status: 'found' as const, lat: result.lat, lng: result.lng, label: result.label, lookedUpAt: now }
        : { status: 'not_found' as const, lat: null, lng: null, label: null, lookedUpAt: now };
    await this.db
      .insert(geocodeCache)
      .values({ addressKey: key, ...row })
      .onConflictDoUpdate({
        target: geocodeCache.addressKey,
        set: {
          status: sql`excluded.status`,
          lat: sql`excluded.lat`,
          lng: sql`excluded.lng`,
          label: sql`excluded.label`,
          lookedUpAt: sql`excluded.looked_up_at`,
        },
      });
    return result;
  }
}

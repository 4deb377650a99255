import { addressQuery, type Geocoder, GeocoderUnavailableError } from '@loop/core/geocoding';
import { and, asc, eq, gt, type SQL, sql } from 'drizzle-orm';
import type { Clock } from '../clock';
import type { Queryable } from '../db/database';
import { contactAddressDigest, contacts, type GeocodeState } from '../db/schema';
import { type JobOutput, type PeriodicJob, startPeriodicJob } from '../housekeeping/periodicJob';
import { CachedGeocoder } from './geocodeCache';
import {
  endGeocoderOutage,
  type GeocoderOutage,
  readGeocoderOutage,
  recordGeocoderFailure,
} from './geocoderOutage';
import { PdokGeocoder } from './pdokGeocoder';

/** How often the job looks for contacts whose address changed (a round ends when none are left). */
export const CONTACT_GEOCODING_INTERVAL_MS = 30_000;
/** Contacts read per query of a round. */
export const CONTACT_GEOCODING_BATCH = 200;

/** The digest of each contact's current address, as SQL. */
export const currentAddressDigest: SQL = contactAddressDigest(contacts);
/** Contacts whose address is not the one last looked up or placed by hand: the job's queue. */
export const addressChanged: SQL = sql`${contacts.geocodedAddress} is distinct from ${currentAddressDigest}`;

export interface ContactGeocodingDeps {
  readonly db: Queryable;
  /** When a failure happened and when to try again (the outage row's times). */
  readonly clock: Clock;
  /** Answers from the cache first; `lookups` counts the calls that reached the service. */
  readonly geocoder: Geocoder & { readonly lookups: number };
  readonly output: JobOutput;
  /** Waits between lookups (tests: immediate). */
  readonly wait?: (ms: number) => Promise<void>;
}

export interface ContactGeocodingOptions {
  /** Lookups per second that reach the service at most (answers from the cache do not count). */
  readonly ratePerSecond: number;
  readonly batchSize?: number;
  /** Asked between contacts: true ends the round early (the server is stopping). */
  readonly stopping?: () => boolean;
  /** Told when this round found the service unreachable, with the outage as now recorded. */
  readonly onOutage?: (outage: GeocoderOutage) => void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What a contact's row becomes after a lookup (the digest is added by the caller). */
type Outcome =
  | {
      readonly latitude: number;
      readonly longitude: number;
      readonly positionSource: 'geocoder';
      readonly geocodeState: null;
    }
  | {
      readonly latitude: null;
      readonly longitude: null;
      readonly positionSource: null;
      readonly geocodeState: GeocodeState;
    };

const unplaced = (state: GeocodeState): Outcome => ({
  latitude: null,
  longitude: null,
  positionSource: null,
  geocodeState: state,
});

/**
 * One round of placing contacts on the map: every contact (of any organisation) whose address
 * digest differs from `geocoded_address`, in id order, one lookup at a time and at most
 * `ratePerSecond` lookups a second. Each answer is written with the digest it was made for, and
 * only if the address is still that one (an edit meanwhile is looked up in a later round). When the
 * service is unavailable the round stops there, changes nothing for that contact and records the
 * outage with the time of the next try (`geocoder_outage`, shared by every instance); until that
 * time rounds ask nothing, and the first lookup that reaches the service again ends the outage.
 * Answers how many contacts were written.
 */
export async function geocodeContacts(
  deps: ContactGeocodingDeps,
  options: ContactGeocodingOptions,
): Promise<number> {
  const wait = deps.wait ?? sleep;
  const gapMs = 1000 / options.ratePerSecond;
  const batchSize = options.batchSize ?? CONTACT_GEOCODING_BATCH;
  const outage = await readGeocoderOutage(deps.db);
  if (outage !== null && deps.clock.now().getTime() < outage.retryAt.getTime()) return 0;
  let outageOver = outage === null;
  let written = 0;
  let afterId = 0;
  for (;;) {
    const batch = await deps.db
      .select({
        id: contacts.id,
        street: contacts.street,
        house_number: contacts.houseNumber,
        postcode: contacts.postcode,
        city: contacts.city,
        digest: sql<string>`${currentAddressDigest}`,
      })
      .from(contacts)
      .where(and(addressChanged, gt(contacts.id, afterId)))
      .orderBy(asc(contacts.id))
      .limit(batchSize);
    for (const contact of batch) {
      if (options.stopping?.() === true) return written;
      afterId = contact.id;
      let outcome: Outcome;
      if (addressQuery(contact) === null) {
        outcome = unplaced('incomplete');
      } else {
        const before = deps.geocoder.lookups;
        try {
          const result = await deps.geocoder.locate(contact);
          outcome =
            result.status === 'found'
              ? {
                  latitude: result.lat,
                  longitude: result.lng,
                  positionSource: 'geocoder',
                  geocodeState: null,
                }
              : unplaced('not_found');
        } catch (error) {
          if (!(error instanceof GeocoderUnavailableError)) throw error;
          const recorded = await recordGeocoderFailure(deps.db, deps.clock.now());
          deps.output.info(
            { err: error, written, retryAt: recorded.retryAt.toISOString(), failures: recorded.failures },
            'Contacten op de kaart: de adreszoeker antwoordt niet; na retryAt wordt het opnieuw geprobeerd',
          );
          options.onOutage?.(recorded);
          return written;
        } finally {
          if (deps.geocoder.lookups !== before) await wait(gapMs);
        }
        if (!outageOver && deps.geocoder.lookups !== before) {
          // The service answered again: every instance may ask it from now on.
          await endGeocoderOutage(deps.db);
          outageOver = true;
          deps.output.info({}, 'Contacten op de kaart: de adreszoeker antwoordt weer');
        }
      }
      const changed = await deps.db
        .update(contacts)
        .set({ ...outcome, geocodedAddress: contact.digest })
        .where(and(eq(contacts.id, contact.id), sql`${currentAddressDigest} = ${contact.digest}`))
        .returning({ id: contacts.id });
      written += changed.length;
    }
    if (batch.length < batchSize) break;
  }
  if (written > 0) deps.output.info({ written }, `Contacten op de kaart: ${written} adres(sen) verwerkt`);
  return written;
}

/**
 * The geocoding job of the server: a round at start and every `intervalMs` (one at a time), through
 * PDOK (GEOCODER_URL) and `geocode_cache`. None when GEOCODER_URL is off. `stop` ends a round
 * between two contacts rather than waiting for thousands of lookups.
 */
export function startContactGeocoding(
  deps: {
    readonly db: Queryable;
    readonly clock: Clock;
    readonly output: JobOutput;
    readonly config: { readonly geocoderUrl: string | null; readonly geocoderRate: number };
  },
  options: { readonly intervalMs?: number; readonly wait?: (ms: number) => Promise<void> } = {},
): PeriodicJob | null {
  const url = deps.config.geocoderUrl;
  if (url === null) return null;
  const geocoder = new CachedGeocoder(deps.db, new PdokGeocoder({ url }), deps.clock);
  let stopping = false;
  // The try after an outage runs when the map said it would, not at the next interval after it.
  let retry: ReturnType<typeof setTimeout> | null = null;
  const retryAt = (outage: GeocoderOutage) => {
    if (retry !== null) clearTimeout(retry);
    retry = setTimeout(
      () => void job.runOnce(),
      Math.max(0, outage.retryAt.getTime() - deps.clock.now().getTime()),
    );
    retry.unref?.();
  };
  const job = startPeriodicJob({
    intervalMs: options.intervalMs ?? CONTACT_GEOCODING_INTERVAL_MS,
    output: deps.output,
    failure: 'Contacten op de kaart: het opzoeken van adressen is mislukt',
    run: () =>
      geocodeContacts(
        {
          db: deps.db,
          clock: deps.clock,
          geocoder,
          output: deps.output,
          ...(options.wait ? { wait: options.wait } : {}),
        },
        { ratePerSecond: deps.config.geocoderRate, stopping: () => stopping, onOutage: retryAt },
      ),
  });
  return {
    runOnce: job.runOnce,
    async stop() {
      stopping = true;
      if (retry !== null) clearTimeout(retry);
      await job.stop();
    },
  };
}

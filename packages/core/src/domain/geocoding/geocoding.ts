/**
 * Placing contacts on the map: the geocoder port, the address a lookup is made from, the key its
 * answer is cached under, and the Dutch texts for an address that could not be placed. The PDOK
 * Locatieserver adapter and the cache live in the server.
 */

/** The address fields of a contact that say where it is. */
export interface GeocodeAddress {
  readonly street: string | null;
  readonly house_number: string | null;
  readonly postcode: string | null;
  readonly city: string | null;
}

/** A lookup's answer: a point (WGS84 degrees) with the address as the service names it, or none. */
export type GeocodeResult =
  | { readonly status: 'found'; readonly lat: number; readonly lng: number; readonly label: string }
  | { readonly status: 'not_found' };

/** Looks an address up. Throws `GeocoderUnavailableError` when the service cannot answer now. */
export interface Geocoder {
  locate(address: GeocodeAddress): Promise<GeocodeResult>;
}

/** The service did not answer (down, slow, or a reply we cannot read): try again later, cache nothing. */
export class GeocoderUnavailableError extends Error {
  override readonly name = 'GeocoderUnavailableError';
}

export const GEOCODE_MESSAGES = {
  incomplete: 'Niet op de kaart: vul postcode en huisnummer in, of straat, huisnummer en plaats.',
  notFound: 'Niet op de kaart: dit adres is niet gevonden. Controleer het adres of sleep de marker zelf.',
  unavailable: 'De adreszoeker is nu niet bereikbaar; Loop probeert het later opnieuw.',
} as const;

const DUTCH_POSTCODE = /^([1-9]\d{3})\s*([A-Za-z]{2})$/;
/** '12', '12a', '12 A', '12-2', '12 bis': the number, then an optional letter, then an addition. */
const HOUSE_NUMBER = /^(\d{1,5})\s*(?:([A-Za-z])(?![A-Za-z]))?\s*[-/ ]?\s*([A-Za-z0-9]{1,4})?$/;

const clean = (value: string | null): string => (value ?? '').replace(/\s+/g, ' ').trim();
const fold = (value: string): string =>
  value.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase('nl').replace(/\s+/g, ' ').trim();

/** '1234AB' for a Dutch postcode in any spacing or case; null otherwise. */
export function compactPostcode(postcode: string | null): string | null {
  const match = DUTCH_POSTCODE.exec(clean(postcode));
  return match ? `${match[1]}${match[2]?.toUpperCase()}` : null;
}

/** A house number split the way the Dutch address register (BAG) keeps it. */
export interface HouseNumberParts {
  readonly number: number;
  readonly letter: string | null;
  readonly addition: string | null;
}

export function houseNumberParts(houseNumber: string | null): HouseNumberParts | null {
  const match = HOUSE_NUMBER.exec(clean(houseNumber));
  if (!match) return null;
  return {
    number: Number(match[1]),
    letter: match[2] ? match[2].toUpperCase() : null,
    addition: match[3] ? match[3].toUpperCase() : null,
  };
}

/**
 * What a lookup is made from: a Dutch postcode with a house number (exact in the register), else
 * street, number and place as free text. Null when the address says too little to place it.
 */
export type AddressQuery =
  | { readonly kind: 'postcode'; readonly postcode: string; readonly house: HouseNumberParts }
  | { readonly kind: 'text'; readonly text: string };

export function addressQuery(address: GeocodeAddress): AddressQuery | null {
  const postcode = compactPostcode(address.postcode);
  const house = houseNumberParts(address.house_number);
  if (postcode !== null && house !== null) return { kind: 'postcode', postcode, house };
  const street = clean(address.street);
  const city = clean(address.city);
  if (street === '' || city === '') return null;
  const number = clean(address.house_number);
  return { kind: 'text', text: `${street}${number === '' ? '' : ` ${number}`}, ${city}` };
}

/**
 * The cache key of an address: the same place written differently (case, spaces, accents, '1234ab'
 * or '1234 AB') gets one key and one lookup. Null when the address cannot be looked up.
 */
export function addressKey(address: GeocodeAddress): string | null {
  const query = addressQuery(address);
  if (query === null) return null;
  if (query.kind === 'text') return `t:${fold(query.text)}`;
  const { number, letter, addition } = query.house;
  return `p:${query.postcode}:${number}:${letter ?? ''}:${addition ?? ''}`;
}

/** The bounding box of the Netherlands (with the Wadden and a margin): a point outside it is not ours. */
export const NETHERLANDS_BOUNDS = { south: 50.7, west: 3.2, north: 53.7, east: 7.3 } as const;

export const inNetherlands = (lat: number, lng: number): boolean =>
  lat >= NETHERLANDS_BOUNDS.south &&
  lat <= NETHERLANDS_BOUNDS.north &&
  lng >= NETHERLANDS_BOUNDS.west &&
  lng <= NETHERLANDS_BOUNDS.east;

/** A position dragged on the map or typed: finite degrees within the world. */
export const isPosition = (lat: unknown, lng: unknown): boolean =>
  typeof lat === 'number' &&
  typeof lng === 'number' &&
  Number.isFinite(lat) &&
  Number.isFinite(lng) &&
  Math.abs(lat) <= 90 &&
  Math.abs(lng) <= 180;

export const POSITION_MESSAGES = {
  lat: 'Geef de breedtegraad (lat) als getal van -90 tot en met 90.',
  lng: 'Geef de lengtegraad (lng) als getal van -180 tot en met 180.',
} as const;

const isDegrees = (value: unknown, limit: number): value is number =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit;

/** A position placed by hand, checked field by field: degrees, or a Dutch error naming each wrong field. */
export function checkPosition(
  raw: unknown,
):
  | { readonly ok: true; readonly value: { readonly lat: number; readonly lng: number } }
  | { readonly ok: false; readonly fields: { lat?: string; lng?: string } } {
  const { lat, lng } = (typeof raw === 'object' && raw !== null ? raw : {}) as Record<string, unknown>;
  const fields: { lat?: string; lng?: string } = {};
  if (!isDegrees(lat, 90)) fields.lat = POSITION_MESSAGES.lat;
  if (!isDegrees(lng, 180)) fields.lng = POSITION_MESSAGES.lng;
  if (isDegrees(lat, 90) && isDegrees(lng, 180)) return { ok: true, value: { lat, lng } };
  return { ok: false, fields };
}

/** 'POINT(4.8952 52.3702)' (WKT, longitude first, as PDOK's `centroide_ll`) → degrees; null if not a point. */
export function parseWktPoint(wkt: string): { lat: number; lng: number } | null {
  const match = /^\s*POINT\s*\(\s*(-?\d+(?:\.\d+)?)\s+(-?\d+(?:\.\d+)?)\s*\)\s*$/i.exec(wkt);
  if (!match) return null;
  const lng = Number(match[1]);
  const lat = Number(match[2]);
  return isPosition(lat, lng) ? { lat, lng } : null;
}

/** The first wait after the address service could not be reached, and the longest. */
export const GEOCODER_RETRY = { firstMs: 60_000, maxMs: 15 * 60_000 } as const;

/**
 * How long to wait before asking the address service again after `failures` rounds in a row could
 * not reach it: a minute, then twice as long each time, at most a quarter of an hour (a free public
 * service that is down is not helped by being asked every few seconds).
 */
export function geocoderRetryDelayMs(failures: number): number {
  const doublings = Math.max(0, Math.min(failures - 1, 10));
  return Math.min(GEOCODER_RETRY.maxMs, GEOCODER_RETRY.firstMs * 2 ** doublings);
}

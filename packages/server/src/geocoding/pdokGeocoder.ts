import {
  type AddressQuery,
  addressQuery,
  type GeocodeAddress,
  type GeocodeResult,
  type Geocoder,
  GeocoderUnavailableError,
  parseWktPoint,
} from '@loop/core/geocoding';

/** The free geocoding endpoint of PDOK Locatieserver (the Dutch government's address service). */
export const PDOK_FREE_URL = 'https://api.pdok.nl/bzk/locatieserver/search/v3_1/free';

export interface PdokGeocoderOptions {
  /** GEOCODER_URL: the `free` endpoint (PDOK's, or a local fake in tests). */
  readonly url: string;
  /** A lookup that takes longer counts as unavailable (default 5 s). */
  readonly timeoutMs?: number;
  readonly fetch?: typeof fetch;
}

/** Solr's query syntax: quote a value so spaces and ':' in it are data. */
const quoted = (value: string): string => `"${value.replace(/["\\]/g, '\\$&')}"`;

/** The `q` of a lookup: exact register fields for postcode + number, else the text itself. */
export function pdokQuery(query: AddressQuery): string {
  if (query.kind === 'text') return query.text;
  const parts = [`postcode:${query.postcode}`, `huisnummer:${query.house.number}`];
  if (query.house.letter !== null) parts.push(`huisletter:${quoted(query.house.letter)}`);
  if (query.house.addition !== null) parts.push(`huisnummertoevoeging:${quoted(query.house.addition)}`);
  return parts.join(' AND ');
}

interface PdokDoc {
  readonly type?: unknown;
  readonly weergavenaam?: unknown;
  readonly centroide_ll?: unknown;
}

/**
 * A geocoder on PDOK Locatieserver's `free` endpoint, limited to addresses (`type:adres`), one
 * answer per lookup. The service needs no key; an answer we cannot read, an error status or a slow
 * answer throws `GeocoderUnavailableError` so nothing wrong is cached.
 */
export class PdokGeocoder implements Geocoder {
  readonly #fetch: typeof fetch;

  constructor(private readonly options: PdokGeocoderOptions) {
    this.#fetch = options.fetch ?? fetch;
  }

  async locate(address: GeocodeAddress): Promise<GeocodeResult> {
    const query = addressQuery(address);
    if (query === null) return { status: 'not_found' };
    const url = new URL(this.options.url);
    url.searchParams.set('q', pdokQuery(query));
    url.searchParams.set('fq', 'type:adres');
    url.searchParams.set('rows', '1');
    url.searchParams.set('fl', 'type,weergavenaam,centroide_ll');
    let body: unknown;
    try {
      const response = await this.#fetch(url, {
        headers: { accept: 'application/json' },
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 5000),
      });
      if (!response.ok) throw new GeocoderUnavailableError(`PDOK answered ${response.status}`);
      body = await response.json();
    } catch (error) {
      if (error instanceof GeocoderUnavailableError) throw error;
      throw new GeocoderUnavailableError(`PDOK did not answer: ${(error as Error).message}`);
    }
    const docs = (body as { response?: { docs?: unknown } } | null)?.response?.docs;
    if (!Array.isArray(docs)) throw new GeocoderUnavailableError('PDOK answered without response.docs');
    const doc = docs[0] as PdokDoc | undefined;
    if (doc === undefined || doc.type !== 'adres' || typeof doc.centroide_ll !== 'string') {
      return { status: 'not_found' };
    }
    const point = parseWktPoint(doc.centroide_ll);
    if (point === null) throw new GeocoderUnavailableError('PDOK answered a point we cannot read');
    const label = typeof doc.weergavenaam === 'string' ? doc.weergavenaam : '';
    return { status: 'found', ...point, label };
  }
}

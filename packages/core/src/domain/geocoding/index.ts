// The geocoding feature: the port the map's positions come through, address keys for the cache and
// the texts for contacts that are not placed. Adapters (PDOK Locatieserver) live in the server.
export type { AddressQuery, GeocodeAddress, GeocodeResult, Geocoder, HouseNumberParts } from './geocoding';
export {
  addressKey,
  addressQuery,
  checkPosition,
  compactPostcode,
  GEOCODE_MESSAGES,
  GEOCODER_RETRY,
  GeocoderUnavailableError,
  geocoderRetryDelayMs,
  houseNumberParts,
  inNetherlands,
  isPosition,
  NETHERLANDS_BOUNDS,
  POSITION_MESSAGES,
  parseWktPoint,
} from './geocoding';

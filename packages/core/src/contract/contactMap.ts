// The contacts map: the placed contacts of a filter, and placing one by hand.
import type { ContactExportQuery } from './contacts';

/** Where the map's tiles come from and whom it credits (the server's MAP_TILE_URL settings). */
export interface MapTiles {
  readonly url: string;
  readonly attribution: string;
  readonly attribution_url: string | null;
}

/**
 * GET /contacts/map takes the list's filter (`q`, `tag`, `attr`, `subscribed`, `segment_id`) and
 * answers the placed contacts of it as compact rows (10,000 contacts are about 300 kB before
 * compression), how many are not placed and why, and the tiles.
 */
export interface ContactMapData {
  readonly tiles: MapTiles;
  /** [id, latitude, longitude] per placed contact. */
  readonly points: readonly (readonly [number, number, number])[];
  /** Contacts of the filter that are not on the map: waiting for the geocoder, not found, or without an address. */
  readonly not_placed: {
    readonly pending: number;
    readonly not_found: number;
    readonly incomplete: number;
  };
  /** False when the server looks no addresses up (GEOCODER_URL=off): contacts are placed by hand. */
  readonly geocoding: boolean;
}

export type ContactMapQuery = Omit<ContactExportQuery, 'sort' | 'order' | 'placed'>;

/** PUT /contacts/:id/position: a position dragged on the map; DELETE gives the contact back to the geocoder. */
export interface ContactPositionInput {
  readonly lat: number;
  readonly lng: number;
}

// The contacts map: the placed contacts of a filter, coloured by a survey, and placing one by hand.
import type { ContactExportQuery } from './contacts';
import type { DeliveryStatus } from './invitations';
import type { SurveyStatus } from './surveys';

/** Where the map's tiles come from and whom it credits (the server's MAP_TILE_URL settings). */
export interface MapTiles {
  readonly url: string;
  readonly attribution: string;
  readonly attribution_url: string | null;
}

/**
 * The groups of the status colouring, in the order of the index a point carries: the contact's
 * latest invitation to the survey completed, its link opened, invited (planned, sent or not
 * delivered) but not opened, or no invitation (none, or only cancelled ones).
 */
export const CONTACT_MAP_STATUSES = ['completed', 'opened', 'invited', 'not_invited'] as const;
export type ContactMapStatus = (typeof CONTACT_MAP_STATUSES)[number];

/**
 * What colours the map when a survey is chosen: its first NPS question (by position), or, when it
 * has none, the status of each contact's latest invitation to it.
 */
export type ContactMapColourBy = 'nps' | 'status';

/** The chosen survey as the map is coloured by it. */
export interface ContactMapColouring {
  readonly survey_id: number;
  readonly survey_title: string;
  readonly by: ContactMapColourBy;
  /** The NPS question's title (`by` 'nps'); null for the status. */
  readonly question_title: string | null;
}

/** A placed contact: [id, latitude, longitude], with a fourth value when the map is coloured. */
export type ContactMapPoint =
  | readonly [id: number, lat: number, lng: number]
  /**
   * `by` 'nps': the score 0–10 of the contact's latest submitted answer, null without one;
   * `by` 'status': the index of its group in `CONTACT_MAP_STATUSES`.
   */
  | readonly [id: number, lat: number, lng: number, value: number | null];

/**
 * GET /contacts/map takes the list's filter (`q`, `tag`, `attr`, `subscribed`, `segment_id`) and
 * optionally a survey (`survey_id`, never an anonymous one) to colour by, and answers the placed
 * contacts of it as compact rows (10,000 contacts are about 300 kB before compression), how many
 * are not placed and why, and the tiles.
 */
export interface ContactMapData {
  readonly tiles: MapTiles;
  /** Per placed contact, on id. */
  readonly points: readonly ContactMapPoint[];
  /** The survey the points' fourth values belong to; null without `survey_id`. */
  readonly colouring: ContactMapColouring | null;
  /** Contacts of the filter that are not on the map: waiting for the geocoder, not found, or without an address. */
  readonly not_placed: {
    readonly pending: number;
    readonly not_found: number;
    readonly incomplete: number;
  };
  /** False when the server looks no addresses up (GEOCODER_URL=off): contacts are placed by hand. */
  readonly geocoding: boolean;
  /**
   * While the address service cannot be reached (and contacts of the filter wait for it): since
   * when, and when the server tries again (ISO 8601). Null while it answers.
   */
  readonly geocoder_outage: { readonly since: string; readonly retry_at: string } | null;
}

export type ContactMapQuery = Omit<ContactExportQuery, 'sort' | 'order' | 'placed'> & {
  /** Colour the points by this survey (not an anonymous one). */
  readonly survey_id?: number;
};

/** GET /contacts/map/surveys: a survey the map can be coloured by (the organisation's non-anonymous ones with invitations). */
export interface ContactMapSurvey {
  readonly id: number;
  readonly title: string;
  readonly status: SurveyStatus;
  readonly by: ContactMapColourBy;
  readonly question_title: string | null;
}

export interface ContactMapSurveys {
  readonly items: readonly ContactMapSurvey[];
}

/**
 * GET /contacts/:id/latest-invitation (optionally `survey_id`): the contact's latest invitation,
 * to that survey or to any, for the map's popup. An anonymous survey's invitation says its status
 * (as its invitation list does), never a score.
 */
export interface ContactLatestInvitation {
  readonly survey_id: number;
  readonly survey_title: string;
  readonly anonymous: boolean;
  readonly status: DeliveryStatus;
  /** When it got this status (ISO 8601; an anonymous survey's opened and completed say only the day); null when unknown. */
  readonly at: string | null;
  /** The NPS question's title and the contact's submitted score (non-anonymous surveys with one). */
  readonly question_title: string | null;
  readonly score: number | null;
}

export interface ContactLatestInvitationResult {
  /** Null: never invited (to this survey). */
  readonly invitation: ContactLatestInvitation | null;
}

/** PUT /contacts/:id/position: a position dragged on the map; DELETE gives the contact back to the geocoder. */
export interface ContactPositionInput {
  readonly lat: number;
  readonly lng: number;
}

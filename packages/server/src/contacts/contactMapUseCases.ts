import type {
  Contact,
  ContactLatestInvitationResult,
  ContactMapData,
  ContactMapSurveys,
  ContactPositionInput,
} from '@loop/core';
import type { RawQuery } from '@loop/core/contacts';
import { checkPosition } from '@loop/core/geocoding';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { AppConfig } from '../config';
import type { Queryable } from '../db/database';
import type { contacts } from '../db/schema';
import { readGeocoderOutage } from '../geocoding/geocoderOutage';
import { findSurvey, SURVEY_ERRORS } from '../surveys/surveys';
import { listFilterOf } from './contactListFilter';
import {
  colourOf,
  colourSurveys,
  contactExists,
  latestInvitation,
  loadContactMap,
  type MapColourSurvey,
  manualPosition,
  NO_POSITION,
  writePosition,
} from './contactMapStore';
import { type ContactResult, invalid, ok, refuse } from './contactRefusals';
import { CONTACT_ERRORS, toContact } from './contactStore';
import type { ContactDeps } from './contactUseCases';

/**
 * What the contacts map's routes do, answering values or refusals (contactRefusals.ts): the map of
 * the list's filter, optionally coloured by a survey, the surveys it can be coloured by, a
 * contact's latest invitation, and a contact placed by hand or given back to the geocoder.
 */

export const CONTACT_MAP_ERRORS = {
  anonymous:
    'Deze survey is anoniem: de antwoorden zijn niet aan contacten gekoppeld, dus de kaart kan er niet op worden gekleurd.',
  surveyId: 'Geef het nummer van een survey.',
} as const;

const NOTHING_PLACED = { pending: 0, not_found: 0, incomplete: 0 } as const;

export type ContactMapDeps = ContactDeps & { readonly config: AppConfig };

/** `survey_id` of a query: a whole number, or a Dutch refusal. */
export function surveyIdOf(raw: unknown): ContactResult<number | null> {
  if (raw === undefined || raw === '') return ok(null);
  const text = typeof raw === 'string' ? raw.trim() : '';
  if (!/^[1-9]\d{0,9}$/.test(text)) return invalid({ survey_id: CONTACT_MAP_ERRORS.surveyId });
  return ok(Number(text));
}

/** A survey of the organisation the map may be coloured by: not found when it is not theirs, a conflict when anonymous. */
export async function colourSurvey(
  db: Queryable,
  organizationId: number,
  surveyId: number,
): Promise<ContactResult<MapColourSurvey>> {
  const survey = await findSurvey(db, organizationId, surveyId);
  if (survey === null) return refuse('not_found', SURVEY_ERRORS.notFound);
  if (survey.anonymous) return refuse('conflict', CONTACT_MAP_ERRORS.anonymous);
  return ok(colourOf(survey));
}

/** Where the map's tiles come from, as the wire says it. */
export const mapTiles = (config: AppConfig): ContactMapData['tiles'] => ({
  url: config.map.tileUrl,
  attribution: config.map.attribution,
  attribution_url: config.map.attributionUrl,
});

/**
 * The placed contacts of the list's filter (with `survey_id`: coloured by that survey) and why the
 * others are not placed. `wakeGeocoder` starts a round of lookups when contacts wait for one.
 */
export async function contactMap(
  deps: ContactMapDeps,
  organizationId: number,
  query: RawQuery & { readonly survey_id?: unknown },
  wakeGeocoder: () => void,
): Promise<ContactResult<ContactMapData>> {
  const surveyId = surveyIdOf(query.survey_id);
  if (!surveyId.ok) return surveyId;
  const listed = await listFilterOf(deps.db, organizationId, query);
  if (!listed.ok) return listed;
  const { filter, impossible } = listed.value;
  let colour: MapColourSurvey | null = null;
  if (surveyId.value !== null) {
    const found = await colourSurvey(deps.db, organizationId, surveyId.value);
    if (!found.ok) return found;
    colour = found.value;
  }
  const placed = impossible
    ? { points: [], not_placed: NOTHING_PLACED }
    : await loadContactMap(deps.db, organizationId, filter, colour);
  const geocoding = deps.config.geocoderUrl !== null;
  const waiting = geocoding && placed.not_placed.pending > 0;
  const outage = waiting ? await readGeocoderOutage(deps.db) : null;
  const retryLater = outage !== null && deps.clock.now().getTime() < outage.retryAt.getTime();
  // Someone is looking at contacts waiting for a lookup: start a round now rather than at the
  // next interval (a round already running is joined, not doubled); not before the next try
  // after an outage, which the job makes itself.
  if (waiting && !retryLater) wakeGeocoder();
  return ok({
    tiles: mapTiles(deps.config),
    ...placed,
    colouring: colour?.colouring ?? null,
    geocoding,
    geocoder_outage:
      outage === null ? null : { since: outage.since.toISOString(), retry_at: outage.retryAt.toISOString() },
  });
}

/** The organisation's surveys the map can be coloured by. */
export const mapSurveys = (deps: ContactDeps, organizationId: number): Promise<ContactMapSurveys> =>
  colourSurveys(deps.db, organizationId);

/** A contact's latest invitation, to the query's `survey_id` (not anonymous) or to any survey. */
export async function contactLatestInvitation(
  deps: ContactDeps,
  organizationId: number,
  id: number,
  query: { readonly survey_id?: unknown },
): Promise<ContactResult<ContactLatestInvitationResult>> {
  const surveyId = surveyIdOf(query.survey_id);
  if (!surveyId.ok) return surveyId;
  if (!(await contactExists(deps.db, organizationId, id)))
    return refuse('not_found', CONTACT_ERRORS.notFound);
  if (surveyId.value !== null) {
    const colour = await colourSurvey(deps.db, organizationId, surveyId.value);
    if (!colour.ok) return colour;
  }
  return ok({ invitation: await latestInvitation(deps.db, organizationId, id, surveyId.value) });
}

/** A position from a request body, checked (WGS84). */
export function positionOf(body: unknown): ContactResult<ContactPositionInput> {
  const checked = checkPosition(body);
  return checked.ok ? ok(checked.value) : invalid(checked.fields);
}

async function setPosition(
  deps: ContactDeps,
  organizationId: number,
  id: number,
  columns: PgUpdateSetSource<typeof contacts>,
): Promise<ContactResult<Contact>> {
  const row = await writePosition(deps.db, organizationId, id, columns, deps.clock.now());
  return row === null ? refuse('not_found', CONTACT_ERRORS.notFound) : ok(toContact(row));
}

/** Places a contact by hand; the place stays until the address changes. */
export const placeContact = (
  deps: ContactDeps,
  organizationId: number,
  id: number,
  position: ContactPositionInput,
): Promise<ContactResult<Contact>> =>
  setPosition(deps, organizationId, id, manualPosition(position.lat, position.lng));

/** Takes a contact's place away: the geocoder looks the address up again. */
export const unplaceContact = (
  deps: ContactDeps,
  organizationId: number,
  id: number,
): Promise<ContactResult<Contact>> => setPosition(deps, organizationId, id, NO_POSITION);

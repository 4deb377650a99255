import type { ApiResult } from '../../domain/api';
import {
  type ContactMapGateway,
  type ContactMapView,
  contactMapView,
  NPS_LEGEND,
  npsTone,
} from '../../domain/contactMap';
import type {
  Contact,
  ContactLatestInvitation,
  ContactMapColouring,
  ContactMapQuery,
  ContactMapSurvey,
  ContactPositionInput,
  DeliveryStatus,
  MapTiles,
  Page,
} from '../../domain/contract';
import { formatLongDay } from '../../domain/format';
import type { Clock } from '../session';
import { type ContactListAddress, contactExportQuery, contactListQuery } from './contactListState';
import type { ContactsGateway } from './contactsPorts';

/**
 * The /contacten screen's map: the view switch and the survey it is coloured by in the address
 * (`?weergave=kaart&kleur=12`, so a reload keeps them), the map of the list's filter or segment,
 * the contacts of that filter not on the map, a contact's popup with their latest invitation, and
 * placing a contact by hand.
 */

export type ContactsView = 'list' | 'map';

/** The address's name of the view switch and its value for the map (Dutch, as the rest of the address). */
const VIEW_PARAM = 'weergave';
const MAP_VALUE = 'kaart';

/** The view an address shows: the map with `weergave=kaart`, else the list. */
export function readContactsView(search: string): ContactsView {
  const pairs = search.replace(/^\?/, '').split('&');
  return pairs.includes(`${VIEW_PARAM}=${MAP_VALUE}`) ? 'map' : 'list';
}

/** The address's name of the survey the map is coloured by (`kleur=12`). */
const COLOUR_PARAM = 'kleur';

/** The survey the map is coloured by (`kleur=<id>`), or null: one colour. */
export function readMapColour(search: string): number | null {
  const raw = search
    .replace(/^\?/, '')
    .split('&')
    .find((pair) => pair.startsWith(`${COLOUR_PARAM}=`))
    ?.slice(COLOUR_PARAM.length + 1);
  return raw !== undefined && /^[1-9]\d{0,9}$/.test(raw) ? Number(raw) : null;
}

/**
 * A list address's query string (`contactListSearch`) with the view added when it is the map, and
 * the survey the map is coloured by (only on the map).
 */
export function withContactsView(search: string, view: ContactsView, colour: number | null = null): string {
  if (view === 'list') return search;
  const pairs = [`${VIEW_PARAM}=${MAP_VALUE}`, ...(colour === null ? [] : [`${COLOUR_PARAM}=${colour}`])];
  return `${search === '' ? '?' : `${search}&`}${pairs.join('&')}`;
}

/** GET /contacts/map's query: the list's segment or filter, without order, page and `placed`; the survey to colour by. */
export function contactMapQuery(address: ContactListAddress, colour: number | null = null): ContactMapQuery {
  const { sort: _sort, order: _order, placed: _placed, ...query } = contactExportQuery(address);
  return colour === null ? query : { ...query, survey_id: colour };
}

/** Contacts per page of the 'Niet op de kaart' list. */
export const NOT_PLACED_PAGE_SIZE = 20;

/** What the map shows of a filter: its points and notes, the tiles, and whether addresses are looked up. */
export interface ContactMapScreen {
  readonly view: ContactMapView;
  readonly tiles: MapTiles;
  readonly geocoding: boolean;
}

/** A contact's popup: the name, then e-mail and address. */
export interface ContactPopup {
  readonly title: string;
  readonly lines: readonly string[];
}

/** 'Domplein 1, 3512 JE Utrecht' from the parts a contact has; '' without any. */
export function contactAddressLine(contact: Contact): string {
  const street = [contact.street, contact.house_number].filter(Boolean).join(' ');
  const place = [contact.postcode, contact.city].filter(Boolean).join(' ');
  return [street, place].filter((part) => part !== '').join(', ');
}

/** What an invitation's status says in a popup, with its day: 'ingevuld op 12 november 2026'. */
export function invitationStatusText(status: DeliveryStatus, at: string | null): string {
  const day = at === null ? null : formatLongDay(at);
  const on = (text: string) => (day === null ? text : `${text} op ${day}`);
  switch (status) {
    case 'planned':
      return day === null ? 'uitnodiging gepland' : `uitnodiging gepland voor ${day}`;
    case 'sent':
      return on('uitgenodigd');
    case 'failed':
      return 'uitnodiging kon niet worden bezorgd';
    case 'opened':
      return on('link geopend');
    case 'completed':
      return on('ingevuld');
    case 'cancelled':
      return 'uitnodiging geannuleerd';
  }
}

/**
 * The popup's lines about the contact's latest invitation: to the chosen survey ('Klantpeiling:
 * ingevuld op 12 november 2026', then 'NPS 9: Promotor (9–10)'), or without one the latest to any
 * ('Laatste uitnodiging: Klantpeiling — ingevuld op 12 november 2026'). An anonymous survey's
 * invitation is named so, and never carries a score (the server sends none).
 */
export function invitationLines(
  invitation: ContactLatestInvitation | null,
  colouring: Pick<ContactMapColouring, 'survey_title'> | null,
): string[] {
  if (invitation === null)
    return [
      colouring === null
        ? 'Nog niet uitgenodigd voor een survey'
        : `${colouring.survey_title}: niet uitgenodigd`,
    ];
  const title = `${invitation.survey_title}${invitation.anonymous ? ' (anoniem)' : ''}`;
  const status = invitationStatusText(invitation.status, invitation.at);
  const lines = [colouring === null ? `Laatste uitnodiging: ${title} — ${status}` : `${title}: ${status}`];
  if (invitation.score !== null && !invitation.anonymous) {
    const group = NPS_LEGEND.find((entry) => entry.tone === npsTone(invitation.score))?.label ?? '';
    lines.push(`NPS ${invitation.score}: ${group}`);
  } else if (colouring !== null && invitation.question_title !== null && invitation.status === 'completed') {
    lines.push('NPS: geen antwoord');
  }
  return lines;
}

/** A contact's popup: name, e-mail, address, and when known the latest invitation's lines. */
export function contactPopup(
  contact: Contact,
  invitation?: {
    readonly latest: ContactLatestInvitation | null;
    readonly colouring: ContactMapColouring | null;
  },
): ContactPopup {
  const address = contactAddressLine(contact);
  const lines = address === '' ? [contact.email] : [contact.email, address];
  if (invitation !== undefined) lines.push(...invitationLines(invitation.latest, invitation.colouring));
  return { title: contact.name, lines };
}

export interface ContactMapUseCaseDeps {
  readonly map: ContactMapGateway;
  readonly contacts: ContactsGateway;
  /** The moment a map is shown at (when the address service is tried again is said relative to it). */
  readonly clock: Clock;
}

export interface ContactMapUseCases {
  /** The map of the address's segment or filter, coloured by a survey (null: one colour). */
  load(address: ContactListAddress, colour?: number | null): Promise<ApiResult<ContactMapScreen>>;
  /** The surveys the map can be coloured by ('Kleur op'): never anonymous ones. */
  surveys(): Promise<ApiResult<readonly ContactMapSurvey[]>>;
  /**
   * A contact and its popup: name, e-mail, address and latest invitation (to the colouring's survey,
   * or to any). When only the invitation cannot be read, the popup shows the contact without it.
   */
  popup(
    id: number,
    colouring: ContactMapColouring | null,
  ): Promise<ApiResult<{ readonly contact: Contact; readonly popup: ContactPopup }>>;
  /** A page of the filter's contacts that are not on the map (the list route's `placed=false`). */
  notPlaced(address: ContactListAddress, page: number): Promise<ApiResult<Page<Contact>>>;
  /** One contact, for its popup and what can be done with it. */
  contact(id: number): Promise<ApiResult<Contact>>;
  /** Places a contact by hand; it stays there until its address changes. */
  place(id: number, position: ContactPositionInput): Promise<ApiResult<Contact>>;
  /** Gives a contact back to the geocoder (its address is looked up again). */
  unplace(id: number): Promise<ApiResult<Contact>>;
}

export function createContactMapUseCases(deps: ContactMapUseCaseDeps): ContactMapUseCases {
  return {
    async load(address, colour = null) {
      const result = await deps.map.load(contactMapQuery(address, colour));
      if (!result.ok) return result;
      const { tiles, geocoding } = result.value;
      return { ok: true, value: { view: contactMapView(result.value, deps.clock.now()), tiles, geocoding } };
    },
    async surveys() {
      const result = await deps.map.surveys();
      return result.ok ? { ok: true, value: result.value.items } : result;
    },
    async popup(id, colouring) {
      const [contact, latest] = await Promise.all([
        deps.contacts.get(id),
        deps.map.latestInvitation(id, colouring?.survey_id ?? null),
      ]);
      if (!contact.ok) return contact;
      const popup = latest.ok
        ? contactPopup(contact.value, { latest: latest.value.invitation, colouring })
        : contactPopup(contact.value);
      return { ok: true, value: { contact: contact.value, popup } };
    },
    notPlaced: (address, page) =>
      deps.contacts.list({
        ...contactListQuery({ ...address, page }, NOT_PLACED_PAGE_SIZE),
        placed: false,
      }),
    contact: (id) => deps.contacts.get(id),
    place: (id, position) => deps.map.place(id, position),
    unplace: (id) => deps.map.place(id, null),
  };
}

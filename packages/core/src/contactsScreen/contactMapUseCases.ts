import type { ApiResult } from '../api';
import { type ContactMapGateway, type ContactMapView, contactMapView } from '../contactMap';
import type { Contact, ContactMapQuery, ContactPositionInput, MapTiles, Page } from '../contract';
import { type ContactListAddress, contactExportQuery, contactListQuery } from './contactListState';
import type { ContactsGateway } from './contactsPorts';

/**
 * The /contacten screen's map: the view switch in the address (`?weergave=kaart`, so a reload keeps
 * it), the map of the list's filter or segment, the contacts of that filter not on the map, a
 * contact's popup, and placing a contact by hand.
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

/** A list address's query string (`contactListSearch`) with the view added when it is the map. */
export function withContactsView(search: string, view: ContactsView): string {
  if (view === 'list') return search;
  const pair = `${VIEW_PARAM}=${MAP_VALUE}`;
  return search === '' ? `?${pair}` : `${search}&${pair}`;
}

/** GET /contacts/map's query: the list's segment or filter, without order, page and `placed`. */
export function contactMapQuery(address: ContactListAddress): ContactMapQuery {
  const { sort: _sort, order: _order, placed: _placed, ...query } = contactExportQuery(address);
  return query;
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

export function contactPopup(contact: Contact): ContactPopup {
  const address = contactAddressLine(contact);
  return { title: contact.name, lines: address === '' ? [contact.email] : [contact.email, address] };
}

export interface ContactMapUseCaseDeps {
  readonly map: ContactMapGateway;
  readonly contacts: ContactsGateway;
}

export interface ContactMapUseCases {
  /** The map of the address's segment or filter. */
  load(address: ContactListAddress): Promise<ApiResult<ContactMapScreen>>;
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
    async load(address) {
      const result = await deps.map.load(contactMapQuery(address));
      if (!result.ok) return result;
      const { tiles, geocoding } = result.value;
      return { ok: true, value: { view: contactMapView(result.value), tiles, geocoding } };
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

import { describe, expect, it } from 'vitest';
import { apiFailure, apiOk } from '../api';
import type { ContactMapGateway } from '../contactMap';
import type { Contact, ContactMapData } from '../contract';
import { recordingGateway } from '../testing/recordingGateway';
import { DEFAULT_CONTACT_LIST } from './contactListState';
import {
  contactMapQuery,
  contactPopup,
  createContactMapUseCases,
  NOT_PLACED_PAGE_SIZE,
  readContactsView,
  withContactsView,
} from './contactMapUseCases';
import type { ContactsGateway } from './contactsPorts';

const contact = (patch: Partial<Contact> = {}): Contact => ({
  id: 4,
  name: 'Anouk Bakker',
  email: 'anouk@example.nl',
  phone: null,
  company: null,
  street: 'Domplein',
  house_number: '1',
  postcode: '3512 JE',
  city: 'Utrecht',
  language: 'nl',
  attributes: {},
  tags: [],
  position: null,
  unsubscribed_at: null,
  created_at: '2026-11-26T09:00:00Z',
  updated_at: '2026-11-26T09:00:00Z',
  ...patch,
});

const mapData: ContactMapData = {
  tiles: { url: 'http://tegels.test/{z}/{x}/{y}.png', attribution: 'Tegels', attribution_url: null },
  points: [[4, 52.09, 5.12]],
  not_placed: { pending: 0, not_found: 2, incomplete: 0 },
  geocoding: true,
};

describe('the contacts view in the address', () => {
  it('should read the map from weergave=kaart and the list from anything else', () => {
    expect(readContactsView('?tag=klant&weergave=kaart')).toBe('map');
    expect(readContactsView('?weergave=lijst')).toBe('list');
    expect(readContactsView('')).toBe('list');
  });

  it("should add the map to a list's address and leave the list's address alone", () => {
    expect(withContactsView('?tag=klant', 'map')).toBe('?tag=klant&weergave=kaart');
    expect(withContactsView('', 'map')).toBe('?weergave=kaart');
    expect(withContactsView('?tag=klant', 'list')).toBe('?tag=klant');
    expect(readContactsView(withContactsView('?segment=3', 'map'))).toBe('map');
  });
});

describe('contactMapQuery', () => {
  it("should ask for the list's filter or segment without order and placement", () => {
    expect(
      contactMapQuery({ ...DEFAULT_CONTACT_LIST, tags: ['klant'], placed: false, sort: 'city' }),
    ).toEqual({
      tags: ['klant'],
    });
    expect(contactMapQuery({ ...DEFAULT_CONTACT_LIST, segment: 3 })).toEqual({ segment_id: 3 });
  });
});

describe('contactPopup', () => {
  it('should name the contact with its e-mail address and address', () => {
    expect(contactPopup(contact())).toEqual({
      title: 'Anouk Bakker',
      lines: ['anouk@example.nl', 'Domplein 1, 3512 JE Utrecht'],
    });
    expect(contactPopup(contact({ street: null, house_number: null, postcode: null, city: null }))).toEqual({
      title: 'Anouk Bakker',
      lines: ['anouk@example.nl'],
    });
  });
});

describe('createContactMapUseCases', () => {
  it("should load the filter's map as points with the notes under it", async () => {
    const map = recordingGateway<ContactMapGateway>({ load: async () => apiOk(mapData) });
    const contacts = recordingGateway<ContactsGateway>({});
    const useCases = createContactMapUseCases({ map: map.gateway, contacts: contacts.gateway });
    const loaded = await useCases.load({ ...DEFAULT_CONTACT_LIST, q: 'bakker' });
    expect(map.calls).toEqual([['load', { q: 'bakker' }]]);
    expect(loaded).toEqual({
      ok: true,
      value: {
        view: expect.objectContaining({
          points: [{ id: 4, lat: 52.09, lng: 5.12, tone: 'none' }],
          notPlaced: 2,
        }),
        tiles: mapData.tiles,
        geocoding: true,
      },
    });
  });

  it('should pass on a refusal', async () => {
    const map = recordingGateway<ContactMapGateway>({
      load: async () => apiFailure(404, 'Dit segment bestaat niet (meer).'),
    });
    const useCases = createContactMapUseCases({
      map: map.gateway,
      contacts: recordingGateway<ContactsGateway>({}).gateway,
    });
    expect(await useCases.load({ ...DEFAULT_CONTACT_LIST, segment: 9 })).toMatchObject({
      ok: false,
      detail: 'Dit segment bestaat niet (meer).',
    });
  });

  it("should list the segment's contacts that are not placed, and place and give back by hand", async () => {
    const map = recordingGateway<ContactMapGateway>({});
    const contacts = recordingGateway<ContactsGateway>({});
    const useCases = createContactMapUseCases({ map: map.gateway, contacts: contacts.gateway });
    await useCases.notPlaced({ ...DEFAULT_CONTACT_LIST, segment: 3, page: 4 }, 2);
    await useCases.notPlaced({ ...DEFAULT_CONTACT_LIST, placed: true }, 1);
    await useCases.place(4, { lat: 52.1, lng: 5.2 });
    await useCases.unplace(4);
    expect(contacts.calls).toEqual([
      [
        'list',
        {
          segment_id: 3,
          sort: 'name',
          order: 'asc',
          page: 2,
          page_size: NOT_PLACED_PAGE_SIZE,
          placed: false,
        },
      ],
      ['list', { placed: false, sort: 'name', order: 'asc', page: 1, page_size: NOT_PLACED_PAGE_SIZE }],
    ]);
    expect(map.calls).toEqual([
      ['place', 4, { lat: 52.1, lng: 5.2 }],
      ['place', 4, null],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { apiFailure, apiOk } from '../../domain/api';
import type { ContactMapGateway } from '../../domain/contactMap';
import type {
  Contact,
  ContactLatestInvitation,
  ContactMapColouring,
  ContactMapData,
} from '../../domain/contract';
import { recordingGateway } from '../../testing/recordingGateway';
import { DEFAULT_CONTACT_LIST } from './contactListState';
import {
  contactMapQuery,
  contactPopup,
  createContactMapUseCases,
  invitationLines,
  NOT_PLACED_PAGE_SIZE,
  readContactsView,
  readMapColour,
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
  colouring: null,
  geocoder_outage: null,
};

/** 14:30 in the Netherlands on 26 November 2026. */
const clock = { now: () => Date.parse('2026-11-26T13:30:00Z') };

const colouring: ContactMapColouring = {
  survey_id: 12,
  survey_title: 'Klantpeiling',
  by: 'nps',
  question_title: 'Aanbevelen?',
};

const latest = (patch: Partial<ContactLatestInvitation> = {}): ContactLatestInvitation => ({
  survey_id: 12,
  survey_title: 'Klantpeiling',
  anonymous: false,
  status: 'completed',
  at: '2026-11-12T10:00:00Z',
  question_title: 'Aanbevelen?',
  score: 9,
  ...patch,
});

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

  it('should keep the survey the map is coloured by, only on the map', () => {
    expect(withContactsView('?tag=klant', 'map', 12)).toBe('?tag=klant&weergave=kaart&kleur=12');
    expect(withContactsView('', 'map', 12)).toBe('?weergave=kaart&kleur=12');
    expect(withContactsView('?tag=klant', 'list', 12)).toBe('?tag=klant');
    expect(readMapColour('?weergave=kaart&kleur=12')).toBe(12);
    expect(readMapColour('?weergave=kaart&kleur=abc')).toBeNull();
    expect(readMapColour('?weergave=kaart&kleur=0')).toBeNull();
    expect(readMapColour('')).toBeNull();
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
    expect(contactMapQuery({ ...DEFAULT_CONTACT_LIST, segment: 3 }, 12)).toEqual({
      segment_id: 3,
      survey_id: 12,
    });
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

describe('invitationLines', () => {
  it('should name the latest invitation to any survey with its status and day', () => {
    expect(invitationLines(latest(), null)).toEqual([
      'Laatste uitnodiging: Klantpeiling — ingevuld op 12 november 2026',
      'NPS 9: Promotor (9–10)',
    ]);
    expect(invitationLines(latest({ status: 'sent', score: null }), null)).toEqual([
      'Laatste uitnodiging: Klantpeiling — uitgenodigd op 12 november 2026',
    ]);
    expect(invitationLines(null, null)).toEqual(['Nog niet uitgenodigd voor een survey']);
  });

  it('should name the chosen survey, and say when its NPS question was left open', () => {
    expect(invitationLines(latest({ score: 4 }), colouring)).toEqual([
      'Klantpeiling: ingevuld op 12 november 2026',
      'NPS 4: Criticaster (0–6)',
    ]);
    expect(invitationLines(latest({ score: null }), colouring)).toEqual([
      'Klantpeiling: ingevuld op 12 november 2026',
      'NPS: geen antwoord',
    ]);
    expect(invitationLines(latest({ status: 'opened', score: null }), colouring)).toEqual([
      'Klantpeiling: link geopend op 12 november 2026',
    ]);
    expect(invitationLines(null, colouring)).toEqual(['Klantpeiling: niet uitgenodigd']);
  });

  it("should call an anonymous survey's invitation anonymous and never show a score for it", () => {
    expect(
      invitationLines(latest({ anonymous: true, score: 10, survey_title: 'Anoniem onderzoek' }), null),
    ).toEqual(['Laatste uitnodiging: Anoniem onderzoek (anoniem) — ingevuld op 12 november 2026']);
  });
});

describe('createContactMapUseCases', () => {
  it('should ask for the colouring survey, list the surveys and build the popup with the latest invitation', async () => {
    const map = recordingGateway<ContactMapGateway>({
      load: async () => apiOk(mapData),
      surveys: async () =>
        apiOk({
          items: [
            { id: 12, title: 'Klantpeiling', status: 'open', by: 'nps', question_title: 'Aanbevelen?' },
          ],
        }),
      latestInvitation: async () => apiOk({ invitation: latest() }),
    });
    const contacts = recordingGateway<ContactsGateway>({ get: async () => apiOk(contact()) });
    const useCases = createContactMapUseCases({ map: map.gateway, contacts: contacts.gateway, clock });
    await useCases.load(DEFAULT_CONTACT_LIST, 12);
    expect(await useCases.surveys()).toMatchObject({ ok: true, value: [{ id: 12 }] });
    const popup = await useCases.popup(4, colouring);
    expect(popup).toEqual({
      ok: true,
      value: {
        contact: contact(),
        popup: {
          title: 'Anouk Bakker',
          lines: [
            'anouk@example.nl',
            'Domplein 1, 3512 JE Utrecht',
            'Klantpeiling: ingevuld op 12 november 2026',
            'NPS 9: Promotor (9–10)',
          ],
        },
      },
    });
    await useCases.popup(4, null);
    expect(map.calls).toEqual([
      ['load', { survey_id: 12 }],
      ['surveys'],
      ['latestInvitation', 4, 12],
      ['latestInvitation', 4, null],
    ]);
  });

  it('should show the contact without the invitation when only that cannot be read', async () => {
    const map = recordingGateway<ContactMapGateway>({
      latestInvitation: async () => apiFailure(500, 'Er ging iets mis.'),
    });
    const contacts = recordingGateway<ContactsGateway>({ get: async () => apiOk(contact()) });
    const useCases = createContactMapUseCases({ map: map.gateway, contacts: contacts.gateway, clock });
    expect(await useCases.popup(4, null)).toMatchObject({
      ok: true,
      value: { popup: { lines: ['anouk@example.nl', 'Domplein 1, 3512 JE Utrecht'] } },
    });
  });

  it("should load the filter's map as points with the notes under it", async () => {
    const map = recordingGateway<ContactMapGateway>({ load: async () => apiOk(mapData) });
    const contacts = recordingGateway<ContactsGateway>({});
    const useCases = createContactMapUseCases({ map: map.gateway, contacts: contacts.gateway, clock });
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

  it('should say when the address service is tried again while it cannot be reached, and ask again just after', async () => {
    const down: ContactMapData = {
      ...mapData,
      not_placed: { pending: 200, not_found: 0, incomplete: 0 },
      geocoder_outage: { since: '2026-11-26T13:28:00Z', retry_at: '2026-11-26T13:35:00Z' },
    };
    const map = recordingGateway<ContactMapGateway>({ load: async () => apiOk(down) });
    const useCases = createContactMapUseCases({
      map: map.gateway,
      contacts: recordingGateway<ContactsGateway>({}).gateway,
      clock,
    });
    const loaded = await useCases.load(DEFAULT_CONTACT_LIST);
    expect(loaded).toMatchObject({
      ok: true,
      value: {
        view: {
          notes: [
            'De adresservice is nu niet bereikbaar. We proberen het opnieuw om 14:35; 200 contacten wachten nog op een plek op de kaart.',
          ],
          refreshInMs: 5 * 60_000 + 3_000,
        },
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
      clock,
    });
    expect(await useCases.load({ ...DEFAULT_CONTACT_LIST, segment: 9 })).toMatchObject({
      ok: false,
      detail: 'Dit segment bestaat niet (meer).',
    });
  });

  it("should list the segment's contacts that are not placed, and place and give back by hand", async () => {
    const map = recordingGateway<ContactMapGateway>({});
    const contacts = recordingGateway<ContactsGateway>({});
    const useCases = createContactMapUseCases({ map: map.gateway, contacts: contacts.gateway, clock });
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

import { STORAGE_KEYS } from '@loop/adapters';
import type { ContactMap, ContactMapOptions, Placing } from '@loop/adapters/map';
import type { Contact, ContactMapData } from '@loop/core';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../app/App';
import { json, type SeenRequest } from '../testing/fakeApi';
import { button, choose, click, render, unmountAll, waitFor } from '../testing/render';
import { createSignedInApp } from '../testing/testContainer';

afterEach(unmountAll);

beforeAll(async () => {
  await import('./ContactsScreen');
});

const contact = (id: number, name: string, patch: Partial<Contact> = {}): Contact => ({
  id,
  name,
  email: `${name.split(' ')[0]?.toLowerCase()}@example.nl`,
  phone: null,
  company: null,
  street: 'Domplein',
  house_number: String(id),
  postcode: '3512 JE',
  city: 'Utrecht',
  language: 'nl',
  attributes: {},
  tags: ['klant'],
  position: null,
  unsubscribed_at: null,
  created_at: '2026-11-01T09:00:00Z',
  updated_at: '2026-11-01T09:00:00Z',
  ...patch,
});

const ANNA = contact(1, 'Anna de Vries', { position: { lat: 52.09, lng: 5.12, source: 'manual' } });
const BRAM = contact(2, 'Bram Jansen', { position: { lat: 52.37, lng: 4.89, source: 'geocoder' } });
const CHRIS = contact(3, 'Chris Bakker', { postcode: '1234 AB', street: null });

/** The map adapter as the screen uses it, recording what it is asked (jsdom draws no Leaflet). */
function fakeMap() {
  const created: ContactMapOptions[] = [];
  const placed: (Placing | null)[] = [];
  const drawn: number[] = [];
  const tones: string[][] = [];
  const labels: (string[] | undefined)[] = [];
  const map: ContactMap = {
    setPoints: (points, legend) => {
      drawn.push(points.length);
      tones.push(points.map((point) => point.tone));
      labels.push(legend?.map((entry) => entry.label));
    },
    place: (placing) => placed.push(placing),
    centre: () => ({ lat: 51.5, lng: 4.4 }),
    fit: () => {},
    destroy: () => {},
  };
  const create = async (_element: HTMLElement, options: ContactMapOptions) => {
    created.push(options);
    return map;
  };
  return { create, created, placed, drawn, tones, labels };
}

/** What the fake server says of the address service: contacts waiting for it, and its outage. */
interface Geocoder {
  pending: number;
  outage: ContactMapData['geocoder_outage'];
}

function app(path: string, geocoder: Geocoder = { pending: 0, outage: null }) {
  const stored = [ANNA, BRAM, CHRIS];
  const map = fakeMap();
  // The screen's timers, run when a test says so.
  const timers: { ms: number; task: () => void }[] = [];
  const test = createSignedInApp({
    path,
    storage: { [STORAGE_KEYS.currentOrgId]: '7', [STORAGE_KEYS.currentOrgName]: 'Demo BV' },
    routes: {
      'GET /organization/members': () => json(200, []),
      'GET /user-subscriptions/me': () =>
        json(200, {
          id: 3,
          plan_id: 2,
          plan_name: 'smartloop',
          status: 'active',
          start_date: '2026-01-01T10:00:00Z',
          end_date: null,
          features: [{ key: 'core', name: 'core', description: '' }],
        }),
      'GET /contacts/facets': () =>
        json(200, { tags: [{ tag: 'klant', count: 3 }], attribute_keys: [], total: stored.length }),
      'GET /contacts/segments': () => json(200, []),
      'GET /contacts': (request: SeenRequest) => {
        const query = new URLSearchParams(request.path.split('?')[1]);
        const placed = query.get('placed');
        const items = stored.filter((each) =>
          placed === null ? true : (each.position !== null) === (placed === 'true'),
        );
        return json(200, { items, total: items.length, page: 1, page_size: 20 });
      },
      'GET /contacts/map/surveys': () =>
        json(200, {
          items: [
            { id: 12, title: 'Klantpeiling', status: 'open', by: 'nps', question_title: 'Aanbevelen?' },
            { id: 13, title: 'Open vragen', status: 'closed', by: 'status', question_title: null },
          ],
        }),
      'GET /contacts/1/latest-invitation': (request: SeenRequest) =>
        json(200, {
          invitation: {
            survey_id: 12,
            survey_title: 'Klantpeiling',
            anonymous: false,
            status: 'completed',
            at: '2026-11-12T10:00:00.000Z',
            question_title: 'Aanbevelen?',
            score: request.path.includes('survey_id=12') ? 9 : null,
          },
        }),
      'GET /contacts/map': (request: SeenRequest) => {
        const nps = new URLSearchParams(request.path.split('?')[1]).get('survey_id') === '12';
        const data: ContactMapData = {
          tiles: { url: 'http://tegels.test/{z}/{x}/{y}.png', attribution: 'Tegels', attribution_url: null },
          points: stored.flatMap((each) =>
            each.position === null
              ? []
              : [
                  nps
                    ? ([each.id, each.position.lat, each.position.lng, each.id === 1 ? 9 : null] as const)
                    : ([each.id, each.position.lat, each.position.lng] as const),
                ],
          ),
          colouring: nps
            ? { survey_id: 12, survey_title: 'Klantpeiling', by: 'nps', question_title: 'Aanbevelen?' }
            : null,
          not_placed: {
            pending: geocoder.pending,
            not_found: stored.filter((each) => each.position === null).length,
            incomplete: 0,
          },
          geocoding: true,
          geocoder_outage: geocoder.outage,
        };
        return json(200, data);
      },
      'GET /contacts/1': () => json(200, stored[0]),
      'PUT /contacts/3/position': (request: SeenRequest) => {
        const position = request.body as { lat: number; lng: number };
        stored[2] = { ...CHRIS, position: { ...position, source: 'manual' } };
        return json(200, stored[2]);
      },
      'DELETE /contacts/1/position': () => {
        stored[0] = { ...ANNA, position: null };
        return json(200, stored[0]);
      },
    },
    overrides: {
      CreateContactMap: map.create,
      Timer: {
        after: (ms, task) => {
          const entry = { ms, task };
          timers.push(entry);
          return () => timers.splice(timers.indexOf(entry) >>> 0, 1);
        },
      },
      // 14:30 in the Netherlands.
      Clock: { now: () => Date.parse('2026-11-26T13:30:00Z') },
    },
  });
  return { ...test, map, timers };
}

async function open(path: string, geocoder?: Geocoder) {
  const test = app(path, geocoder);
  const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
  await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Contacten'));
  return { ...test, root: container };
}

/** A button that shows up once the screen has caught up. */
const shown = (root: ParentNode, text: string) =>
  waitFor(() => {
    const found = button(root, text);
    expect(found).not.toBeNull();
    return found;
  });

const requests = (test: { api: ReturnType<typeof app>['api'] }, method: string, path: string) =>
  test.api.seen.filter((request) => request.method === method && request.path.split('?')[0] === path);

describe('ContactMapPanel', () => {
  it('should say when the address service cannot be reached and when it is tried again, then ask again after that try', async () => {
    const geocoder: Geocoder = {
      pending: 200,
      outage: { since: '2026-11-26T13:25:00Z', retry_at: '2026-11-26T13:35:00Z' },
    };
    const test = await open('/contacten?weergave=kaart', geocoder);
    const notes = () => test.root.querySelector('.contact-map-notes')?.textContent ?? '';
    await waitFor(() =>
      expect(notes()).toContain(
        'De adresservice is nu niet bereikbaar. We proberen het opnieuw om 14:35; 200 contacten wachten nog op een plek op de kaart.',
      ),
    );
    expect(notes()).not.toContain('worden nog op de kaart gezet');
    // The map is asked for again just after the try at 14:35, not before (the session's own refresh
    // timer, hours away, is not the map's).
    const mapTimers = () => test.timers.filter((timer) => timer.ms <= 60 * 60_000);
    expect(mapTimers().map((timer) => timer.ms)).toEqual([5 * 60_000 + 3_000]);
    const asked = requests(test, 'GET', '/contacts/map').length;
    geocoder.pending = 0;
    geocoder.outage = null;
    await act(async () => mapTimers()[0]?.task());
    await waitFor(() => expect(requests(test, 'GET', '/contacts/map')).toHaveLength(asked + 1));
    await waitFor(() => expect(notes()).not.toContain('adresservice'));
    expect(mapTimers()).toEqual([]);
  });

  it("should switch to the map in the address, with the list's filter, and draw its contacts", async () => {
    const test = await open('/contacten?tag=klant');
    expect(test.map.created).toHaveLength(0);
    await click(button(test.root, 'Kaart'));
    await waitFor(() => expect(test.map.created).toHaveLength(1));
    expect(test.location.history.at(-1)).toBe('/contacten?tag=klant&weergave=kaart');
    expect(requests(test, 'GET', '/contacts/map')[0]?.path).toBe('/contacts/map?tag=klant');
    expect(test.map.created[0]).toMatchObject({
      tileUrl: 'http://tegels.test/{z}/{x}/{y}.png',
      attribution: 'Tegels',
      points: [
        { id: 1, lat: 52.09, lng: 5.12, tone: 'none' },
        { id: 2, lat: 52.37, lng: 4.89, tone: 'none' },
      ],
    });
    expect(button(test.root, 'Kaart')?.getAttribute('aria-pressed')).toBe('true');
    expect(test.root.querySelector('.contact-map-legend')?.textContent).toBe('Contact');
    expect(test.root.textContent).toContain('1 contact: adres niet gevonden.');
    await click(button(test.root, 'Lijst'));
    expect(test.location.history.at(-1)).toBe('/contacten?tag=klant');
  });

  it("should open a contact's popup with its name, e-mail and address, and give a hand-placed one back", async () => {
    const test = await open('/contacten?weergave=kaart');
    await waitFor(() => expect(test.map.created).toHaveLength(1));
    const popup = await act(async () => test.map.created[0]?.popup(1));
    expect(popup).toEqual({
      title: 'Anna de Vries',
      lines: [
        'anna@example.nl',
        'Domplein 1, 3512 JE Utrecht',
        'Laatste uitnodiging: Klantpeiling — ingevuld op 12 november 2026',
      ],
    });
    await click(await shown(test.root, 'Terug naar automatisch'));
    expect(requests(test, 'DELETE', '/contacts/1/position')).toHaveLength(1);
    await waitFor(() => expect(test.root.textContent).toContain('Anna de Vries wordt weer automatisch'));
  });

  it("should colour the map by a chosen survey's NPS, keep the choice in the address and switch the legend", async () => {
    const test = await open('/contacten?tag=klant&weergave=kaart');
    await waitFor(() => expect(test.map.created).toHaveLength(1));
    const select = await waitFor(() => {
      const found = [...test.root.querySelectorAll('label')].find(
        (label) => label.textContent === 'Kleur op',
      );
      const control = found ? test.root.querySelector(`#${CSS.escape(found.htmlFor)}`) : null;
      expect(control?.querySelectorAll('option')).toHaveLength(3);
      return control as HTMLSelectElement;
    });
    expect([...select.options].map((option) => option.textContent)).toEqual([
      'Niets (één kleur)',
      'Klantpeiling (NPS)',
      'Open vragen (status van de uitnodiging)',
    ]);
    expect(test.root.textContent).toContain('Anonieme surveys staan er niet bij');

    await choose(select, '12');
    expect(test.location.history.at(-1)).toBe('/contacten?tag=klant&weergave=kaart&kleur=12');
    await waitFor(() =>
      expect(test.root.querySelector('.contact-map-legend')?.textContent).toContain('Promotor (9–10): 1'),
    );
    expect(requests(test, 'GET', '/contacts/map').at(-1)?.path).toBe('/contacts/map?tag=klant&survey_id=12');
    expect(test.root.querySelector('.contact-map-legend')?.textContent).toContain('Geen antwoord: 1');
    expect(test.root.querySelector('.contact-map-legend-title')?.textContent).toBe(
      "Laatste NPS-antwoord op 'Aanbevelen?' (Klantpeiling)",
    );
    // The same map, its points recoloured and named by the legend.
    expect(test.map.created).toHaveLength(1);
    expect(test.map.tones.at(-1)).toEqual(['positive', 'none']);
    expect(test.map.labels.at(-1)).toContain('Promotor (9–10)');

    const popup = await act(async () => test.map.created[0]?.popup(1));
    expect(popup?.lines).toEqual([
      'anna@example.nl',
      'Domplein 1, 3512 JE Utrecht',
      'Klantpeiling: ingevuld op 12 november 2026',
      'NPS 9: Promotor (9–10)',
    ]);
    expect(requests(test, 'GET', '/contacts/1/latest-invitation').at(-1)?.path).toBe(
      '/contacts/1/latest-invitation?survey_id=12',
    );

    // The list has no colours: its address drops the choice.
    await click(button(test.root, 'Lijst'));
    expect(test.location.history.at(-1)).toBe('/contacten?tag=klant');
  });

  it('should place a contact that is not on the map where its pin is dragged', async () => {
    const test = await open('/contacten?weergave=kaart');
    const list = await waitFor(() => {
      const found = test.root.querySelector('.contact-map-unplaced');
      expect(found?.textContent).toContain('Chris Bakker');
      return found as HTMLElement;
    });
    expect(list.textContent).not.toContain('Anna de Vries');
    await click(button(list, 'Plaats op de kaart'));
    const pin = await waitFor(() => {
      const last = test.map.placed.at(-1);
      expect(last?.id).toBe(3);
      return last as Placing;
    });
    expect(pin.at).toBeNull();
    act(() => pin.onMoved(52.2, 5.3));
    await click(await shown(test.root, 'Positie opslaan'));
    expect(requests(test, 'PUT', '/contacts/3/position')[0]?.body).toEqual({ lat: 52.2, lng: 5.3 });
    await waitFor(() =>
      expect(test.root.textContent).toContain('Alle contacten van deze selectie staan op de kaart.'),
    );
    expect(test.map.drawn.at(-1)).toBe(3);
  });

  it("should place a contact at the map's centre for keyboard users", async () => {
    const test = await open('/contacten?weergave=kaart');
    await click(await shown(test.root, 'Plaats op de kaart'));
    await click(await shown(test.root, 'Hier plaatsen'));
    expect(requests(test, 'PUT', '/contacts/3/position')[0]?.body).toEqual({ lat: 51.5, lng: 4.4 });
  });
});

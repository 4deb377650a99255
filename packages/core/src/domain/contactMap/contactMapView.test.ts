import { describe, expect, it } from 'vitest';
import type { ContactMapData } from '../contract';
import { contactMapView } from './contactMapView';

const data = (overrides: Partial<ContactMapData> = {}): ContactMapData => ({
  tiles: {
    url: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
    attribution: '© OpenStreetMap-bijdragers',
    attribution_url: null,
  },
  points: [
    [1, 52.09, 5.12],
    [2, 52.37, 4.89],
  ],
  not_placed: { pending: 0, not_found: 0, incomplete: 0 },
  geocoding: true,
  colouring: null,
  geocoder_outage: null,
  ...overrides,
});

/** 14:30 in the Netherlands on 26 November 2026. */
const NOW = Date.parse('2026-11-26T13:30:00Z');

describe('contactMapView', () => {
  it('should turn the rows into points and say nothing when everyone is placed', () => {
    const view = contactMapView(data(), NOW);
    expect(view.points).toEqual([
      { id: 1, lat: 52.09, lng: 5.12, tone: 'none' },
      { id: 2, lat: 52.37, lng: 4.89, tone: 'none' },
    ]);
    expect(view).toMatchObject({ placed: 2, notPlaced: 0, notes: [] });
  });

  it('should colour the points by the survey and switch the legend', () => {
    const view = contactMapView(
      data({
        points: [
          [1, 52.09, 5.12, 10],
          [2, 52.37, 4.89, null],
          [3, 52.1, 5.1, 7],
        ],
        colouring: { survey_id: 4, survey_title: 'Klantpeiling', by: 'nps', question_title: 'Aanbevelen?' },
      }),
      NOW,
    );
    expect(view.points.map((point) => point.tone)).toEqual(['positive', 'none', 'neutral']);
    expect(view.toneCounts).toEqual({ positive: 1, neutral: 1, negative: 0, none: 1 });
    expect(view.legend.map((entry) => entry.label)).toContain('Promotor (9–10)');
    expect(view.legendTitle).toContain('Aanbevelen?');

    const status = contactMapView(
      data({
        points: [
          [1, 52.09, 5.12, 0],
          [2, 52.37, 4.89, 3],
        ],
        colouring: { survey_id: 5, survey_title: 'Open vragen', by: 'status', question_title: null },
      }),
      NOW,
    );
    expect(status.points.map((point) => point.tone)).toEqual(['positive', 'none']);
    expect(status.legend.map((entry) => entry.label)).toContain('Niet uitgenodigd');
  });

  it('should name in Dutch what is not placed and why', () => {
    const view = contactMapView(data({ not_placed: { pending: 1200, not_found: 1, incomplete: 3 } }), NOW);
    expect(view.notPlaced).toBe(1204);
    expect(view.notes).toEqual([
      '1.200 contacten worden nog op de kaart gezet.',
      '1 contact: adres niet gevonden. Controleer het adres of sleep de marker zelf.',
      '3 contacten zonder volledig adres. Niet op de kaart: vul postcode en huisnummer in, of straat, huisnummer en plaats.',
    ]);
  });

  it('should say that lookups are off when the server geocodes nothing', () => {
    const view = contactMapView(
      data({ geocoding: false, not_placed: { pending: 2, not_found: 0, incomplete: 0 } }),
      NOW,
    );
    expect(view.notes[0]).toContain('het opzoeken van adressen staat uit');
  });
});

describe('contactMapView while the address service cannot be reached', () => {
  const waiting = (pending: number, retryAt: string) =>
    data({
      not_placed: { pending, not_found: 0, incomplete: 0 },
      geocoder_outage: { since: '2026-11-26T13:20:00Z', retry_at: retryAt },
    });

  it('should say so, with the time of the next try, instead of that the contacts are being placed', () => {
    const view = contactMapView(waiting(200, '2026-11-26T13:35:00Z'), NOW);
    expect(view.notes).toEqual([
      'De adresservice is nu niet bereikbaar. We proberen het opnieuw om 14:35; 200 contacten wachten nog op een plek op de kaart.',
    ]);
    // Asked again just after that try, not every few seconds.
    expect(view.refreshInMs).toBe(5 * 60_000 + 3_000);
    expect(contactMapView(waiting(1, '2026-11-27T23:05:00Z'), NOW).notes).toEqual([
      'De adresservice is nu niet bereikbaar. We proberen het opnieuw op 28 november 2026 om 00:05; 1 contact wacht nog op een plek op de kaart.',
    ]);
  });

  it('should say the next try is now once its time has passed, and ask again soon', () => {
    const view = contactMapView(waiting(3, '2026-11-26T13:29:00Z'), NOW);
    expect(view.notes).toEqual([
      'De adresservice was niet bereikbaar. We proberen het nu opnieuw; 3 contacten wachten nog op een plek op de kaart.',
    ]);
    expect(view.refreshInMs).toBe(5_000);
  });

  it('should ask again soon while contacts are being placed, and not at all when none wait', () => {
    const placing = contactMapView(data({ not_placed: { pending: 1, not_found: 0, incomplete: 0 } }), NOW);
    expect(placing.notes).toEqual(['1 contact wordt nog op de kaart gezet.']);
    expect(placing.refreshInMs).toBe(5_000);
    expect(contactMapView(data(), NOW).refreshInMs).toBeNull();
    expect(
      contactMapView(data({ geocoding: false, not_placed: { pending: 2, not_found: 0, incomplete: 0 } }), NOW)
        .refreshInMs,
    ).toBeNull();
  });
});

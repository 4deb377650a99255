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
  ...overrides,
});

describe('contactMapView', () => {
  it('should turn the rows into points and say nothing when everyone is placed', () => {
    const view = contactMapView(data());
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
    );
    expect(status.points.map((point) => point.tone)).toEqual(['positive', 'none']);
    expect(status.legend.map((entry) => entry.label)).toContain('Niet uitgenodigd');
  });

  it('should name in Dutch what is not placed and why', () => {
    const view = contactMapView(data({ not_placed: { pending: 1200, not_found: 1, incomplete: 3 } }));
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
    );
    expect(view.notes[0]).toContain('het opzoeken van adressen staat uit');
  });
});

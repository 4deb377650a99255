import { describe, expect, it } from 'vitest';
import { NETHERLANDS_BOUNDS } from '../geocoding';
import {
  clusterLabel,
  legendOf,
  legendTitle,
  type MapPoint,
  NPS_LEGEND,
  npsTone,
  PLAIN_LEGEND,
  pointLabel,
  pointsBounds,
  STATUS_LEGEND,
  statusTone,
  toneOfValue,
} from './contactMap';

const point = (lat: number, lng: number): MapPoint => ({ id: 1, lat, lng, tone: 'none' });

describe('npsTone', () => {
  it('should group NPS answers as promoters, passives and detractors', () => {
    expect([10, 9, 8, 7, 6, 0].map(npsTone)).toEqual([
      'positive',
      'positive',
      'neutral',
      'neutral',
      'negative',
      'negative',
    ]);
  });

  it('should give no tone without an answer', () => {
    expect(npsTone(null)).toBe('none');
    expect(npsTone(Number.NaN)).toBe('none');
  });
});

describe('pointsBounds', () => {
  it('should open on the whole of the Netherlands without points', () => {
    expect(pointsBounds([])).toEqual(NETHERLANDS_BOUNDS);
  });

  it('should hold every point with a margin', () => {
    const bounds = pointsBounds([point(52.0, 4.0), point(53.0, 6.0), point(52.5, 5.0)]);
    expect(bounds.south).toBeLessThan(52.0);
    expect(bounds.north).toBeGreaterThan(53.0);
    expect(bounds.west).toBeLessThan(4.0);
    expect(bounds.east).toBeGreaterThan(6.0);
    expect(bounds.north - bounds.south).toBeLessThan(1.2);
  });

  it('should open on a street around a single point', () => {
    const bounds = pointsBounds([point(52.09, 5.12)]);
    expect(bounds.north - bounds.south).toBeCloseTo(0.01, 5);
    expect(bounds.east - bounds.west).toBeCloseTo(0.01, 5);
  });
});

describe('clusterLabel', () => {
  it('should name the count in Dutch', () => {
    expect(clusterLabel(1)).toBe('1 contact');
    expect(clusterLabel(12)).toBe('12 contacten');
  });

  it('should name the mix of a coloured cluster, largest group first, in words rather than colour only', () => {
    const tones = { positive: 2, neutral: 0, negative: 7, none: 3 };
    expect(clusterLabel(12, tones, NPS_LEGEND)).toBe(
      '12 contacten: 7 Criticaster (0–6), 3 Geen antwoord, 2 Promotor (9–10)',
    );
    expect(clusterLabel(12, tones, PLAIN_LEGEND)).toBe('12 contacten');
  });
});

describe('the status colouring', () => {
  it('should tone completed, opened, invited and not invited in the order of the wire', () => {
    expect([0, 1, 2, 3].map(statusTone)).toEqual(['positive', 'neutral', 'negative', 'none']);
    expect(statusTone(9)).toBe('none');
    expect(statusTone(null)).toBe('none');
    expect(STATUS_LEGEND.map((entry) => entry.label)).toEqual([
      'Ingevuld',
      'Link geopend',
      'Uitgenodigd, nog niet geopend',
      'Niet uitgenodigd',
    ]);
  });

  it("should read a point's value as the colouring says", () => {
    expect(toneOfValue('nps', 9)).toBe('positive');
    expect(toneOfValue('nps', 6)).toBe('negative');
    expect(toneOfValue('nps', null)).toBe('none');
    expect(toneOfValue('status', 1)).toBe('neutral');
    expect(toneOfValue(null, 9)).toBe('none');
    expect(toneOfValue('nps', undefined)).toBe('none');
  });
});

describe('legendOf and legendTitle', () => {
  const nps = {
    survey_id: 1,
    survey_title: 'Klantpeiling',
    by: 'nps',
    question_title: 'Aanbevelen?',
  } as const;
  it('should switch the legend with the colouring and name what it is about', () => {
    expect(legendOf(null)).toBe(PLAIN_LEGEND);
    expect(legendOf(nps)).toBe(NPS_LEGEND);
    expect(legendOf({ by: 'status' })).toBe(STATUS_LEGEND);
    expect(legendTitle(nps)).toBe("Laatste NPS-antwoord op 'Aanbevelen?' (Klantpeiling)");
    expect(legendTitle({ ...nps, by: 'status', question_title: null })).toContain(
      'Status van de laatste uitnodiging voor Klantpeiling',
    );
  });

  it("should name a single contact's group", () => {
    expect(pointLabel('positive', NPS_LEGEND)).toBe('Contact: Promotor (9–10)');
    expect(pointLabel('none', STATUS_LEGEND)).toBe('Contact: Niet uitgenodigd');
    expect(pointLabel('none')).toBe('Contact');
  });
});

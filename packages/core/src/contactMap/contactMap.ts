/**
 * What the contacts map shows: each placed contact as a point with a tone (the colour of its survey
 * score group), the legend that names the tones, and where the map opens. Drawing it (Leaflet,
 * clustering) is an adapter.
 */
import { NETHERLANDS_BOUNDS } from '../geocoding';

export const MAP_TONES = ['positive', 'neutral', 'negative', 'none'] as const;
export type MapTone = (typeof MAP_TONES)[number];

/**
 * The tones' colours, chosen for a contrast of at least 3:1 against OpenStreetMap's light tiles (a
 * graphical object's minimum, WCAG 1.4.11) and to be told apart with the common colour blindnesses
 * (blue, orange, dark red rather than green and red).
 */
export const MAP_TONE_COLOURS: Readonly<Record<MapTone, string>> = {
  positive: '#1565c0',
  neutral: '#b35c00',
  negative: '#9c1c3a',
  none: '#4a5563',
};

/** One placed contact on the map. */
export interface MapPoint {
  readonly id: number;
  readonly lat: number;
  readonly lng: number;
  readonly tone: MapTone;
}

export interface MapBounds {
  readonly south: number;
  readonly west: number;
  readonly north: number;
  readonly east: number;
}

/** A contact's latest NPS answer as a tone: promoters 9–10, passives 7–8, detractors 0–6. */
export function npsTone(score: number | null): MapTone {
  if (score === null || !Number.isFinite(score)) return 'none';
  if (score >= 9) return 'positive';
  if (score >= 7) return 'neutral';
  return 'negative';
}

export interface LegendEntry {
  readonly tone: MapTone;
  readonly label: string;
}

/** The legend when the map is coloured by an NPS question. */
export const NPS_LEGEND: readonly LegendEntry[] = [
  { tone: 'positive', label: 'Promotor (9–10)' },
  { tone: 'neutral', label: 'Passief (7–8)' },
  { tone: 'negative', label: 'Criticaster (0–6)' },
  { tone: 'none', label: 'Geen antwoord' },
];

/** The legend without a chosen survey: every point in one colour. */
export const PLAIN_LEGEND: readonly LegendEntry[] = [{ tone: 'none', label: 'Contact' }];

/**
 * Where the map opens: around the points (with a margin so the outer ones are not on the edge),
 * or the whole of the Netherlands when there are none.
 */
export function pointsBounds(points: readonly MapPoint[]): MapBounds {
  if (points.length === 0) return NETHERLANDS_BOUNDS;
  let south = Number.POSITIVE_INFINITY;
  let west = Number.POSITIVE_INFINITY;
  let north = Number.NEGATIVE_INFINITY;
  let east = Number.NEGATIVE_INFINITY;
  for (const point of points) {
    if (point.lat < south) south = point.lat;
    if (point.lat > north) north = point.lat;
    if (point.lng < west) west = point.lng;
    if (point.lng > east) east = point.lng;
  }
  // One point, or all in one building: open on the street, not at the deepest zoom.
  const latMargin = Math.max((north - south) * 0.05, 0.005);
  const lngMargin = Math.max((east - west) * 0.05, 0.005);
  return {
    south: south - latMargin,
    west: west - lngMargin,
    north: north + latMargin,
    east: east + lngMargin,
  };
}

/** The Dutch name of a cluster for screen readers: '12 contacten'. */
export const clusterLabel = (count: number): string => (count === 1 ? '1 contact' : `${count} contacten`);

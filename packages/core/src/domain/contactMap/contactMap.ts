/**
 * What the contacts map shows: each placed contact as a point with a tone (the colour of its survey
 * score group), the legend that names the tones, and where the map opens. Drawing it (Leaflet,
 * clustering) is an adapter.
 */
import {
  CONTACT_MAP_STATUSES,
  type ContactMapColourBy,
  type ContactMapColouring,
  type ContactMapStatus,
} from '../contract';
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

/** The tone of each invitation status group: done is 'positive', nothing yet is 'none'. */
export const STATUS_TONES: Readonly<Record<ContactMapStatus, MapTone>> = {
  completed: 'positive',
  opened: 'neutral',
  invited: 'negative',
  not_invited: 'none',
};

/** The legend when the map is coloured by the status of the latest invitation (a survey without NPS question). */
export const STATUS_LEGEND: readonly LegendEntry[] = [
  { tone: 'positive', label: 'Ingevuld' },
  { tone: 'neutral', label: 'Link geopend' },
  { tone: 'negative', label: 'Uitgenodigd, nog niet geopend' },
  { tone: 'none', label: 'Niet uitgenodigd' },
];

/** The tone of a status group's index (`CONTACT_MAP_STATUSES`); anything else is 'none'. */
export function statusTone(index: number | null): MapTone {
  const status = index === null ? undefined : CONTACT_MAP_STATUSES[index];
  return status === undefined ? 'none' : STATUS_TONES[status];
}

/** A point's fourth value as a tone, as the colouring says how to read it; 'none' without a colouring. */
export function toneOfValue(by: ContactMapColourBy | null, value: number | null | undefined): MapTone {
  if (by === null || value === undefined) return 'none';
  return by === 'nps' ? npsTone(value) : statusTone(value);
}

/** The legend of a colouring: plain without one. */
export function legendOf(colouring: Pick<ContactMapColouring, 'by'> | null): readonly LegendEntry[] {
  if (colouring === null) return PLAIN_LEGEND;
  return colouring.by === 'nps' ? NPS_LEGEND : STATUS_LEGEND;
}

/** What the legend is about: 'NPS-groep: Hoe waarschijnlijk ...? (Klantpeiling)', or the invitation's status. */
export function legendTitle(colouring: ContactMapColouring | null): string {
  if (colouring === null) return 'Contacten';
  return colouring.by === 'nps'
    ? `Laatste NPS-antwoord op '${colouring.question_title ?? 'NPS'}' (${colouring.survey_title})`
    : `Status van de laatste uitnodiging voor ${colouring.survey_title} (deze survey heeft geen NPS-vraag)`;
}

/** A tone's name in a legend ('Promotor (9–10)'); '' when the legend has none. */
const labelOf = (legend: readonly LegendEntry[], tone: MapTone): string =>
  legend.find((entry) => entry.tone === tone)?.label ?? '';

/** A single contact's name for screen readers and the tooltip: 'Contact: Promotor (9–10)', or 'Contact'. */
export function pointLabel(tone: MapTone, legend: readonly LegendEntry[] = PLAIN_LEGEND): string {
  const label = legend === PLAIN_LEGEND ? '' : labelOf(legend, tone);
  return label === '' ? 'Contact' : `Contact: ${label}`;
}

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

/**
 * The Dutch name of a cluster for screen readers and the tooltip: '12 contacten', and with a
 * coloured legend the mix its ring shows, largest group first: '12 contacten: 7 Promotor (9–10),
 * 5 Geen antwoord'.
 */
export function clusterLabel(
  count: number,
  tones?: Readonly<Record<MapTone, number>>,
  legend: readonly LegendEntry[] = PLAIN_LEGEND,
): string {
  const name = count === 1 ? '1 contact' : `${count} contacten`;
  if (tones === undefined || legend === PLAIN_LEGEND) return name;
  const parts = legend
    .map((entry) => ({ label: entry.label, n: tones[entry.tone] }))
    .filter((part) => part.n > 0)
    .sort((a, b) => b.n - a.n)
    .map((part) => `${part.n} ${part.label}`);
  return parts.length === 0 ? name : `${name}: ${parts.join(', ')}`;
}

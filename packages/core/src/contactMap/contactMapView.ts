import type { ContactMapData } from '../contract';
import { GEOCODE_MESSAGES } from '../geocoding';
import type { MapPoint } from './contactMap';

/** The map's data as the screen draws it: points (one tone until a score colours them) and the counts under the map. */
export interface ContactMapView {
  readonly points: readonly MapPoint[];
  readonly placed: number;
  readonly notPlaced: number;
  /** Dutch lines under the map naming what is not placed and why; empty when everything is. */
  readonly notes: readonly string[];
}

const contacts = (count: number) =>
  count === 1 ? '1 contact' : `${count.toLocaleString('nl-NL')} contacten`;

export function contactMapView(data: ContactMapData): ContactMapView {
  const points = data.points.map(([id, lat, lng]): MapPoint => ({ id, lat, lng, tone: 'none' }));
  const { pending, not_found: notFound, incomplete } = data.not_placed;
  const notes: string[] = [];
  if (pending > 0) {
    notes.push(
      data.geocoding
        ? `${contacts(pending)} worden nog op de kaart gezet.`
        : `${contacts(pending)} met een adres staan niet op de kaart: het opzoeken van adressen staat uit. Sleep ze zelf naar de juiste plek.`,
    );
  }
  if (notFound > 0)
    notes.push(`${contacts(notFound)}: adres niet gevonden. Controleer het adres of sleep de marker zelf.`);
  if (incomplete > 0)
    notes.push(`${contacts(incomplete)} zonder volledig adres. ${GEOCODE_MESSAGES.incomplete}`);
  return { points, placed: points.length, notPlaced: pending + notFound + incomplete, notes };
}

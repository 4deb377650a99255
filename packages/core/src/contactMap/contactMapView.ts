import type { ContactMapColouring, ContactMapData } from '../contract';
import { GEOCODE_MESSAGES } from '../geocoding';
import {
  type LegendEntry,
  legendOf,
  legendTitle,
  type MapPoint,
  type MapTone,
  toneOfValue,
} from './contactMap';

/** The map's data as the screen draws it: points (one tone until a survey colours them), the legend and the counts under the map. */
export interface ContactMapView {
  readonly points: readonly MapPoint[];
  readonly colouring: ContactMapColouring | null;
  readonly legend: readonly LegendEntry[];
  readonly legendTitle: string;
  /** How many placed contacts have each tone (the legend names them with the counts). */
  readonly toneCounts: Readonly<Record<MapTone, number>>;
  readonly placed: number;
  readonly notPlaced: number;
  /** Dutch lines under the map naming what is not placed and why; empty when everything is. */
  readonly notes: readonly string[];
}

const contacts = (count: number) =>
  count === 1 ? '1 contact' : `${count.toLocaleString('nl-NL')} contacten`;

export function contactMapView(data: ContactMapData): ContactMapView {
  const colouring = data.colouring;
  const by = colouring?.by ?? null;
  const points = data.points.map(
    ([id, lat, lng, value]): MapPoint => ({ id, lat, lng, tone: toneOfValue(by, value) }),
  );
  const toneCounts: Record<MapTone, number> = { positive: 0, neutral: 0, negative: 0, none: 0 };
  for (const point of points) toneCounts[point.tone] += 1;
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
  return {
    points,
    colouring,
    legend: legendOf(colouring),
    legendTitle: legendTitle(colouring),
    toneCounts,
    placed: points.length,
    notPlaced: pending + notFound + incomplete,
    notes,
  };
}

import type { ContactMapColouring, ContactMapData } from '../contract';
import { formatLongDayTime, isoDay, wallClock } from '../format';
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
  /**
   * When to ask for the map again, in ms: while contacts wait for the address service, soon (they
   * are being placed), or just after its next try when it cannot be reached; null: nothing changes.
   */
  readonly refreshInMs: number | null;
}

/** How often the map asks again while contacts are being placed. */
export const MAP_REFRESH_MS = 5_000;
/** After the service's next try, this long before asking: the try itself takes a moment. */
const AFTER_RETRY_MS = 3_000;

const contacts = (count: number) =>
  count === 1 ? '1 contact' : `${count.toLocaleString('nl-NL')} contacten`;

const two = (n: number) => String(n).padStart(2, '0');

/** '14:35' today, else '3 december 2026 om 00:05' (the Netherlands' clock). */
function retryMoment(retryAt: string, now: number): string {
  const clock = wallClock(retryAt);
  if (clock === null) return '';
  return isoDay(retryAt) === isoDay(now)
    ? `om ${two(clock.hour)}:${two(clock.minute)}`
    : `op ${formatLongDayTime(retryAt)}`;
}

/**
 * What the map says about contacts waiting for the address service (docs/decisions/contacts.md, 'The
 * geocoder's outage is shared'): being placed; the service not reachable, with when it is tried
 * again; or lookups switched off.
 */
function pendingNote(data: ContactMapData, pending: number, now: number): string {
  if (!data.geocoding)
    return `${contacts(pending)} met een adres staan niet op de kaart: het opzoeken van adressen staat uit. Sleep ze zelf naar de juiste plek.`;
  const outage = data.geocoder_outage;
  if (outage === null)
    return `${contacts(pending)} ${pending === 1 ? 'wordt' : 'worden'} nog op de kaart gezet.`;
  const waiting = `${contacts(pending)} ${pending === 1 ? 'wacht' : 'wachten'} nog op een plek op de kaart`;
  return Date.parse(outage.retry_at) > now
    ? `De adresservice is nu niet bereikbaar. We proberen het opnieuw ${retryMoment(outage.retry_at, now)}; ${waiting}.`
    : `De adresservice was niet bereikbaar. We proberen het nu opnieuw; ${waiting}.`;
}

/** When to ask for the map again (see `ContactMapView.refreshInMs`). */
function refreshIn(data: ContactMapData, now: number): number | null {
  if (!data.geocoding || data.not_placed.pending === 0) return null;
  const retryAt = data.geocoder_outage === null ? Number.NaN : Date.parse(data.geocoder_outage.retry_at);
  return retryAt > now ? retryAt - now + AFTER_RETRY_MS : MAP_REFRESH_MS;
}

/** The map's data as the screen shows it at `now` (ms since the epoch). */
export function contactMapView(data: ContactMapData, now: number): ContactMapView {
  const colouring = data.colouring;
  const by = colouring?.by ?? null;
  const points = data.points.map(
    ([id, lat, lng, value]): MapPoint => ({ id, lat, lng, tone: toneOfValue(by, value) }),
  );
  const toneCounts: Record<MapTone, number> = { positive: 0, neutral: 0, negative: 0, none: 0 };
  for (const point of points) toneCounts[point.tone] += 1;
  const { pending, not_found: notFound, incomplete } = data.not_placed;
  const notes: string[] = [];
  if (pending > 0) notes.push(pendingNote(data, pending, now));
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
    refreshInMs: refreshIn(data, now),
  };
}

import {
  clusterLabel,
  type LegendEntry,
  MAP_TONE_COLOURS,
  MAP_TONES,
  type MapBounds,
  type MapPoint,
  PLAIN_LEGEND,
  pointLabel,
  pointsBounds,
} from '@loop/core/contactMap';
import type * as Leaflet from 'leaflet';
import { ClusterIndex, type MapFeature, type ToneCounts } from './clusterIndex';

/** What a contact's popup says: its name and a few lines (e-mail, place, latest response). */
export interface MapPopup {
  readonly title: string;
  readonly lines: readonly string[];
}

export interface ContactMapOptions {
  /** Tile URL template with {z}/{x}/{y} (and optionally {s}); OpenStreetMap's by default upstream. */
  readonly tileUrl: string;
  /** The tiles' attribution as text, linked to `attributionUrl` when given. */
  readonly attribution: string;
  readonly attributionUrl?: string | null;
  readonly points: readonly MapPoint[];
  /** What the tones mean (the markers' names say it too, so colour is not the only cue); plain by default. */
  readonly legend?: readonly LegendEntry[];
  /** Text of a contact's popup (read when it is opened, so 10,000 points cost nothing up front). */
  readonly popup: (id: number) => MapPopup | Promise<MapPopup>;
  /** Called after each redraw with how many features are drawn (for tests and the benchmark). */
  readonly onDraw?: (drawn: number) => void;
}

/** A contact being placed by hand: a draggable pin; `onMoved` gets its position after each drag. */
export interface Placing {
  readonly id: number;
  readonly at: { readonly lat: number; readonly lng: number } | null;
  readonly onMoved: (lat: number, lng: number) => void;
}

export interface ContactMap {
  /** New points (and with a new colouring, its legend: the markers are named by it). */
  setPoints(points: readonly MapPoint[], legend?: readonly LegendEntry[]): void;
  /** Shows a draggable pin for one contact (at its position, or the map's centre); null removes it. */
  place(placing: Placing | null): void;
  /** The centre of the view: keyboard users pan with the arrow keys and place the contact there. */
  centre(): { lat: number; lng: number };
  fit(bounds: MapBounds): void;
  destroy(): void;
}

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The attribution as Leaflet shows it (HTML): the text escaped, the link only for http(s). */
function attributionHtml(text: string, url: string | null | undefined): string {
  const safe = escapeHtml(text);
  return url && /^https?:\/\//.test(url)
    ? `<a href="${escapeHtml(url)}" rel="noopener noreferrer" target="_blank">${safe}</a>`
    : safe;
}

/** A cluster's ring: each tone's share of the contacts in it, as a conic gradient. */
function ringGradient(tones: ToneCounts, count: number): string {
  let start = 0;
  const stops: string[] = [];
  for (const tone of MAP_TONES) {
    if (tones[tone] === 0) continue;
    const end = start + (tones[tone] / count) * 360;
    stops.push(`${MAP_TONE_COLOURS[tone]} ${start}deg ${end}deg`);
    start = end;
  }
  return `conic-gradient(${stops.join(', ')})`;
}

function clusterElement(count: number, tones: ToneCounts): HTMLElement {
  const ring = document.createElement('div');
  ring.className = 'contact-map-cluster';
  ring.style.background = ringGradient(tones, count);
  const label = document.createElement('span');
  label.textContent = count >= 1000 ? `${Math.floor(count / 1000)}k` : String(count);
  ring.append(label);
  return ring;
}

function pointElement(colour: string): HTMLElement {
  const dot = document.createElement('div');
  dot.className = 'contact-map-point';
  dot.style.background = colour;
  return dot;
}

function popupElement(content: MapPopup): HTMLElement {
  const box = document.createElement('div');
  const title = document.createElement('strong');
  title.textContent = content.title;
  box.append(title);
  for (const line of content.lines) {
    const row = document.createElement('div');
    row.textContent = line;
    box.append(row);
  }
  return box;
}

/**
 * The contacts map on Leaflet (loaded on first use, so no other page carries it): tiles from the
 * configured URL, contacts clustered by `ClusterIndex` and redrawn for the view after each move,
 * each marker a focusable element named for screen readers, a popup per contact, and a draggable
 * pin to place a contact by hand.
 */
export async function createContactMap(
  container: HTMLElement,
  options: ContactMapOptions,
): Promise<ContactMap> {
  const L = (await import('leaflet')).default as typeof Leaflet;
  const map = L.map(container, { zoomControl: true, minZoom: 6, maxZoom: 19, keyboard: true });
  L.tileLayer(options.tileUrl, {
    attribution: attributionHtml(options.attribution, options.attributionUrl),
    maxZoom: 19,
  }).addTo(map);
  map.attributionControl.setPrefix(false);
  const layer = L.layerGroup().addTo(map);
  let index = new ClusterIndex(options.points);
  let legend = options.legend ?? PLAIN_LEGEND;
  let pin: Leaflet.Marker | null = null;

  const openPopup = async (marker: Leaflet.Marker, id: number) => {
    const content = await options.popup(id);
    marker.bindPopup(popupElement(content)).openPopup();
  };

  const markerFor = (feature: MapFeature): Leaflet.Marker => {
    if (feature.kind === 'cluster') {
      const icon = L.divIcon({
        html: clusterElement(feature.count, feature.tones),
        className: '',
        iconSize: [40, 40],
      });
      // The name holds the mix the ring shows ('12 contacten: 7 Promotor (9–10), 5 Geen antwoord').
      const name = clusterLabel(feature.count, feature.tones, legend);
      const marker = L.marker([feature.lat, feature.lng], { icon, title: name, alt: name, keyboard: true });
      marker.on('click keypress', () =>
        map.setView([feature.lat, feature.lng], Math.min(index.expansionZoom(feature.id), 19)),
      );
      return marker;
    }
    const { point } = feature;
    const icon = L.divIcon({
      html: pointElement(MAP_TONE_COLOURS[point.tone]),
      className: '',
      iconSize: [16, 16],
    });
    const name = pointLabel(point.tone, legend);
    const marker = L.marker([point.lat, point.lng], { icon, title: name, alt: name, keyboard: true });
    marker.on('click keypress', () => void openPopup(marker, point.id));
    return marker;
  };

  const draw = () => {
    const bounds = map.getBounds().pad(0.25);
    const features = index.features(
      [bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()],
      map.getZoom(),
    );
    layer.clearLayers();
    for (const feature of features) layer.addLayer(markerFor(feature));
    options.onDraw?.(features.length);
  };

  const fit = (bounds: MapBounds) =>
    map.fitBounds(
      [
        [bounds.south, bounds.west],
        [bounds.north, bounds.east],
      ],
      { animate: false },
    );

  map.on('moveend', draw);
  fit(pointsBounds(options.points));

  return {
    setPoints(points, next) {
      index = new ClusterIndex(points);
      if (next !== undefined) legend = next;
      draw();
    },
    place(placing) {
      pin?.remove();
      pin = null;
      if (placing === null) return;
      const at = placing.at ?? map.getCenter();
      pin = L.marker([at.lat, at.lng], {
        draggable: true,
        keyboard: true,
        title: 'Sleep naar de juiste plek',
        icon: L.divIcon({ html: pointElement('#000000'), className: 'contact-map-pin', iconSize: [22, 22] }),
        zIndexOffset: 1000,
      }).addTo(map);
      pin.on('dragend', () => {
        const position = pin?.getLatLng();
        if (position) placing.onMoved(position.lat, position.lng);
      });
      if (placing.at) map.setView([placing.at.lat, placing.at.lng], Math.max(map.getZoom(), 16));
    },
    centre() {
      const { lat, lng } = map.getCenter();
      return { lat, lng };
    },
    fit,
    destroy() {
      map.off();
      map.remove();
    },
  };
}

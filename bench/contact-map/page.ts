/// <reference types="vite/client" />
// Runs in Chromium (bundled by bench/browserPage.ts): the contacts map as the screen makes it
// (`@loop/adapters/map`), timed from the call to the first drawn frame, beside a bare Leaflet map
// with the same tiles and no contacts; then panning with a long-task observer.
import { createContactMap } from '@loop/adapters/map';
import type { MapPoint } from '@loop/core/contactMap';
import leafletCss from 'leaflet/dist/leaflet.css?inline';
import { prng } from '../prng';

const style = document.createElement('style');
style.textContent = `${leafletCss}
.map { width: 1280px; height: 800px; }
.contact-map-cluster { width: 40px; height: 40px; border-radius: 50%; display: grid; place-items: center; }
.contact-map-cluster span { background: #fff; border-radius: 50%; width: 28px; height: 28px; display: grid; place-items: center; font: 12px sans-serif; }
.contact-map-point { width: 16px; height: 16px; border-radius: 50%; border: 2px solid #fff; box-sizing: border-box; }`;
document.head.append(style);

/** Places in the Netherlands with a share of the contacts each, spread around their centre. */
const CITIES: ReadonlyArray<readonly [number, number, number]> = [
  [52.3702, 4.8952, 0.25],
  [51.9244, 4.4777, 0.15],
  [52.0907, 5.1214, 0.15],
  [52.0705, 4.3007, 0.1],
  [51.4416, 5.4697, 0.08],
  [53.2194, 6.5665, 0.07],
  [50.8514, 5.691, 0.05],
  [52.2215, 6.8937, 0.05],
  [51.8126, 5.8372, 0.05],
  [52.5168, 6.083, 0.05],
];
const TONES = ['positive', 'neutral', 'negative', 'none'] as const;

function makePoints(count: number): MapPoint[] {
  const random = prng(16);
  const points: MapPoint[] = [];
  for (let id = 1; id <= count; id++) {
    const pick = random();
    let sum = 0;
    const city =
      CITIES.find(([, , share]) => {
        sum += share;
        return pick < sum;
      }) ?? CITIES[0];
    const [lat, lng] = city ?? [52.1, 5.1];
    points.push({
      id,
      lat: lat + (random() - 0.5) * 0.2,
      lng: lng + (random() - 0.5) * 0.3,
      tone: TONES[Math.floor(random() * TONES.length)] ?? 'none',
    });
  }
  return points;
}

const frame = () =>
  new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done())));

function container(): HTMLElement {
  const element = document.createElement('div');
  element.className = 'map';
  document.body.replaceChildren(element);
  return element;
}

let points: MapPoint[] = [];
const TILES = `${location.origin}/tiles/{z}/{x}/{y}.png`;

/** From the call to the frame after the first draw: what a user waits for before the map is there. */
async function contactMap(): Promise<number> {
  const start = performance.now();
  let drawn = 0;
  const map = await createContactMap(container(), {
    tileUrl: TILES,
    attribution: '© OpenStreetMap-bijdragers',
    points,
    popup: (id) => ({ title: `Contact ${id}`, lines: [] }),
    onDraw: (count) => {
      drawn = count;
    },
  });
  await frame();
  const ms = performance.now() - start;
  (window as unknown as { __drawn: number }).__drawn = drawn;
  map.destroy();
  return ms;
}

/** The baseline: Leaflet with the same tiles and view, no contacts. */
async function bareLeaflet(): Promise<number> {
  const start = performance.now();
  const L = (await import('leaflet')).default;
  const map = L.map(container());
  L.tileLayer(TILES, { attribution: '© OpenStreetMap-bijdragers' }).addTo(map);
  map.fitBounds(
    [
      [51.3, 3.9],
      [53.6, 7.1],
    ],
    { animate: false },
  );
  await frame();
  const ms = performance.now() - start;
  map.remove();
  return ms;
}

/** Pans the map around in steps with a long-task observer on; answers the longest task (ms). */
async function panning(steps: number): Promise<{ longest: number; longTasks: number; drawn: number[] }> {
  const drawn: number[] = [];
  const map = await createContactMap(container(), {
    tileUrl: TILES,
    attribution: '© OpenStreetMap-bijdragers',
    points,
    popup: (id) => ({ title: `Contact ${id}`, lines: [] }),
    onDraw: (count) => drawn.push(count),
  });
  await frame();
  const tasks: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push(entry.duration);
  });
  observer.observe({ type: 'longtask', buffered: false });
  const element = document.querySelector('.map') as HTMLElement;
  for (let step = 0; step < steps; step++) {
    // A drag as the mouse does it: down, moves, up (Leaflet ends it with a moveend and a redraw).
    const box = element.getBoundingClientRect();
    const x = box.left + box.width / 2;
    const y = box.top + box.height / 2;
    const dx = step % 4 < 2 ? 120 : -120;
    const dy = step % 2 === 0 ? 60 : -60;
    element.dispatchEvent(new MouseEvent('mousedown', { clientX: x, clientY: y, bubbles: true, button: 0 }));
    for (let move = 1; move <= 5; move++) {
      element.dispatchEvent(
        new MouseEvent('mousemove', {
          clientX: x + (dx * move) / 5,
          clientY: y + (dy * move) / 5,
          bubbles: true,
        }),
      );
      await frame();
    }
    element.dispatchEvent(new MouseEvent('mouseup', { clientX: x + dx, clientY: y + dy, bubbles: true }));
    await frame();
    if (step % 5 === 4) {
      map.fit({ south: 51.8, west: 4.2, north: 52.5, east: 5.3 });
      await frame();
    }
  }
  await frame();
  observer.disconnect();
  map.destroy();
  return { longest: Math.max(0, ...tasks), longTasks: tasks.length, drawn };
}

Object.assign(window, {
  __bench: {
    setPoints: (count: number) => {
      points = makePoints(count);
    },
    contactMap,
    bareLeaflet,
    panning,
  },
  __ready: true,
});

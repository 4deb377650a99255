import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePdok } from '../packages/server/src/testing/fakePdok';
import { seriousViolations } from './axe';
import {
  callApi,
  DEMO,
  launchBrowser,
  login,
  openPage,
  type RunningServer,
  scriptRequests,
  startServer,
  startTileServer,
} from './harness';

/**
 * The contacts map against the real server, its geocoding job asking a local fake of PDOK and the
 * tiles from a local tile server (never the internet), in Chromium.
 */

const PLACES = new Map([
  ['postcode:3512JE AND huisnummer:1', { lat: 52.0907, lng: 5.1214, label: 'Domplein 1, 3512JE Utrecht' }],
  ['postcode:3512JE AND huisnummer:3', { lat: 52.0909, lng: 5.1219, label: 'Domplein 3, 3512JE Utrecht' }],
  [
    'postcode:9712HW AND huisnummer:1',
    { lat: 53.2193, lng: 6.5682, label: 'Martinikerkhof 1, 9712HW Groningen' },
  ],
]);

const CONTACTS = [
  { name: 'Dirk Domplein', email: 'dirk@kaart.test', postcode: '3512 JE', house_number: '1' },
  { name: 'Dora Domplein', email: 'dora@kaart.test', postcode: '3512 JE', house_number: '3' },
  {
    name: 'Greet Groningen',
    email: 'greet@kaart.test',
    postcode: '9712 HW',
    house_number: '1',
    city: 'Groningen',
  },
  { name: 'Nico Nergens', email: 'nico@kaart.test', postcode: '1234 AB', house_number: '99' },
  { name: 'Ilse Incompleet', email: 'ilse@kaart.test', city: 'Utrecht' },
];

let pdok: Awaited<ReturnType<typeof startFakePdok>>;
let tiles: Awaited<ReturnType<typeof startTileServer>>;
let server: RunningServer;
let browser: Browser;

beforeAll(async () => {
  pdok = await startFakePdok(PLACES);
  tiles = await startTileServer();
  [server, browser] = await Promise.all([
    startServer({
      GEOCODER_URL: pdok.url,
      GEOCODER_RATE: '50',
      MAP_TILE_URL: tiles.url,
      MAP_ATTRIBUTION: '© OpenStreetMap-bijdragers',
    }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  tiles?.close();
  pdok?.close();
});

const api = <T>(method: string, path: string, token: string, orgId: number | null, body?: unknown) =>
  callApi<T>(server.url, method, path, { token, orgId, body });

/** Adds the contacts through the API as the demo organisation's owner; answers how to ask more. */
async function addContacts() {
  const { access_token: token } = await api<{ access_token: string }>(
    'POST',
    '/auth/login',
    '',
    null,
    DEMO.admin,
  );
  const me = await api<{ organizations: { id: number }[] }>('GET', '/users/me', token, null);
  const orgId = me.organizations[0]?.id ?? null;
  const ids = new Map<string, number>();
  for (const contact of CONTACTS) {
    const created = await api<{ id: number }>('POST', '/contacts', token, orgId, {
      ...contact,
      tags: ['kaart'],
    });
    ids.set(contact.name, created.id);
  }
  return {
    ids,
    contact: (id: number) =>
      api<{ position: { lat: number; lng: number; source: string } | null }>(
        'GET',
        `/contacts/${id}`,
        token,
        orgId,
      ),
  };
}

/** Reloads until the geocoding job has placed the found contacts (the map starts a round when opened). */
async function waitForMarkers(page: Page, count: number) {
  for (let attempt = 0; attempt < 40; attempt++) {
    const notes =
      (await page
        .locator('.contact-map-notes')
        .textContent()
        .catch(() => '')) ?? '';
    const drawn = await page.locator('.contact-map-point, .contact-map-cluster').count();
    if (!notes.includes('nog op de kaart gezet') && drawn >= count) return;
    await page.waitForTimeout(250);
    await page.reload();
    await page.locator('.contact-map .leaflet-tile-loaded').first().waitFor();
  }
  throw new Error('the contacts were not placed');
}

describe('contacts map', () => {
  it('should geocode contacts, show them clustered with popups, and keep a contact placed by hand after a reload', async () => {
    const { ids, contact } = await addContacts();
    const { page, problems } = await openPage(browser);
    await login(page, server.url, DEMO.admin);

    // The list loads no map code; the map view loads Leaflet.
    const scripts = scriptRequests(page);
    await page.goto(`${server.url}/contacten?tag=kaart`);
    await page.getByRole('heading', { name: 'Alle contacten' }).waitFor();
    await page.getByText('Dirk Domplein').first().waitFor();
    expect(scripts.filter((path) => /leaflet|contactMapServices/i.test(path))).toEqual([]);
    await page.getByRole('button', { name: 'Kaart', exact: true }).click();
    await page.waitForURL(`${server.url}/contacten?tag=kaart&weergave=kaart`);
    await page.locator('.contact-map .leaflet-tile-loaded').first().waitFor();
    expect(scripts.some((path) => /leaflet/i.test(path))).toBe(true);

    await waitForMarkers(page, 2);
    // The two neighbours on the Domplein are one cluster at the zoom that holds Groningen too.
    await expect
      .poll(() => page.locator('.contact-map-cluster').count(), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(1);
    const notes = await page.locator('.contact-map-notes').textContent();
    expect(notes).toContain('1 contact: adres niet gevonden.');
    expect(notes).toContain('1 contact zonder volledig adres.');
    expect(pdok.queries).toContain('postcode:9712HW AND huisnummer:1');

    // Greet is alone in Groningen: her marker opens her popup.
    const greet = page.locator('.leaflet-marker-icon:has(.contact-map-point)').first();
    await greet.click();
    const popup = page.locator('.leaflet-popup-content');
    await expect.poll(() => popup.textContent(), { timeout: 15_000 }).toContain('Greet Groningen');
    expect(await popup.textContent()).toContain('greet@kaart.test');

    // Nico's address is not found: place him by dragging the pin, and save.
    const unplaced = page.locator('.contact-map-unplaced');
    await expect.poll(() => unplaced.textContent(), { timeout: 15_000 }).toContain('Nico Nergens');
    const nicoRow = unplaced.locator('li', { hasText: 'Nico Nergens' });
    await nicoRow.getByRole('button', { name: 'Plaats op de kaart' }).click();
    const pin = page.locator('.contact-map-pin');
    await pin.waitFor();
    const box = await pin.boundingBox();
    if (box === null) throw new Error('the pin is not drawn');
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 80, box.y + 40, { steps: 8 });
    await page.mouse.up();
    await nicoRow.getByRole('button', { name: 'Positie opslaan' }).click();
    await expect
      .poll(() => page.getByRole('status').allTextContents(), { timeout: 15_000 })
      .toContain('Nico Nergens staat op de kaart.');
    const nico = ids.get('Nico Nergens') ?? 0;
    const placed = await contact(nico);
    expect(placed.position?.source).toBe('manual');

    // After a reload Nico stays where he was put, and is no longer in the list of the unplaced.
    await page.reload();
    await page.locator('.contact-map .leaflet-tile-loaded').first().waitFor();
    await expect.poll(() => unplaced.textContent(), { timeout: 15_000 }).toContain('Ilse Incompleet');
    expect(await unplaced.textContent()).not.toContain('Nico Nergens');
    expect((await contact(nico)).position).toEqual(placed.position);

    // No serious accessibility issue on the map view, at 1280 and 390 px.
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.locator('.contact-map .leaflet-tile-loaded').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
});

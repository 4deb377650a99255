import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
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

/** The demo organisation's owner signed in through the API. */
async function owner() {
  const { access_token: token } = await api<{ access_token: string }>(
    'POST',
    '/auth/login',
    '',
    null,
    DEMO.admin,
  );
  const me = await api<{ organizations: { id: number }[] }>('GET', '/users/me', token, null);
  return { token, orgId: me.organizations[0]?.id ?? null };
}

/** Adds the contacts through the API as the demo organisation's owner; answers how to ask more. */
async function addContacts() {
  const { token, orgId } = await owner();
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

  it('should colour the map by a survey’s NPS answers, with the legend, named markers and the popup saying the group', async () => {
    const { token, orgId } = await owner();
    const contacts = await api<{ items: { id: number; name: string; email: string }[] }>(
      'GET',
      '/contacts?tag=kaart&page_size=50',
      token,
      orgId,
    );
    const idOf = (name: string) => contacts.items.find((each) => each.name === name)?.id ?? 0;
    const survey = await api<{ id: number }>('POST', '/surveys', token, orgId, {
      title: 'Kaartpeiling',
      description_html: '',
      introduction_html: '',
      thank_you_text: 'Dank je wel!',
      close_at: null,
      questions: [
        {
          id: 'q-nps',
          type: 'nps',
          title: 'Zou je ons aanbevelen?',
          required: false,
          position: 0,
          settings: {},
        },
      ],
    });
    await api('POST', `/surveys/${survey.id}/status`, token, orgId, { status: 'open' });
    const invited = ['Dirk Domplein', 'Dora Domplein', 'Greet Groningen'];
    await api('POST', `/surveys/${survey.id}/invitations`, token, orgId, {
      selection: { ids: invited.map(idOf) },
    });
    // Dirk recommends us, Greet does not; Dora has not answered.
    const links = await invitationLinks(['dirk@kaart.test', 'greet@kaart.test']);
    await api('POST', `/respond/${links.get('dirk@kaart.test')}`, '', null, {
      final: true,
      answers: [{ question_id: 'q-nps', value: { score: 10 } }],
    });
    await api('POST', `/respond/${links.get('greet@kaart.test')}`, '', null, {
      final: true,
      answers: [{ question_id: 'q-nps', value: { score: 3 } }],
    });

    const { page, problems } = await openPage(browser);
    await login(page, server.url, DEMO.admin);
    await page.goto(`${server.url}/contacten?tag=kaart&weergave=kaart`);
    await page.locator('.contact-map .leaflet-tile-loaded').first().waitFor();
    const select = page.getByLabel('Kleur op');
    await expect.poll(() => select.locator('option').allTextContents()).toContain('Kaartpeiling (NPS)');
    await select.selectOption({ label: 'Kaartpeiling (NPS)' });
    await page.waitForURL(`${server.url}/contacten?tag=kaart&weergave=kaart&kleur=${survey.id}`);

    const legend = page.locator('.contact-map-legend');
    await expect.poll(() => legend.textContent(), { timeout: 15_000 }).toContain('Promotor (9–10): 1');
    expect(await legend.textContent()).toContain('Criticaster (0–6): 1');
    expect(await page.locator('.contact-map-legend-title').textContent()).toContain('Zou je ons aanbevelen?');

    // Greet, alone in Groningen, is a detractor: her marker says so in words and in its colour.
    const greet = page.locator('.leaflet-marker-icon[title="Contact: Criticaster (0–6)"]');
    await expect.poll(() => greet.count(), { timeout: 15_000 }).toBe(1);
    expect(
      await greet.locator('.contact-map-point').evaluate((dot) => getComputedStyle(dot).backgroundColor),
    ).toBe('rgb(156, 28, 58)');
    // The Domplein cluster names its mix.
    const titles = await page
      .locator('.leaflet-marker-icon')
      .evaluateAll((icons) => icons.map((icon) => icon.getAttribute('title') ?? ''));
    expect(titles.some((title) => title.includes('1 Promotor (9–10)'))).toBe(true);

    await greet.click();
    const popup = page.locator('.leaflet-popup-content');
    await expect.poll(() => popup.textContent(), { timeout: 15_000 }).toContain('NPS 3: Criticaster (0–6)');
    expect(await popup.textContent()).toContain('Kaartpeiling: ingevuld op');

    // The choice survives a reload.
    await page.reload();
    await expect.poll(() => legend.textContent(), { timeout: 15_000 }).toContain('Criticaster (0–6): 1');
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
  });
});

/** The personal links of the invitation mails to these addresses, from the server's outbox folder. */
async function invitationLinks(recipients: readonly string[]): Promise<Map<string, string>> {
  const outbox = join(server.dataDir, 'outbox');
  const deadline = Date.now() + 60_000;
  for (;;) {
    const links = new Map<string, string>();
    const files = (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml'));
    for (const file of files) {
      const text = await readFile(join(outbox, file), 'utf8');
      const to = /^To: (.*)$/m.exec(text)?.[1] ?? '';
      const token = /\/respond\/([A-Za-z0-9_-]{16,})/.exec(text)?.[1];
      const recipient = recipients.find((each) => to.includes(each));
      if (/^X-Loop-Mail: survey-invitation\r?$/m.test(text) && recipient && token)
        links.set(recipient, token);
    }
    if (links.size === recipients.length) return links;
    if (Date.now() > deadline) throw new Error(`${links.size} of ${recipients.length} invitation mails`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

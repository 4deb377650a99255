import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Survey } from '@loop/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakePdok } from '../packages/server/src/testing/fakePdok';
import { seriousViolations } from './axe';
import {
  DEMO,
  launchBrowser,
  login,
  openPage,
  type RunningServer,
  startServer,
  startTileServer,
} from './harness';
import { demoApi } from './respondFixtures';

/**
 * Issue 16's whole path in Chromium against the real server: 200 contacts from an Excel CSV on the
 * map, a segment, the survey sent to it (mails in the outbox folder), two answers through their
 * e-mailed links, the status per contact, a reminder to the others after days pass on the server's
 * test clock, and an unsubscribe after which that contact gets no further mail. The geocoder is a
 * local PDOK fake and the tiles come from a local server: never the internet.
 */

const DAY_MS = 86_400_000;
/** 20 addresses on one Utrecht street, each shared by 10 contacts (one lookup each). */
const PLACES = new Map(
  Array.from({ length: 20 }, (_, i) => [
    `postcode:3511AB AND huisnummer:${i + 1}`,
    { lat: 52.09 + i * 0.0004, lng: 5.12 + i * 0.0004, label: `Oudegracht ${i + 1}, 3511AB Utrecht` },
  ]),
);
/** Contacts 1–8 carry the tag 'proef': the segment the survey goes to. */
const TRIAL = 8;

/** 200 contacts as Dutch Excel saves 'CSV (gescheiden door lijstscheidingsteken)': Windows-1252, ';', CRLF. */
function excelCsv(): Buffer {
  const lines = ['Naam;E-mailadres;Straat;Huisnummer;Postcode;Plaats;Tags'];
  for (let i = 1; i <= 200; i++) {
    const tags = i <= TRIAL ? 'proef' : 'klant';
    lines.push(
      `Zoë Hoogeveen ${i};zoe.${i}@uitnodiging.test;Oudegracht;${(i % 20) + 1};3511 AB;Utrecht;${tags}`,
    );
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`, 'latin1');
}

interface Mail {
  readonly file: string;
  readonly kind: string;
  readonly to: string;
  readonly subject: string;
  readonly text: string;
}

let pdok: Awaited<ReturnType<typeof startFakePdok>>;
let tiles: Awaited<ReturnType<typeof startTileServer>>;
let server: RunningServer;
let browser: Browser;
let clockFile: string;

beforeAll(async () => {
  pdok = await startFakePdok(PLACES);
  tiles = await startTileServer();
  clockFile = join(await mkdtemp(join(tmpdir(), 'loop-clock-')), 'offset');
  await writeFile(clockFile, '0');
  [server, browser] = await Promise.all([
    startServer({
      GEOCODER_URL: pdok.url,
      GEOCODER_RATE: '50',
      MAP_TILE_URL: tiles.url,
      MAP_ATTRIBUTION: '© OpenStreetMap-bijdragers',
      TEST_CLOCK_FILE: clockFile,
      REMINDER_INTERVAL_SECONDS: '1',
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

/** The invitation and reminder mails in the outbox folder, oldest first. */
async function surveyMails(): Promise<Mail[]> {
  const outbox = join(server.dataDir, 'outbox');
  const files = (await readdir(outbox).catch(() => [] as string[])).filter((f) => f.endsWith('.eml')).sort();
  const mails: Mail[] = [];
  for (const file of files) {
    const text = await readFile(join(outbox, file), 'utf8');
    const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'm').exec(text)?.[1] ?? '';
    const kind = header('X-Loop-Mail');
    if (kind === 'survey-invitation' || kind === 'survey-reminder') {
      mails.push({ file, kind, to: header('To'), subject: header('Subject'), text });
    }
  }
  return mails;
}

async function waitForMails(kind: string, count: number): Promise<Mail[]> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const found = (await surveyMails()).filter((mail) => mail.kind === kind);
    if (found.length >= count) return found;
    if (Date.now() > deadline)
      throw new Error(`${found.length} of ${count} ${kind} mails\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

const linkIn = (mail: Mail, path: string): string => {
  const found = new RegExp(`https?://[^\\s"'<>]+${path}[^\\s"'<>]+`).exec(mail.text)?.[0];
  if (!found) throw new Error(`no ${path} link in the mail to ${mail.to}`);
  return found;
};

async function answer(link: string) {
  const { page, context, problems } = await openPage(browser);
  page.setDefaultTimeout(30_000);
  await page.goto(link);
  await page.getByRole('button', { name: 'Starten' }).click();
  await page.getByRole('radio', { name: '9', exact: true }).check();
  await page.getByRole('button', { name: 'Versturen' }).click();
  await page.getByText('Bedankt voor je antwoorden!').waitFor();
  expect(problems).toEqual([]);
  await context.close();
}

const plain = (text: string | null): string => (text ?? '').replace(/\s+/g, ' ').trim();

async function statusCounts(page: Page): Promise<string> {
  await page.reload();
  const counts = page.getByRole('list', { name: 'Aantallen per status' });
  await counts.waitFor();
  return plain(await counts.textContent());
}

describe('from a contact list to answers', () => {
  it('should import, map, segment, invite, take answers, remind the others and respect an unsubscribe', async () => {
    const api = await demoApi(server, DEMO.admin);
    const survey = await api.call<Survey>('POST', '/surveys', {
      title: 'Proef NPS',
      description_html: '',
      introduction_html: '',
      thank_you_text: 'Bedankt voor je antwoorden!',
      close_at: null,
      questions: [
        {
          id: 'q-nps',
          type: 'nps',
          title: 'Zou je ons aanbevelen?',
          required: true,
          position: 0,
          settings: {},
        },
      ],
    });
    await api.call('POST', `/surveys/${survey.id}/status`, { status: 'open' });

    const { page, context, problems } = await openPage(browser);
    page.setDefaultTimeout(30_000);
    await login(page, server.url, DEMO.admin);

    // 200 contacts from the Excel file.
    await page.goto(`${server.url}/contacten`);
    await page.getByRole('button', { name: 'Importeren', exact: true }).click();
    await page
      .getByLabel('CSV-bestand')
      .setInputFiles({ name: 'contacten.csv', mimeType: 'text/csv', buffer: excelCsv() });
    await page.getByTestId('import-detected').waitFor();
    await page.getByRole('button', { name: 'Import starten' }).click();
    const report = page.getByTestId('import-report');
    await report.waitFor({ timeout: 60_000 });
    expect(plain(await report.textContent())).toContain('200 contacten toegevoegd.');
    await report.getByRole('button', { name: 'Sluiten' }).click();

    // On the map: the geocoding job places them (the map starts a round when it opens). Only the
    // imported ones: the demo organisation's own contacts are on the map from the start.
    await page.goto(`${server.url}/contacten?tag=klant&weergave=kaart`);
    await page.locator('.contact-map .leaflet-tile-loaded').first().waitFor();
    await expect
      .poll(
        async () => {
          await page.reload();
          await page.locator('.contact-map .leaflet-tile-loaded').first().waitFor();
          return page.locator('.contact-map-point, .contact-map-cluster').count();
        },
        { timeout: 60_000, interval: 1_000 },
      )
      .toBeGreaterThan(0);

    // A segment of the trial group.
    await page.goto(`${server.url}/contacten?tag=proef`);
    await page.getByText(`${TRIAL} contacten`, { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Opslaan als segment' }).click();
    const naming = page.getByRole('dialog', { name: 'Opslaan als segment' });
    await naming.getByLabel('Naam van het segment').fill('Proefgroep');
    await naming.getByRole('button', { name: 'Opslaan', exact: true }).click();
    await page.waitForURL(/\/contacten\?segment=\d+$/);

    // The survey to the segment: preview, then send.
    await page.goto(`${server.url}/survey/${survey.id}/uitnodigen`);
    await page
      .getByRole('heading', { name: 'Uitnodigen: Proef NPS' })
      .waitFor({ timeout: 20_000 })
      .catch(async (error) => {
        console.log('PAGE', plain(await page.locator('body').textContent()));
        throw error;
      });
    await page
      .getByLabel('Segment', { exact: true })
      .selectOption({ label: `Proefgroep (${TRIAL})` }, { timeout: 20_000 })
      .catch(async (error) => {
        console.log('PAGE', plain(await page.locator('main').textContent()));
        throw error;
      });
    // axe before the preview: it cannot look into the sandboxed frame that shows the mail.
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Voorbeeld bekijken' }).click();
    await page
      .getByText(`${TRIAL} contacten krijgen een uitnodiging`)
      .waitFor({ timeout: 20_000 })
      .catch(async (error) => {
        console.log('PAGE', plain(await page.locator('main').textContent()));
        throw error;
      });
    await page.getByRole('button', { name: `${TRIAL} uitnodigingen versturen` }).click();
    const invitations = await waitForMails('survey-invitation', TRIAL);
    expect(new Set(invitations.map((mail) => mail.to)).size).toBe(TRIAL);
    expect(invitations.every((mail) => mail.subject === 'Uitnodiging: Proef NPS')).toBe(true);
    expect(
      invitations.every((mail) => /^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m.test(mail.text)),
    ).toBe(true);

    // Two answer through their own links.
    const [first, second, ...others] = invitations;
    await answer(linkIn(first as Mail, '/respond/'));
    await answer(linkIn(second as Mail, '/respond/'));
    await expect.poll(() => statusCounts(page), { timeout: 30_000 }).toContain('Ingevuld 2');
    expect(await statusCounts(page)).toContain(`Verstuurd ${TRIAL - 2}`);

    // A reminder after a day to the six who did not answer: the server's clock moves two days on.
    await page.getByLabel('Na hoeveel dagen').fill('1');
    await page.getByLabel('Hoogstens zoveel herinneringen').fill('2');
    await page.getByRole('button', { name: 'Herinneringen opslaan' }).click();
    await page.getByText('Herinneringen zijn opgeslagen.').waitFor();
    await writeFile(clockFile, String(2 * DAY_MS));
    const reminders = await waitForMails('survey-reminder', TRIAL - 2);
    expect(new Set(reminders.map((mail) => mail.to))).toEqual(new Set(others.map((mail) => mail.to)));

    // One of them unsubscribes through the link in the mail; no further mail reaches them.
    const leaving = reminders[0] as Mail;
    const unsubscribe = await openPage(browser);
    await unsubscribe.page.goto(linkIn(leaving, '/afmelden/'));
    await unsubscribe.page.getByRole('button', { name: 'Afmelden' }).click();
    await unsubscribe.page.getByText('Je bent afgemeld.').waitFor();
    await unsubscribe.context.close();
    await writeFile(clockFile, String(4 * DAY_MS));
    const secondRound = (await waitForMails('survey-reminder', 2 * (TRIAL - 2) - 1)).slice(TRIAL - 2);
    expect(secondRound.map((mail) => mail.to)).not.toContain(leaving.to);
    // A sentinel invitation queued after the round: the queue sends in order of time and id, so once
    // its mail is out, a reminder queued with the round has been sent or cancelled.
    // (Signed in again: the server's clock is four days on, past the first token's expiry.)
    const later = await demoApi(server, DEMO.admin);
    const sentinel = await later.call<{ id: number }>('POST', '/contacts', {
      name: 'Sam Sluitstuk',
      email: 'sluitstuk@voorbeeld.nl',
    });
    await later.call('POST', `/surveys/${survey.id}/invitations`, { selection: { ids: [sentinel.id] } });
    await waitForMails('survey-invitation', TRIAL + 1);
    expect((await surveyMails()).filter((mail) => mail.to === leaving.to)).toHaveLength(2);

    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 300_000);
});

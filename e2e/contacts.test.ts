import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO_CONTACTS } from '../packages/server/src/seed/demoContacts';
import { seriousViolations } from './axe';
import { DEMO, login, openPage, useServerAndBrowser } from './harness';

/** /contacten against the real server, as the demo organisation's owner. */
const env = useServerAndBrowser();

const FIRST = ['José', 'Anneke', 'Zoë', 'Noël', 'Chloë', 'Björn', 'Renée', 'Daniël', 'Inès', 'Jürgen'];
const LAST = [
  'Müller',
  'de Vries',
  'Jansen',
  'van den Berg',
  'Bakker',
  'Visser',
  'Smit',
  'Meijer',
  'de Boer',
  'Mulder',
];
const CITIES = ['Tilburg', "'s-Hertogenbosch", 'Breda', 'Eindhoven'];
/** Data lines (1-based from the header) of the rows the server must refuse. */
const REFUSED_LINES = [52, 153];

/**
 * A contacts list as Excel (Windows, Dutch locale) saves 'CSV (gescheiden door lijstscheidingsteken)':
 * Windows-1252 without a BOM, ';' between cells, CRLF after each line. 200 contacts with accented
 * names, one address on two rows (the first row counts), and two rows without a usable address.
 */
function excelCsv(): Buffer {
  const lines = ['Naam;E-mailadres;Organisatie;Plaats;Tags'];
  const ascii = (text: string) =>
    text
      .normalize('NFD')
      .replace(/[^a-zA-Z]/g, '')
      .toLowerCase();
  for (let i = 0; i < 200; i++) {
    const first = FIRST[i % 10] as string;
    const last = LAST[Math.floor(i / 10) % 10] as string;
    const tags = i % 4 === 0 ? 'klant,nieuwsbrief' : i % 4 === 1 ? 'klant' : '';
    lines.push(
      `${first} ${last};${ascii(first)}.${i}@voorbeeld.nl;Café Zuid ${i % 7};${CITIES[i % 4]};${tags}`,
    );
    if (lines.length + 1 === REFUSED_LINES[0]) lines.push('Zonder Adres;;Geen BV;Breda;');
    if (lines.length + 1 === REFUSED_LINES[1]) lines.push('Kapot Adres;kapot@;;Utrecht;');
  }
  lines.push('José Müller;jose.0@voorbeeld.nl;Café Zuid 0;Tilburg;klant');
  const text = `${lines.join('\r\n')}\r\n`;
  // Every character is in Latin-1 outside 0x80–0x9F, where Windows-1252 and Latin-1 are the same bytes.
  if ([...text].some((char) => (char.codePointAt(0) ?? 0) > 0xff || /[\u0080-\u009f]/.test(char)))
    throw new Error('the fixture must be Windows-1252');
  return Buffer.from(text, 'latin1');
}

/** The progress bar's values, recorded in the page as they change (the import runs at the server). */
async function recordProgress(page: Page) {
  await page.evaluate(() => {
    const seen: string[] = [];
    (globalThis as { progressSeen?: string[] }).progressSeen = seen;
    new MutationObserver(() => {
      const bar = document.querySelector('[data-testid="import-progress"] progress');
      const text = bar ? `${bar.getAttribute('value')}/${bar.getAttribute('max')}` : null;
      if (text !== null && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  return () => page.evaluate(() => (globalThis as { progressSeen?: string[] }).progressSeen ?? []);
}

const plain = (text: string | null): string => (text ?? '').replace(/\s+/g, ' ').trim();

describe('contacts screen', () => {
  it('should import an Excel CSV of 200 contacts with progress and a report, search, make a segment, export and delete one', async () => {
    const { page, context, problems } = await openPage(env.browser);
    await login(page, env.server.url, DEMO.admin);
    await page
      .getByRole('navigation', { name: 'Hoofdmenu' })
      .getByRole('link', { name: 'Contacten' })
      .click();
    await page.waitForURL(`${env.server.url}/contacten`);
    await page.getByRole('heading', { level: 1, name: 'Contacten' }).waitFor();

    // Import: the dry run tells how the server read the file, then the mapping and the choice.
    await page.getByRole('button', { name: 'Importeren', exact: true }).click();
    await page
      .getByLabel('CSV-bestand')
      .setInputFiles({ name: 'contacten-excel.csv', mimeType: 'text/csv', buffer: excelCsv() });
    const detected = page.getByTestId('import-detected');
    await detected.waitFor();
    expect(plain(await detected.textContent())).toBe(
      'contacten-excel.csv: 203 rijen, gelezen als Windows-1252 (Excel) met puntkomma (;) als scheidingsteken.',
    );
    const mapping = page.getByRole('group', { name: 'Kolommen van het CSV-bestand' });
    await mapping.getByLabel('E-mailadres', { exact: true }).selectOption('E-mailadres');
    await mapping.getByLabel('Naam (volledig)', { exact: true }).selectOption('Naam');
    await mapping.getByLabel('Organisatie', { exact: true }).selectOption('Organisatie');
    await mapping.getByLabel('Plaats', { exact: true }).selectOption('Plaats');
    await mapping.getByLabel('Tags (gescheiden door komma of puntkomma)').selectOption('Tags');
    const sample = page.getByRole('region', { name: 'Voorbeeld van de import' });
    expect(plain(await sample.locator('tbody tr').first().textContent())).toBe(
      'José Müllerjose.0@voorbeeld.nlCafé Zuid 0Tilburg',
    );
    await page.getByLabel('Overslaan', { exact: true }).check();
    // The address on two rows, with their line numbers; the import waits for the choice.
    const repeated = page.getByRole('group', { name: 'E-mailadressen op meer dan één regel' });
    expect(plain(await repeated.textContent())).toContain('jose.0@voorbeeld.nl staat op regel 2 en 204');
    await page.getByRole('button', { name: 'Import starten' }).click();
    await page
      .getByText('Kies welke regel telt bij een e-mailadres dat op meer dan één regel staat.')
      .waitFor();
    await repeated.getByLabel('Eerste regel telt').check();
    const progressSeen = await recordProgress(page);
    await page.getByRole('button', { name: 'Import starten' }).click();

    const report = page.getByTestId('import-report');
    await report.waitFor({ timeout: 60_000 });
    const seen = await progressSeen();
    expect(seen.length).toBeGreaterThan(0);
    expect(seen.every((value) => value.endsWith('/203'))).toBe(true);
    expect(seen.at(-1)).toBe('203/203');
    const reported = plain(await report.textContent());
    expect(reported).toContain('De import van contacten-excel.csv is klaar.');
    expect(reported).toContain('200 contacten toegevoegd.');
    expect(reported).toContain('0 contacten bijgewerkt.');
    expect(reported).toContain('0 rijen overgeslagen (het e-mailadres was al een contact).');
    expect(reported).toContain(
      '1 rij overgeslagen: het e-mailadres stond ook op een andere regel van het bestand (de eerste regel telde).',
    );
    expect(reported).toContain('2 rijen geweigerd.');
    const refusedLines = await report.locator('tbody tr td:first-child').allTextContents();
    expect(refusedLines).toEqual(REFUSED_LINES.map(String));
    await report.getByRole('button', { name: 'Sluiten' }).click();

    // The list: the 200 contacts besides the demo organisation's own, the accents as typed in Excel.
    const list = page.getByRole('region', { name: 'Contacten', exact: true });
    await page.getByText(`${200 + DEMO_CONTACTS.length} contacten`, { exact: true }).waitFor();

    // Search: sent once typing rests, kept in the address, surviving a reload.
    await page.getByLabel('Zoeken', { exact: true }).fill('Müller');
    await page.waitForURL(/\/contacten\?q=M%C3%BCller$/);
    await page.getByText('20 contacten', { exact: true }).waitFor();
    expect(await list.locator('tbody tr').count()).toBe(20);
    await page.reload();
    await page.getByText('20 contacten', { exact: true }).waitFor();
    expect(await page.getByLabel('Zoeken', { exact: true }).inputValue()).toBe('Müller');

    // A segment of the search and a tag.
    await page.getByLabel('Tag', { exact: true }).selectOption('nieuwsbrief');
    await page.waitForURL(/tag=nieuwsbrief/);
    await page.getByText('6 contacten', { exact: true }).waitFor();
    await page.getByRole('button', { name: 'Opslaan als segment' }).click();
    const naming = page.getByRole('dialog', { name: 'Opslaan als segment' });
    await naming.getByLabel('Naam van het segment').fill('Nieuwsbrief Müller');
    await naming.getByRole('button', { name: 'Opslaan', exact: true }).click();
    await page.waitForURL(/\/contacten\?segment=\d+$/);
    await page.getByRole('heading', { name: "Segment 'Nieuwsbrief Müller'" }).waitFor();
    await page.getByText('6 contacten', { exact: true }).waitFor();

    // Export the segment: a CSV for Dutch Excel.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporteren' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^contacten-.+\.csv$/);
    const exported = await readFile((await file.path()) as string, 'utf8');
    expect(exported.startsWith('\uFEFF')).toBe(true);
    expect(exported.split(/\r?\n/).filter((line) => line.trim() !== '')).toHaveLength(7);
    expect(exported).toContain('José Müller');

    // Delete one contact of the segment, after the AVG explanation.
    const firstRow = list.locator('tbody tr').first();
    const name = plain(await firstRow.locator('td').nth(1).textContent());
    await firstRow.getByRole('button', { name: `${name} verwijderen` }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Contact verwijderen' });
    expect(plain(await confirm.textContent())).toContain('(AVG)');
    await confirm.getByRole('button', { name: 'Definitief verwijderen' }).click();
    await page.getByText('5 contacten', { exact: true }).waitFor();

    // No serious accessibility issue on the filled screen, at 1280 and 390 px.
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByText('5 contacten', { exact: true }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const fits = await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
    expect(fits).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  }, 240_000);
});

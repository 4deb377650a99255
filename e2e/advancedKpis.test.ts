import { readFile } from 'node:fs/promises';
import type { Kpi, KpiInput } from '@loop/core';
import { isoDay } from '@loop/core/format';
import { type Period, periodOf, previousPeriod } from '@loop/core/periods';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { DEMO, launchBrowser, login, openPage, type RunningServer, startServer } from './harness';
import { demoApi } from './respondFixtures';

/**
 * The advanced KPI dashboard in Chromium against a real server: the demo organisation (proloop,
 * with 'analytics') gets a manual KPI with three months of values through the API; the demo user
 * sees its history with the target in words, compares two periods, drills into it, imports a CSV
 * from Excel (Windows-1252) after a dry run and exports the values; axe finds no serious issue on
 * a phone and a desktop.
 */
let server: RunningServer;
let browser: Browser;
/** This month and the three before it, oldest first. */
let months: Period[];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  const current = periodOf('month', isoDay(Date.now()));
  months = [current];
  for (let i = 0; i < 3; i++) months.unshift(previousPeriod(months[0] as Period));
  const api = await demoApi(server);
  const input: KpiInput = {
    name: 'Omzet',
    description: 'Gefactureerd per maand',
    unit: 'euro',
    direction: 'higher',
    period_kind: 'month',
    target: 1_000_000,
    warning: 800_000,
    period_targets: [],
    owner_id: null,
    source: { type: 'manual', metric: null, survey_id: null, question_id: null, statement_id: null },
  };
  const kpi = await api.call<Kpi>('POST', '/kpis', input);
  const values = [700_000, 900_000, 1_200_000];
  for (const [index, value] of values.entries())
    await api.call('PUT', `/kpis/${kpi.id}/values/${(months[index + 1] as Period).key}`, { value, note: '' });
  await api.call<Kpi>('POST', '/kpis', {
    ...input,
    name: 'Klanttevredenheid',
    unit: 'number',
    target: 8,
    warning: 7,
  });
}, 120_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** Bytes of a text as Windows-1252, as a Dutch Excel saves a CSV ('é' is 0xE9). */
const windows1252 = (text: string): Buffer =>
  Buffer.from([...text].map((char) => (char === 'é' ? 0xe9 : (char.codePointAt(0) as number))));

describe('advanced KPI dashboard', () => {
  it('should show history with the target, compare, drill down, import after a dry run and export', async () => {
    const { page, context, problems } = await openPage(browser);
    await login(page, server.url, DEMO.user);
    await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByRole('link', { name: "KPI's" }).click();
    await page.waitForURL(`${server.url}/advanced-kpis`);
    await page.getByRole('heading', { level: 1, name: 'Geavanceerd KPI-dashboard' }).waitFor();

    // History: the target line in words, and every month's status in the table under the chart.
    const revenue = page.locator('article.kpi-history-item').filter({ hasText: 'Omzet' });
    await revenue.locator('.kpi-target-summary').waitFor();
    expect((await revenue.locator('.kpi-target-summary').textContent())?.replace(/\u00a0/g, ' ')).toBe(
      'Doel: € 10.000,00, risico tot € 8.000,00 (hoger is beter).',
    );
    expect(await revenue.locator('.kpi-target-line').count()).toBe(1);
    const table = revenue.getByRole('region', { name: /^Tabel: Omzet/ });
    await expect.poll(() => table.locator('tbody tr').count()).toBe(12);
    const last = table.locator('tbody tr').last();
    expect(await last.textContent()).toContain('Op koers');
    expect(await table.locator('tbody tr').nth(10).textContent()).toContain('Risico');

    // Compare this month with the first month that has a value: better.
    const compare = page
      .locator('section')
      .filter({ has: page.getByRole('heading', { name: 'Twee perioden vergelijken' }) });
    await compare.getByLabel('Periode B: dag').fill((months[1] as Period).start);
    await compare.getByRole('button', { name: 'Vergelijken' }).click();
    const row = compare.locator('tbody tr').filter({ hasText: 'Omzet' });
    await expect.poll(() => row.textContent()).toContain('Beter');
    expect((await row.textContent())?.replace(/\u00a0/g, ' ')).toContain('€ +5.000,00');
    expect(await seriousViolations(page)).toEqual([]);

    // Drill down into the KPI.
    await revenue.getByRole('link', { name: 'Details en waarden van Omzet' }).click();
    await page.waitForURL(/\/advanced-kpis\?kpi=\d+$/);
    const drill = page.locator('section.kpi-drill-down');
    await drill.getByRole('heading', { level: 2, name: 'Omzet' }).waitFor();
    const values = drill.locator('.kpi-values tbody tr');
    await expect.poll(() => values.first().textContent()).toContain('Op koers');

    // Import: a dry run lists the refused line; with bad lines skipped, two values go in.
    const [first, second] = [months[0] as Period, months[2] as Period];
    const csv = windows1252(
      `Periode;Waarde;Notitie\r\n${first.key};7.500,00;Café\r\n${second.key};9.100,00;\r\n${second.key.slice(0, 4)}-13;12.5;\r\n`,
    );
    await drill
      .getByLabel('CSV-bestand')
      .setInputFiles({ name: 'waarden.csv', mimeType: 'text/csv', buffer: csv });
    const check = drill.locator('.kpi-import-check');
    await expect
      .poll(() => check.textContent())
      .toContain('Nieuwe waarde voor 1 periode, bijgewerkte waarde voor 1 periode.');
    expect(await drill.locator('.kpi-refused li').first().textContent()).toMatch(/^Regel 4: /);
    const importButton = drill.getByRole('button', { name: 'Importeren' });
    expect(await importButton.isDisabled()).toBe(true);
    await drill.getByLabel('Foute regels overslaan').check();
    await importButton.click();
    await drill.getByRole('button', { name: 'Nog een bestand importeren' }).waitFor();
    const imported = values.filter({ hasText: 'Café' });
    await expect.poll(() => imported.textContent()).toContain('CSV-import');
    expect((await imported.textContent())?.replace(/\u00a0/g, ' ')).toContain('€ 7.500,00');
    expect(await seriousViolations(page)).toEqual([]);

    // Export: the values as CSV, the imported note included.
    const download = page.waitForEvent('download');
    await drill.getByRole('button', { name: 'Waarden exporteren (CSV)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/\.csv$/);
    const exported = await readFile((await file.path()) as string, 'utf8');
    expect(exported).toContain('Café');
    expect(exported).toContain(first.key);
    expect(problems).toEqual([]);
    await context.close();
  }, 240_000);

  it('should have no serious accessibility issue on a phone', async () => {
    const { page, context } = await openPage(browser, { width: 390, height: 844 });
    await login(page, server.url, DEMO.user);
    await page.goto(`${server.url}/advanced-kpis`);
    await page.locator('article.kpi-history-item').first().waitFor();
    await page.locator('.chart-table').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await page.locator('article.kpi-history-item').first().getByRole('link').click();
    await page.locator('.kpi-values tbody tr').first().waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    // Wide tables scroll inside themselves; the page never scrolls sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await context.close();
  }, 120_000);
});

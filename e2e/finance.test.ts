import { resolve } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, login, openPage, ROOT, useServerAndBrowser } from './harness';

/** The demo organisation is on proloop (with analytics): /finance against the real server, as its owner. */
const env = useServerAndBrowser();

const fixture = (name: string) => resolve(ROOT, 'packages/server/src/finance/testdata', name);

/** nl-NL text may carry no-break spaces. */
const plain = (text: string | null): string => (text ?? '').replace(/\s+/g, ' ').trim();

async function importFile(page: Page, name: string, expected: string) {
  await page.getByLabel('Bankafschrift', { exact: true }).setInputFiles(fixture(name));
  await page.getByLabel('Formaat').waitFor();
  await page.getByRole('button', { name: 'Importeren', exact: true }).click();
  const report = page.getByTestId('import-report');
  await report.getByRole('listitem').getByText(expected, { exact: true }).waitFor();
  return plain(await report.textContent());
}

async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(result.passes.length).toBeGreaterThan(10);
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    );
}

describe('finance screen', () => {
  it('should import CAMT.053 and MT940, show months and BTW per quarter, skip a repeated import, pass axe, and feed a finance KPI', async () => {
    const { page, context, problems } = await openPage(env.browser);
    // The demo organisation's owner (the demo user is a member: finance.read only).
    await login(page, env.server.url, DEMO.admin);
    await page
      .getByRole('navigation', { name: 'Hoofdmenu' })
      .getByRole('link', { name: 'Financiën' })
      .click();
    await page.waitForURL(`${env.server.url}/finance`);
    await page.getByRole('heading', { level: 1, name: 'Financiën' }).waitFor();

    // A new organisation: the empty state explains and offers both ways to start.
    await page.getByRole('heading', { name: 'Nog geen boekingen' }).waitFor();
    await page.getByRole('button', { name: 'Bankafschrift importeren' }).click();

    const camt = await importFile(page, 'ing-camt053.xml', '5 boekingen geïmporteerd.');
    expect(camt).toContain('5 regels gelezen (CAMT.053 (XML)).');
    const mt940 = await importFile(page, 'rabobank-mt940.sta', '3 boekingen geïmporteerd.');
    expect(mt940).toContain('3 regels gelezen (MT940).');

    // The overview of 2026: January holds both files' lines, February the bank costs booked then.
    await page.getByLabel('Jaar').selectOption('2026');
    const totals = page.getByTestId('finance-totals');
    await totals.getByText('€ 3.630,00').waitFor();
    expect(plain(await totals.textContent())).toContain('Kosten€ 3.004,49');
    const months = page.locator('figure table');
    expect(plain(await months.locator('tr', { hasText: 'januari 2026' }).textContent())).toBe(
      'januari 2026€ 3.630,00€ 2.989,49€ 640,51',
    );
    expect(plain(await months.locator('tr', { hasText: 'februari 2026' }).textContent())).toBe(
      'februari 2026€ 0,00€ 15,00€ -15,00',
    );
    // Bank lines arrive without a BTW rate: the quarter says so and counts no BTW for them.
    await page.getByText('1e kwartaal 2026: 8 boekingen hebben nog geen btw-tarief').waitFor();

    // A record typed by hand with 21 % BTW: € 121,00 income holds € 21,00 to pay in Q1.
    await page.getByRole('button', { name: 'Boeking toevoegen' }).click();
    await page.getByLabel('Datum', { exact: true }).fill('2026-03-10');
    await page.getByLabel('Soort', { exact: true }).first().selectOption('income');
    await page.getByLabel('Bedrag inclusief btw (€)').fill('121,00');
    await page.getByLabel('Omschrijving', { exact: true }).first().fill('Workshop maart');
    await page.getByRole('button', { name: 'Boeking opslaan' }).click();
    const q1 = page.locator('[data-quarter="2026-Q1"]');
    await q1.getByText('€ 21,00 te betalen').waitFor();
    expect(plain(await q1.textContent())).toBe('1e kwartaal 2026€ 21,00€ 0,00€ 21,00 te betalen');
    const count = page.locator('.panel p[role="status"]', { hasText: 'boekingen' });
    await count.getByText('9 boekingen').waitFor();

    // The same statement again: every line is a duplicate, nothing new is stored.
    const again = await importFile(page, 'ing-camt053.xml', '0 boekingen geïmporteerd.');
    expect(again).toContain('5 dubbele regels overgeslagen (al eerder geïmporteerd).');
    await page.waitForLoadState('networkidle');
    expect(plain(await count.textContent())).toBe('9 boekingen');
    await totals.getByText('€ 3.751,00').waitFor();

    // axe on everything open at once: the CSV mapping with its preview and the record form.
    await page.getByLabel('Bankafschrift', { exact: true }).setInputFiles(fixture('ing.csv'));
    await page.getByText('Voorbeeld van de eerste regels').waitFor();
    await page.getByRole('button', { name: 'Boeking toevoegen' }).click();
    await page.getByRole('heading', { name: 'Nieuwe boeking' }).waitFor();
    // The confirmations are toasts that fade away; axe looks at the screen itself.
    await expect.poll(() => page.locator('.Toastify__toast').count(), { timeout: 20_000 }).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    await page.waitForLoadState('networkidle');
    expect(await seriousViolations(page)).toEqual([]);

    // A finance-sourced KPI on the board shows each month's result as the overview does: a € 50,00
    // sale today makes this month's result € 50,00, and the months before the sparkline reaches
    // keep the overview's figures (checked through the API: January's € 640,51).
    await page.setViewportSize({ width: 1280, height: 800 });
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Amsterdam' });
    await page.reload();
    await count.getByText('9 boekingen').waitFor();
    await page.getByRole('button', { name: 'Boeking toevoegen' }).click();
    await page.getByLabel('Datum', { exact: true }).fill(today);
    await page.getByLabel('Soort', { exact: true }).first().selectOption('income');
    await page.getByLabel('Bedrag inclusief btw (€)').fill('50,00');
    await page.getByLabel('Omschrijving', { exact: true }).first().fill('Verkoop vandaag');
    await page.getByRole('button', { name: 'Boeking opslaan' }).click();
    await count.getByText('10 boekingen').waitFor();
    await page.goto(`${env.server.url}/dashboard`);
    await page.getByRole('button', { name: 'KPI toevoegen' }).click();
    const form = page.getByRole('dialog');
    await form.getByLabel('Naam', { exact: true }).fill('Resultaat per maand');
    await form.getByLabel('Waar komen de waarden vandaan?').selectOption('finance');
    await form.getByLabel('Wat meet de KPI?').selectOption('result');
    await form.getByRole('button', { name: 'KPI toevoegen' }).click();
    const card = page.locator('article.kpi-card', { hasText: 'Resultaat per maand' });
    await expect.poll(async () => plain(await card.locator('.kpi-value').textContent())).toBe('€ 50,00');
    expect(plain(await card.locator('.kpi-source').textContent())).toContain('Financiën');
    const history = await page.evaluate(async (url) => {
      const token = localStorage.getItem('token');
      const organisation = localStorage.getItem('currentOrgId');
      const kpis = await fetch(`${url}/api/v1/kpis?q=Resultaat`, {
        headers: { authorization: `Bearer ${token}`, 'x-organization-id': String(organisation) },
      }).then((answer) => answer.json());
      const id = kpis.items[0].id;
      return fetch(`${url}/api/v1/kpis/history?from=2026-01-01&to=2026-03-31&ids=${id}`, {
        headers: { authorization: `Bearer ${token}`, 'x-organization-id': String(organisation) },
      }).then((answer) => answer.json());
    }, env.server.url);
    expect(history.items[0].points.map((point: { value: number }) => point.value)).toEqual([
      64_051, -1_500, 12_100,
    ]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

import { readFile } from 'node:fs/promises';
import type { Survey } from '@loop/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pageTexts, readPdf } from '../packages/adapters/src/testing/readPdf';
import { seriousViolations } from './axe';
import { DEMO, holdRequests, login, openPage, scriptRequests, useServerAndBrowser } from './harness';
import { demoApi, openSurvey } from './respondFixtures';

/**
 * The PDF summary of a survey's results in Chromium against a real server: the demo organisation
 * (proloop, with 'export') downloads it from a demo survey's results page, jsPDF arriving only with
 * the click, and the PDF is read back from its bytes: name, A4 pages, 'Pagina X van Y' on each, the
 * survey's title, the NPS and a Likert mean as the page shows them, bars drawn, no open answer. A
 * new organisation on basicloop (no 'export') gets no PDF button.
 */
const env = useServerAndBrowser();

const DEMO_SURVEY = 'Medewerkerstevredenheid 2026';
const PDF_BUTTON = 'Samenvatting PDF';

/** The Netherlands' calendar day as the file name gives it ('2026-11-26'). */
const todayIso = () => new Date().toLocaleDateString('sv-SE', { timeZone: 'Europe/Amsterdam' });

const pdfButton = (page: Page) => page.locator('button[data-export="pdf"]');

describe('the results PDF with the export feature', () => {
  it("should download the demo survey's summary with the page's numbers, jsPDF loaded on the click", async () => {
    const api = await demoApi(env.server, DEMO.admin);
    const list = await api.call<{ items: Array<{ id: number; title: string }> }>(
      'GET',
      `/surveys?q=${encodeURIComponent(DEMO_SURVEY)}`,
    );
    const surveyId = list.items.find((item) => item.title === DEMO_SURVEY)?.id;
    expect(surveyId).toBeDefined();

    const { page, context, problems } = await openPage(env.browser);
    const scripts = scriptRequests(page);
    await login(page, env.server.url, DEMO.admin);
    await page.goto(`${env.server.url}/survey/${surveyId}`);
    await expect
      .poll(() => page.getByTestId('results-completed').textContent(), { timeout: 15_000 })
      .toMatch(/^\d+/);
    await page.getByRole('button', { name: PDF_BUTTON }).waitFor();
    await page.getByRole('button', { name: 'Exporteren CSV' }).waitFor();

    // What the page shows: the eNPS, the first statement's mean and an open answer.
    const npsScore = (await page.getByTestId('nps-score').first().textContent())?.trim() ?? '';
    expect(npsScore).toMatch(/^[+-]?\d+$/);
    const firstStatement = page.locator('.likert-row').first();
    const statementText = (await firstStatement.locator('.likert-statement').textContent()) ?? '';
    const mean = /gem\. (\d+,\d)/.exec(
      (await firstStatement.locator('.likert-mean').textContent()) ?? '',
    )?.[1];
    expect(mean).toBeDefined();
    const openAnswer =
      (await page.locator('.answer-text > p:first-child').first().textContent())?.trim() ?? '';
    expect(openAnswer.length).toBeGreaterThan(3);

    // jsPDF and the PDF's code are not part of the page until the click; while they load it is busy.
    expect(scripts.filter((path) => /jspdf|resultsPdf/i.test(path))).toEqual([]);
    const engine = await holdRequests(page, '**/*jspdf*');
    const download = page.waitForEvent('download');
    await pdfButton(page).click();
    await expect.poll(() => pdfButton(page).textContent()).toBe('PDF wordt gemaakt...');
    expect(await pdfButton(page).isDisabled()).toBe(true);
    await engine.release();
    const file = await download;
    expect(scripts.some((path) => /jspdf/i.test(path))).toBe(true);
    expect(file.suggestedFilename()).toBe(`resultaten-medewerkerstevredenheid-2026-${todayIso()}.pdf`);
    await expect.poll(() => pdfButton(page).textContent()).toBe(PDF_BUTTON);

    const pdf = readPdf(new Uint8Array(await readFile((await file.path()) as string)));
    const texts = pageTexts(pdf);
    expect(pdf.title).toBe(`Resultaten: ${DEMO_SURVEY}`);
    expect(pdf.pages.length).toBeGreaterThanOrEqual(1);
    for (const [index, pdfPage] of pdf.pages.entries()) {
      expect(pdfPage.mediaBox).toEqual([0, 0, 595.28, 841.89]);
      expect(texts[index]?.at(-1)).toBe(`Pagina ${index + 1} van ${pdf.pages.length}`);
    }
    const all = texts.flat();
    expect(texts[0]?.slice(0, 3)).toEqual(['Resultaten', DEMO_SURVEY, 'Periode: alle reacties']);
    expect(all).toContain(`NPS ${npsScore}`);
    expect(all.join('\n')).toContain(statementText.replace(/gem\..*$/, '').trim());
    expect(all.some((text) => text.startsWith(`Gemiddelde ${mean} · top-2-box `))).toBe(true);
    expect(all).toContain('Open antwoorden staan niet in deze samenvatting.');
    expect(all.join('\n')).not.toContain(openAnswer);
    // Bars drawn: a track and a bar per NPS group at least.
    expect(pdf.pages.reduce((sum, each) => sum + each.rects.length, 0)).toBeGreaterThan(6);
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('should name the filtered period, and tell when the PDF cannot be made', async () => {
    const api = await demoApi(env.server, DEMO.admin);
    const list = await api.call<{ items: Array<{ id: number; title: string }> }>('GET', '/surveys');
    const surveyId = list.items.find((item) => item.title === DEMO_SURVEY)?.id;
    const { page, context, problems } = await openPage(env.browser);
    await login(page, env.server.url, DEMO.admin);
    await page.goto(`${env.server.url}/survey/${surveyId}?from=2026-01-01&to=2026-12-31`);
    await page.getByRole('button', { name: PDF_BUTTON }).waitFor();
    await page.route('**/*jspdf*', (route) => route.abort());
    await pdfButton(page).click();
    await page.getByText('Er ging iets mis bij het maken van de PDF. Probeer het opnieuw.').waitFor();
    await expect.poll(() => pdfButton(page).isDisabled()).toBe(false);
    await page.unroute('**/*jspdf*');

    const download = page.waitForEvent('download');
    await pdfButton(page).click();
    const pdf = readPdf(new Uint8Array(await readFile((await (await download).path()) as string)));
    expect(pageTexts(pdf)[0]).toContain('Periode: 1 januari 2026 tot en met 31 december 2026');
    // A failed chunk is reported by the browser, not by the page: nothing else went wrong.
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});

describe('the results page without the export feature', () => {
  it('should show basicloop no PDF button beside its CSV export', async () => {
    const { page, context, problems } = await openPage(env.browser);
    const account = { email: `resultaten-${Date.now()}@voorbeeld.nl`, password: 'ResultatenWachtwoord!1' };

    // Register, verify through the mail, sign in and create an organisation (on basicloop).
    const skip = (await env.server.mailLinks()).length;
    await page.goto(`${env.server.url}/register`);
    await page.getByLabel('Naam').fill('Rik Resultaat');
    await page.getByLabel('E-mailadres').fill(account.email);
    await page.getByLabel('Wachtwoord').fill(account.password);
    await page.getByRole('button', { name: 'Account aanmaken' }).click();
    // The link opened in the browser that registered signs in.
    await page.goto(await env.server.waitForMailLink('/verify/', skip));
    await page.waitForURL(`${env.server.url}/onboarding`);
    await page.getByLabel('Naam van je organisatie').fill('Basis Resultaten BV');
    await page.getByRole('button', { name: 'Organisatie aanmaken' }).click();
    await page.waitForURL(`${env.server.url}/dashboard`);

    const survey: Survey = await openSurvey(await demoApi(env.server, account));
    await page.goto(`${env.server.url}/survey/${survey.id}`);
    await page.getByRole('button', { name: 'Exporteren CSV' }).waitFor();
    // The plan is known once the XLSX button explains which plans have it.
    await page.locator('.export-note').waitFor();
    expect(await page.getByRole('button', { name: 'Exporteren XLSX' }).isDisabled()).toBe(true);
    expect(await pdfButton(page).count()).toBe(0);
    expect(await page.getByRole('button', { name: PDF_BUTTON }).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});

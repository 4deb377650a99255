import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import jsQR from 'jsqr';
import type { Download, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, login, openPage, useServerAndBrowser } from './harness';

/**
 * The whole life of a survey through the screens, in Chromium against a real server: built from a
 * template in the editor with every question type, opened and shared (link, QR code as SVG and PNG),
 * previewed, answered on a phone through a
 * personal link (left halfway and resumed), then read back in the results, the question detail and
 * a CSV export.
 */
const env = useServerAndBrowser();

const PHONE = { width: 390, height: 844 };
const STATEMENTS = [
  'Ik haal voldoening uit mijn werk.',
  'Ik weet wat er van mij verwacht wordt.',
  'Mijn leidinggevende ondersteunt mij goed.',
  "Ik werk prettig samen met mijn collega's.",
  'Ik heb voldoende mogelijkheden om mij te ontwikkelen.',
  'Mijn werkdruk is goed te doen.',
];
const OPEN_ANSWER = 'Meer ruimte voor thuiswerken op vrijdag.';
const SHORT_ANSWER = 'Gezellig';

/** Waits until the editor has saved everything typed so far. */
async function saved(page: Page) {
  await expect
    .poll(() => page.getByTestId('save-status').getAttribute('data-state'), { timeout: 15_000 })
    .toBe('saved');
}

/** Adds a question of `type` at the end and gives it a title (the new card's title gets the focus). */
async function addQuestion(page: Page, type: string, title: string) {
  await page.getByTestId(`add-question-${type}`).click();
  const card = page.getByTestId('question-card').last();
  await card.getByLabel('Vraagtekst').fill(title);
  return card;
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/**
 * What a phone's camera would read in a picture: Chromium draws it (an SVG or a PNG, as a data URL)
 * on a canvas, and jsQR decodes the pixels. Also the picture's own width.
 */
async function scanQr(page: Page, file: Download, type: 'image/svg+xml' | 'image/png') {
  const bytes = await readFile((await file.path()) as string);
  const picture = await page.evaluate(
    async ({ url, size }) => {
      const image = new Image();
      image.src = url;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = size;
      canvas.height = size;
      const context = canvas.getContext('2d') as CanvasRenderingContext2D;
      context.imageSmoothingEnabled = false;
      context.fillStyle = '#fff';
      context.fillRect(0, 0, size, size);
      context.drawImage(image, 0, 0, size, size);
      return { width: image.naturalWidth, pixels: Array.from(context.getImageData(0, 0, size, size).data) };
    },
    { url: `data:${type};base64,${bytes.toString('base64')}`, size: 512 },
  );
  return { text: jsQR(Uint8ClampedArray.from(picture.pixels), 512, 512)?.data ?? null, width: picture.width };
}

async function next(page: Page) {
  const stored = page.waitForResponse(
    (response) =>
      response.url().includes('/api/v1/respond/') && response.request().method() === 'POST' && response.ok(),
  );
  await page.getByRole('button', { name: 'Volgende' }).click();
  await stored;
}

describe('a survey from template to export', () => {
  it('should be built, previewed, answered on a phone with a break, and read back', async () => {
    const admin = await openPage(env.browser);
    const { page } = admin;
    await login(page, env.server.url, DEMO.user);

    // Build: the employee template (Likert matrix, NPS, long open text) plus the other four types.
    await page.goto(`${env.server.url}/new-survey`);
    await page.getByRole('button', { name: /^Gebruik dit sjabloon\s*: Medewerkerstevredenheid$/ }).click();
    await page.waitForURL(/\/survey\/\d+\/edit$/);
    const surveyId = Number(/\/survey\/(\d+)\/edit/.exec(page.url())?.[1]);
    await page.getByLabel('Titel', { exact: true }).fill('Teamonderzoek voorjaar');
    await addQuestion(page, 'single_choice', 'Waar werk je het meest?');
    const multiple = await addQuestion(page, 'multiple_choice', 'Welke middelen gebruik je?');
    await multiple.getByLabel('Optie 1', { exact: true }).fill('Laptop');
    await multiple.getByLabel('Optie 2', { exact: true }).fill('Telefoon');
    await addQuestion(page, 'open_short', 'Je team in één woord?');
    await addQuestion(page, 'rating', 'Hoe tevreden ben je over je werkplek?');
    await saved(page);
    await expect.poll(() => page.getByTestId('question-card').count()).toBe(7);
    expect(await page.getByTestId('time-estimate').textContent()).toMatch(/± \d+ minuten?/);
    await page.getByRole('button', { name: 'Publiceren' }).click();

    // Opening ends on the share step: the public link to copy, its QR code, the invitations.
    const share = page.getByRole('dialog', { name: 'Deel je survey' });
    await share.waitFor();
    const publicField = share.getByLabel('Openbare link');
    await expect.poll(() => publicField.inputValue()).toMatch(/\/respond\/[A-Za-z0-9_-]{22,}$/);
    const publicLink = await publicField.inputValue();
    expect(publicLink.startsWith(`${env.server.url}/respond/`)).toBe(true);
    await share.getByRole('img', { name: 'QR-code van de openbare link' }).waitFor();
    await admin.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url });
    await share.getByRole('button', { name: /^Kopiëren/ }).click();
    await expect
      .poll(() => share.getByTestId('share-copied').textContent())
      .toBe('De openbare link is gekopieerd.');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(publicLink);
    const svgDownload = page.waitForEvent('download');
    await share.getByRole('button', { name: 'Download SVG' }).click();
    const svg = await svgDownload;
    expect(svg.suggestedFilename()).toBe(`qr-code-survey-${surveyId}.svg`);
    expect((await scanQr(page, svg, 'image/svg+xml')).text).toBe(publicLink);
    const pngDownload = page.waitForEvent('download');
    await share.getByRole('button', { name: 'Download PNG' }).click();
    const png = await pngDownload;
    expect(png.suggestedFilename()).toBe(`qr-code-survey-${surveyId}.png`);
    expect(await scanQr(page, png, 'image/png')).toEqual({ text: publicLink, width: 1024 });
    expect(await share.getByRole('link', { name: 'Uitnodigen via e-mail' }).getAttribute('href')).toBe(
      `/survey/${surveyId}/uitnodigen`,
    );
    await share
      .getByText("Je vindt de link en de QR-code altijd terug onder 'Delen' bovenaan de resultatenpagina.")
      .waitFor();
    const axe = await new AxeBuilder({ page })
      .include('[role="dialog"]')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(axe.violations.map((violation) => violation.id)).toEqual([]);
    await share.getByRole('button', { name: 'Sluiten' }).click();
    await share.waitFor({ state: 'detached' });
    await expect.poll(() => page.getByTestId('survey-status').textContent()).toBe('Open');

    // Preview: the respondent's page with the organisation's look, storing nothing.
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/respond/')) posts.push(request.url());
    });
    await page.goto(`${env.server.url}/survey/${surveyId}/preview`);
    await page.getByText('Voorbeeld: antwoorden worden niet opgeslagen.').waitFor();
    await expect.poll(() => heading(page).textContent()).toBe('Teamonderzoek voorjaar');
    await page.getByRole('button', { name: 'Starten' }).click();
    await page.getByText('Vraag 1 van 7').waitFor();
    expect(posts).toEqual([]);

    // A personal link, made on the results page and shown once.
    await page.goto(`${env.server.url}/survey/${surveyId}`);
    await page.getByLabel('Aantal links').fill('1');
    await page.getByRole('button', { name: 'Persoonlijke links maken' }).click();
    const created = (await page.locator('#created-links').textContent()) ?? '';
    const link = /http:\/\/[^\s]+\/respond\/[A-Za-z0-9_-]{22,}/.exec(created)?.[0];
    expect(link).toBeDefined();

    // Answer on a phone: the first three questions, then leave.
    const first = await openPage(env.browser, PHONE);
    await first.page.goto(link as string);
    await first.page.getByRole('button', { name: 'Starten' }).click();
    for (const statement of STATEMENTS) {
      await first.page
        .getByRole('radiogroup', { name: statement })
        .getByRole('radio', { name: 'Eens', exact: true })
        .check();
    }
    await next(first.page);
    await first.page.getByRole('radio', { name: '9', exact: true }).check();
    await next(first.page);
    await first.page.getByRole('textbox').first().fill(OPEN_ANSWER);
    await next(first.page);
    await first.page.getByText('Vraag 4 van 7').waitFor();
    await first.context.close();

    // Come back later on the same link: it continues at question 4, earlier answers kept.
    const second = await openPage(env.browser, PHONE);
    await second.page.goto(link as string);
    await second.page.getByText('Vraag 4 van 7').waitFor();
    await second.page.getByRole('button', { name: 'Vorige' }).click();
    expect(await second.page.getByRole('textbox').first().inputValue()).toBe(OPEN_ANSWER);
    await second.page.getByRole('button', { name: 'Volgende' }).click();
    await second.page.getByRole('radio', { name: 'Optie 2', exact: true }).check();
    await next(second.page);
    await second.page.getByRole('checkbox', { name: 'Laptop' }).check();
    await next(second.page);
    await second.page.getByRole('textbox').first().fill(SHORT_ANSWER);
    await next(second.page);
    await second.page.getByRole('radio', { name: '4 sterren' }).check();
    await second.page.getByRole('button', { name: 'Versturen' }).click();
    await expect.poll(() => heading(second.page).textContent()).toBe('Bedankt!');
    expect([...first.problems, ...second.problems]).toEqual([]);
    await second.context.close();

    // Results: one response, the NPS of that one answer (a promoter: +100), the open answer.
    await page.goto(`${env.server.url}/survey/${surveyId}`);
    // The results screen and its charts take over a second to arrive on a busy 2-core machine:
    // longer than expect.poll's default of 1 s.
    await expect
      .poll(() => page.getByTestId('results-completed').textContent(), { timeout: 15_000 })
      .toContain('1');
    const npsBlock = page.locator('section.question-result').filter({ hasText: 'als werkgever aanbeveelt' });
    await expect.poll(() => npsBlock.getByTestId('nps-score').textContent()).toBe('+100');
    const openBlock = page
      .locator('section.question-result')
      .filter({ hasText: 'nog betere werkgever te maken?' });
    await openBlock.getByText(OPEN_ANSWER).waitFor();

    // The question in depth: its answers listed.
    const questionId = await openBlock.getAttribute('data-question-id');
    await openBlock.locator('.question-detail-link a').click();
    await page.waitForURL(`${env.server.url}/survey/${surveyId}/question/${questionId}`);
    await expect.poll(() => page.locator('li.answer-row').count()).toBe(1);
    expect(await page.locator('li.answer-row').first().textContent()).toContain(OPEN_ANSWER);

    // Export: the CSV has a header with the question titles and the row with this response's answers.
    await page.goto(`${env.server.url}/survey/${surveyId}`);
    const download = page.waitForEvent('download');
    await page.locator('button[data-export="csv"]').click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(
      new RegExp(`^survey-${surveyId}-antwoorden-\\d{4}-\\d{2}-\\d{2}\\.csv$`),
    );
    const csv = await readFile((await file.path()) as string, 'utf8');
    expect(csv).toContain('Je team in één woord?');
    expect(csv).toContain(OPEN_ANSWER);
    expect(csv).toContain(SHORT_ANSWER);
    expect(admin.problems).toEqual([]);
    await admin.context.close();
  }, 240_000);
});

import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { pageTexts, readPdf } from '../packages/adapters/src/testing/readPdf';
import { openPage, useServerAndBrowser } from './harness';

/**
 * The first hour of a paying customer, as one person in Chromium against a real server with the
 * simulated checkout: register, confirm the address (signed in by the link), onboarding, a survey
 * from a template with one question left incomplete that is saved and survives closing the tab,
 * publish ending on the share step with the link and its QR code, an answer on a phone-sized page,
 * then an upgrade through the checkout to a receipt and an invoice PDF read back.
 */
const env = useServerAndBrowser({ ONLINE_CHECKOUT: 'true', PAYMENT_PROVIDER: 'simulated' });

const PHONE = { width: 390, height: 844 };
const PASSWORD = 'EersteUur!2026';

/** nl-NL currency puts a no-break space after the euro sign. */
const plain = (text: string | null): string => (text ?? '').replace(/\s/g, ' ');

async function saved(page: Page) {
  await expect
    .poll(() => page.getByTestId('save-status').getAttribute('data-state'), { timeout: 15_000 })
    .toBe('saved');
}

async function next(page: Page) {
  const stored = page.waitForResponse(
    (response) =>
      response.url().includes('/api/v1/respond/') && response.request().method() === 'POST' && response.ok(),
  );
  await page.getByRole('button', { name: 'Volgende' }).click();
  await stored;
}

describe('the first hour of a new customer', () => {
  it('should go from registering to a shared survey, an answer, a receipt and an invoice', async () => {
    const { context, page, problems } = await openPage(env.browser);
    const email = `eerste-uur-${Date.now()}@voorbeeld.nl`;

    // Register and confirm: the link opened in this browser signs in and goes on to onboarding.
    const skip = (await env.server.mailLinks()).length;
    await page.goto(`${env.server.url}/register`);
    await page.getByLabel('Naam').fill('Hanna de Vries');
    await page.getByLabel('E-mailadres').fill(email);
    await page.getByLabel('Wachtwoord').fill(PASSWORD);
    await page.getByRole('button', { name: 'Account aanmaken' }).click();
    await expect.poll(() => page.getByText('Controleer je e-mail').count()).toBeGreaterThan(0);
    await page.goto(await env.server.waitForMailLink('/verify/', skip));
    await page.waitForURL(`${env.server.url}/onboarding`);
    await page.getByLabel('Naam van je organisatie').fill('Zorggroep Eerste Uur');
    await page.getByRole('button', { name: 'Organisatie aanmaken' }).click();
    await page.waitForURL(`${env.server.url}/dashboard`);

    // A survey from a template, with one question added and not finished: saved all the same.
    await page.goto(`${env.server.url}/new-survey`);
    await page.getByRole('button', { name: /^Gebruik dit sjabloon\s*: Medewerkerstevredenheid$/ }).click();
    await page.waitForURL(/\/survey\/\d+\/edit$/);
    const editorUrl = page.url();
    const surveyId = Number(/\/survey\/(\d+)\/edit/.exec(editorUrl)?.[1]);
    await page.getByLabel('Titel', { exact: true }).fill('Medewerkersonderzoek najaar');
    // The new question's text is left empty for now.
    await page.getByTestId('add-question-single_choice').click();
    await saved(page);
    const questions = await page.getByTestId('question-card').count();
    await page.close();

    // Closing the tab lost nothing: the title, every question, the unfinished one marked.
    const editor = await context.newPage();
    editor.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    await editor.goto(editorUrl);
    await expect.poll(() => editor.getByTestId('question-card').count(), { timeout: 15_000 }).toBe(questions);
    expect(await editor.getByLabel('Titel', { exact: true }).inputValue()).toBe(
      'Medewerkersonderzoek najaar',
    );
    const unfinished = editor.getByTestId('question-card').last();
    expect(await unfinished.getByLabel('Vraagtekst').inputValue()).toBe('');
    expect(await editor.getByTestId('question-incomplete').count()).toBe(1);

    // Publishing waits for it and says what to fill in; its link leads to the question.
    await editor.getByRole('button', { name: 'Publiceren' }).click();
    const list = editor.getByTestId('opening-problems');
    await list.waitFor();
    const items = await list.getByRole('button').allTextContents();
    expect(items).toHaveLength(1);
    expect(items[0]).toBe(`Vraag ${questions}: vul de vraagtekst in`);
    expect(await editor.getByTestId('survey-status').textContent()).toBe('Concept');
    await list.getByRole('button').first().click();
    const unfinishedId = await unfinished.getAttribute('data-question-id');
    await expect
      .poll(() =>
        editor.evaluate(() =>
          document.activeElement?.closest('[data-testid="question-card"]')?.getAttribute('data-question-id'),
        ),
      )
      .toBe(unfinishedId);
    await editor.keyboard.type('Op welke afdeling werk je?');
    await unfinished.getByLabel('Optie 1', { exact: true }).fill('Zorg');
    await unfinished.getByLabel('Optie 2', { exact: true }).fill('Kantoor');
    await saved(editor);
    await expect.poll(() => editor.getByTestId('question-incomplete').count()).toBe(0);

    // Publishing now ends on the share step: the link and its QR code in plain sight.
    await editor.getByRole('button', { name: 'Publiceren' }).click();
    const share = editor.getByRole('dialog', { name: 'Deel je survey' });
    await share.waitFor();
    const publicField = share.getByLabel('Openbare link');
    await expect.poll(() => publicField.inputValue()).toMatch(/\/respond\/[A-Za-z0-9_-]{22,}$/);
    const publicLink = await publicField.inputValue();
    await share.getByRole('img', { name: 'QR-code van de openbare link' }).waitFor();
    await share
      .getByText("Je vindt de link en de QR-code altijd terug onder 'Delen' bovenaan de resultatenpagina.")
      .waitFor();
    await share.getByRole('button', { name: 'Sluiten' }).click();
    await expect.poll(() => editor.getByTestId('survey-status').textContent()).toBe('Open');

    // A colleague answers on a phone through the public link.
    const phone = await openPage(env.browser, PHONE);
    await phone.page.goto(publicLink);
    await phone.page.getByRole('button', { name: 'Starten' }).click();
    for (const group of await phone.page.getByRole('radiogroup').all()) {
      await group.getByRole('radio', { name: 'Eens', exact: true }).check();
    }
    await next(phone.page);
    await phone.page.getByRole('radio', { name: '8', exact: true }).check();
    await next(phone.page);
    await phone.page.getByRole('textbox').first().fill('Meer overleg met het team.');
    await next(phone.page);
    await phone.page.getByRole('radio', { name: 'Zorg', exact: true }).check();
    await phone.page.getByRole('button', { name: 'Versturen' }).click();
    await expect.poll(() => phone.page.getByRole('heading', { level: 1 }).textContent()).toBe('Bedankt!');
    expect(await phone.page.evaluate(() => document.scrollingElement!.scrollWidth <= window.innerWidth)).toBe(
      true,
    );
    expect(phone.problems).toEqual([]);
    await phone.context.close();

    // The results: 'Delen' at the top, the first response of this survey is 'Reactie 1'.
    await editor.goto(`${env.server.url}/survey/${surveyId}`);
    await expect
      .poll(() => editor.getByTestId('results-completed').textContent(), { timeout: 15_000 })
      .toContain('1');
    const order = await editor.evaluate(() => {
      const sharing = document.querySelector('#sharing-heading');
      const respondents = document.querySelector('#respondents-heading');
      return sharing && respondents
        ? Boolean(sharing.compareDocumentPosition(respondents) & Node.DOCUMENT_POSITION_FOLLOWING)
        : null;
    });
    expect(order).toBe(true);
    await expect
      .poll(() => editor.locator('section.respondents tbody tr td').first().textContent())
      .toBe('Reactie 1');

    // Upgrade through the simulated checkout: a receipt, and an invoice to download.
    await editor.goto(`${env.server.url}/dashboard/abonnement`);
    await editor.getByRole('heading', { name: 'Mijn Abonnement' }).waitFor();
    await editor.getByRole('button', { name: 'Kies dit plan: smartloop' }).click();
    await editor.waitForURL(/\/betalen\/simulatie\//);
    await editor.getByRole('button', { name: 'Betalen' }).click();
    await editor.waitForURL(/\/billing\/return\?/);
    const receipt = editor.locator('.receipt');
    await receipt.getByRole('heading', { name: 'Bedankt voor je betaling' }).waitFor();
    expect(plain(await receipt.locator('.receipt-amount').textContent())).toBe(
      'Bedrag: € 29,00 inclusief 21% btw (€ 23,97 zonder btw en € 5,03 btw).',
    );
    expect(plain(await receipt.locator('.receipt-renewal').textContent())).toMatch(
      /^Volgende verlenging: \d{1,2} \S+ \d{4}, voor € 29,00\.$/,
    );
    await editor.locator('.payment-details').getByText('paid (betaald)', { exact: true }).waitFor();

    const download = editor.waitForEvent('download');
    await receipt.getByRole('button', { name: /^Factuur LOOP-\d{4}-\d{6} downloaden \(PDF\)$/ }).click();
    const file = await download;
    const number = /factuur-(LOOP-\d{4}-\d{6})\.pdf/.exec(file.suggestedFilename())?.[1] ?? '';
    expect(number).not.toBe('');
    const pdf = readPdf(new Uint8Array(await readFile((await file.path()) as string)));
    const text = pageTexts(pdf)
      .flat()
      .join('\n')
      .replace(/\u00a0/g, ' ');
    for (const printed of [
      'Factuur',
      number,
      'Factuurdatum',
      'Zorggroep Eerste Uur',
      'Loop smartloop, abonnement voor een maand',
      'Totaal exclusief btw',
      '€ 23,97',
      'Btw 21%',
      '€ 5,03',
      'Totaal inclusief btw',
      '€ 29,00',
    ])
      expect(text, printed).toContain(printed);
    expect(problems).toEqual([]);
    await context.close();
  }, 240_000);
});

import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { openPage, useServerAndBrowser } from './harness';
import { demoApi, everyTypeSurvey, openSurvey, publicToken } from './respondFixtures';

/**
 * The KPI board on /dashboard in Chromium against a real server: a newly registered user with a new
 * organisation follows the empty state to a manual KPI with a value, adds an NPS KPI on a published
 * survey, answers that survey through its public link and sees the NPS card change; axe finds no
 * serious issue on the board on a phone and a desktop.
 */
const env = useServerAndBrowser();

const card = (page: Page, name: string) => page.locator('article.kpi-card', { hasText: name });
const dialog = (page: Page) => page.getByRole('dialog');

describe('the KPI board', () => {
  it('should take a new organisation from the empty state to a manual and a survey KPI that follows its answers', async () => {
    const account = { email: `kpi-${Date.now()}@voorbeeld.nl`, password: 'KpiWachtwoord!1' };
    const { page, context, problems } = await openPage(env.browser);

    // Register, verify through the mail, sign in and create an organisation.
    await page.goto(`${env.server.url}/register`);
    await page.getByLabel('Naam').fill('Kim Kengetal');
    await page.getByLabel('E-mailadres').fill(account.email);
    await page.getByLabel('Wachtwoord').fill(account.password);
    await page.getByRole('button', { name: 'Account aanmaken' }).click();
    await expect.poll(() => page.getByText('Controleer je e-mail').count()).toBeGreaterThan(0);
    // The link opened in the browser that registered signs in.
    await page.goto(await env.server.waitForMailLink('/verify/'));
    await page.waitForURL(`${env.server.url}/onboarding`);
    await page.getByLabel('Naam van je organisatie').fill('Kengetallen BV');
    await page.getByRole('button', { name: 'Organisatie aanmaken' }).click();
    await page.waitForURL(`${env.server.url}/dashboard`);

    // The empty state helps start; the greeting and organisation stay.
    await page.getByRole('heading', { name: 'Welkom bij Loop' }).waitFor();
    expect(await page.getByRole('link', { name: 'Maak je eerste survey' }).getAttribute('href')).toBe(
      '/new-survey',
    );
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Welkom, Kim Kengetal');
    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(viewport);
      expect(await seriousViolations(page), `empty board at ${viewport.width} px`).toEqual([]);
    }

    // A manual KPI through the empty state, then its first value.
    await page.getByRole('button', { name: 'Voeg je eerste KPI toe' }).click();
    await dialog(page).getByRole('heading', { name: 'KPI toevoegen' }).waitFor();
    await dialog(page).getByLabel('Naam', { exact: true }).fill('Nieuwe klanten');
    await dialog(page).getByLabel('Doel (niet verplicht)').fill('10');
    await dialog(page).getByLabel('Waarschuwingsgrens (niet verplicht)').fill('5');
    await dialog(page).getByRole('button', { name: 'KPI toevoegen' }).click();
    await card(page, 'Nieuwe klanten').waitFor();
    expect(await card(page, 'Nieuwe klanten').locator('.kpi-status').textContent()).toBe('Geen waarde');
    expect(await page.getByRole('heading', { name: 'Welkom bij Loop' }).count()).toBe(0);

    await page.getByRole('button', { name: 'Waarde invoeren' }).click();
    await dialog(page).getByLabel('Waarde', { exact: true }).fill('12.5');
    await dialog(page).getByRole('button', { name: 'Waarde opslaan' }).click();
    await dialog(page)
      .getByText('Waarde: schrijf een getal op zijn Nederlands, bijvoorbeeld 1.234,56.')
      .waitFor();
    await dialog(page).getByLabel('Waarde', { exact: true }).fill('12');
    await dialog(page).getByLabel('Notitie (niet verplicht)').fill('Na de beurs');
    await dialog(page).getByRole('button', { name: 'Waarde opslaan' }).click();
    await expect.poll(() => card(page, 'Nieuwe klanten').locator('.kpi-value').textContent()).toBe('12');
    expect(await card(page, 'Nieuwe klanten').locator('.kpi-status').textContent()).toBe(
      'Op koers' + 'Doel: 10',
    );

    // A published survey with an NPS question, made through the API as other browser tests do.
    const api = await demoApi(env.server, account);
    const nps = everyTypeSurvey().questions.find((question) => question.type === 'nps');
    if (!nps) throw new Error('the fixture has no NPS question');
    const survey = await openSurvey(
      api,
      everyTypeSurvey({ title: 'Klantonderzoek', questions: [{ ...nps, position: 0 }] }),
    );

    // An NPS KPI on that survey.
    await page.reload();
    await page.getByRole('link', { name: 'Klantonderzoek' }).waitFor();
    await page.getByRole('button', { name: 'KPI toevoegen' }).click();
    const form = dialog(page);
    await form.getByLabel('Naam', { exact: true }).fill('NPS klanten');
    await form.getByLabel('Waar komen de waarden vandaan?').selectOption('survey');
    await form.getByLabel('Wat meet de KPI uit de survey?').selectOption('nps');
    await form.getByLabel('Survey', { exact: true }).selectOption(String(survey.id));
    await form.getByLabel('Vraag', { exact: true }).selectOption(nps.id);
    await form.getByLabel('Doel (niet verplicht)').fill('150');
    await form.getByRole('button', { name: 'KPI toevoegen' }).click();
    await form.getByText('Doel: NPS ligt tussen -100 en 100.').waitFor();
    await form.getByLabel('Doel (niet verplicht)').fill('30');
    await form.getByRole('button', { name: 'KPI toevoegen' }).click();
    await card(page, 'NPS klanten').waitFor();
    expect(await card(page, 'NPS klanten').locator('.kpi-value').textContent()).toBe('–');
    expect(await card(page, 'NPS klanten').locator('.kpi-source').textContent()).toBe(
      'Bron: Survey: NPS – Klantonderzoek',
    );

    // A respondent answers through the public link.
    const respondent = await openPage(env.browser, { width: 390, height: 844 });
    await respondent.page.goto(`${env.server.url}/respond/${await publicToken(api, survey.id)}`);
    await respondent.page.getByRole('button', { name: 'Starten' }).click();
    await respondent.page.getByRole('radio', { name: '10', exact: true }).check();
    await respondent.page.getByRole('button', { name: 'Versturen' }).click();
    await respondent.page.getByText('Bedankt voor je antwoorden!').waitFor();
    expect(respondent.problems).toEqual([]);
    await respondent.context.close();

    // The NPS card follows the answer.
    await page.reload();
    await expect.poll(() => card(page, 'NPS klanten').locator('.kpi-value').textContent()).toBe('100');
    expect(await card(page, 'NPS klanten').locator('.kpi-status').textContent()).toBe(
      'Op koers' + 'Doel: 30',
    );
    expect(await card(page, 'NPS klanten').locator('.sparkline .visually-hidden').textContent()).toMatch(
      /: 100\.$/,
    );
    const openSurveyRow = page.locator('.open-survey', { hasText: 'Klantonderzoek' });
    expect(await openSurveyRow.textContent()).toContain('1 reactie');

    for (const viewport of [
      { width: 390, height: 844 },
      { width: 1280, height: 800 },
    ]) {
      await page.setViewportSize(viewport);
      expect(await seriousViolations(page), `board at ${viewport.width} px`).toEqual([]);
    }
    // One column on a phone: the cards lie under each other.
    await page.setViewportSize({ width: 390, height: 844 });
    const boxes = await page
      .locator('article.kpi-card')
      .evaluateAll((cards) => cards.map((each) => each.getBoundingClientRect().left));
    expect(new Set(boxes).size).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});

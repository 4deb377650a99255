import AxeBuilder from '@axe-core/playwright';
import { RESPONDENT_MESSAGES } from '@loop/core/surveys/model';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, launchBrowser, login, openPage, type RunningServer, startServer } from './harness';
import {
  type DemoApi,
  demoApi,
  everyTypeSurvey,
  openSurvey,
  personalLinks,
  publicToken,
} from './respondFixtures';

/**
 * The public answering page (`/respond/:token`) in Chromium against a real server: one question per
 * screen on a phone, progress saved as the respondent goes, resumed from the link, submitted once.
 */
let server: RunningServer;
let browser: Browser;
let api: DemoApi;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  api = await demoApi(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const PHONE = { width: 390, height: 844 };

/** Serious and critical WCAG 2.2 A/AA violations axe-core finds on the page as it is now. */
async function seriousViolations(page: Page, minPasses = 10): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  // axe really ran its rules (an empty run would report no violations too).
  expect(result.passes.length).toBeGreaterThan(minPasses);
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** Clicks 'Volgende' and waits until the save it starts has been answered. */
async function nextAndSaved(page: Page) {
  const saved = page.waitForResponse(
    (response) =>
      response.url().includes('/api/v1/respond/') && response.request().method() === 'POST' && response.ok(),
  );
  await page.getByRole('button', { name: 'Volgende' }).click();
  await saved;
}

describe('answering page', () => {
  it('should take a personal link on a phone: answer half, leave, come back, finish, and thank', async () => {
    const survey = await openSurvey(api);
    const [token] = await personalLinks(api, survey.id);
    const link = `${server.url}/respond/${token}`;

    const first = await openPage(browser, PHONE);
    const loads: string[] = [];
    first.page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (request.resourceType() === 'script' || (request.method() === 'GET' && path.startsWith('/api/')))
        loads.push(path);
    });
    await first.page.goto(link);
    await expect.poll(() => heading(first.page).textContent()).toBe('Werkbeleving');
    // One script; the survey asked for once: the page's preload, which the script's request takes.
    expect(loads.filter((path) => path.startsWith('/assets/'))).toHaveLength(1);
    expect(loads.filter((path) => path.startsWith('/api/'))).toEqual([`/api/v1/respond/${token}`]);
    expect(await first.page.locator('link[rel="preload"][as="fetch"]').getAttribute('href')).toBe(
      `/api/v1/respond/${token}`,
    );
    await first.page.getByText('Fijn dat je meedoet.').waitFor();
    await first.page.getByText(/^Geschatte tijd: ± \d+ minuten$/).waitFor();
    await first.page.getByText('7 vragen').waitFor();
    expect(await seriousViolations(first.page)).toEqual([]);

    await first.page.getByRole('button', { name: 'Starten' }).click();
    await first.page.getByText('Vraag 1 van 7').waitFor();
    expect(await first.page.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('1');
    // Required and unanswered: a Dutch message, and the page stays.
    await first.page.getByRole('button', { name: 'Volgende' }).click();
    await first.page.getByRole('alert').getByText('Deze vraag is verplicht.').waitFor();
    const plezier = first.page.getByRole('radiogroup', { name: 'Ik heb plezier in mijn werk.' });
    await plezier.getByRole('radio', { name: 'Eens', exact: true }).check();
    await first.page
      .getByRole('radiogroup', { name: 'Mijn team helpt me.' })
      .getByRole('radio', { name: 'Helemaal eens', exact: true })
      .check();
    expect(await seriousViolations(first.page)).toEqual([]);
    await nextAndSaved(first.page);

    await expect.poll(() => heading(first.page).textContent()).toContain('Waar werk je meestal?');
    await first.page.getByRole('radio', { name: 'Thuis' }).check();
    await nextAndSaved(first.page);

    await first.page.getByRole('checkbox', { name: 'Laptop' }).check();
    await first.page.getByRole('textbox', { name: 'Anders, namelijk: vul je antwoord in' }).fill('Headset');
    await nextAndSaved(first.page);
    await first.page.getByText('Vraag 4 van 7').waitFor();
    expect(first.problems).toEqual([]);
    await first.context.close();

    // Another browser session on the same link: the server's saved answers, and where they stopped.
    const second = await openPage(browser, PHONE);
    await second.page.goto(link);
    await second.page.getByText('Vraag 4 van 7').waitFor();
    await second.page.getByText('Welkom terug!', { exact: false }).waitFor();
    expect(await heading(second.page).textContent()).toContain('Je afdeling?');
    await second.page.getByRole('button', { name: 'Vorige' }).click();
    expect(await second.page.getByRole('checkbox', { name: 'Laptop' }).isChecked()).toBe(true);
    expect(
      await second.page.getByRole('checkbox', { name: 'Anders, namelijk', exact: true }).isChecked(),
    ).toBe(true);
    expect(
      await second.page.getByRole('textbox', { name: 'Anders, namelijk: vul je antwoord in' }).inputValue(),
    ).toBe('Headset');
    await second.page.getByRole('button', { name: 'Vorige' }).click();
    expect(await second.page.getByRole('radio', { name: 'Thuis' }).isChecked()).toBe(true);
    await second.page.getByRole('button', { name: 'Volgende' }).click();
    await second.page.getByRole('button', { name: 'Volgende' }).click();

    // Enter in a one-line answer moves on.
    await second.page.getByRole('textbox', { name: /Je afdeling\?/ }).fill('Uitdagend');
    await second.page.keyboard.press('Enter');
    await second.page.getByText('Vraag 5 van 7').waitFor();
    await second.page.getByRole('textbox', { name: /Wat kan beter\?/ }).fill('Meer overleg.');
    await second.page.getByRole('button', { name: 'Volgende' }).click();
    await second.page.getByRole('radio', { name: '9', exact: true }).check();
    await second.page.getByRole('button', { name: 'Volgende' }).click();
    await second.page.getByRole('radio', { name: '4 sterren' }).check();
    expect(await seriousViolations(second.page)).toEqual([]);
    await second.page.getByRole('button', { name: 'Versturen' }).click();

    await expect.poll(() => heading(second.page).textContent()).toBe('Bedankt!');
    await second.page.getByText('Bedankt voor je antwoorden!').waitFor();
    expect(await seriousViolations(second.page, 5)).toEqual([]);

    // Reopening the link thanks again instead of starting over.
    await second.page.reload();
    await expect.poll(() => heading(second.page).textContent()).toBe('Al ingevuld');
    await second.page.getByText(RESPONDENT_MESSAGES.alreadySubmitted).waitFor();
    expect(second.problems).toEqual([]);
    await second.context.close();

    const links = await api.call<{ personal: { total: number; started: number; completed: number } }>(
      'GET',
      `/surveys/${survey.id}/links`,
    );
    expect(links.personal).toMatchObject({ total: 1, completed: 1 });
  });

  it('should switch a public link to a response of its own and resume it after a reload', async () => {
    const survey = await openSurvey(api, everyTypeSurvey({ title: 'Openbare peiling' }));
    const token = await publicToken(api, survey.id);
    const { page, context, problems } = await openPage(browser);
    await page.goto(`${server.url}/respond/${token}`);
    await page.getByRole('button', { name: 'Starten' }).click();
    // From 40rem the Likert question is a matrix; it must be as accessible as the stacked layout.
    expect(await seriousViolations(page)).toEqual([]);
    await page
      .getByRole('radiogroup', { name: 'Ik heb plezier in mijn werk.' })
      .getByRole('radio', { name: 'Oneens', exact: true })
      .check();
    await page
      .getByRole('radiogroup', { name: 'Mijn team helpt me.' })
      .getByRole('radio', { name: 'Neutraal', exact: true })
      .check();
    await nextAndSaved(page);
    await page.waitForURL(
      (url) => url.pathname.startsWith('/respond/') && url.pathname !== `/respond/${token}`,
    );
    const responsePath = new URL(page.url()).pathname;

    await page.reload();
    await page.getByText('Vraag 2 van 7').waitFor();
    expect(await heading(page).textContent()).toContain('Waar werk je meestal?');
    await page.getByRole('button', { name: 'Vorige' }).click();
    expect(await page.getByRole('radio', { name: 'Oneens', exact: true }).first().isChecked()).toBe(true);

    // The public link itself, opened again in this browser, continues the same response.
    await page.goto(`${server.url}/respond/${token}`);
    await page.waitForURL((url) => url.pathname === responsePath);
    await page.getByText(/Vraag \d van 7/).waitFor();
    expect(problems).toEqual([]);
    await context.close();

    const started = await api.call<{ personal: { total: number } }>('GET', `/surveys/${survey.id}/links`);
    expect(started.personal.total).toBe(0);
  });

  it('should show a clear Dutch message for an unknown link and for a closed survey', async () => {
    const { page, context, problems } = await openPage(browser, PHONE);
    await page.goto(`${server.url}/respond/dezelinkbestaatniet0123456789`);
    await expect.poll(() => heading(page).textContent()).toBe('Survey niet beschikbaar');
    await page.getByText(RESPONDENT_MESSAGES.unknownToken).waitFor();
    expect(await seriousViolations(page, 5)).toEqual([]);

    const survey = await openSurvey(api, everyTypeSurvey({ title: 'Gesloten peiling' }));
    const [token] = await personalLinks(api, survey.id);
    await api.call('POST', `/surveys/${survey.id}/status`, { status: 'closed' });
    await page.goto(`${server.url}/respond/${token}`);
    await expect.poll(() => heading(page).textContent()).toBe('Survey niet beschikbaar');
    await page.getByText(RESPONDENT_MESSAGES.closed).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('should preview the survey and its invitation inside the app, storing nothing', async () => {
    const survey = await openSurvey(api, everyTypeSurvey({ title: 'Voorbeeldpeiling' }));
    const { page, context, problems } = await openPage(browser);
    const posts: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'POST' && request.url().includes('/respond/')) posts.push(request.url());
    });
    await login(page, server.url, DEMO.user);
    await page.goto(`${server.url}/survey/${survey.id}/preview`);
    await page.getByText('Voorbeeld: antwoorden worden niet opgeslagen.').waitFor();
    await expect.poll(() => heading(page).textContent()).toBe('Voorbeeldpeiling');
    await page.getByRole('button', { name: 'Starten' }).click();
    await page.getByRole('button', { name: 'Volgende' }).click();
    await page.getByRole('alert').getByText('Deze vraag is verplicht.').waitFor();
    expect(await seriousViolations(page)).toEqual([]);

    await page.getByRole('link', { name: 'E-mailvoorbeeld' }).click();
    await page.getByRole('heading', { name: 'E-mailvoorbeeld' }).waitFor();
    const frame = page.locator('iframe.mail-frame');
    await frame.waitFor();
    expect(await frame.getAttribute('sandbox')).toBe('');
    expect(await page.locator('.mail-headers').textContent()).toContain('Onderwerp');
    await page
      .frameLocator('iframe.mail-frame')
      .getByText('Voorbeeldpeiling')
      .filter({ visible: true })
      .first()
      .waitFor();
    await page.getByRole('button', { name: 'Platte tekst' }).click();
    expect(await page.locator('pre.mail-text').textContent()).toContain('/respond/voorbeeld');
    expect(await seriousViolations(page)).toEqual([]);

    expect(posts).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  });
});

import { RESULTS_LINK_MESSAGES } from '@loop/core/surveys/results';
import type { Browser, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { DEMO, login, openPage, useServerAndBrowser } from './harness';
import { demoApi } from './respondFixtures';

/**
 * A results page to share (R-SHARE-1 to R-SHARE-8) in Chromium against a real server: the demo user
 * makes read-only links on a demo survey's results page, each opens in a fresh browser context
 * without a session and shows the charts with their text alternatives, in the organisation's look
 * and never indexed; a link with a password asks for it first; a revoked link stops working.
 */
const env = useServerAndBrowser();

const DEMO_SURVEY = 'Medewerkerstevredenheid 2026';

async function demoSurveyId(): Promise<number> {
  const api = await demoApi(env.server);
  const list = await api.call<{ items: Array<{ id: number; title: string }> }>(
    'GET',
    `/surveys?q=${encodeURIComponent(DEMO_SURVEY)}`,
  );
  const id = list.items.find((item) => item.title === DEMO_SURVEY)?.id;
  if (id === undefined) throw new Error(`the demo survey ${DEMO_SURVEY} is missing`);
  return id;
}

/** Makes a link in 'Resultaten delen' and answers the address shown once. */
async function makeLink(page: Page, label: string, password = ''): Promise<string> {
  const panel = page.locator('section.results-links');
  await panel.getByLabel('Label (optioneel)').fill(label);
  await panel.getByLabel('Wachtwoord (optioneel)').fill(password);
  await panel.getByRole('button', { name: 'Link maken' }).click();
  await expect.poll(() => panel.getByRole('heading', { name: `Nieuwe link: ${label}` }).count()).toBe(1);
  const url = await panel.locator('#created-results-link').inputValue();
  expect(url).toMatch(new RegExp(`^${env.server.url}/gedeeld/[A-Za-z0-9_-]{32}$`));
  return url;
}

/** A fresh context: no session, no storage of the owner's. */
async function visitor(browser: Browser) {
  const context = await browser.newContext({ locale: 'nl-NL' });
  const page = await context.newPage();
  return { context, page };
}

const resultsShown = async (page: Page) => {
  await page.getByRole('heading', { level: 1, name: DEMO_SURVEY }).waitFor({ timeout: 15_000 });
  expect(
    Number((await page.getByTestId('shared-completed').textContent())?.replace(/\D/g, '')),
  ).toBeGreaterThan(0);
};

describe('a shared results page', () => {
  it('should open without an account, with a password when set, and stop once revoked', async () => {
    const surveyId = await demoSurveyId();
    const { page: owner, context: ownerContext, problems } = await openPage(env.browser);
    await login(owner, env.server.url, DEMO.user);
    await owner.goto(`${env.server.url}/survey/${surveyId}`);
    await owner.getByRole('heading', { name: 'Resultaten delen' }).waitFor({ timeout: 15_000 });
    const open = await makeLink(owner, 'Directie');
    const locked = await makeLink(owner, 'Met wachtwoord', 'Geheim!2026');
    await expect.poll(() => owner.getByTestId('results-link').count()).toBe(2);

    // The open link in a browser that never signed in.
    const first = await visitor(env.browser);
    const response = await first.page.goto(open);
    expect(response?.headers()['x-robots-tag']).toBe('noindex, nofollow');
    await resultsShown(first.page);
    expect(await first.page.locator('meta[name="robots"]').getAttribute('content')).toBe('noindex, nofollow');
    expect(await first.page.evaluate(() => Object.keys(localStorage))).toEqual([]);
    // The results page's charts with their text alternatives: an NPS and Likert bars with tables.
    await first.page.getByTestId('nps-score').first().waitFor();
    expect(await first.page.locator('.likert-row').count()).toBeGreaterThan(0);
    expect(await first.page.locator('table').count()).toBeGreaterThan(0);
    // Open answers were not chosen: none on the page.
    expect(await first.page.locator('.answer-text').count()).toBe(0);
    // The organisation's look: its name (or logo) in the header, its colour on the page.
    await first.page.locator('.shared-header').waitFor();
    expect(await first.page.locator('.shared-page').getAttribute('style')).toContain('--brand:');
    expect(await seriousViolations(first.page)).toEqual([]);

    // The link with a password asks for it, refuses a wrong one and opens with the right one.
    const second = await visitor(env.browser);
    await second.page.goto(locked);
    await second.page.getByLabel('Wachtwoord').fill('Verkeerd!2026');
    await second.page.getByRole('button', { name: 'Resultaten bekijken' }).click();
    await expect
      .poll(() => second.page.getByRole('alert').textContent())
      .toBe(RESULTS_LINK_MESSAGES.wrongPassword);
    expect(await second.page.getByTestId('shared-completed').count()).toBe(0);
    await second.page.getByLabel('Wachtwoord').fill('Geheim!2026');
    await second.page.getByRole('button', { name: 'Resultaten bekijken' }).click();
    await resultsShown(second.page);

    // Revoked on the results page: the next load of the open link says so, in Dutch.
    await owner.getByRole('button', { name: 'Intrekken (Directie)' }).click();
    await expect
      .poll(() => owner.locator('[data-testid="results-link"][data-revoked="true"]').count())
      .toBe(1);
    await first.page.reload();
    await expect
      .poll(() => first.page.getByTestId('shared-failed').textContent(), { timeout: 15_000 })
      .toBe(RESULTS_LINK_MESSAGES.revoked);
    expect(await first.page.getByTestId('nps-score').count()).toBe(0);

    expect(problems).toEqual([]);
    await Promise.all([first.context.close(), second.context.close(), ownerContext.close()]);
  });
});

import type { Survey } from '@loop/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, login, menuLink, openPage, useServerAndBrowser } from './harness';
import { demoApi, everyTypeSurvey } from './respondFixtures';

/** Layout faults only a real browser shows: rows that wrap, panels cut off. */
const env = useServerAndBrowser();

/**
 * How many rows the header's logo, links, organisation name and button take: items whose vertical
 * centres lie within 8 px of each other share a row (a button is taller than a link).
 */
const headerRows = (page: Page) =>
  page.evaluate(() => {
    const items = [
      ...document.querySelectorAll('header .brand-link, header nav a, header nav p, header nav button'),
    ];
    const centres = items
      .filter((item) => item.getBoundingClientRect().width > 0)
      .map((item) => {
        const box = item.getBoundingClientRect();
        return box.top + box.height / 2;
      })
      .sort((a, b) => a - b);
    let rows = centres.length > 0 ? 1 : 0;
    for (let i = 1; i < centres.length; i++) if ((centres[i] ?? 0) - (centres[i - 1] ?? 0) > 8) rows++;
    return rows;
  });

describe('layout at 1280 px', () => {
  it('should keep the header on one row with every link a paid plan and an admin add', async () => {
    const { page, context, problems } = await openPage(env.browser, { width: 1280, height: 800 });
    await login(page, env.server.url, DEMO.admin);
    const nav = page.getByRole('navigation', { name: 'Hoofdmenu' });
    await nav.getByRole('link', { name: 'Analyse' }).waitFor();
    await nav.getByRole('link', { name: 'Contacten', exact: true }).waitFor();
    expect(await headerRows(page)).toBe(1);
    // The less-used areas under 'Meer': opened, its list drops below the bar, which stays one row.
    await (await menuLink(page, 'Beheer')).waitFor();
    expect(await page.locator('header nav a').count()).toBeGreaterThanOrEqual(10);
    expect(await nav.getByRole('button', { name: 'Meer' }).getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await nav.getByRole('link', { name: 'Beheer' }).waitFor({ state: 'hidden' });
    expect(await headerRows(page)).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('should show the whole Likert preview in the editor, seven long labels and all', async () => {
    const api = await demoApi(env.server);
    const [likert, ...rest] = everyTypeSurvey().questions;
    if (likert?.type !== 'likert') throw new Error('the fixture starts with a Likert question');
    const survey = await api.call<Survey>(
      'POST',
      '/surveys',
      everyTypeSurvey({
        title: 'Brede schaal',
        questions: [
          {
            ...likert,
            settings: {
              ...likert.settings,
              points: 7,
              labels: [
                'Helemaal mee oneens',
                'Mee oneens',
                'Enigszins mee oneens',
                'Neutraal',
                'Enigszins mee eens',
                'Mee eens',
                'Helemaal mee eens',
              ],
              statements: [{ id: 's-lang', text: 'Ik kan in mijn werk mijn eigen beslissingen nemen.' }],
            },
          },
          ...rest,
        ],
      }),
    );
    const { page, context, problems } = await openPage(env.browser, { width: 1280, height: 800 });
    await login(page, env.server.url, DEMO.user);
    await page.goto(`${env.server.url}/survey/${survey.id}/edit`);
    const preview = page.locator('.likert-preview').first();
    await preview.waitFor();
    const fits = await preview.evaluate((element) => element.scrollWidth <= element.clientWidth);
    expect(fits).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('revisiting a survey', () => {
  it('should show its results at once from the cache, asking each resource again at most once', async () => {
    const api = await demoApi(env.server);
    const list = await api.call<{ items: Array<{ id: number; title: string }> }>(
      'GET',
      '/surveys?page=1&page_size=25',
    );
    const survey = list.items.find((item) => item.title === 'Medewerkerstevredenheid 2026');
    if (!survey) throw new Error('the demo survey is missing');
    const { page, context, problems } = await openPage(env.browser, { width: 1280, height: 800 });
    await login(page, env.server.url, DEMO.user);
    await page.goto(`${env.server.url}/survey/${survey.id}`);
    await page.getByRole('heading', { name: 'Medewerkerstevredenheid 2026' }).waitFor();
    await page.locator('.results-header').waitFor();

    // Another screen, then back through the app's own link.
    await page.getByRole('link', { name: 'Surveys', exact: true }).first().click();
    await page.getByRole('heading', { name: 'Surveys', level: 1 }).waitFor();
    const requests: string[] = [];
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith('/api/v1/surveys/')) requests.push(path);
    });
    await page.getByRole('link', { name: 'Medewerkerstevredenheid 2026', exact: true }).click();
    // The first frame after the click already holds the results: no blocking spinner in between.
    // (While they are asked for again in the background, a quiet 'Resultaten worden bijgewerkt...'
    // status may show above them; the results themselves stay on screen.)
    const heading = page.getByRole('heading', { name: 'Medewerkerstevredenheid 2026' });
    await heading.waitFor({ timeout: 500 });
    expect(await page.locator('main .loading-spinner').count()).toBe(0);
    expect(await page.locator('main .results-header').count()).toBe(1);
    expect(await page.getByTestId('results-completed').textContent()).not.toBe('');
    await page.waitForLoadState('networkidle');
    const perResource = new Map<string, number>();
    for (const path of requests) perResource.set(path, (perResource.get(path) ?? 0) + 1);
    expect([...perResource.values()].every((count) => count <= 1)).toBe(true);
    expect(perResource.get(`/api/v1/surveys/${survey.id}`)).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});

import type { Survey } from '@loop/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, login, menuLink, openPage, useServerAndBrowser } from './harness';
import { demoApi, everyTypeSurvey, openSurvey } from './respondFixtures';

/** Layout faults only a real browser shows: rows that wrap, panels cut off, tables wider than a phone. */
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

/** The organisation's name in the header: its text, its title, and whether all of it is shown. */
const organisationName = (page: Page) =>
  page.locator('header .nav-organisation').evaluate((element) => ({
    text: element.textContent,
    title: element.getAttribute('title'),
    whole: element.scrollWidth <= element.clientWidth,
  }));

describe('layout at 1280 px', () => {
  it('should keep the header on one row with every link a paid plan and an admin add', async () => {
    const { page, context, problems } = await openPage(env.browser, { width: 1280, height: 800 });
    await login(page, env.server.url, DEMO.admin);
    const nav = page.getByRole('navigation', { name: 'Hoofdmenu' });
    await nav.getByRole('link', { name: 'Analyse' }).waitFor();
    await nav.getByRole('link', { name: 'Contacten', exact: true }).waitFor();
    expect(await headerRows(page)).toBe(1);
    // The organisation's name fits whole beside the links.
    expect(await organisationName(page)).toEqual({
      text: 'Demo Organisatie',
      title: 'Demo Organisatie',
      whole: true,
    });
    // The less-used areas under 'Meer', the business analysis (proloop) and the subscription among
    // them: opened, its list drops below the bar, which stays one row.
    await (await menuLink(page, 'Beheer')).waitFor();
    await nav.getByRole('link', { name: 'Bedrijfsanalyse', exact: true }).waitFor();
    expect(await page.locator('header nav a').count()).toBeGreaterThanOrEqual(12);
    expect(await nav.getByRole('button', { name: 'Meer' }).getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Escape');
    await nav.getByRole('link', { name: 'Beheer' }).waitFor({ state: 'hidden' });
    expect(await headerRows(page)).toBe(1);
    await (await menuLink(page, 'Abonnement')).click();
    await page.waitForURL(`${env.server.url}/dashboard/abonnement`);
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

describe('layout at 390 px', () => {
  const PHONE = { width: 390, height: 844 };

  it('should show the rows of every table with actions as cards, each action in view without scrolling sideways', async () => {
    const api = await demoApi(env.server, DEMO.admin);
    await api.call('POST', '/finance/records', {
      date: '2026-02-10',
      direction: 'income',
      amount_cents: 121_000,
      btw_rate: '21',
      category: 'Omzet',
      description: 'Factuur 2026-007',
      counterparty: 'Klant Noord B.V.',
      attachment_ref: 'F-2026-007',
    });
    await api.call('POST', '/organization/invitations', {
      email: 'nieuwe.collega.met.een.lang.adres@voorbeeld-organisatie.nl',
      role: 'member',
    });
    const survey = await openSurvey(api, everyTypeSurvey({ title: 'Uitnodigingen op een telefoon' }));
    const contacts = await api.call<{ items: Array<{ id: number }> }>('GET', '/contacts?page=1&page_size=3');
    await api.call('POST', `/surveys/${survey.id}/invitations`, {
      selection: { ids: contacts.items.map((contact) => contact.id) },
    });

    const { page, context, problems } = await openPage(env.browser, PHONE);
    await login(page, env.server.url, DEMO.admin);
    // The invitations' status has no actions per row (yet); its rows must fit all the same.
    const tables = [
      { path: '/surveys', label: 'Tabel met surveys', actions: true },
      { path: '/contacten', label: 'Contacten', actions: true },
      { path: '/organisatie', label: 'Tabel met leden', actions: true },
      { path: '/organisatie', label: 'Tabel met openstaande uitnodigingen', actions: true },
      { path: '/finance', label: 'Boekingen', actions: true },
      { path: `/survey/${survey.id}/uitnodigen`, label: 'Uitnodigingen', actions: false },
    ];
    const outside: string[] = [];
    for (const { path, label, actions } of tables) {
      await page.goto(`${env.server.url}${path}`);
      const table = page.locator(`section.table-scroll[aria-label="${label}"]`);
      await table.locator('tbody tr').first().waitFor();
      // Every control and cell of every row (and the header's sort buttons and 'select all') lies
      // within the 390 px of the screen.
      const found = await table.evaluate((region) => {
        const width = document.documentElement.clientWidth;
        const off: string[] = [];
        for (const row of region.querySelectorAll('tr')) {
          for (const item of row.querySelectorAll('td, a, button, select, input')) {
            const name = item.textContent?.trim() || item.getAttribute('aria-label');
            // Only an empty cell may be left out (its line is dropped from the card).
            if (item.getClientRects().length === 0) {
              if (item.tagName !== 'TD' || item.textContent?.trim() !== '')
                off.push(`'${name}' is not shown`);
              continue;
            }
            const box = item.getBoundingClientRect();
            if (box.width === 0 || box.left < 0 || box.right > width)
              off.push(
                `${item.tagName.toLowerCase()} '${name}' at ${Math.round(box.left)}-${Math.round(box.right)}`,
              );
          }
        }
        return off;
      });
      outside.push(...found.map((what) => `${label}: ${what}`));
      if (actions) expect(await table.locator('tbody').getByRole('button').count(), label).toBeGreaterThan(0);
      const scrollWidth = await page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);
      expect(scrollWidth, `${path} scrolls sideways`).toBeLessThanOrEqual(PHONE.width);
    }
    expect(outside).toEqual([]);
    // Still a table to a screen reader, as Chromium's own accessibility tree says (the page is the
    // invitations' status now): the cards are its rows and cells, under their column headers.
    const client = await context.newCDPSession(page);
    const { nodes } = (await client.send('Accessibility.getFullAXTree')) as {
      nodes: Array<{ role?: { value: string }; name?: { value: string } }>;
    };
    const withRole = (role: string) => nodes.filter((node) => node.role?.value === role);
    expect(withRole('table')).toHaveLength(1);
    const headers = withRole('columnheader').map((node) => node.name?.value);
    expect(headers).toEqual(expect.arrayContaining(['Naam', 'E-mail', 'Status', 'Wanneer']));
    expect(withRole('cell')).toHaveLength(3 * headers.length);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("should keep the header's Menu button in view and working while a toast shows", async () => {
    const { page, context, problems } = await openPage(env.browser, PHONE);
    await login(page, env.server.url, DEMO.admin);
    await page.goto(`${env.server.url}/organisatie`);
    await page.getByRole('button', { name: 'Contactregel opslaan' }).click();
    const toast = page.locator('.Toastify__toast').first();
    await toast.waitFor();
    const menu = page.getByRole('button', { name: 'Menu' });
    const onTop = await menu.evaluate((button) => {
      const box = button.getBoundingClientRect();
      const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return hit !== null && button.contains(hit);
    });
    expect(onTop).toBe(true);
    // A click goes through at once (a covered button would only take it once the toast has gone).
    await menu.click({ timeout: 1_500 });
    expect(await menu.getAttribute('aria-expanded')).toBe('true');
    expect(await toast.isVisible()).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  });

  it("should reach the business analysis and the subscription from the phone's menu", async () => {
    const { page, context, problems } = await openPage(env.browser, PHONE);
    await login(page, env.server.url, DEMO.admin);
    await page.getByRole('button', { name: 'Menu' }).click();
    await (await menuLink(page, 'Bedrijfsanalyse')).click();
    await page.waitForURL(`${env.server.url}/bedrijfsanalyse`);
    await page.getByRole('button', { name: 'Menu' }).click();
    await (await menuLink(page, 'Abonnement')).click();
    await page.waitForURL(`${env.server.url}/dashboard/abonnement`);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('a long organisation name at 1280 px', () => {
  it('should take the room the bar has, cut off with its full name in the title, on one row', async () => {
    const name = 'Stichting Samenwerkende Zorgaanbieders en Welzijnsorganisaties Regio Zuid-Holland Noord';
    const api = await demoApi(env.server, DEMO.admin);
    await api.call('POST', '/organizations', { name });
    const { page, context, problems } = await openPage(env.browser, { width: 1280, height: 800 });
    await login(page, env.server.url, DEMO.admin);
    await page.getByLabel('Wissel van organisatie').selectOption({ label: name });
    await page.getByRole('button', { name: 'Wisselen' }).click();
    await expect.poll(async () => (await organisationName(page)).text).toBe(name);
    expect(await organisationName(page)).toEqual({ text: name, title: name, whole: false });
    expect(await headerRows(page)).toBe(1);
    // Not a fixed sliver: on this plan's shorter bar most of the name is read (up to 20rem).
    const shown = await page.locator('header .nav-organisation').evaluate((element) => element.clientWidth);
    expect(shown).toBeGreaterThanOrEqual(240);
    expect(problems).toEqual([]);
    await context.close();
  });
});

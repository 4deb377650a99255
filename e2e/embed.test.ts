import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import AxeBuilder from '@axe-core/playwright';
import type { Question } from '@loop/core';
import type { Browser, ConsoleMessage, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, launchBrowser, login, openPage, type RunningServer, startServer } from './harness';
import { type DemoApi, demoApi, everyTypeSurvey, openSurvey, publicToken } from './respondFixtures';

/**
 * A survey on a customer's website (R-EMBED-2 to R-EMBED-7): customer pages served by plain node
 * HTTP servers on ports of their own (other origins than Loop's), each pasting /embed.js under a
 * strict CSP. On the listed origin the survey is answered inside the frame, which follows its
 * height; on an origin that is not listed the browser refuses the frame.
 */
let server: RunningServer;
let browser: Browser;
let api: DemoApi;
const customers: Server[] = [];

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  api = await demoApi(server);
});

afterAll(async () => {
  for (const customer of customers) customer.close();
  await browser?.close();
  await server?.stop();
});

const QUESTIONS: Question[] = [
  { id: 'q-nps', type: 'nps', title: 'Zou je ons aanbevelen?', required: true, position: 0, settings: {} },
  {
    id: 'q-open',
    type: 'open_long',
    title: 'Wat kan beter?',
    required: false,
    position: 1,
    settings: { max_length: 5000 },
  },
];

/**
 * A customer's website on a port of its own, `http://localhost:<port>` (loopback http is allowed
 * for testing, R-EMBED-1): its page holds `code` under a CSP that allows only Loop's script and frame.
 */
async function customerSite(
  code: (loopOrigin: string) => string,
  policy = (loopOrigin: string) => `default-src 'none'; script-src ${loopOrigin}; frame-src ${loopOrigin}`,
): Promise<string> {
  const site = createServer((request, response) => {
    if (request.url !== '/') {
      response.writeHead(404).end();
      return;
    }
    response
      .writeHead(200, {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': policy(server.url),
      })
      .end(
        `<!doctype html><html lang="nl"><head><meta charset="utf-8"><title>Klant</title></head><body>` +
          `<h1>Welkom bij de klant</h1><button type="button" id="eerder">Eerder op de pagina</button>` +
          `${code(server.url)}</body></html>`,
      );
  }).listen(0, '127.0.0.1');
  customers.push(site);
  await once(site, 'listening');
  return `http://localhost:${(site.address() as AddressInfo).port}`;
}

/** Serious and critical WCAG 2.2 A/AA violations axe-core finds on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(result.passes.length).toBeGreaterThan(5);
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

const inlineCode = (token: string) => (loop: string) =>
  `<div id="loop-survey"></div><script src="${loop}/embed.js" data-survey="${token}" data-target="#loop-survey" async></script>`;

const frameHeight = (page: Page) =>
  page.locator('iframe[title="Survey"]').evaluate((frame) => (frame as HTMLIFrameElement).style.height);

describe('a survey on a website', () => {
  it('should be answered inside the frame on a listed origin, the frame following its height', async () => {
    const survey = await openSurvey(api, everyTypeSurvey({ title: 'Op de website', questions: QUESTIONS }));
    const token = await publicToken(api, survey.id);
    const site = await customerSite(inlineCode(token));
    await api.call('PUT', `/surveys/${survey.id}/embed`, { origins: [site] });

    const { page, problems, context } = await openPage(browser, { width: 390, height: 844 });
    await page.goto(site);
    const frame = page.frameLocator('iframe[title="Survey"]');
    await expect.poll(() => frame.getByRole('heading', { level: 1 }).textContent()).toBe('Op de website');
    // The frame took the page's height instead of the snippet's first 480 px.
    await expect.poll(() => frameHeight(page)).not.toBe('480px');
    const introHeight = await frameHeight(page);
    await frame.getByRole('button', { name: 'Starten' }).click();
    await frame.getByRole('radio', { name: '9', exact: true }).check();
    await frame.getByRole('button', { name: 'Volgende' }).click();
    await frame.getByRole('textbox', { name: /Wat kan beter\?/ }).fill('Sneller antwoord op de chat.');
    await frame.getByRole('button', { name: 'Versturen' }).click();
    await expect.poll(() => frame.getByRole('heading', { level: 1 }).textContent()).toBe('Bedankt!');
    await expect.poll(() => frameHeight(page)).not.toBe(introHeight);
    // The frame is exactly as tall as the answering page's content: no scroll bar inside it.
    const inner = await page
      .frames()
      .find((f) => f.url().startsWith(`${server.url}/respond/`))
      ?.evaluate(() => Math.ceil(document.getElementById('root')?.getBoundingClientRect().height ?? 0));
    expect(await frameHeight(page)).toBe(`${inner}px`);
    // The submission arrived like any other.
    const results = await api.call<{ response_count: number }>('GET', `/surveys/${survey.id}`);
    expect(results.response_count).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('should be refused by the browser on an origin that is not listed', async () => {
    const survey = await openSurvey(api, everyTypeSurvey({ title: 'Niet hier', questions: QUESTIONS }));
    const token = await publicToken(api, survey.id);
    await api.call('PUT', `/surveys/${survey.id}/embed`, { origins: ['https://www.klant.nl'] });
    const site = await customerSite(inlineCode(token));

    const { page, context } = await openPage(browser);
    const refusals: string[] = [];
    page.on('console', (message: ConsoleMessage) => {
      if (/frame-ancestors/.test(message.text())) refusals.push(message.text());
    });
    await page.goto(site);
    await expect.poll(() => refusals.length).toBeGreaterThan(0);
    expect(refusals[0]).toContain(`'self' https://www.klant.nl`);
    // Nothing of the survey reached the page: the frame holds the browser's error page.
    const respondFrame = page.frames().find((f) => f.url().startsWith(`${server.url}/respond/`));
    expect(respondFrame).toBeUndefined();
    expect(await frameHeight(page)).toBe('480px');
    await context.close();
  });

  it('should slide in once per visitor, keep the keyboard inside and close on Escape from the frame', async () => {
    const survey = await openSurvey(api, everyTypeSurvey({ title: 'Schuifpaneel', questions: QUESTIONS }));
    const token = await publicToken(api, survey.id);
    const site = await customerSite(
      (loop) =>
        `<script src="${loop}/embed.js" data-survey="${token}" data-mode="slide-in" data-delay="0" async></script>`,
    );
    await api.call('PUT', `/surveys/${survey.id}/embed`, { origins: [site] });

    const { page, context } = await openPage(browser);
    await page.goto(site);
    const dialog = page.getByRole('dialog', { name: 'Survey' });
    await dialog.waitFor();
    expect(await dialog.getAttribute('aria-modal')).toBe('true');
    const close = dialog.getByRole('button', { name: 'Survey sluiten' });
    await expect.poll(() => close.evaluate((element) => element === document.activeElement)).toBe(true);
    const frame = page.frameLocator('iframe[title="Survey"]');
    await expect.poll(() => frame.getByRole('heading', { level: 1 }).textContent()).toBe('Schuifpaneel');
    expect(await seriousViolations(page)).toEqual([]);
    // Shift+Tab from the first element goes round to the frame, never to the page behind.
    await page.keyboard.press('Shift+Tab');
    await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe('IFRAME');
    // Escape inside the frame closes the panel (the page tells the snippet).
    await frame.getByRole('button', { name: 'Starten' }).focus();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });

    // Once per visitor: a second visit shows nothing, until the visitor's record is reset.
    await page.reload();
    await page.getByRole('heading', { name: 'Welkom bij de klant' }).waitFor();
    await page.waitForTimeout(500);
    expect(await page.getByRole('dialog').count()).toBe(0);
    await page.evaluate(
      (t) => (globalThis as unknown as { LoopEmbed: { reset(t: string): void } }).LoopEmbed.reset(t),
      token,
    );
    await page.reload();
    await page.getByRole('dialog', { name: 'Survey' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await context.close();
  });

  it('should open the slide-in on the customer’s button each time and give focus back to it', async () => {
    const survey = await openSurvey(api, everyTypeSurvey({ title: 'Op een knop', questions: QUESTIONS }));
    const token = await publicToken(api, survey.id);
    const site = await customerSite(
      (loop) =>
        `<button type="button" id="loop-survey-knop">Geef je mening</button>` +
        `<script src="${loop}/embed.js" data-survey="${token}" data-mode="slide-in" data-button="#loop-survey-knop" async></script>`,
    );
    await api.call('PUT', `/surveys/${survey.id}/embed`, { origins: [site] });

    const { page, context } = await openPage(browser);
    await page.goto(site);
    const opener = page.getByRole('button', { name: 'Geef je mening' });
    for (let time = 0; time < 2; time++) {
      await opener.click();
      const dialog = page.getByRole('dialog', { name: 'Survey' });
      await dialog.waitFor();
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => opener.evaluate((element) => element === document.activeElement)).toBe(true);
    }
    await context.close();
  });

  it("should run with a nonce under a CSP of 'strict-dynamic'", async () => {
    const survey = await openSurvey(api, everyTypeSurvey({ title: 'Met een nonce', questions: QUESTIONS }));
    const token = await publicToken(api, survey.id);
    const site = await customerSite(
      (loop) =>
        `<div id="loop-survey"></div><script nonce="r4nd0m" src="${loop}/embed.js" data-survey="${token}" data-target="#loop-survey" async></script>`,
      (loop) => `default-src 'none'; script-src 'nonce-r4nd0m' 'strict-dynamic'; frame-src ${loop}`,
    );
    await api.call('PUT', `/surveys/${survey.id}/embed`, { origins: [site] });
    const { page, problems, context } = await openPage(browser);
    await page.goto(site);
    const frame = page.frameLocator('iframe[title="Survey"]');
    await expect.poll(() => frame.getByRole('heading', { level: 1 }).textContent()).toBe('Met een nonce');
    expect(problems).toEqual([]);
    await context.close();
  });

  it('should show the code and a live preview on the share step, on a phone too', async () => {
    const survey = await openSurvey(
      api,
      everyTypeSurvey({ title: 'Voorbeeld op de site', questions: QUESTIONS }),
    );
    const token = await publicToken(api, survey.id);
    const { page, problems, context } = await openPage(browser, { width: 390, height: 844 });
    await login(page, server.url, DEMO.user);
    await page.goto(`${server.url}/survey/${survey.id}`);
    await page.getByText('Op je website plaatsen').click();
    const origins = page.getByLabel('Websites die de survey mogen tonen');
    await origins.fill('http://www.klant.nl');
    await page.getByRole('button', { name: 'Websites opslaan' }).click();
    await page
      .getByRole('alert')
      .getByText(/Alleen https-adressen/)
      .waitFor();
    await origins.fill('https://www.klant.nl/');
    await page.getByRole('button', { name: 'Websites opslaan' }).click();
    await expect.poll(() => origins.inputValue()).toBe('https://www.klant.nl');
    expect(await api.call('GET', `/surveys/${survey.id}/embed`)).toEqual({
      origins: ['https://www.klant.nl'],
    });
    expect(await page.getByLabel('Code voor je website').inputValue()).toContain(`data-survey="${token}"`);
    // The preview page runs the same code: the survey shows inside it.
    const preview = page.frameLocator('iframe[title="Voorbeeld van de survey op een website"]');
    const framed = preview.frameLocator('iframe[title="Survey"]');
    await expect
      .poll(() => framed.getByRole('heading', { level: 1 }).textContent())
      .toBe('Voorbeeld op de site');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Als schuifpaneel').check();
    await preview.getByRole('dialog', { name: 'Survey' }).waitFor();
    // Nothing sticks out sideways on a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(problems).toEqual([]);
    await context.close();
  });
});

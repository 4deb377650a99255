import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, login, openPage, useServerAndBrowser } from './harness';

/**
 * Drafts are always saved (docs/decisions/surveys.md): in Chromium against a real server, a new survey
 * with a title and four questions not filled in yet survives closing the tab, and 'Publiceren'
 * lists what to fill in, each item taking you to its question.
 */
const env = useServerAndBrowser();

const TITLE = 'Onaf maar bewaard';
const TYPES = ['open_short', 'single_choice', 'likert', 'nps'];

async function saved(page: Page) {
  await expect
    .poll(() => page.getByTestId('save-status').getAttribute('data-state'), { timeout: 15_000 })
    .toBe('saved');
}

const cards = (page: Page) => page.getByTestId('question-card');

describe('a draft in the editor', () => {
  it('should keep a title and four empty questions after the tab is closed, and say what to fill in', async () => {
    const { context, page, problems } = await openPage(env.browser);
    await login(page, env.server.url, DEMO.user);
    await page.goto(`${env.server.url}/new-survey`);
    await page.getByRole('button', { name: 'Lege survey', exact: true }).click();
    await page.waitForURL(/\/survey\/\d+\/edit$/);
    const editor = page.url();
    await page.getByLabel('Titel', { exact: true }).fill(TITLE);
    for (const type of TYPES) await page.getByTestId(`add-question-${type}`).click();
    await expect.poll(() => cards(page).count()).toBe(4);
    await saved(page);
    expect(await page.getByTestId('save-status').textContent()).toBe('Opgeslagen');
    await page.close();

    // A new tab, the same editor: everything there, each question marked.
    const again = await context.newPage();
    again.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    await again.goto(editor);
    await expect.poll(() => cards(again).count(), { timeout: 15_000 }).toBe(4);
    expect(await again.getByLabel('Titel', { exact: true }).inputValue()).toBe(TITLE);
    expect(
      await cards(again).evaluateAll((all) => all.map((card) => card.querySelector('select')?.value)),
    ).toEqual(TYPES);
    expect(await again.getByTestId('question-incomplete').allTextContents()).toEqual([
      'Nog niet af: vul de vraagtekst in',
      'Nog niet af: vul de vraagtekst in',
      'Nog niet af: vul de vraagtekst in en vul stelling 1 in',
      'Nog niet af: vul de vraagtekst in',
    ]);

    // Publishing waits: the list of what to fill in, each item a way to its question.
    await again.getByRole('button', { name: 'Publiceren' }).click();
    const list = again.getByTestId('opening-problems');
    await list.waitFor();
    expect(await list.getByRole('button').allTextContents()).toEqual([
      'Vraag 1: vul de vraagtekst in',
      'Vraag 2: vul de vraagtekst in',
      'Vraag 3: vul de vraagtekst in en vul stelling 1 in',
      'Vraag 4: vul de vraagtekst in',
    ]);
    expect(await again.getByTestId('survey-status').textContent()).toBe('Concept');
    await list.getByRole('button', { name: 'Vraag 3: vul de vraagtekst in en vul stelling 1 in' }).click();
    const third = await cards(again).nth(2).getAttribute('data-question-id');
    await expect
      .poll(() =>
        again.evaluate(() => ({
          card: document.activeElement
            ?.closest('[data-testid="question-card"]')
            ?.getAttribute('data-question-id'),
          label: document.activeElement?.id
            ? document.querySelector(`label[for="${document.activeElement.id}"]`)?.textContent
            : null,
        })),
      )
      .toEqual({ card: third, label: 'Vraagtekst' });
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});

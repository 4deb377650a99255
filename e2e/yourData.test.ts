import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { ResponseExport } from '@loop/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, login, openPage, useServerAndBrowser } from './harness';

/**
 * The data an organisation owns, in Chromium against a real server with the demo data: the demo
 * owner finds one respondent of 'Medewerkerstevredenheid 2026' by the name on their personal
 * link, downloads their answers, erases them and sees the count drop; then deletes a survey from
 * the list after the confirmation that names how many responses go with it.
 */
const env = useServerAndBrowser();

/** WCAG 2.2 A/AA violations by axe-core inside `selector`. */
async function violations(page: Page, selector: string): Promise<string[]> {
  const result = await new AxeBuilder({ page })
    .include(selector)
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  expect(result.passes.length).toBeGreaterThan(5);
  return result.violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((n) => n.target).join(', ')}`,
  );
}

describe('your data', () => {
  it("should find, export and erase one respondent's answers, and delete a survey", async () => {
    const owner = await openPage(env.browser);
    const { page } = owner;
    await login(page, env.server.url, DEMO.admin);

    // The results of the demo survey: 60 submitted responses.
    await page.goto(`${env.server.url}/surveys`);
    await page.getByRole('link', { name: 'Medewerkerstevredenheid 2026', exact: true }).click();
    await page.waitForURL(/\/survey\/\d+$/);
    const completed = page.getByTestId('results-completed');
    await expect.poll(() => completed.textContent()).toBe('60');

    // Find Jan by the label of his personal link.
    const panel = page.locator('section.respondents');
    await panel.getByLabel('Zoek op naam, e-mailadres of label').fill('Jan');
    await expect.poll(() => page.getByTestId('respondents-count').textContent()).toBe('1 reactie');
    const row = panel.locator('tbody tr');
    await expect.poll(() => row.textContent()).toContain('Jan de Vries');
    await row.getByRole('button', { name: /^Bekijken/ }).click();
    const answers = page.getByTestId('response-answers');
    await answers.waitFor();
    expect(await answers.locator('dt').count()).toBe(5);
    expect(await violations(page, 'section.respondents')).toEqual([]);
    expect(await violations(page, 'section[aria-labelledby="retention-heading"]')).toEqual([]);

    // His answers as a JSON file.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exporteren (JSON)' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^survey-\d+-reactie-\d+-\d{4}-\d{2}-\d{2}\.json$/);
    const exported = JSON.parse(await readFile((await file.path()) as string, 'utf8')) as ResponseExport;
    expect(exported.survey.title).toBe('Medewerkerstevredenheid 2026');
    expect(exported.response).toMatchObject({ label: 'Jan de Vries', status: 'completed', kind: 'personal' });
    expect(exported.answers).toHaveLength(5);

    // Erase them: after the confirmation the results count one response less.
    await page.getByRole('button', { name: 'Wissen' }).click();
    const eraseDialog = page.getByRole('alertdialog');
    await expect.poll(() => eraseDialog.textContent()).toContain('Wissen kan niet ongedaan worden gemaakt.');
    expect(await violations(page, '[role="alertdialog"]')).toEqual([]);
    await eraseDialog.getByRole('button', { name: 'Antwoorden wissen' }).click();
    await expect.poll(() => completed.textContent()).toBe('59');
    await expect.poll(() => page.getByTestId('respondents-count').textContent()).toBe('0 reacties');

    // Delete the closed customer survey from the list, after the confirmation naming its responses.
    await page.goto(`${env.server.url}/surveys`);
    await expect.poll(() => page.getByTestId('surveys-count').textContent()).toBe('2 surveys');
    await page.getByRole('button', { name: /^Verwijderen\s*: Klanttevredenheid Q3$/ }).click();
    const deleteDialog = page.getByRole('alertdialog', { name: "'Klanttevredenheid Q3' verwijderen?" });
    await expect
      .poll(() => deleteDialog.textContent())
      .toContain('Deze survey heeft 40 reacties. Verwijderen kan niet ongedaan worden gemaakt.');
    await deleteDialog.getByRole('button', { name: 'Survey verwijderen' }).click();
    await expect.poll(() => page.getByTestId('surveys-count').textContent()).toBe('1 survey');
    expect(await page.getByRole('link', { name: 'Klanttevredenheid Q3', exact: true }).count()).toBe(0);
    expect(owner.problems).toEqual([]);
    await owner.context.close();
  }, 120_000);
});

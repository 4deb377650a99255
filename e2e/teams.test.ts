import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, login, menuLink, openPage, useServerAndBrowser } from './harness';

/**
 * Two people in one organisation, in Chromium against a real server: the owner invites a colleague
 * by e-mail, the colleague registers from the link in the mail and lands in the organisation, builds
 * a survey as a member, cannot change the plan or the members, and is removed by the owner; the next
 * request of the removed colleague gets nothing of the organisation.
 */
const env = useServerAndBrowser();

const INVITEE = { name: 'Ingrid Collega', password: 'Collega-wachtwoord!1' };

/** The confirmation dialog's button (the page behind it is inert while it is open). */
const confirmIn = (page: Page, name: string) =>
  page.getByRole('alertdialog').getByRole('button', { name, exact: true });

describe('a team of two', () => {
  it('should take a colleague from invitation to member, and out again', async () => {
    const owner = await openPage(env.browser);
    await login(owner.page, env.server.url, DEMO.admin);
    await (await menuLink(owner.page, 'Organisatie')).click();
    await owner.page.waitForURL(`${env.server.url}/organisatie`);
    await expect.poll(() => owner.page.getByRole('row').count()).toBeGreaterThanOrEqual(3);

    const email = `collega-${Date.now()}@voorbeeld.nl`;
    await owner.page.getByLabel('E-mailadres').fill(email);
    await owner.page.getByLabel('Rol', { exact: true }).selectOption('member');
    const skip = (await env.server.mailLinks()).length;
    await owner.page.getByRole('button', { name: 'Uitnodiging versturen' }).click();
    await expect.poll(() => owner.page.getByRole('cell', { name: email, exact: true }).count()).toBe(1);

    // The colleague, in a browser of their own, follows the link in the mail and registers.
    const colleague = await openPage(env.browser, { width: 390, height: 844 });
    const { page } = colleague;
    await page.goto(await env.server.waitForMailLink('/uitnodiging/', skip));
    await expect
      .poll(() => page.getByRole('heading', { name: 'Uitnodiging voor Demo Organisatie' }).count())
      .toBe(1);
    await expect(page.getByLabel('E-mailadres').inputValue()).resolves.toBe(email);
    await page.getByLabel('Naam').fill(INVITEE.name);
    await page.getByLabel('Wachtwoord').fill(INVITEE.password);
    await page.getByRole('button', { name: 'Account aanmaken en deelnemen' }).click();
    await page.waitForURL(`${env.server.url}/dashboard`);
    await expect.poll(() => page.getByText('Demo Organisatie').count()).toBeGreaterThan(0);

    // As a member: build a survey.
    await page.goto(`${env.server.url}/new-survey`);
    await page.getByRole('button', { name: 'Lege survey' }).click();
    await page.waitForURL(/\/survey\/\d+\/edit$/);
    await page.getByLabel('Titel', { exact: true }).fill('Teamoverleg evaluatie');
    await expect
      .poll(() => page.getByTestId('save-status').getAttribute('data-state'), { timeout: 15_000 })
      .toBe('saved');
    await page.goto(`${env.server.url}/surveys`);
    await expect
      .poll(() => page.getByRole('link', { name: 'Teamoverleg evaluatie', exact: true }).count())
      .toBe(1);

    // ... but not change the plan or the members.
    await page.goto(`${env.server.url}/dashboard/abonnement`);
    await expect
      .poll(() => page.getByText('Alleen een eigenaar kan het abonnement en de betalingen beheren.').count())
      .toBe(1);
    for (const choose of await page.getByRole('button', { name: /^Kies dit plan/ }).all()) {
      expect(await choose.isDisabled()).toBe(true);
    }
    await page.goto(`${env.server.url}/organisatie`);
    await expect
      .poll(() => page.getByText('Alleen een eigenaar kan rollen wijzigen en leden verwijderen.').count())
      .toBe(1);
    expect(await page.getByRole('combobox').count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Verwijderen/ }).count()).toBe(0);
    const tokens = await page.evaluate(() => ({
      access: localStorage.getItem('token'),
      organisation: localStorage.getItem('currentOrgId'),
    }));
    const asColleague = (path: string, init: RequestInit = {}) =>
      fetch(`${env.server.url}/api/v1${path}`, {
        ...init,
        headers: {
          authorization: `Bearer ${tokens.access}`,
          'x-organization-id': String(tokens.organisation),
          'content-type': 'application/json',
        },
      });
    const planChange = await asColleague('/user-subscriptions', { method: 'POST', body: '{"plan_id":1}' });
    expect(planChange.status).toBe(403);

    // The owner removes the colleague.
    await owner.page.reload();
    const row = owner.page.getByRole('row', { name: new RegExp(INVITEE.name) });
    await row.getByRole('button', { name: /^Verwijderen/ }).click();
    await confirmIn(owner.page, 'Verwijderen').click();
    await expect.poll(() => owner.page.getByRole('row', { name: new RegExp(INVITEE.name) }).count()).toBe(0);

    // The colleague's next request gets nothing of the organisation.
    const surveys = await asColleague('/surveys');
    expect(surveys.status).toBe(404);
    expect(await surveys.json()).toEqual({ detail: 'Organisatie niet gevonden.' });
    await page.goto(`${env.server.url}/surveys`);
    await expect
      .poll(() => page.getByRole('link', { name: 'Teamoverleg evaluatie', exact: true }).count())
      .toBe(0);
    await page.goto(`${env.server.url}/dashboard`);
    await expect.poll(() => page.getByText('Je hoort nog niet bij een organisatie.').count()).toBe(1);

    expect(owner.problems).toEqual([]);
    expect(colleague.problems).toEqual([]);
    await owner.context.close();
    await colleague.context.close();
  });
});

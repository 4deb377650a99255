import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, login, openPage, useServerAndBrowser } from './harness';

/** 'Mijn Abonnement' and 'Terug van betaling' point by point (R-BILL-1, R-BILL-10, R-BILL-8), as the demo admin on proloop. */
const env = useServerAndBrowser();

const NL_DATE =
  /\d{1,2} (januari|februari|maart|april|mei|juni|juli|augustus|september|oktober|november|december) \d{4}/;
const plain = (text: string | null): string => (text ?? '').replace(/\s/g, ' ');
const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });

async function openSubscription(page: Page) {
  await page.goto(`${env.server.url}/dashboard/abonnement`);
  await page.getByRole('heading', { name: 'Mijn Abonnement' }).waitFor();
}

describe("'Mijn Abonnement'", () => {
  it('should show the current plan, its dates and features, and the other plans by price descending', async () => {
    const { page, context, problems } = await openPage(env.browser);
    await login(page, env.server.url, DEMO.admin);
    await openSubscription(page);
    expect(await page.getByRole('link', { name: 'Terug naar dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );

    const badge = page.locator('.current-plan .plan-badge');
    await badge.waitFor();
    expect(await badge.textContent()).toBe('proloop');
    expect(await badge.getAttribute('class')).toContain('plan-badge-purple');
    expect(plain(await page.locator('.plan-dates').textContent())).toMatch(NL_DATE);

    // Feature descriptions: rendered HTML, sanitised, links in a new tab without opener.
    const descriptions = page.locator('.feature-description'); // core, analytics, export, branding
    expect(await descriptions.count()).toBeGreaterThanOrEqual(4);
    expect(await descriptions.locator('strong').count()).toBeGreaterThan(0);
    expect(await descriptions.locator('script, style, [onerror], [onclick], [style]').count()).toBe(0);
    for (const link of await descriptions.locator('a').all()) {
      expect(await link.getAttribute('target')).toBe('_blank');
      expect(await link.getAttribute('rel')).toContain('noopener');
    }

    const cards = page.locator('.plan-card');
    expect(await cards.locator('.plan-badge').allTextContents()).toEqual(['smartloop', 'basicloop']);
    expect(await cards.nth(0).locator('.plan-badge').getAttribute('class')).toContain('plan-badge-green');
    expect(await cards.nth(1).locator('.plan-badge').getAttribute('class')).toContain('plan-badge-blue');
    expect((await cards.locator('.plan-price').allTextContents()).map(plain)).toEqual([
      '€ 29,00 / maand',
      'Gratis',
    ]);
    expect(await page.getByRole('button', { name: /Kies dit plan/ }).count()).toBe(2);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('should toast when the subscription or the plans cannot be fetched', async () => {
    const { page, context } = await openPage(env.browser);
    await login(page, env.server.url, DEMO.admin);
    await page.route('**/api/v1/user-subscriptions/me', (route) =>
      route.fulfill({ status: 500, body: '{}' }),
    );
    await page.route('**/api/v1/plans', (route) => route.fulfill({ status: 500, body: '{}' }));
    await openSubscription(page);
    await toast(page, 'Fout bij ophalen abonnement.').waitFor();
    await toast(page, 'Fout bij ophalen plannen.').waitFor();
    await context.close();
  });

  it('should reach its error state when the subscription answers malformed features', async () => {
    const { page, context } = await openPage(env.browser);
    await login(page, env.server.url, DEMO.admin);
    await page.route('**/api/v1/user-subscriptions/me', (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({
          plan_id: 1,
          plan_name: 'proloop',
          status: 'active',
          start_date: '2026-01-01',
          features: 'core',
        }),
      }),
    );
    await openSubscription(page);
    await toast(page, 'Fout bij ophalen abonnement.').waitFor();
    await expect.poll(() => page.getByText('Bezig met laden...').count()).toBe(0);
    await context.close();
  });

  it('should show toasts 350px wide with a Dutch close button (R-UI-1)', async () => {
    const { page, context } = await openPage(env.browser, { width: 1280, height: 800 });
    await login(page, env.server.url, DEMO.admin);
    await page.route('**/api/v1/plans', (route) => route.fulfill({ status: 500, body: '{}' }));
    await openSubscription(page);
    const shown = page.locator('.Toastify__toast', { hasText: 'Fout bij ophalen plannen.' });
    await shown.waitFor();
    expect((await shown.boundingBox())?.width).toBe(350);
    expect(await shown.getByRole('button', { name: 'Sluiten' }).count()).toBe(1);
    await shown.getByRole('button', { name: 'Sluiten' }).click();
    await expect.poll(() => shown.count()).toBe(0);
    await context.close();
  });

  it("should show the server's detail, or the fallback, when a plan change fails", async () => {
    const { page, context } = await openPage(env.browser);
    await login(page, env.server.url, DEMO.admin);
    let answer: { status: number; body: string } = { status: 500, body: '{}' };
    await page.route('**/api/v1/user-subscriptions', (route) =>
      route.request().method() === 'POST' ? route.fulfill(answer) : route.continue(),
    );
    await openSubscription(page);
    await page.getByRole('button', { name: 'Kies dit plan: basicloop' }).click();
    await toast(page, 'Kon abonnement wijzigen/afrekenen.').waitFor();
    answer = { status: 409, body: JSON.stringify({ detail: 'Je hebt dit plan al.' }) };
    await page.getByRole('button', { name: 'Kies dit plan: basicloop' }).click();
    await toast(page, 'Je hebt dit plan al.').waitFor();
    await page.locator('.current-plan .plan-badge', { hasText: 'proloop' }).waitFor();
    await context.close();
  });
});

describe("'Terug van betaling'", () => {
  it("should show 'onbekend' and '-' without query parameters, and the links of R-BILL-10", async () => {
    const { page, context, problems } = await openPage(env.browser);
    await page.goto(`${env.server.url}/billing/return`);
    await page.getByRole('heading', { name: 'Terug van betaling' }).waitFor();
    const body = plain(await page.locator('main').textContent());
    expect(body).toContain('onbekend');
    expect(await page.getByText('-', { exact: true }).count()).toBeGreaterThan(0);
    expect(await page.getByRole('link', { name: 'Naar profiel / abonnement' }).getAttribute('href')).toBe(
      '/profile',
    );
    expect(
      await page
        .locator('main')
        .getByRole('link', { name: /dashboard/i })
        .first()
        .getAttribute('href'),
    ).toBe('/dashboard');
    expect(problems).toEqual([]);
    await context.close();
  });
});

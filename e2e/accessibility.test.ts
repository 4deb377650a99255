import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DEMO, login, openPage, useServerAndBrowser } from './harness';

/** WCAG 2.2 A/AA checks by axe-core on every screen, on a phone and a desktop viewport. */
const env = useServerAndBrowser();

async function violations(page: Page): Promise<string[]> {
  await page.waitForLoadState('networkidle');
  await page.getByRole('heading', { level: 1 }).first().waitFor();
  const result = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  // axe really ran its rules on this page (an empty run would report no violations too).
  expect(result.passes.length).toBeGreaterThan(10);
  return result.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

const PUBLIC = [
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password/abc',
  '/privacy',
  '/cookiebeleid',
];
const SIGNED_IN = [
  '/dashboard',
  '/profiel',
  '/personalisatie',
  '/onboarding',
  '/admin',
  '/dashboard/abonnement',
  '/admin/billing',
  '/admin/logs',
  '/advanced-kpis',
  '/billing/return?status=success&payment_id=1',
  '/finance',
  '/contacten',
  '/bedrijfsanalyse',
];

describe('accessibility', () => {
  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 800 },
  ]) {
    it(`should have no WCAG A/AA violations on any screen at ${viewport.width} px`, async () => {
      const { page, context } = await openPage(env.browser, viewport);
      const found: Record<string, string[]> = {};
      for (const path of PUBLIC) {
        await page.goto(`${env.server.url}${path}`);
        const list = await violations(page);
        if (list.length > 0) found[path] = list;
      }
      await login(page, env.server.url, DEMO.admin);
      for (const path of SIGNED_IN) {
        await page.goto(`${env.server.url}${path}`);
        const list = await violations(page);
        if (list.length > 0) found[path] = list;
      }
      expect(found).toEqual({});
      await context.close();
    });
  }
});

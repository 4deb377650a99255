import type { Browser, Page } from 'playwright-core';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, launchBrowser, login, openPage, type RunningServer, startServer } from './harness';

/**
 * 'Applicatie Logging' with 100,000 rows: the server runs on the real PostgreSQL (a database of its
 * own, dropped afterwards), the rows are written straight into its app_logs table, and the browser
 * fetches them all through GET /api/v1/admin/logs like an admin would.
 */
const ADMIN_URL = process.env.LOOP_TEST_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DATABASE = `loop_e2e_logs_${process.pid}`;
const ROWS = 100_000;
/**
 * Every 1000th generated row is a paid payment of organisation 4242: 100 rows, none among the oldest
 * (the server's default limit is 100,000 rows, so this session's own newer rows push the oldest out).
 */
const PAID_ROWS = ROWS / 1000;

let admin: postgres.Sql;
let server: RunningServer;
let browser: Browser;

function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

beforeAll(async () => {
  admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  await admin.unsafe(`drop database if exists ${DATABASE} with (force)`);
  await admin.unsafe(`create database ${DATABASE}`);
  [server, browser] = await Promise.all([
    startServer({ DATABASE_URL: databaseUrl(DATABASE) }),
    launchBrowser(),
  ]);
  const db = postgres(databaseUrl(DATABASE), { max: 1, onnotice: () => {} });
  try {
    // Generated rows over the last ~28 hours: a realistic mix of routes, levels, statuses and organisations.
    await db.unsafe(`
      insert into app_logs (ts, log_date, level, category, org_id, action, route, http_status, message)
      select ts, (ts at time zone 'Europe/Amsterdam')::date, level, category, org_id, action, route, status,
             case when g % 1000 = 500 then 'Betaling ' || g || ' (simulated, plan 3) betaald via webhook'
                  else action || ' ' || route || ' ' || status || ' in ' || (g % 97) || ' ms' end
      from (
        select g,
               now() - (g || ' seconds')::interval as ts,
               case when g % 1000 = 500 then 'audit' when g % 50 = 0 then 'error' when g % 7 = 0 then 'warning' else 'info' end as level,
               case when g % 1000 = 500 then 'billing' else 'http' end as category,
               case when g % 1000 = 500 then 4242 when g % 11 = 0 then null else g % 40 + 1 end as org_id,
               case when g % 1000 = 500 then 'payment.paid' else (array['GET','POST','PATCH'])[g % 3 + 1] end as action,
               (array['/api/v1/users/me','/api/v1/organizations','/api/v1/payments/:id','/api/v1/branding/mine',
                      '/api/v1/user-subscriptions/me','/api/v1/plans','/api/v1/auth/login','/api/v1/auth/refresh'])[g % 8 + 1] as route,
               case when g % 50 = 0 then 500 when g % 7 = 0 then 404 else 200 end as status
        from generate_series(1, ${ROWS}) as g
      ) as generated`);
  } finally {
    await db.end();
  }
}, 180_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await admin?.unsafe(`drop database if exists ${DATABASE} with (force)`);
  await admin?.end();
});

/** 'x van y resultaten' as numbers (nl-NL thousands separators). */
async function counts(page: Page): Promise<{ shown: number; total: number }> {
  const text = (await page.getByText(/^[\d.]+ van [\d.]+ resultaten$/).textContent()) ?? '';
  const [, shown = '', total = ''] = /^([\d.]+) van ([\d.]+) resultaten$/.exec(text) ?? [];
  return { shown: Number(shown.replaceAll('.', '')), total: Number(total.replaceAll('.', '')) };
}

async function waitForCounts(page: Page, check: (value: { shown: number; total: number }) => boolean) {
  await expect.poll(async () => check(await counts(page)), { timeout: 15_000 }).toBe(true);
  return counts(page);
}

const renderedRows = (page: Page) => page.locator('table tbody tr[data-row]');

describe("'Applicatie Logging' with 100,000 rows", () => {
  it('should filter as the admin types, show the empty state, and restore all rows with Wis filters', async () => {
    const { page, context, problems } = await openPage(browser);
    await login(page, server.url, DEMO.admin);
    await page.goto(`${server.url}/admin/logs`);
    await page.getByRole('heading', { name: 'Applicatie Logging' }).waitFor();
    expect(await page.getByRole('link', { name: 'Terug naar dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    await page
      .getByText('Deze log bevat alleen metadata en gebeurtenissen, geen persoonsgegevens.')
      .waitFor();

    // All rows arrive (the generated ones plus this session's own requests and login).
    const all = await waitForCounts(page, ({ total }) => total >= ROWS);
    expect(all.total).toBe(ROWS); // the default limit
    expect(all.shown).toBe(all.total);
    // Only the rows in view are in the DOM.
    expect(await renderedRows(page).count()).toBeGreaterThan(5);
    expect(await renderedRows(page).count()).toBeLessThan(120);

    // Typing narrows the count and the table.
    const search = page.getByLabel('Zoeken');
    await search.pressSequentially('betaald', { delay: 30 });
    const paid = await waitForCounts(page, ({ shown }) => shown < all.total);
    expect(paid).toEqual({ shown: PAID_ROWS, total: all.total });
    const firstRow = renderedRows(page).first();
    expect(await firstRow.textContent()).toContain('betaald');
    expect(await firstRow.textContent()).toContain('payment.paid');

    // Level and organisation id (compared as an integer) narrow further.
    await page.getByLabel('Organisatie-id').fill(' 4242 ');
    expect(await waitForCounts(page, ({ shown }) => shown === PAID_ROWS)).toEqual({
      shown: PAID_ROWS,
      total: all.total,
    });
    await page.getByLabel('Niveau').selectOption('error');
    await page.getByText('Geen resultaten gevonden').waitFor();
    expect((await counts(page)).shown).toBe(0);

    // 'Wis filters' restores every row.
    await page.getByRole('button', { name: 'Wis filters' }).click();
    expect(await waitForCounts(page, ({ shown, total }) => shown === total)).toEqual(all);
    expect(await search.inputValue()).toBe('');

    // A query that matches nothing shows the empty state.
    await search.fill('geen-enkele-regel-bevat-dit');
    await page.getByText('Geen resultaten gevonden').waitFor();
    expect(await counts(page)).toEqual({ shown: 0, total: all.total });
    expect(await renderedRows(page).count()).toBe(0);

    await page.getByRole('button', { name: 'Wis filters' }).click();
    expect(await waitForCounts(page, ({ shown, total }) => shown === total)).toEqual(all);

    // Status colours: 2xx green, 4xx and above red.
    await search.fill('/api/v1/plans');
    await waitForCounts(page, ({ shown }) => shown < all.total);
    const statusCells = page.locator('table tbody tr[data-row] .log-status');
    const classes = await statusCells.evaluateAll((cells) =>
      cells.map((cell) => [cell.textContent?.trim(), cell.className]),
    );
    expect(classes.length).toBeGreaterThan(0);
    for (const [status, className] of classes) {
      const code = Number(status);
      if (code >= 200 && code < 300) expect(className).toContain('log-status-ok');
      if (code >= 400) expect(className).toContain('log-status-error');
    }

    expect(problems).toEqual([]);
    await context.close();
  });

  it('should send a user without admin rights back to the dashboard', async () => {
    const { page, context } = await openPage(browser);
    await login(page, server.url, DEMO.user);
    await page.goto(`${server.url}/admin/logs`);
    await page.waitForURL(`${server.url}/dashboard`);
    expect(await page.getByRole('heading', { name: 'Applicatie Logging' }).count()).toBe(0);
    await context.close();
  });
});

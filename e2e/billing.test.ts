import { readFile } from 'node:fs/promises';
import type { Plan, UserSubscription } from '@loop/core';
import { addMonths, billingPeriod, calendarDayIso, calendarDayText } from '@loop/core/billing';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pageTexts, readPdf } from '../packages/adapters/src/testing/readPdf';
import { DEMO, launchBrowser, login, menuLink, openPage, type RunningServer, startServer } from './harness';

/** Checkout off (the default configuration) and checkout on with the simulated provider. */
let offline: RunningServer;
let online: RunningServer;
let browser: Browser;

beforeAll(async () => {
  [offline, online, browser] = await Promise.all([
    startServer(),
    startServer({ ONLINE_CHECKOUT: 'true', PAYMENT_PROVIDER: 'simulated' }),
    launchBrowser(),
  ]);
});

afterAll(async () => {
  await browser?.close();
  await Promise.all([offline?.stop(), online?.stop()]);
});

const PASSWORD = 'BetaalWachtwoord!1';
let counter = 0;

async function api<T>(
  server: RunningServer,
  method: string,
  path: string,
  body?: unknown,
  token?: string,
): Promise<T> {
  const answer = await fetch(`${server.url}/api/v1${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/**
 * A freshly registered, verified user with an organisation of their own (so on basicloop), signed in
 * in the browser on the dashboard.
 */
async function freshUser(server: RunningServer, page: Page): Promise<{ email: string; token: string }> {
  const email = `betaler-${Date.now()}-${++counter}@voorbeeld.nl`;
  const skip = (await server.mailLinks()).length;
  await api(server, 'POST', '/auth/register', { name: 'Bea Betaler', email, password: PASSWORD });
  const link = await server.waitForMailLink('/verify/', skip);
  const token = decodeURIComponent(new URL(link).pathname.split('/verify/')[1] ?? '');
  await api(server, 'POST', '/auth/verify-email', { token });
  const session = await api<{ access_token: string }>(server, 'POST', '/auth/login', {
    email,
    password: PASSWORD,
  });
  await api(server, 'POST', '/organizations', { name: `Betaal BV ${counter}` }, session.access_token);
  await login(page, server.url, { email, password: PASSWORD });
  return { email, token: session.access_token };
}

/** Pays smartloop through the API and the simulated provider's page, as a browser would post its form. */
async function paySmartloopByApi(server: RunningServer, token: string): Promise<void> {
  const subscription = await api<UserSubscription>(server, 'GET', '/user-subscriptions/me', undefined, token);
  const plans = await api<Plan[]>(server, 'GET', '/plans', undefined, token);
  const smartloop = plans.find((plan) => plan.name === 'smartloop')!;
  const started = await api<{ checkout_url: string }>(
    server,
    'POST',
    '/payments/checkout',
    {
      provider: 'simulated',
      kind: 'subscription',
      amount_cents: Math.round(smartloop.price_per_month * 100),
      currency: 'EUR',
      user_subscription_id: subscription.id,
      plan_id: smartloop.id,
      success_url: `${server.url}/billing/return?status=success`,
      cancel_url: `${server.url}/billing/return?status=cancelled`,
    },
    token,
  );
  const ref = new URL(started.checkout_url).pathname.split('/').at(-1);
  const paid = await fetch(`${server.url}/api/v1/payments/simulated/${ref}/pay`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    redirect: 'manual',
  });
  expect(paid.status).toBe(303);
}

/** nl-NL currency puts a no-break space after the euro sign. */
const plain = (text: string | null): string => (text ?? '').replace(/\s/g, ' ');

const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true });

async function openSubscription(page: Page, server: RunningServer, planName: string) {
  await page.goto(`${server.url}/dashboard/abonnement`);
  await page.getByRole('heading', { name: 'Mijn Abonnement' }).waitFor();
  await page.locator('.current-plan .plan-badge', { hasText: planName }).waitFor();
}

describe('subscription screen', () => {
  it('should switch to a free plan at once', async () => {
    // Every new organisation starts on basicloop, the only seeded free plan: an admin adds another.
    const admin = await api<{ access_token: string }>(offline, 'POST', '/auth/login', DEMO.admin);
    const planName = `gratisloop${Date.now()}`;
    await api(
      offline,
      'POST',
      '/admin/plans',
      { name: planName, price_per_month: 0, feature_keys: ['core'] },
      admin.access_token,
    );
    const { page, context, problems } = await openPage(browser);
    await freshUser(offline, page);
    await openSubscription(page, offline, 'basicloop');
    expect(await page.getByText('Gratis').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: `Kies dit plan: ${planName}` }).click();
    await toast(page, 'Abonnement gewijzigd!').waitFor();
    await page.locator('.current-plan .plan-badge', { hasText: planName }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('should show the info toast for a paid plan while online checkout is off', async () => {
    const { page, context, problems } = await openPage(browser);
    await freshUser(offline, page);
    await openSubscription(page, offline, 'basicloop');
    await page.getByRole('button', { name: 'Kies dit plan: smartloop' }).click();
    await toast(page, 'Online afrekenen is tijdelijk uitgeschakeld.').waitFor();
    expect(page.url()).toBe(`${offline.url}/dashboard/abonnement`);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('checkout with the simulated provider', () => {
  it('should pay, show the payment on return, activate the plan and unlock its features', async () => {
    const { page, context, problems } = await openPage(browser);
    await freshUser(online, page);
    // basicloop lacks branding: no Personalisatie in the menu, and its page says which plan has it.
    await openSubscription(page, online, 'basicloop');
    expect(
      await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByText('Personalisatie').count(),
    ).toBe(0);
    await page.goto(`${online.url}/personalisatie`);
    await page.getByRole('heading', { name: 'Personalisatie' }).waitFor();
    await page.getByText('Die zit niet in het abonnement van je organisatie, wel in smartloop').waitFor();
    expect(page.url()).toBe(`${online.url}/personalisatie`);
    await page.getByRole('link', { name: 'Mijn Abonnement' }).click();
    await page.waitForURL(`${online.url}/dashboard/abonnement`);

    await openSubscription(page, online, 'basicloop');
    await page.getByRole('button', { name: 'Kies dit plan: smartloop' }).click();
    await page.waitForURL(/\/betalen\/simulatie\//);
    await page.getByRole('button', { name: 'Betalen' }).click();
    await page.waitForURL(/\/billing\/return\?/);
    await page.getByRole('heading', { name: 'Terug van betaling' }).waitFor();
    const details = page.locator('.payment-details');
    // Statuses as received, with what they mean beside them.
    await details.getByText('paid (betaald)', { exact: true }).waitFor();
    expect(await details.getByText('Proefbetaling', { exact: true }).count()).toBe(1);
    expect(await page.locator('.plan-dates dd').first().textContent()).toBe(
      'success (terug van de betaalpagina na betalen)',
    );
    expect(plain(await details.textContent())).toContain('€ 29,00');
    const query = new URL(page.url()).searchParams;
    expect(query.get('status')).toBe('success');
    expect(
      await page.getByText(query.get('payment_id') ?? 'missing', { exact: true }).count(),
    ).toBeGreaterThan(0);

    await page.getByRole('link', { name: 'Naar profiel / abonnement' }).click();
    await page.waitForURL(`${online.url}/dashboard/abonnement`);
    await page.locator('.current-plan .plan-badge', { hasText: 'smartloop' }).waitFor();
    await (await menuLink(page, 'Personalisatie')).click();
    await page.waitForURL(`${online.url}/personalisatie`);
    await page.getByRole('heading', { name: 'Personalisatie' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('should leave the old plan when the payment is cancelled', async () => {
    const { page, context, problems } = await openPage(browser);
    await freshUser(online, page);
    await openSubscription(page, online, 'basicloop');
    await page.getByRole('button', { name: 'Kies dit plan: proloop' }).click();
    await page.waitForURL(/\/betalen\/simulatie\//);
    await page.getByRole('button', { name: 'Annuleren' }).click();
    await page.waitForURL(/\/billing\/return\?/);
    expect(new URL(page.url()).searchParams.get('status')).toBe('cancelled');
    const details = page.locator('.payment-details');
    await details.waitFor();
    expect(await details.getByText('paid (betaald)', { exact: true }).count()).toBe(0);
    expect(await details.getByText('cancelled (geannuleerd)', { exact: true }).count()).toBe(1);
    expect(await page.locator('.receipt').count()).toBe(0);
    expect(plain(await details.textContent())).toContain('€ 79,00');

    await openSubscription(page, online, 'basicloop');
    expect(
      await page.getByRole('navigation', { name: 'Hoofdmenu' }).getByText('Personalisatie').count(),
    ).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('should upgrade smartloop to proloop with a receipt, and list and download the invoice as a PDF', async () => {
    const { page, context, problems } = await openPage(browser);
    const { token } = await freshUser(online, page);
    expect(
      (await api<UserSubscription>(online, 'GET', '/user-subscriptions/me', undefined, token)).plan_name,
    ).toBe('basicloop');
    await paySmartloopByApi(online, token);

    // The owner enters the invoice details first; they go on the invoices from now on.
    await openSubscription(page, online, 'smartloop');
    await page.getByLabel('Straat en huisnummer').fill('Dorpsstraat 12');
    await page.getByLabel('Postcode').fill('1234ab');
    await page.getByLabel('Plaats').fill('Ergenshuizen');
    await page.getByLabel('Btw-nummer').fill('NL812345678B01');
    await page.getByRole('button', { name: 'Factuurgegevens opslaan' }).click();
    await toast(page, 'Factuurgegevens opgeslagen.').waitFor();

    // Before choosing, the card says what happens to the running month.
    const proCard = page.locator('.plan-card', { has: page.locator('.plan-badge', { hasText: 'proloop' }) });
    expect(await proCard.locator('.plan-change-note').textContent()).toBe(
      'Na betaling gaat proloop meteen in en stopt smartloop; de resterende dagen van smartloop worden niet verrekend.',
    );
    expect(plain(await proCard.locator('.plan-vat').textContent())).toBe(
      'Inclusief 21% btw (€ 65,29 zonder btw)',
    );
    await page.getByRole('button', { name: 'Kies dit plan: proloop' }).click();
    await page.waitForURL(/\/betalen\/simulatie\//);
    await page.getByRole('button', { name: 'Betalen' }).click();
    await page.waitForURL(/\/billing\/return\?/);

    const receipt = page.locator('.receipt');
    await receipt.getByRole('heading', { name: 'Bedankt voor je betaling' }).waitFor();
    const period = billingPeriod(new Date());
    expect(await receipt.locator('.receipt-bought').textContent()).toBe(
      `Je hebt proloop gekocht voor een maand: van ${calendarDayText(calendarDayIso(period.start))} tot en met ${calendarDayText(calendarDayIso(period.end))}.`,
    );
    expect(await receipt.locator('.receipt-change').textContent()).toContain(
      'de resterende dagen van smartloop worden niet verrekend',
    );
    expect(plain(await receipt.locator('.receipt-amount').textContent())).toBe(
      'Bedrag: € 79,00 inclusief 21% btw (€ 65,29 zonder btw en € 13,71 btw).',
    );
    expect(plain(await receipt.locator('.receipt-renewal').textContent())).toBe(
      `Volgende verlenging: ${calendarDayText(calendarDayIso(addMonths(period.start, 1)))}, voor € 79,00.`,
    );
    expect(await receipt.locator('.receipt-unlocked').textContent()).toContain('Bedrijfsanalyse');
    // R-BILL-10's lines stay below it.
    await page.locator('.payment-details').getByText('paid (betaald)', { exact: true }).waitFor();

    const fromReceipt = page.waitForEvent('download');
    await receipt.getByRole('button', { name: /^Factuur LOOP-\d{4}-\d{6} downloaden \(PDF\)$/ }).click();
    const receiptFile = await fromReceipt;
    const number = /factuur-(LOOP-\d{4}-\d{6})\.pdf/.exec(receiptFile.suggestedFilename())?.[1];
    expect(number).toBeDefined();
    const pdf = readPdf(new Uint8Array(await readFile((await receiptFile.path()) as string)));
    const text = pageTexts(pdf)
      .flat()
      .join('\n')
      .replace(/\u00a0/g, ' ');
    expect(pdf.title).toBe(`Factuur ${number}`);
    for (const printed of [
      'Factuur',
      'Proefbetaling: er is geen geld betaald. Dit is geen geldige factuur.',
      'Loop demo-leverancier (geen echt bedrijf)',
      'KvK-nummer: 00000000',
      'Btw-nummer: NL000000000B00',
      'Dorpsstraat 12',
      '1234 AB Ergenshuizen',
      'Btw-nummer: NL812345678B01',
      `Factuurnummer`,
      number!,
      'Factuurdatum',
      calendarDayText(calendarDayIso(period.start)),
      'Loop proloop, abonnement voor een maand',
      'Totaal exclusief btw',
      '€ 65,29',
      'Btw 21%',
      '€ 13,71',
      'Totaal inclusief btw',
      '€ 79,00',
    ])
      expect(text, printed).toContain(printed);

    // Both payments' invoices are listed on the subscription page, newest first, and download there too.
    await page.getByRole('link', { name: 'Naar profiel / abonnement' }).click();
    await page.waitForURL(`${online.url}/dashboard/abonnement`);
    const invoices = page.getByRole('region', { name: 'Tabel met facturen' });
    await invoices.getByText(number!, { exact: true }).waitFor();
    expect(await invoices.locator('tbody tr').count()).toBe(2);
    expect(plain(await invoices.locator('tbody tr').first().textContent())).toContain('€ 79,00');
    const fromList = page.waitForEvent('download');
    await invoices.getByRole('button', { name: `${number} downloaden` }).click();
    const listed = await fromList;
    expect(listed.suggestedFilename()).toBe(`factuur-${number}.pdf`);
    const again = await readFile((await listed.path()) as string);
    expect(again.equals(await readFile((await receiptFile.path()) as string))).toBe(true);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('should refuse a checkout address that is not http(s) and keep the browser here', async () => {
    const { page, context, problems } = await openPage(browser);
    await freshUser(online, page);
    let dialogs = 0;
    page.on('dialog', (dialog) => {
      dialogs++;
      void dialog.dismiss();
    });
    await page.route('**/api/v1/payments/checkout', (route) =>
      route.fulfill({
        status: 201,
        contentType: 'application/json',
        body: JSON.stringify({ checkout_url: 'javascript:alert(1)' }),
      }),
    );
    await openSubscription(page, online, 'basicloop');
    await page.getByRole('button', { name: 'Kies dit plan: smartloop' }).click();
    await toast(page, 'Geen geldige checkout_url ontvangen van de server.').waitFor();
    expect(page.url()).toBe(`${online.url}/dashboard/abonnement`);
    expect(dialogs).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('/profile', () => {
  it('should lead to the subscription screen', async () => {
    const { page, context } = await openPage(browser);
    await freshUser(offline, page);
    await page.goto(`${offline.url}/profile`);
    await page.waitForURL(`${offline.url}/dashboard/abonnement`);
    await page.getByRole('heading', { name: 'Mijn Abonnement' }).waitFor();
    await context.close();
  });
});

describe('/admin/billing', () => {
  it('should list plans, subscriptions and payments, show server field errors and assign a plan', async () => {
    const { page, context, problems } = await openPage(browser);
    await login(page, offline.url, DEMO.admin);
    await page.goto(`${offline.url}/admin`);
    await page.getByRole('link', { name: 'Abonnementen en betalingen' }).click();
    await page.waitForURL(`${offline.url}/admin/billing`);
    const plans = page.getByRole('region', { name: 'Tabel met plannen' });
    await plans.getByText('smartloop').waitFor();
    await page.getByRole('region', { name: 'Tabel met abonnementen' }).waitFor();
    await page.getByRole('region', { name: 'Tabel met betalingen' }).waitFor();

    // A taken name: the server's Dutch error appears at the field.
    await page.getByRole('button', { name: 'Nieuw plan' }).click();
    await page.getByLabel('Naam').fill('smartloop');
    await page.getByLabel('Prijs per maand (euro)').fill('12,50');
    await page.getByRole('button', { name: 'Plan opslaan' }).click();
    await page.locator('#name-error').waitFor();

    const name = `teamloop${Date.now()}`;
    await page.getByLabel('Naam').fill(name);
    await page.getByRole('button', { name: 'Plan opslaan' }).click();
    await plans.getByText(name).waitFor();

    const organisation = await page.evaluate(() => localStorage.getItem('currentOrgId'));
    await page.getByLabel('Organisatie-ID').fill(organisation ?? '1');
    await page.getByLabel('Plan', { exact: true }).selectOption({ label: `${name} (€ 12,50 / maand)` });
    await page.getByRole('button', { name: 'Plan toewijzen' }).click();
    await page.getByRole('region', { name: 'Tabel met abonnementen' }).getByText(name).first().waitFor();
    expect(problems).toEqual([]);
    await context.close();
  });
});

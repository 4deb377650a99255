import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEMO,
  login,
  menuLink,
  openPage,
  type RunningServer,
  startServer,
  useServerAndBrowser,
} from './harness';

const env = useServerAndBrowser();

const apiLogin = async (account: { email: string; password: string }) => {
  const answer = await fetch(`${env.server.url}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  expect(answer.status).toBe(200);
  return (await answer.json()) as { access_token: string; refresh_token: string };
};

describe('registration', () => {
  it('should take a visitor from register through verify and onboarding to the dashboard', async () => {
    const { page, context, problems } = await openPage(env.browser, { width: 390, height: 844 });
    const email = `nieuw-${Date.now()}@voorbeeld.nl`;
    await page.goto(`${env.server.url}/register`);
    await page.getByLabel('Naam').fill('Noor Nieuw');
    await page.getByLabel('E-mailadres').fill(email);
    await page.getByLabel('Wachtwoord').fill('NieuwWachtwoord!1');
    await page.getByRole('button', { name: 'Account aanmaken' }).click();
    await expect.poll(() => page.getByText('Controleer je e-mail').count()).toBeGreaterThan(0);

    // The link opened in the browser that registered signs in: straight on to onboarding.
    await page.goto(await env.server.waitForMailLink('/verify/'));
    await page.waitForURL(`${env.server.url}/onboarding`);
    await expect
      .poll(() => page.getByText('Je e-mailadres is bevestigd. Je bent ingelogd.').count())
      .toBeGreaterThan(0);
    expect(await page.evaluate(() => localStorage.getItem('registration_key'))).toBeNull();

    await page.getByLabel('Naam van je organisatie').fill('Bakkerij Noor');
    await page.getByRole('button', { name: 'Organisatie aanmaken' }).click();
    await page.waitForURL(`${env.server.url}/dashboard`);
    await expect.poll(() => page.getByText('Bakkerij Noor').count()).toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('a confirmation link opened in another browser', () => {
  it('should confirm the address without a session and open the login with the address filled in', async () => {
    const registering = await openPage(env.browser);
    const email = `elders-${Date.now()}@voorbeeld.nl`;
    const skip = (await env.server.mailLinks()).length;
    await registering.page.goto(`${env.server.url}/register`);
    await registering.page.getByLabel('Naam').fill('Eva Elders');
    await registering.page.getByLabel('E-mailadres').fill(email);
    await registering.page.getByLabel('Wachtwoord').fill('EldersWachtwoord!1');
    await registering.page.getByRole('button', { name: 'Account aanmaken' }).click();
    await expect.poll(() => registering.page.getByText('Controleer je e-mail').count()).toBeGreaterThan(0);
    const link = await env.server.waitForMailLink('/verify/', skip);
    await registering.context.close();

    // Another browser (a phone, a colleague's laptop) has no key: no session is made there.
    const { page, context, problems } = await openPage(env.browser);
    await page.goto(link);
    await page.waitForURL(`${env.server.url}/login`);
    await page.getByText('Je e-mailadres is bevestigd. Log in om verder te gaan.').waitFor();
    expect(await page.getByLabel('E-mailadres').inputValue()).toBe(email);
    expect(
      await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('refresh_token')]),
    ).toEqual([null, null]);
    await page.getByLabel('Wachtwoord').fill('EldersWachtwoord!1');
    await page.getByRole('button', { name: 'Inloggen' }).click();
    await page.waitForURL(`${env.server.url}/onboarding`);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('login and logout', () => {
  it('should log in, log out, and keep the dashboard closed afterwards', async () => {
    const { page, context, problems } = await openPage(env.browser);
    await login(page, env.server.url, DEMO.user);
    await expect.poll(() => page.getByText('Demo Organisatie').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Uitloggen' }).click();
    await page.waitForURL(`${env.server.url}/login`);
    expect(
      await page.evaluate(() => [localStorage.getItem('token'), localStorage.getItem('refresh_token')]),
    ).toEqual([null, null]);
    await page.goto(`${env.server.url}/dashboard`);
    await page.waitForURL(`${env.server.url}/login`);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('should show the same message for a wrong password and an unknown address', async () => {
    const { page, context } = await openPage(env.browser);
    const attempt = async (email: string, password: string) => {
      await page.goto(`${env.server.url}/login`);
      await page.getByLabel('E-mailadres').fill(email);
      await page.getByLabel('Wachtwoord').fill(password);
      await page.getByRole('button', { name: 'Inloggen' }).click();
      const alert = page.getByRole('alert').filter({ hasText: 'onjuist' });
      await alert.first().waitFor();
      return alert.first().textContent();
    };
    const wrongPassword = await attempt(DEMO.user.email, 'verkeerd-wachtwoord');
    const unknownAddress = await attempt('niemand@voorbeeld.nl', 'verkeerd-wachtwoord');
    expect(wrongPassword).toBe(unknownAddress);
    await context.close();
  });
});

describe('password reset', () => {
  it('should mail a reset link, set the new password, and log in with it', async () => {
    const { page, context, problems } = await openPage(env.browser);
    const email = `vergeten-${Date.now()}@voorbeeld.nl`;
    const registered = await fetch(`${env.server.url}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Vera Vergeet', email, password: 'OudWachtwoord!1' }),
    });
    expect(registered.status).toBe(201);

    await page.goto(`${env.server.url}/forgot-password`);
    await page.getByLabel('E-mailadres').fill(email);
    await page.getByRole('button', { name: 'Stuur de link' }).click();
    await expect
      .poll(() => page.getByText('Als dit e-mailadres bij ons bekend is').count())
      .toBeGreaterThan(0);

    // Only this test asks for a reset link on this server.
    await page.goto(await env.server.waitForMailLink('/reset-password/'));
    await page.getByLabel('Nieuw wachtwoord', { exact: true }).fill('NieuwWachtwoord!2');
    await page.getByLabel('Herhaal het nieuwe wachtwoord').fill('NieuwWachtwoord!2');
    await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
    await expect.poll(() => page.getByText('Je wachtwoord is gewijzigd.').count()).toBeGreaterThan(0);

    // The reset also confirms the address, so the new password logs straight in.
    await page.goto(`${env.server.url}/login`);
    await page.getByLabel('E-mailadres').fill(email);
    await page.getByLabel('Wachtwoord').fill('NieuwWachtwoord!2');
    await page.getByRole('button', { name: 'Inloggen' }).click();
    await page.waitForURL(`${env.server.url}/onboarding`);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('session lifetime', () => {
  it('should keep working when the access token is rejected, by refreshing silently', async () => {
    const { page, context, problems } = await openPage(env.browser);
    await login(page, env.server.url, DEMO.user);
    const before = await page.evaluate(() => localStorage.getItem('refresh_token'));
    // A token with a valid shape and a far expiry but a signature the server rejects: the next
    // call gets 401, the client refreshes once and retries.
    await page.evaluate(() => {
      const part = (value: object) =>
        btoa(JSON.stringify(value)).replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
      const exp = Math.floor(Date.now() / 1000) + 3600;
      localStorage.setItem(
        'token',
        `${part({ alg: 'HS256', typ: 'JWT' })}.${part({ sub: '1', sid: 'x', is_admin: false, exp })}.AAAA`,
      );
    });
    await (await menuLink(page, 'Profiel')).click();
    await page.waitForURL(`${env.server.url}/profiel`);
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Naam', exact: true }).inputValue())
      .toBe('Daan Demo');
    // The profile screen shows the cached user at once and re-reads it; that call meets the 401.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('refresh_token')), { timeout: 10_000 })
      .not.toBe(before);
    expect(page.url()).toBe(`${env.server.url}/profiel`);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('should end on the login screen when the session is revoked elsewhere (419)', async () => {
    const { page, context } = await openPage(env.browser);
    await login(page, env.server.url, DEMO.user);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.waitForLoadState('networkidle');
    expect(page.url()).toBe(`${env.server.url}/dashboard`);
    const refresh = await page.evaluate(() => localStorage.getItem('refresh_token'));
    const answer = await fetch(`${env.server.url}/api/v1/auth/logout`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ refresh_token: refresh }),
    });
    expect(answer.status).toBe(204);
    // The next call the open app makes (here: the profile screen's) meets the revoked session.
    await page.evaluate(() => {
      history.pushState(null, '', '/profiel');
      dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForURL(`${env.server.url}/login`);
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
    await context.close();
  });
});

describe('routing', () => {
  it('should send an unknown path to the login screen without a token and to the dashboard with one', async () => {
    const { page, context } = await openPage(env.browser);
    await page.goto(`${env.server.url}/bestaat-niet`);
    await page.waitForURL(`${env.server.url}/login`);
    await login(page, env.server.url, DEMO.user);
    await page.goto(`${env.server.url}/bestaat-niet/ook-niet`);
    await page.waitForURL(`${env.server.url}/dashboard`);
    await context.close();
  });

  it('should redirect a normal user from an admin page to the dashboard and let an admin in', async () => {
    const normal = await openPage(env.browser);
    await login(normal.page, env.server.url, DEMO.user);
    await normal.page.goto(`${env.server.url}/admin`);
    await normal.page.waitForURL(`${env.server.url}/dashboard`);
    await normal.context.close();

    const admin = await openPage(env.browser);
    await login(admin.page, env.server.url, DEMO.admin);
    await admin.page.goto(`${env.server.url}/admin`);
    await expect.poll(() => admin.page.getByRole('heading', { name: 'Beheer' }).count()).toBeGreaterThan(0);
    expect(admin.page.url()).toBe(`${env.server.url}/admin`);
    await admin.context.close();
  });
});

describe('cookie banner', () => {
  for (const [button, stored] of [
    ['Accepteren', 'accepted'],
    ['Weigeren', 'declined'],
  ] as const) {
    it(`should store '${stored}' after '${button}' and stay hidden after a reload`, async () => {
      const { page, context } = await openPage(env.browser);
      await page.goto(`${env.server.url}/login`);
      const banner = page.getByText('We gebruiken cookies om uw ervaring te verbeteren.');
      await banner.waitFor();
      expect(
        await page
          .getByRole('link', { name: /privacy/i })
          .first()
          .getAttribute('href'),
      ).toBe('/privacybeleid');
      await page.getByRole('button', { name: button }).click();
      await banner.waitFor({ state: 'detached' });
      expect(await page.evaluate(() => localStorage.getItem('cookie_consent_app'))).toBe(stored);
      await page.reload();
      await page.getByRole('button', { name: 'Inloggen' }).waitFor();
      expect(await banner.count()).toBe(0);
      await context.close();
    });
  }
});

describe('branding', () => {
  it('should apply the organisation colour and logo with a cache-busting version', async () => {
    const tokens = await apiLogin(DEMO.admin);
    const headers = { authorization: `Bearer ${tokens.access_token}` };
    const patch = await fetch(`${env.server.url}/api/v1/branding/mine`, {
      method: 'PATCH',
      headers: { ...headers, 'content-type': 'application/json' },
      body: JSON.stringify({ primary_color: '#b91c1c' }),
    });
    expect(patch.status).toBe(200);
    // A 1×1 PNG.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const form = new FormData();
    form.append('file', new Blob([png], { type: 'image/png' }), 'logo.png');
    const upload = await fetch(`${env.server.url}/api/v1/branding/logo`, {
      method: 'POST',
      headers,
      body: form,
    });
    expect(upload.status).toBe(200);

    const { page, context, problems } = await openPage(env.browser);
    await login(page, env.server.url, DEMO.user);
    await expect
      .poll(() =>
        page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--brand').trim()),
      )
      .toBe('#b91c1c');
    const logo = page.getByRole('banner').getByRole('img').first();
    await expect.poll(async () => (await logo.getAttribute('src')) ?? '').toMatch(/^\/uploads\/.+\?v=.+/);
    // The new src may still be loading: wait for the decoded 1×1 image.
    await expect.poll(() => logo.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('access token expiry while the app is open', () => {
  let shortLived: RunningServer;
  let clockFile: string;
  beforeAll(async () => {
    clockFile = join(await mkdtemp(join(tmpdir(), 'loop-clock-')), 'offset');
    await writeFile(clockFile, '0');
    // 65 s tokens: long enough that the guard (which refreshes under 60 s left) leaves a fresh
    // token alone, short enough that the background refresh (30 s before expiry) runs after 35 s.
    shortLived = await startServer({ ACCESS_TOKEN_TTL_SECONDS: '65', TEST_CLOCK_FILE: clockFile });
  });
  afterAll(async () => {
    await shortLived?.stop();
    if (clockFile) await rm(dirname(clockFile), { recursive: true, force: true });
  });

  /** The `iat` claim (seconds) of an access token. */
  const issuedAt = (token: string | null): number =>
    (JSON.parse(Buffer.from(token?.split('.')[1] ?? '', 'base64url').toString('utf8')) as { iat: number })
      .iat;

  /** A token the server issues now: its `iat` is the server's clock. */
  const serverNow = async (): Promise<number> => {
    const answer = await fetch(`${shortLived.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(DEMO.user),
    });
    return issuedAt(((await answer.json()) as { access_token: string }).access_token);
  };

  it('should refresh in the background before expiry and keep the user on their screen', async () => {
    const { page, context, problems } = await openPage(env.browser);
    // The browser's clock and the server's move 36 s on together instead of the test waiting 36 s.
    await page.clock.install();
    let refreshes = 0;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/v1/auth/refresh')) refreshes += 1;
    });
    await login(page, shortLived.url, DEMO.user);
    const first = await page.evaluate(() => localStorage.getItem('token'));
    expect(refreshes).toBe(0);

    // The server's clock first (a refresh after the jump is issued then), then the browser's, which
    // fires the background timer (due 35 s after the token was issued).
    await writeFile(clockFile, '36000');
    await expect.poll(async () => (await serverNow()) - issuedAt(first)).toBeGreaterThanOrEqual(36);
    await page.clock.fastForward(36_000);
    await expect.poll(() => page.evaluate(() => localStorage.getItem('token'))).not.toBe(first);
    const second = await page.evaluate(() => localStorage.getItem('token'));
    expect(refreshes).toBe(1);
    // Issued after the jump, with nothing done on the page: the background timer did it, not a guard check.
    expect(issuedAt(second) - issuedAt(first)).toBeGreaterThanOrEqual(36);
    expect(page.url()).toBe(`${shortLived.url}/dashboard`);
    await (await menuLink(page, 'Profiel')).click();
    await page.waitForURL(`${shortLived.url}/profiel`);
    await expect
      .poll(() => page.getByRole('textbox', { name: 'Naam', exact: true }).inputValue())
      .toBe('Daan Demo');
    expect(refreshes).toBe(1);
    expect(problems).toEqual([]);
    await context.close();
  });
});

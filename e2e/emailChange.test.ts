import { describe, expect, it } from 'vitest';
import { DEMO, login, openPage, useServerAndBrowser } from './harness';

/**
 * Changing the e-mail address in Chromium against a real server: asked with the current password,
 * confirmed from the new mailbox (only then the new address is the login), and undone from the old
 * mailbox, which puts the old address back and ends the session.
 */
const env = useServerAndBrowser();

describe('changing the e-mail address', () => {
  it('should confirm from the new mailbox and undo from the old one', async () => {
    const { page, context, problems } = await openPage(env.browser, { width: 390, height: 844 });
    await login(page, env.server.url, DEMO.user);
    await page.goto(`${env.server.url}/profiel`);
    const newEmail = `daan-${Date.now()}@voorbeeld.nl`;

    await page.getByLabel('Nieuw e-mailadres').fill(newEmail);
    await page.getByLabel('Huidig wachtwoord').first().fill('niet-mijn-wachtwoord');
    await page.getByRole('button', { name: 'Bevestigingslink sturen' }).click();
    await expect.poll(() => page.getByText('Je huidige wachtwoord klopt niet.').count()).toBeGreaterThan(0);

    const skip = (await env.server.mailLinks()).length;
    await page.getByLabel('Huidig wachtwoord').first().fill(DEMO.user.password);
    await page.getByRole('button', { name: 'Bevestigingslink sturen' }).click();
    await expect
      .poll(() => page.getByText(`Wacht op bevestiging van ${newEmail}.`, { exact: false }).count())
      .toBe(1);

    // The new mailbox confirms: from now on the new address is the login.
    await page.goto(await env.server.waitForMailLink('/email-bevestigen/', skip));
    await expect
      .poll(() => page.getByText('Je nieuwe e-mailadres is bevestigd.', { exact: false }).count())
      .toBe(1);
    await page.goto(`${env.server.url}/profiel`);
    await expect.poll(() => page.getByText(newEmail).count()).toBeGreaterThan(0);

    // The old mailbox got a notice with the way back; it waits for a click.
    await page.goto(await env.server.waitForMailLink('/email-herstellen/', skip));
    await page.getByRole('button', { name: 'Mijn oude adres terugzetten' }).click();
    // This browser was signed in: the session ended here too, and the notice goes along to the login page.
    await page.waitForURL(`${env.server.url}/login`);
    await expect
      .poll(() => page.getByText('Je oude e-mailadres is teruggezet', { exact: false }).count())
      .toBeGreaterThan(0);

    const withNew = await fetch(`${env.server.url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: newEmail, password: DEMO.user.password }),
    });
    expect(withNew.status).toBe(401);
    await login(page, env.server.url, DEMO.user);
    expect(problems).toEqual([]);
    await context.close();
  });
});

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { winAnsiText } from '../packages/adapters/src/pdf/winAnsiText';
import { pageTexts, readPdf } from '../packages/adapters/src/testing/readPdf';
import { seriousViolations } from './axe';
import { DEMO, holdRequests, login, openPage, ROOT, scriptRequests, useServerAndBrowser } from './harness';

/**
 * /bedrijfsanalyse in Chromium against a real server (R-ANALYSIS-2, R-ANALYSIS-4, R-ANALYSIS-6, R-ANALYSIS-10): the demo organisation
 * (proloop, with 'business') makes an analysis, prints only the report, downloads the PDF (read
 * back from its bytes) and the Markdown, and shows it again after a reload; jsPDF arrives only with the
 * PDF button. A new organisation on basicloop is sent to the dashboard; on a plan with 'business'
 * but without data it gets the server's real 400, and 403 and 504 show their exact banners.
 */
const env = useServerAndBrowser();

const BANNERS = {
  403: 'AI-analyse is niet beschikbaar voor dit abonnement.',
  400: "Onvoldoende data voor analyse. Voeg eerst surveys of KPI's toe.",
  504: 'De analyse duurt te lang. Probeer het later opnieuw.',
} as const;
const PDF_FAILED = 'Er ging iets mis bij het genereren van de PDF. Probeer het opnieuw.';
const CREATE = '**/api/v1/organization/business-analysis';

/** The Netherlands' calendar day as the file name ('2026-11-26') and the cover ('26 november 2026') give it. */
const today = () => {
  const now = new Date();
  return {
    iso: now.toLocaleDateString('sv-SE', { timeZone: 'Europe/Amsterdam' }),
    long: now.toLocaleDateString('nl-NL', {
      timeZone: 'Europe/Amsterdam',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
    }),
  };
};

const isJsPdf = (path: string) => /jspdf/i.test(path);

const createButton = (page: Page) => page.locator('.analysis-header button');

async function api<T>(method: string, path: string, token?: string, body?: unknown, orgId?: number) {
  const answer = await fetch(`${env.server.url}/api/v1${path}`, {
    method,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(orgId ? { 'x-organization-id': String(orgId) } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await answer.text();
  if (!answer.ok) throw new Error(`${method} ${path}: ${answer.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

describe('business analysis with the business feature', () => {
  it('should make an analysis, print only the report, download PDF and MD, and show it again after a reload', async () => {
    const { page, context, problems } = await openPage(env.browser);
    const scripts = scriptRequests(page);
    await login(page, env.server.url, DEMO.admin);
    // The admin's menu is full at 1280 px: the dashboard's card leads to the analysis.
    await page.locator('a.card[href="/bedrijfsanalyse"]').click();
    await page.waitForURL(`${env.server.url}/bedrijfsanalyse`);
    await page.getByRole('heading', { level: 1, name: 'Bedrijfsanalyse' }).waitFor();
    expect(await page.getByRole('link', { name: 'Terug naar dashboard' }).getAttribute('href')).toBe(
      '/dashboard',
    );
    await expect
      .poll(() => page.locator('.analysis-header .lead').textContent())
      .toMatch(/^Gebaseerd op \d+ KPI's en \d+ surveys$/);
    await page.getByRole('heading', { name: 'Er is nog geen analyse beschikbaar' }).waitFor();
    expect(await page.locator('.analysis-empty').textContent()).toContain("Klik op 'Maak Analyse'");
    expect(await page.locator('.analysis-content').evaluate((el) => getComputedStyle(el).minHeight)).toBe(
      `${Math.round(800 / 2)}px`,
    );

    // Loading: the button is disabled and says so, until the server's answer arrives.
    const held = await holdRequests(page, CREATE);
    const answered = page.waitForResponse((response) => response.url().endsWith('/business-analysis'));
    await createButton(page).click();
    await expect.poll(() => createButton(page).textContent()).toBe('Bezig met analyseren...');
    expect(await createButton(page).isDisabled()).toBe(true);
    await held.release();
    const made = (await (await answered).json()) as {
      analysis: string;
      metadata: { organization: { name: string }; generated_at: string; data_points: { kpis: number } };
    };
    await page.locator('.analysis-generated', { hasText: 'Zojuist gegenereerd' }).waitFor();
    expect(await createButton(page).textContent()).toBe('Maak Analyse');
    expect(await createButton(page).isDisabled()).toBe(false);
    expect(made.metadata.organization.name).toBe('Demo Organisatie');
    const report = page.locator('.analysis-report');
    // The report shows once the sanitiser (DOMPurify, its own chunk) has arrived.
    await report.locator('h1, h2').first().waitFor();
    expect(await report.locator('script, style, [style], img').count()).toBe(0);
    expect(await page.locator('.analysis-toolbar button').allTextContents()).toEqual(['Print', 'PDF', 'MD']);

    // Print: only the report (no header, menu, toolbar or list).
    await page.emulateMedia({ media: 'print' });
    // innerText, not textContent: what is rendered, so what print media hides is left out.
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point
    const printed = await page.evaluate(() => document.body.innerText.trim());
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text, as above
    expect(printed).toBe((await report.innerText()).trim());
    for (const chrome of [
      'header.site-header',
      '.analysis-header',
      '.analysis-toolbar',
      '.analysis-earlier',
    ]) {
      expect(await page.locator(chrome).isVisible(), chrome).toBe(false);
    }
    await page.emulateMedia({ media: 'screen' });
    expect(await page.locator('.analysis-toolbar').isVisible()).toBe(true);

    // PDF: jsPDF was not part of the page until now; while it loads the button reads 'PDF...'.
    expect(scripts.filter(isJsPdf)).toEqual([]);
    const engine = await holdRequests(page, '**/*jspdf*');
    const pdfDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'PDF', exact: true }).click();
    await expect.poll(() => page.locator('.analysis-toolbar button').nth(1).textContent()).toBe('PDF...');
    expect(await page.locator('.analysis-toolbar button').nth(1).isDisabled()).toBe(true);
    await engine.release();
    const pdfFile = await pdfDownload;
    const day = today();
    expect(pdfFile.suggestedFilename()).toBe(`bedrijfsanalyse-demo-organisatie-${day.iso}.pdf`);
    expect(scripts.filter(isJsPdf).length).toBeGreaterThan(0);
    const pdf = readPdf(new Uint8Array(await readFile((await pdfFile.path()) as string)));
    const texts = pageTexts(pdf);
    expect(pdf.pages.length).toBeGreaterThan(1);
    for (const [index, pdfPage] of pdf.pages.entries()) {
      expect(pdfPage.mediaBox).toEqual([0, 0, 595.28, 841.89]);
      expect(texts[index]).toContain(`Pagina ${index + 1} van ${pdf.pages.length}`);
    }
    expect(texts[0]).toContain('Bedrijfsanalyse Rapport');
    expect(texts[0]?.join('\n')).toContain(day.long);
    // The cover carries a logo (the default one's PNG: the demo organisation has none of its own).
    expect(pdf.pages[0]?.images).toBe(1);
    await page.getByRole('button', { name: 'PDF', exact: true }).waitFor();

    // Markdown: the report as it came.
    const mdDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'MD', exact: true }).click();
    const mdFile = await mdDownload;
    expect(mdFile.suggestedFilename()).toBe(`bedrijfsanalyse-demo-organisatie-${day.iso}.md`);
    expect(await readFile((await mdFile.path()) as string, 'utf8')).toBe(made.analysis);

    // axe on the result, on a desktop and a phone.
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.setViewportSize({ width: 1280, height: 800 });

    // After a reload the page opens on this analysis, the newest, as it was made ('Gegenereerd op …',
    // not the empty state); it is the first of the earlier ones, marked as the one shown.
    await page.reload();
    await page.locator('.analysis-generated', { hasText: 'Gegenereerd op' }).waitFor();
    expect(await page.locator('.analysis-empty').count()).toBe(0);
    const first = page.locator('.analysis-earlier-list li').first();
    await first.getByText('Wordt getoond').waitFor();
    const generated = await page.locator('.analysis-generated').textContent();
    expect(generated).toMatch(new RegExp(`^Gegenereerd op ${day.long} om \\d{2}:\\d{2}$`));
    // biome-ignore lint/performance/useDomNodeTextContent: compared with the printed text
    expect((await report.innerText()).trim()).toBe(printed);
    expect(await first.getAttribute('aria-current')).toBe('true');
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);

  it("should alert R-ANALYSIS-7's text when the PDF engine cannot be loaded", async () => {
    const { page, context, problems } = await openPage(env.browser);
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(`${dialog.type()}: ${dialog.message()}`);
      void dialog.dismiss();
    });
    await login(page, env.server.url, DEMO.admin);
    // The page opens on the organisation's latest analysis.
    await page.goto(`${env.server.url}/bedrijfsanalyse`);
    await page.locator('.analysis-report').waitFor();
    await page.route('**/*jspdf*', (route) => route.abort());
    await page.getByRole('button', { name: 'PDF', exact: true }).click();
    await expect.poll(() => dialogs).toEqual([`alert: ${PDF_FAILED}`]);
    await page.getByRole('button', { name: 'PDF', exact: true }).waitFor();
    // A failed chunk is reported by the browser, not by the page: nothing else went wrong.
    expect(problems).toEqual([]);
    await context.close();
  });
});

describe('business analysis without the business feature or without data', () => {
  it('should redirect basicloop, show the real 400 on a plan with business, and the exact 403 and 504 banners', async () => {
    const { page, context, problems } = await openPage(env.browser);
    const email = `analyse-${Date.now()}@voorbeeld.nl`;
    const password = 'AnalyseWachtwoord!1';

    // Register, verify through the mail, sign in and create an organisation (on basicloop).
    const skip = (await env.server.mailLinks()).length;
    await page.goto(`${env.server.url}/register`);
    await page.getByLabel('Naam').fill('Ada Analyse');
    await page.getByLabel('E-mailadres').fill(email);
    await page.getByLabel('Wachtwoord').fill(password);
    await page.getByRole('button', { name: 'Account aanmaken' }).click();
    // The link opened in the browser that registered signs in.
    await page.goto(await env.server.waitForMailLink('/verify/', skip));
    await page.waitForURL(`${env.server.url}/onboarding`);
    await page.getByLabel('Naam van je organisatie').fill('Lege Analyse BV');
    await page.getByRole('button', { name: 'Organisatie aanmaken' }).click();
    await page.waitForURL(`${env.server.url}/dashboard`);

    // basicloop: sent back to the dashboard, and nothing links to the analysis.
    await page.goto(`${env.server.url}/bedrijfsanalyse`);
    await page.waitForURL(`${env.server.url}/dashboard`);
    await page.getByRole('heading', { level: 1, name: 'Welkom, Ada Analyse' }).waitFor();
    expect(await page.locator('a[href="/bedrijfsanalyse"]').count()).toBe(0);

    // A free plan with 'business' (made by the admin), chosen by the new organisation's owner.
    const admin = await api<{ access_token: string }>('POST', '/auth/login', undefined, DEMO.admin);
    const plan = await api<{ id: number }>('POST', '/admin/plans', admin.access_token, {
      name: `analyseloop${Date.now()}`,
      price_per_month: 0,
      feature_keys: ['core', 'business'],
    });
    const owner = await api<{ access_token: string }>('POST', '/auth/login', undefined, { email, password });
    const me = await api<{ organizations: Array<{ id: number }> }>('GET', '/users/me', owner.access_token);
    const orgId = me.organizations[0]?.id;
    await api('POST', '/user-subscriptions', owner.access_token, { plan_id: plan.id }, orgId);

    await page.goto(`${env.server.url}/bedrijfsanalyse`);
    await page.getByRole('heading', { level: 1, name: 'Bedrijfsanalyse' }).waitFor();
    await expect
      .poll(() => page.locator('.analysis-header .lead').textContent())
      .toBe("Gebaseerd op 0 KPI's en 0 surveys");
    const banner = page.locator('.alert-error[role="alert"]');

    // The real server: no KPIs and no surveys with responses.
    await createButton(page).click();
    await expect.poll(() => banner.textContent()).toBe(BANNERS[400]);

    // 403 and 504 as the server would send them; each new request clears the banner before it.
    for (const status of [403, 504] as const) {
      let answer!: () => void;
      const arrived = new Promise<void>((done) => (answer = done));
      await page.route(CREATE, async (route) => {
        await arrived;
        await route.fulfill({
          status,
          contentType: 'application/json',
          body: JSON.stringify({ detail: status === 403 ? BANNERS[403] : 'Gateway Timeout' }),
        });
      });
      await createButton(page).click();
      await expect.poll(() => banner.count()).toBe(0);
      answer();
      await expect.poll(() => banner.textContent()).toBe(BANNERS[status]);
      await page.unroute(CREATE);
    }
    expect(await page.locator('.analysis-report').count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);
});

describe('a hostile report', () => {
  it('should show it without a single Content Security Policy report or script, and print only what it shows in the PDF', async () => {
    const { page, context, problems } = await openPage(env.browser);
    const policyReports: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) policyReports.push(message.text());
    });
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    // Every payload of DOMPurify's own suite, 500 images with an error handler each, and what the
    // old PDF printed although the sanitiser removed it: a script's body, an iframe's srcdoc, a
    // javascript: link's address. A language model's answer can hold any of it.
    const vectors = JSON.parse(
      await readFile(join(ROOT, 'packages/adapters/src/dom/testdata/dompurify-vectors.json'), 'utf8'),
    ) as Array<{ payload: string }>;
    const handlers = Array.from(
      { length: 500 },
      (_, i) => `<img src="x${i}" onerror="window.__ran = (window.__ran || 0) + 1">`,
    ).join('');
    const report = [
      '# Vijandig rapport',
      '',
      `Begin ${handlers} einde.`,
      '',
      'Voor <script>window.__ran = "scriptbody"</script> na.',
      '',
      'Hier <iframe srcdoc="<p>verborgen srcdoc</p>"></iframe> ook.',
      '',
      '[klik](javascript:alert(1)) en [Loop](https://loop.example)',
      '',
      ...vectors.map((vector) => vector.payload),
    ].join('\n');
    const generatedAt = new Date().toISOString();
    // The organisation's latest analysis, as a language model might have written it.
    await page.route('**/api/v1/organization/business-analysis', (route) =>
      route.request().method() === 'GET'
        ? route.fulfill({
            status: 200,
            contentType: 'application/json',
            body: JSON.stringify({
              latest: {
                id: 999_999,
                analysis: report,
                metadata: {
                  organization: { name: 'Demo Organisatie' },
                  data_points: { kpis: 1, surveys: 1 },
                  generated_at: generatedAt,
                },
              },
            }),
          })
        : route.continue(),
    );
    await login(page, env.server.url, DEMO.admin);
    await page.goto(`${env.server.url}/bedrijfsanalyse`);
    const shown = page.locator('.analysis-report');
    await shown.getByRole('heading', { name: 'Vijandig rapport' }).waitFor();
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as { __ran?: unknown }).__ran)).toBeUndefined();
    expect(dialogs).toEqual([]);
    expect(policyReports).toEqual([]);
    expect(await shown.locator('img, script, iframe, [onerror]').count()).toBe(0);

    // The PDF: only text the screen shows.
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'PDF', exact: true }).click();
    const pdf = readPdf(new Uint8Array(await readFile((await (await download).path()) as string)));
    const body = pageTexts(pdf)
      .slice(1)
      .flatMap((lines) => lines.slice(0, -1))
      .join(' ');
    expect(body).toContain('Vijandig rapport');
    expect(body).toContain('Voor na.');
    expect(body).toContain('klik en Loop (https://loop.example)');
    expect(body).not.toMatch(/scriptbody|srcdoc|javascript:|onerror|__ran/);
    // As the PDF's Helvetica can draw it (characters outside WinAnsi become '?').
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what the PDF must match
    const screen = winAnsiText(await shown.innerText()).replace(/\s+/g, '');
    const addresses = await shown
      .locator('a[href]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
    for (const line of pageTexts(pdf)
      .slice(1)
      .flatMap((lines) => lines.slice(0, -1))) {
      if (/^(?:•|\d+\.)$/.test(line)) continue;
      let text = line;
      for (const address of addresses) text = text.replaceAll(`(${address})`, '');
      expect(screen, line).toContain(text.replace(/\s+/g, ''));
    }
    expect(policyReports).toEqual([]);
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);
});

import { describe, expect, it } from 'vitest';
import { seriousViolations } from './axe';
import { DEMO, login, openPage, useServerAndBrowser } from './harness';

/**
 * Summaries of open answers (plan feature 'ai') in Chromium against a real server: the demo
 * organisation (proloop, which has 'ai') summarises the open question of its employee survey and
 * sees themes with counts and quotes made by the built-in summariser; moved to basicloop it sees no
 * button, the question's page names the plan that has it, and the server refuses with its Dutch 403.
 */
const env = useServerAndBrowser();

async function api<T>(method: string, path: string, token?: string, body?: unknown, orgId?: number) {
  const answer = await fetch(`${env.server.url}/api/v1${path}`, {
    method,
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(orgId ? { 'x-organization-id': String(orgId) } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await answer.text();
  return { status: answer.status, body: (text ? JSON.parse(text) : undefined) as T };
}

/** The demo owner's token, organisation and the employee survey's id. */
async function demo() {
  const { body: session } = await api<{ access_token: string }>('POST', '/auth/login', undefined, DEMO.admin);
  const token = session.access_token;
  const { body: me } = await api<{ organizations: Array<{ id: number }> }>('GET', '/users/me', token);
  const orgId = me.organizations[0]?.id as number;
  const { body: surveys } = await api<{ items: Array<{ id: number; title: string }> }>(
    'GET',
    '/surveys?q=Medewerkerstevredenheid',
    token,
    undefined,
    orgId,
  );
  return { token, orgId, surveyId: surveys.items[0]?.id as number };
}

const QUESTION = 'mtv-verbeter';

describe('summaries of open answers', () => {
  it("should summarise the demo survey's open question into themes with counts and quotes, and without 'ai' offer no button", async () => {
    const { token, orgId, surveyId } = await demo();
    const { page, context, problems } = await openPage(env.browser);
    await login(page, env.server.url, DEMO.admin);
    await page.goto(`${env.server.url}/survey/${surveyId}`);
    const block = page.locator(`[data-question-id="${QUESTION}"]`);
    const summarise = block.getByRole('button', { name: 'Vat samen' });
    await summarise.waitFor();
    // Only the open question has one.
    expect(await page.getByRole('button', { name: 'Vat samen' }).count()).toBe(1);

    const answered = page.waitForResponse((response) =>
      response.url().includes(`/questions/${QUESTION}/summary`),
    );
    await summarise.click();
    const response = await answered;
    expect(response.status()).toBe(200);
    const summary = (await response.json()) as {
      analyst: string;
      answers_total: number;
      themes: Array<{ label: string; count: number; quotes: string[] }>;
    };
    expect(summary.analyst).toBe('builtin');
    expect(summary.themes.length).toBeGreaterThan(2);

    const themes = block.locator('.summary-theme');
    await expect.poll(() => themes.count()).toBe(summary.themes.length);
    const first = summary.themes[0] as { label: string; count: number; quotes: string[] };
    expect(await themes.first().locator('.summary-theme-label').textContent()).toBe(first.label);
    expect(await themes.first().locator('.summary-theme-count').textContent()).toMatch(
      new RegExp(`^${first.count} antwoorden \\(\\d+%\\)$`),
    );
    expect(await themes.first().locator('blockquote').allTextContents()).toEqual(first.quotes);
    expect(await block.locator('[data-testid="summary-basis"]').textContent()).toBe(
      `Gebaseerd op ${summary.answers_total} antwoorden.`,
    );
    expect(await block.locator('.summary-made-by').textContent()).toContain('Gemaakt door Loop zelf');
    expect(await block.getByRole('button', { name: 'Opnieuw samenvatten' }).isEnabled()).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);

    // The question's own page summarises too, over its period.
    await page.goto(`${env.server.url}/survey/${surveyId}/question/${QUESTION}`);
    await page.getByRole('button', { name: 'Vat samen' }).click();
    await expect.poll(() => page.locator('.summary-theme').count()).toBe(summary.themes.length);

    // On basicloop (free, so the owner switches at once) there is no 'ai': no button anywhere.
    const { body: plans } = await api<Array<{ id: number; name: string }>>('GET', '/plans', token);
    const basic = plans.find((plan) => plan.name === 'basicloop');
    expect(
      (await api('POST', '/user-subscriptions', token, { plan_id: basic?.id }, orgId)).status,
    ).toBeLessThan(300);
    await page.goto(`${env.server.url}/survey/${surveyId}`);
    await block.locator('.answer-text').first().waitFor();
    await page.locator('.question-result').first().waitFor();
    expect(await page.getByRole('button', { name: 'Vat samen' }).count()).toBe(0);
    await page.goto(`${env.server.url}/survey/${surveyId}/question/${QUESTION}`);
    const hint = page.locator('.answer-summary-upgrade');
    await hint.waitFor();
    expect((await hint.textContent())?.replace(/\s+/g, ' ')).toBe(
      'Samenvatting van de antwoorden: zit niet in je abonnement, wel in proloop. Mijn Abonnement',
    );
    expect(await page.getByRole('button', { name: 'Vat samen' }).count()).toBe(0);
    const refused = await api(
      'POST',
      `/surveys/${surveyId}/questions/${QUESTION}/summary`,
      token,
      undefined,
      orgId,
    );
    expect(refused).toEqual({
      status: 403,
      body: { detail: 'AI-inzichten zijn niet beschikbaar voor dit abonnement.' },
    });
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);
});

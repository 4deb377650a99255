import type { Question, Survey, SurveyLogic } from '@loop/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO, launchBrowser, login, openPage, type RunningServer, startServer } from './harness';
import {
  type DemoApi,
  demoApi,
  everyTypeSurvey,
  openSurvey,
  personalLinks,
  publicToken,
} from './respondFixtures';

/**
 * Survey logic (issue 26) in Chromium against a real server: a hidden field from the public link
 * shows a question, a jump ends on one of two end screens, the page counts along the path, and the
 * server refuses a forged answer to a question the path hid.
 */
let server: RunningServer;
let browser: Browser;
let api: DemoApi;

beforeAll(async () => {
  [server, browser] = await Promise.all([startServer(), launchBrowser()]);
  api = await demoApi(server);
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const PHONE = { width: 390, height: 844 };

const QUESTIONS: Question[] = [
  {
    id: 'q-tevreden',
    type: 'rating',
    title: 'Hoe tevreden ben je over je werk?',
    required: true,
    position: 0,
    settings: { scale: 5, style: 'numbers' },
  },
  {
    id: 'q-verkoop',
    type: 'open_short',
    title: 'Wat kan beter in de verkoop?',
    required: true,
    position: 1,
    settings: { max_length: 200 },
  },
  {
    id: 'q-overwerk',
    type: 'single_choice',
    title: 'Werk je vaak over?',
    required: true,
    position: 2,
    settings: {
      options: [
        { id: 'o-ja', label: 'Ja' },
        { id: 'o-nee', label: 'Nee' },
      ],
      allow_other: false,
    },
  },
  {
    id: 'q-helpen',
    type: 'open_long',
    title: 'Wat zou je helpen?',
    required: true,
    position: 3,
    settings: { max_length: 2000 },
  },
];

const LOGIC: SurveyLogic = {
  hidden_fields: ['afdeling'],
  end_screens: [
    { id: 'e-goed', text: 'Fijn dat het goed gaat!' },
    { id: 'e-contact', text: 'Dank je, we gaan ermee aan de slag.', redirect_url: 'https://example.org/' },
  ],
  rules: [
    {
      id: 'r-verkoop',
      action: 'show',
      question_id: 'q-verkoop',
      when: {
        match: 'all',
        conditions: [{ source: 'hidden_field', name: 'afdeling', operator: 'equals', value: 'Verkoop' }],
      },
    },
    {
      id: 'r-geen-overwerk',
      action: 'jump',
      from_question_id: 'q-overwerk',
      to: { end_screen_id: 'e-goed' },
      when: {
        match: 'all',
        conditions: [{ source: 'question', question_id: 'q-overwerk', operator: 'equals', value: 'o-nee' }],
      },
    },
    {
      id: 'r-helpen',
      action: 'jump',
      from_question_id: 'q-helpen',
      to: { end_screen_id: 'e-contact' },
      when: {
        match: 'all',
        conditions: [{ source: 'question', question_id: 'q-helpen', operator: 'answered' }],
      },
    },
  ],
};

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

async function next(page: Page) {
  await page.getByRole('button', { name: 'Volgende' }).click();
}

describe('survey logic on the answering page', () => {
  it('should follow the branch of the link, end on the right end screen, and refuse a forged answer', async () => {
    const survey = await openSurvey(
      api,
      everyTypeSurvey({ title: 'Werkdruk per afdeling', questions: QUESTIONS, logic: LOGIC }),
    );
    const token = await publicToken(api, survey.id);

    // Sales, through the public link's hidden field: the sales question is on the path.
    const sales = await openPage(browser, PHONE);
    await sales.page.goto(`${server.url}/respond/${token}?afdeling=Verkoop&onbekend=x`);
    await sales.page.getByRole('button', { name: 'Starten' }).click();
    await sales.page.getByText('Vraag 1 van 4').waitFor();
    await sales.page.getByRole('radio', { name: '4', exact: true }).check();
    await next(sales.page);
    await expect.poll(() => heading(sales.page).textContent()).toContain('Wat kan beter in de verkoop?');
    await sales.page.getByText('Vraag 2 van 4').waitFor();
    await sales.page.getByRole('textbox').fill('Snellere offertes');
    await next(sales.page);
    await sales.page.getByRole('radio', { name: 'Ja' }).check();
    await next(sales.page);
    await sales.page.getByText('Vraag 4 van 4').waitFor();
    await sales.page.getByRole('textbox').fill('Minder vergaderen.');
    await sales.page.getByRole('button', { name: 'Versturen' }).click();
    await sales.page.getByText('Dank je, we gaan ermee aan de slag.').waitFor();
    const onward = sales.page.getByRole('link', { name: 'Doorgaan' });
    expect(await onward.getAttribute('href')).toBe('https://example.org/');
    expect(sales.problems).toEqual([]);
    await sales.context.close();

    // A personal link without the field: the sales question is skipped, 'Nee' ends on the other screen.
    const [personal] = await personalLinks(api, survey.id);
    const other = await openPage(browser, PHONE);
    await other.page.goto(`${server.url}/respond/${personal}`);
    await other.page.getByRole('button', { name: 'Starten' }).click();
    await other.page.getByText('Vraag 1 van 3').waitFor();
    await other.page.getByRole('radio', { name: '2', exact: true }).check();
    await next(other.page);
    await expect.poll(() => heading(other.page).textContent()).toContain('Werk je vaak over?');
    await other.page.getByRole('radio', { name: 'Nee' }).check();
    // The jump makes this the last question of the path.
    await other.page.getByRole('button', { name: 'Versturen' }).click();
    await other.page.getByText('Fijn dat het goed gaat!').waitFor();
    expect(await other.page.getByRole('link', { name: 'Doorgaan' }).count()).toBe(0);
    expect(other.problems).toEqual([]);
    await other.context.close();

    // A forged submission on the public link: an answer to the sales question without the field.
    const forged = await fetch(`${server.url}/api/v1/respond/${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        final: true,
        respondent_key: 'forged-visitor-0000001',
        answers: [
          { question_id: 'q-tevreden', value: { score: 5 } },
          { question_id: 'q-verkoop', value: { text: 'Ik zag deze vraag niet' } },
          { question_id: 'q-overwerk', value: { option_id: 'o-nee' } },
        ],
      }),
    });
    expect(forged.status).toBe(400);
    const refusal = (await forged.json()) as { detail: string; fields: Record<string, string> };
    expect(refusal.fields['answers.q-verkoop']).toMatch(/niet getoond/);

    // Two responses stored, the forged one not; the sales answer only where it was shown.
    const results = await api.call<{ response_count?: number; total_responses?: number }>(
      'GET',
      `/surveys/${survey.id}`,
    );
    expect(results.response_count).toBe(2);
  });
});

/** English for the Dutch texts of the survey the editor test builds. */
const ENGLISH: Readonly<Record<string, string>> = {
  'Werkdruk per afdeling': 'Workload per department',
  'Hoe tevreden ben je over je werk?': 'How satisfied are you with your work?',
  'Wat kan beter in de verkoop?': 'What could sales do better?',
  'Werk je vaak over?': 'Do you often work overtime?',
  Ja: 'Yes',
  Nee: 'No',
  'Wat zou je helpen?': 'What would help you?',
  'Fijn dat het goed gaat!': 'Glad to hear it is going well!',
  'Dank je, we gaan ermee aan de slag.': 'Thank you, we will get to work on it.',
  'Bedankt voor je antwoorden!': 'Thank you for your answers!',
};

async function saved(page: Page) {
  await expect
    .poll(() => page.getByTestId('save-status').getAttribute('data-state'), { timeout: 15_000 })
    .toBe('saved');
}

const card = (page: Page, n: number) => page.getByTestId('question-card').nth(n - 1);

/** Chooses the option of a select whose text holds `text`. */
async function optionWithText(select: ReturnType<Page['locator']>, text: string) {
  await select.selectOption((await select.locator('option', { hasText: text }).getAttribute('value')) ?? '');
}

/** Fills the open rule or quota's first condition: its source, its comparison and its value. */
async function condition(
  scope: ReturnType<Page['locator']>,
  source: string,
  operator: string,
  value?: string,
) {
  await scope.getByLabel('Over', { exact: true }).last().selectOption(source);
  await scope.getByLabel('Vergelijking', { exact: true }).last().selectOption(operator);
  if (value === undefined) return;
  const field = scope.getByLabel('Waarde', { exact: true }).last();
  if ((await field.evaluate((element) => element.tagName)) === 'SELECT') await field.selectOption(value);
  else await field.fill(value);
}

describe('a survey that adapts, built in the editor', () => {
  it('should build branching, end screens, a hidden field, a quota and English, then answer, refuse and cross-tab', async () => {
    // The questions come from the API; everything issue 26 adds is built in the editor.
    const draft = await api.call<Survey>(
      'POST',
      '/surveys',
      everyTypeSurvey({ title: 'Werkdruk per afdeling', questions: QUESTIONS }),
    );
    const owner = await openPage(browser);
    const { page } = owner;
    await login(page, server.url, DEMO.user);
    await page.goto(`${server.url}/survey/${draft.id}/edit`);
    await card(page, 1).waitFor();

    // A hidden field, and two end screens.
    await page.getByLabel('Naam van een nieuw veld').fill('afdeling');
    await page.getByRole('button', { name: 'Veld toevoegen' }).click();
    await page.getByText('?afdeling=', { exact: false }).first().waitFor();
    await page.getByRole('button', { name: 'Eindscherm toevoegen' }).click();
    await page.getByRole('button', { name: 'Eindscherm toevoegen' }).click();
    const screens = page.getByTestId('end-screen');
    await screens.nth(0).getByLabel('Tekst', { exact: true }).fill('Fijn dat het goed gaat!');
    await screens.nth(1).getByLabel('Tekst', { exact: true }).fill('Dank je, we gaan ermee aan de slag.');

    // Question 2 only for sales; 'Nee' on question 3 ends on the first screen; question 4 on the second.
    await card(page, 2)
      .getByRole('button', { name: /Tonen als/ })
      .click();
    await condition(card(page, 2), 'h:afdeling', 'equals', 'Verkoop');
    await card(page, 2)
      .getByText(/Toon als .*verborgen veld 'afdeling' is 'Verkoop'/)
      .first()
      .waitFor();
    await card(page, 3)
      .getByRole('button', { name: /Springen naar/ })
      .click();
    const jump = card(page, 3).getByLabel('Ga naar', { exact: true });
    await optionWithText(jump, 'Fijn dat het goed gaat!');
    await condition(card(page, 3), 'q:q-overwerk', 'equals', 'o-nee');
    await card(page, 4)
      .getByRole('button', { name: /Springen naar/ })
      .click();
    const last = card(page, 4).getByLabel('Ga naar', { exact: true });
    await optionWithText(last, 'Dank je');
    await condition(card(page, 4), 'q:q-helpen', 'answered');

    // A quota of one for sales.
    await page.getByRole('button', { name: 'Quotum toevoegen' }).click();
    const quota = page.getByTestId('quota').last();
    await quota.getByLabel('Naam', { exact: true }).fill('Verkoop');
    await condition(quota, 'h:afdeling', 'equals', 'Verkoop');
    await quota.getByLabel('Maximum', { exact: true }).fill('1');
    await quota.getByLabel('Tekst als het quotum vol is').fill('Het quotum voor Verkoop is vol.');

    // English, translated text by text in the table.
    await page.getByLabel('Taal toevoegen').selectOption('en');
    await page.getByRole('button', { name: 'Toevoegen', exact: true }).click();
    // A language just added opens its table.
    const rows = page.getByTestId('survey-languages').locator('tr[data-key]');
    await rows.first().waitFor();
    for (let row = 0; row < (await rows.count()); row++) {
      const dutch = ((await rows.nth(row).locator('.translation-source').textContent()) ?? '')
        .replace(/^Nederlands:\s*/, '')
        .trim();
      const target = rows.nth(row).locator('input, textarea').first();
      await target.fill(
        ENGLISH[dutch] ?? (dutch.startsWith('<') ? '<p>Thank you for taking part.</p>' : `EN ${dutch}`),
      );
    }
    await page.getByText('Volledig vertaald').first().waitFor();
    await saved(page);
    await page.getByRole('button', { name: 'Publiceren' }).click();
    await page.getByText('Deel je survey').waitFor();
    expect(owner.problems).toEqual([]);

    const built = await api.call<Survey>('GET', `/surveys/${draft.id}`);
    expect(built).toMatchObject({
      status: 'open',
      languages: ['en'],
      logic: { hidden_fields: ['afdeling'] },
    });
    expect(built.logic.rules).toHaveLength(3);
    expect(built.quotas).toHaveLength(1);
    const token = await publicToken(api, draft.id);

    // In English through the link, on a phone, along the sales branch.
    const sales = await openPage(browser, PHONE);
    await sales.page.goto(`${server.url}/respond/${token}?lang=en&afdeling=Verkoop`);
    await expect.poll(() => heading(sales.page).textContent()).toBe('Workload per department');
    expect(await sales.page.locator('html').getAttribute('lang')).toBe('en');
    await sales.page.getByRole('button', { name: 'Start' }).click();
    await sales.page.getByText('Question 1 of 4').waitFor();
    await sales.page.getByRole('radio', { name: '4', exact: true }).check();
    await sales.page.getByRole('button', { name: 'Next' }).click();
    await expect.poll(() => heading(sales.page).textContent()).toContain('What could sales do better?');
    await sales.page.getByRole('textbox').fill('Faster quotes');
    await sales.page.getByRole('button', { name: 'Next' }).click();
    await sales.page.getByRole('radio', { name: 'Yes' }).check();
    await sales.page.getByRole('button', { name: 'Next' }).click();
    await sales.page.getByText('Question 4 of 4').waitFor();
    await sales.page.getByRole('textbox').fill('Fewer meetings.');
    await sales.page.getByRole('button', { name: 'Submit' }).click();
    await sales.page.getByText('Thank you, we will get to work on it.').waitFor();
    expect(sales.problems).toEqual([]);
    await sales.context.close();

    // In Dutch, without the field: the sales question is skipped and 'Nee' ends on the first screen.
    const dutch = await openPage(browser, PHONE);
    await dutch.page.goto(`${server.url}/respond/${token}?lang=nl`);
    await dutch.page.getByRole('button', { name: 'Starten' }).click();
    await dutch.page.getByText('Vraag 1 van 3').waitFor();
    await dutch.page.getByRole('radio', { name: '3', exact: true }).check();
    await dutch.page.getByRole('button', { name: 'Volgende' }).click();
    await expect.poll(() => heading(dutch.page).textContent()).toContain('Werk je vaak over?');
    await dutch.page.getByRole('radio', { name: 'Nee' }).check();
    await dutch.page.getByRole('button', { name: 'Versturen' }).click();
    await dutch.page.getByText('Fijn dat het goed gaat!').waitFor();
    expect(dutch.problems).toEqual([]);
    await dutch.context.close();

    // The server refuses a forged answer to the question the path hid, and stores nothing.
    const forged = await fetch(`${server.url}/api/v1/respond/${token}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        final: true,
        respondent_key: 'forged-visitor-0000002',
        answers: [
          { question_id: 'q-tevreden', value: { score: 5 } },
          { question_id: 'q-verkoop', value: { text: 'Ik zag deze vraag niet' } },
          { question_id: 'q-overwerk', value: { option_id: 'o-nee' } },
        ],
      }),
    });
    expect(forged.status).toBe(400);
    expect(((await forged.json()) as { fields: Record<string, string> }).fields['answers.q-verkoop']).toMatch(
      /niet getoond/,
    );

    // The quota of one is full: the next sales respondent ends on the quota's screen.
    const late = await openPage(browser, PHONE);
    await late.page.goto(`${server.url}/respond/${token}?afdeling=Verkoop&lang=nl`);
    await late.page.getByRole('button', { name: 'Starten' }).click();
    await late.page.getByRole('radio', { name: '5', exact: true }).check();
    await late.page.getByRole('button', { name: 'Volgende' }).click();
    await late.page.getByText('Het quotum voor Verkoop is vol.').waitFor();
    await late.context.close();
    // In English the quota's screen is its translation (R-SURV-25).
    const lateEnglish = await openPage(browser, PHONE);
    await lateEnglish.page.goto(`${server.url}/respond/${token}?afdeling=Verkoop&lang=en`);
    await lateEnglish.page.getByRole('button', { name: 'Start', exact: true }).click();
    await lateEnglish.page.getByRole('radio', { name: '5', exact: true }).check();
    await lateEnglish.page.getByRole('button', { name: 'Next' }).click();
    await lateEnglish.page.getByText('EN Het quotum voor Verkoop is vol.').waitFor();
    await lateEnglish.context.close();

    // The owner reads the cross-tab of the hidden field against question 3.
    await page.goto(`${server.url}/survey/${draft.id}`);
    await page.getByRole('heading', { name: 'Kruistabel' }).waitFor();
    await page.getByLabel('Rijen', { exact: true }).selectOption({ label: 'Verborgen veld: afdeling' });
    await page.getByLabel('Kolommen', { exact: true }).selectOption({ label: 'Werk je vaak over?' });
    const table = page.locator('.crosstab table');
    await table.waitFor();
    const verkoop = table.locator('tbody tr', { has: page.locator('th', { hasText: 'Verkoop' }) });
    await expect.poll(() => verkoop.count()).toBe(1);
    expect(await verkoop.textContent()).toMatch(/\b1\b/);
    expect(owner.problems).toEqual([]);
    await owner.context.close();

    const results = await api.call<Survey>('GET', `/surveys/${draft.id}`);
    expect(results.response_count).toBe(2);
  });
});

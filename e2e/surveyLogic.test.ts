import type { Question, SurveyLogic } from '@loop/core';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, openPage, type RunningServer, startServer } from './harness';
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

import type { OpenAnswerSummary, QuestionDetail } from '@loop/core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { json, type SeenRequest } from '../../testing/fakeApi';
import { button, click, render, unmountAll, waitFor } from '../../testing/render';
import { createSignedInApp } from '../../testing/testContainer';
import { NPS_QUESTION, OPEN_QUESTION, resultsBody, resultsSurvey } from './resultsScreen.fixtures';

afterEach(unmountAll);

// The routes' lazy chunks are transformed on first import, which takes longer than waitFor waits.
beforeAll(async () => {
  await import('./SurveyResultsScreen');
  await import('./QuestionDetailScreen');
});

const SURVEY = resultsSurvey({
  questions: [NPS_QUESTION, { ...OPEN_QUESTION, type: 'open_long', settings: { max_length: 2000 } }],
});

const LATEST = [
  { response_id: 3, text: 'De werkdruk is te hoog.', submitted_at: '2025-11-03T10:00:00Z' },
  { response_id: 2, text: 'Trage laptops.', submitted_at: '2025-11-02T10:00:00Z' },
];

const RESULTS = resultsBody({
  questions: [
    { question_id: 'q-nps', type: 'nps', answered: 3, seen_count: 3, by_score: { '9': 3 } },
    { question_id: 'q-open', type: 'open_long', answered: 2, seen_count: 2, latest: LATEST },
  ],
});

const DETAIL: QuestionDetail = {
  survey_id: 12,
  question_id: 'q-open',
  type: 'open_long',
  result: { question_id: 'q-open', type: 'open_long', answered: 2, seen_count: 2, latest: LATEST },
  respondents: 2,
  bucket: 'day',
  trend: [{ period: '2025-11-03', answered: 2, score: null }],
  answers: {
    items: LATEST.map((answer) => ({
      response_id: answer.response_id,
      submitted_at: answer.submitted_at,
      text: answer.text,
    })),
    total: 2,
    page: 1,
    page_size: 50,
  },
};

/** A quote as a model might send it: markup that must stay text. */
const HOSTILE = '<img src=x onerror="alert(1)"> laptops zijn traag';

const SUMMARY: OpenAnswerSummary = {
  survey_id: 12,
  question_id: 'q-open',
  analyst: 'builtin',
  answers_total: 40,
  answers_considered: 40,
  themes: [
    { label: 'Werkdruk', count: 12, quotes: ['De werkdruk is te hoog.', 'Werkdruk omlaag graag.'] },
    { label: 'Laptops', count: 8, quotes: [HOSTILE] },
  ],
  other_count: 20,
  too_few: false,
  generated_at: '2025-11-03T10:00:00Z',
};

const subscription = (features: readonly string[]) => ({
  id: 3,
  plan_id: 1,
  plan_name: 'smartloop',
  status: 'active',
  start_date: '2026-03-05T10:00:00Z',
  end_date: null,
  features: features.map((key) => ({ key, name: key, description: '' })),
});

const PLANS = [
  {
    id: 3,
    name: 'proloop',
    price_per_month: 79,
    features: [{ key: 'ai', name: 'AI-inzichten', description: '' }],
  },
  { id: 1, name: 'basicloop', price_per_month: 0, features: [] },
];

function app(
  features: readonly string[],
  path: string,
  summary: (request: SeenRequest) => Response | Promise<Response> = () => json(200, SUMMARY),
) {
  return createSignedInApp({
    path,

    routes: {
      'GET /user-subscriptions/me': () => json(200, subscription(features)),
      'GET /plans': () => json(200, PLANS),
      'GET /billing/settings': () => json(200, { online_checkout: false, provider: 'stripe' }),
      'GET /surveys/12': () => json(200, SURVEY),
      'GET /surveys/12/results': () => json(200, RESULTS),
      'GET /surveys/12/questions/q-open': () => json(200, DETAIL),
      'GET /surveys/12/links': () =>
        json(200, { public_token: 'P', personal: { total: 0, started: 0, completed: 0 } }),
      'GET /surveys/12/responses': () => json(200, { items: [], total: 0, page: 1, page_size: 20 }),
      'POST /surveys/12/questions/q-open/summary': summary,
    },
  });
}

async function openResults(features: readonly string[], summary?: Parameters<typeof app>[2]) {
  const test = app(features, '/survey/12', summary);
  const rendered = await render(<App container={test.container} locationHook={test.location.hook} />);
  await waitFor(() => expect(rendered.container.querySelector('[data-question-id="q-open"]')).not.toBeNull());
  return { ...test, ...rendered };
}

const openBlock = (root: ParentNode) => root.querySelector('[data-question-id="q-open"]') as HTMLElement;

describe('OpenAnswerSummary', () => {
  it("should summarise an open question's answers: themes with counts, bars, quotes as text, and who made it", async () => {
    let answer!: (response: Response) => void;
    const pending = new Promise<Response>((done) => (answer = done));
    const { container, api } = await openResults(['core', 'ai'], () => pending);
    const block = openBlock(container);
    await waitFor(() => expect(button(block, 'Vat samen')).not.toBeNull());
    expect(container.querySelector('[data-question-id="q-nps"] .answer-summary')).toBeNull();

    await click(button(block, 'Vat samen'));
    await waitFor(() => expect(button(block, 'Bezig met samenvatten...')?.disabled).toBe(true));
    expect(api.seen.filter((request) => request.method === 'POST').map((request) => request.path)).toEqual([
      '/surveys/12/questions/q-open/summary',
    ]);
    answer(json(200, SUMMARY));

    await waitFor(() => expect(block.querySelectorAll('.summary-theme')).toHaveLength(2));
    const themes = [...block.querySelectorAll('.summary-theme')];
    expect(themes.map((theme) => theme.querySelector('.summary-theme-head')?.textContent)).toEqual([
      'Werkdruk 12 antwoorden (30%)',
      'Laptops 8 antwoorden (20%)',
    ]);
    expect(block.querySelector<HTMLElement>('.summary-theme .bar-fill')?.style.width).toBe('30%');
    expect([...block.querySelectorAll('blockquote')].map((quote) => quote.textContent)).toEqual([
      'De werkdruk is te hoog.',
      'Werkdruk omlaag graag.',
      HOSTILE,
    ]);
    expect(block.querySelector('img')).toBeNull();
    expect(block.querySelector('[data-testid="summary-basis"]')?.textContent).toBe(
      'Gebaseerd op 40 antwoorden.',
    );
    expect(block.querySelector('.summary-other')?.textContent).toBe('Overig: 20 antwoorden (50%)');
    expect(block.querySelector('.summary-made-by')?.textContent).toContain('Gemaakt door Loop zelf');
    expect(button(block, 'Opnieuw samenvatten')?.disabled).toBe(false);
  });

  it('should say when the configured language model made it, and explain an empty summary', async () => {
    const answers = [
      json(200, { ...SUMMARY, analyst: 'llm' }),
      json(200, {
        ...SUMMARY,
        themes: [],
        other_count: 2,
        answers_total: 2,
        answers_considered: 2,
        too_few: true,
      }),
    ];
    const { container } = await openResults(['core', 'ai'], () => answers.shift() ?? json(500, {}));
    const block = openBlock(container);
    await waitFor(() => expect(button(block, 'Vat samen')).not.toBeNull());
    await click(button(block, 'Vat samen'));
    await waitFor(() =>
      expect(block.querySelector('.summary-made-by')?.textContent).toContain('AI-taalmodel'),
    );
    await click(button(block, 'Opnieuw samenvatten'));
    await waitFor(() =>
      expect(block.querySelector('.chart-empty')?.textContent).toBe(
        'Te weinig antwoorden om samen te vatten: er zijn er minstens 3 nodig.',
      ),
    );
    expect(block.querySelectorAll('.summary-theme')).toHaveLength(0);
  });

  it("should show the server's Dutch refusal, and its own text for a time-out without one", async () => {
    const answers = [
      json(502, { detail: 'Het taalmodel gaf geen bruikbaar antwoord. Probeer het later opnieuw.' }),
      new Response('<html>Gateway Time-out</html>', {
        status: 504,
        headers: { 'content-type': 'text/html' },
      }),
    ];
    const { container } = await openResults(['core', 'ai'], () => answers.shift() ?? json(500, {}));
    const block = openBlock(container);
    await waitFor(() => expect(button(block, 'Vat samen')).not.toBeNull());
    await click(button(block, 'Vat samen'));
    await waitFor(() =>
      expect(block.querySelector('[role="alert"]')?.textContent).toBe(
        'Het taalmodel gaf geen bruikbaar antwoord. Probeer het later opnieuw.',
      ),
    );
    await click(button(block, 'Vat samen'));
    await waitFor(() =>
      expect(block.querySelector('[role="alert"]')?.textContent).toBe(
        'De analyse duurt te lang. Probeer het later opnieuw.',
      ),
    );
  });

  it("should show no button without the plan feature 'ai', and on the question's page which plans have it", async () => {
    const { container, api } = await openResults(['core']);
    await waitFor(() => expect(openBlock(container).querySelectorAll('.answer-text')).toHaveLength(2));
    expect(button(container, 'Vat samen')).toBeNull();
    expect(container.querySelector('.answer-summary, .answer-summary-upgrade')).toBeNull();
    unmountAll();

    const test = app(['core'], '/survey/12/question/q-open');
    const page = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() =>
      expect(page.container.querySelector('.answer-summary-upgrade')?.textContent).toBe(
        'Samenvatting van de antwoorden: zit niet in je abonnement, wel in proloop. Mijn Abonnement',
      ),
    );
    expect(button(page.container, 'Vat samen')).toBeNull();
    expect(page.container.querySelector('.answer-summary-upgrade a')?.getAttribute('href')).toBe(
      '/dashboard/abonnement',
    );
    expect([...api.seen, ...test.api.seen].some((request) => request.path.endsWith('/summary'))).toBe(false);
  });

  it("should summarise on the question's page with the page's period", async () => {
    const test = app(['core', 'ai'], '/survey/12/question/q-open?from=2025-11-01&to=2025-11-30');
    const page = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(button(page.container, 'Vat samen')).not.toBeNull());
    expect(page.container.querySelector('.answer-summary h3')?.textContent).toBe(
      'Samenvatting van de antwoorden',
    );
    await click(button(page.container, 'Vat samen'));
    await waitFor(() => expect(page.container.querySelectorAll('.summary-theme')).toHaveLength(2));
    const posted = test.api.seen.find((request) => request.method === 'POST');
    expect(posted?.path).toBe('/surveys/12/questions/q-open/summary?from=2025-11-01&to=2025-11-30');
  });
});

import type { AnalyticsOverview } from '@loop/core';
import { PERMISSION_DENIED } from '@loop/core/organisation';
import { STATEMENTS_EMPTY_TEXT } from '@loop/core/surveys/results';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../app/App';
import { json } from '../testing/fakeApi';
import { render, unmountAll, waitFor } from '../testing/render';
import { createSignedInApp } from '../testing/testContainer';

afterEach(unmountAll);

// The route's lazy chunk is transformed on first import, which takes longer than waitFor waits.
beforeAll(async () => {
  await import('./AnalyticsScreen');
});

const OVERVIEW: AnalyticsOverview = {
  bucket: 'week',
  totals: { surveys: 3, open_surveys: 1, completed: 42, invited: 60, response_rate: 0.5 },
  responses_over_time: [{ period: '2025-11-03', count: 42 }],
  nps_trend: [{ period: '2025-11-03', answered: 10, score: 20 }],
  likert_trend: [{ period: '2025-11-03', answered: 30, score: 70 }],
  surveys: [
    {
      survey_id: 5,
      title: 'Medewerkers',
      status: 'open',
      completed: 42,
      invited: 60,
      response_rate: 0.7,
      last_response_at: '2025-11-04T09:00:00Z',
    },
  ],
  best_statements: [
    {
      survey_id: 5,
      survey_title: 'Medewerkers',
      question_id: 'q1',
      statement_id: 's1',
      text: 'Ik voel me gewaardeerd',
      points: 5,
      answered: 30,
      mean: 4.5,
      score: 87.5,
    },
  ],
  worst_statements: [],
};

const plan = (id: number, name: string, price: number, keys: readonly string[]) => ({
  id,
  name,
  price_per_month: price,
  features: keys.map((key) => ({ key, name: key === 'analytics' ? 'Analyse' : key, description: '' })),
});

// As the server might list them in any order: the page names the cheapest first.
const PLANS = [
  plan(3, 'proloop', 79, ['core', 'analytics']),
  plan(1, 'basicloop', 0, ['core']),
  plan(2, 'smartloop', 29, ['core', 'analytics']),
];

function app(features: readonly string[], role = 'owner') {
  return createSignedInApp({
    role: role,
    path: '/analytics',

    routes: {
      'GET /user-subscriptions/me': () =>
        json(200, {
          id: 3,
          plan_id: 1,
          plan_name: 'proloop',
          status: 'active',
          start_date: '2026-03-05T10:00:00Z',
          end_date: null,
          features: features.map((key) => ({ key, name: key, description: '' })),
        }),
      'GET /plans': () => json(200, PLANS),
      'GET /billing/settings': () => json(200, { online_checkout: false, provider: 'stripe' }),
      'GET /analytics': () => json(200, OVERVIEW),
    },
  });
}

describe('AnalyticsScreen', () => {
  it('should show totals, trends, response rates and the best statements', async () => {
    const test = app(['core', 'analytics']);
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Analyse'));
    await waitFor(() =>
      expect(container.querySelector('[data-testid="analytics-completed"]')?.textContent).toBe('42'),
    );
    expect(container.querySelector('[data-testid="analytics-response_rate"]')?.textContent).toBe('50%');
    expect(container.querySelectorAll('.trend-dot')).toHaveLength(2);
    expect(container.querySelector('a[href="/survey/5"]')?.textContent).toBe('Medewerkers');
    expect(container.querySelector('a[href="/survey/5/question/q1"]')?.textContent).toBe(
      'Ik voel me gewaardeerd',
    );
    expect(container.textContent).toContain(STATEMENTS_EMPTY_TEXT);
  });

  it('should explain a plan without analytics: which plans have it, cheapest first, and where to change', async () => {
    const test = app(['core']);
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(container.querySelector('.feature-missing')).not.toBeNull());
    expect(container.querySelector('h1')?.textContent).toBe('Analyse');
    expect(container.querySelector('.feature-missing p')?.textContent?.replace(/\s/g, ' ')).toBe(
      'Voor deze pagina is de functie Analyse nodig. Die zit niet in het abonnement van je organisatie, ' +
        'wel in smartloop (€ 29,00 / maand) en proloop (€ 79,00 / maand).',
    );
    const link = container.querySelector('.feature-missing a');
    expect(link?.textContent).toBe('Mijn Abonnement');
    expect(link?.getAttribute('href')).toBe('/dashboard/abonnement');
    expect(container.textContent).not.toContain(PERMISSION_DENIED['billing.manage']);
    // The page stays where the user went, and nothing of analytics is asked for.
    expect(test.location.history.at(-1)).toBe('/analytics');
    expect(test.api.seen.some((request) => request.path.startsWith('/analytics'))).toBe(false);
  });

  it('should tell a member who cannot change the plan who can', async () => {
    const test = app(['core'], 'member');
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(container.textContent).toContain(PERMISSION_DENIED['billing.manage']));
    expect(container.querySelector('.feature-missing a')?.getAttribute('href')).toBe('/dashboard/abonnement');
  });
});

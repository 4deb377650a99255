import { STORAGE_KEYS } from '@loop/adapters';
import type { DownloadedFile, FileSaver, Survey, SurveyResults } from '@loop/core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { freshJwt, json, meBody } from '../../testing/fakeApi';
import { button, click, render, type, unmountAll, waitFor } from '../../testing/render';
import { createTestApp } from '../../testing/testContainer';

afterEach(unmountAll);

// The route's lazy chunk is transformed on first import, which takes longer than waitFor waits.
beforeAll(async () => {
  await import('./SurveyResultsScreen');
});

const SURVEY: Survey = {
  id: 12,
  organization_id: 7,
  title: 'Medewerkers 2025',
  description_html: '',
  introduction_html: '',
  thank_you_text: 'Bedankt',
  status: 'open',
  close_at: null,
  created_at: '2025-10-01T08:00:00Z',
  updated_at: '2025-10-01T08:00:00Z',
  published_at: '2025-10-01T08:00:00Z',
  closed_at: null,
  questions: [
    { id: 'q-nps', type: 'nps', title: 'Zou je ons aanbevelen?', required: false, position: 0, settings: {} },
    {
      id: 'q-open',
      type: 'open_short',
      title: 'Wat kan beter?',
      required: false,
      position: 1,
      settings: { max_length: 500 },
    },
  ],
  version: 3,
  estimated_seconds: 95,
};

const RESULTS: SurveyResults = {
  survey_id: 12,
  responses: {
    completed: 3,
    in_progress: 1,
    invited: 4,
    response_rate: 0.5,
    completion_rate: 0.75,
    last_response_at: '2025-11-03T10:00:00Z',
  },
  bucket: 'day',
  over_time: [
    { period: '2025-11-02', count: 1 },
    { period: '2025-11-03', count: 2 },
  ],
  questions: [
    { question_id: 'q-nps', type: 'nps', answered: 3, by_score: { '10': 2, '4': 1 } },
    {
      question_id: 'q-open',
      type: 'open_short',
      answered: 2,
      latest: [
        { response_id: 3, text: 'Meer koffie', submitted_at: '2025-11-03T10:00:00Z' },
        { response_id: 2, text: 'Betere stoelen', submitted_at: '2025-11-02T10:00:00Z' },
      ],
    },
  ],
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

function app(features: readonly string[], files?: FileSaver) {
  return createTestApp({
    path: '/survey/12',
    storage: { [STORAGE_KEYS.token]: freshJwt(), [STORAGE_KEYS.refreshToken]: 'r1' },
    ...(files ? { overrides: { FileSaver: files } } : {}),
    routes: {
      'GET /users/me': () => json(200, meBody()),
      'GET /branding/mine': () => json(200, { logo_url: null, background_url: null, primary_color: null }),
      'GET /user-subscriptions/me': () => json(200, subscription(features)),
      'GET /plans': () => json(200, []),
      'GET /billing/settings': () => json(200, { online_checkout: false, provider: 'stripe' }),
      'GET /surveys/12': () => json(200, SURVEY),
      'GET /surveys/12/results': () => json(200, RESULTS),
      'GET /surveys/12/links': () =>
        json(200, { public_token: 'PUBLIEK123', personal: { total: 4, started: 3, completed: 2 } }),
      'POST /surveys/12/personal-links': (request) => {
        const { count } = request.body as { count: number };
        return json(201, { tokens: Array.from({ length: count }, (_, i) => `tok${i + 1}`) });
      },
      'GET /surveys/12/export': () =>
        new Response('a;b\r\n', {
          status: 200,
          headers: {
            'content-type': 'text/csv',
            'content-disposition': 'attachment; filename="medewerkers.csv"',
          },
        }),
    },
  });
}

describe('SurveyResultsScreen', () => {
  it('should show the summary, a block per question with its chart and a link to its details', async () => {
    const test = app(['core']);
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Medewerkers 2025'));
    expect(container.querySelector('[data-testid="results-completed"]')?.textContent).toBe('3');
    expect(container.querySelector('.status-badge')?.textContent).toBe('Open');
    expect(container.textContent).toContain('± 2 minuten');
    const blocks = [...container.querySelectorAll('[data-question-id]')];
    expect(blocks.map((block) => block.getAttribute('data-question-id'))).toEqual(['q-nps', 'q-open']);
    expect(blocks[0]?.querySelector('[data-testid="nps-score"]')?.textContent).toBe('+33');
    expect(blocks[1]?.querySelectorAll('.answer-text')).toHaveLength(2);
    expect(blocks[0]?.querySelector('.question-detail-link a')?.getAttribute('href')).toBe(
      '/survey/12/question/q-nps',
    );
    expect(container.querySelector('a[href="/survey/12/edit"]')?.textContent).toBe('Bewerken');
    expect(container.querySelector('a[href="/survey/12/preview"]')?.textContent).toBe('Voorbeeld');
    expect(container.querySelector('a[href="/survey/12/email-preview"]')?.textContent).toBe(
      'E-mailvoorbeeld',
    );
  });

  it('should search the newest open answers on the page', async () => {
    const test = app(['core']);
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    const block = await waitFor(() => {
      const found = container.querySelector('[data-question-id="q-open"]');
      if (!found) throw new Error('not yet');
      return found;
    });
    await type(block.querySelector('input[type="search"]'), 'KOFFIE');
    expect([...block.querySelectorAll('.answer-text > p:first-child')].map((p) => p.textContent)).toEqual([
      'Meer koffie',
    ]);
  });

  it('should explain the export needs a plan with export and not offer it', async () => {
    const test = app(['core']);
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(container.querySelector('.export-note')).not.toBeNull());
    const csv = container.querySelector<HTMLButtonElement>('button[data-export="csv"]');
    expect(csv?.disabled).toBe(true);
    expect(csv?.getAttribute('aria-describedby')).toBe(container.querySelector('.export-note')?.id);
    expect(container.querySelector('.export-note a')?.getAttribute('href')).toBe('/dashboard/abonnement');
  });

  it('should download the CSV export through the file saver', async () => {
    const saved: DownloadedFile[] = [];
    const files: FileSaver = { saveFile: (file) => saved.push(file), saveText: () => {} };
    const test = app(['core', 'export'], files);
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    const csv = await waitFor(() => {
      const found = container.querySelector<HTMLButtonElement>('button[data-export="csv"]');
      if (!found || found.disabled) throw new Error('not yet');
      return found;
    });
    await click(csv);
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.filename).toBe('medewerkers.csv');
    expect(test.api.seen.some((request) => request.path === '/surveys/12/export?format=csv')).toBe(true);
  });

  it('should show the public link and make personal links, shown once with a CSV download', async () => {
    const texts: Array<{ filename: string; text: string }> = [];
    const files: FileSaver = {
      saveFile: () => {},
      saveText: (filename, text) => texts.push({ filename, text }),
    };
    const test = app(['core'], files);
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    const field = await waitFor(() => {
      const found = container.querySelector<HTMLInputElement>('#public-link');
      if (!found) throw new Error('not yet');
      return found;
    });
    expect(field.value).toBe(`${globalThis.location.origin}/respond/PUBLIEK123`);
    expect(container.querySelector('[data-testid="personal-links-total"]')?.textContent).toBe('4');

    await type(container.querySelector('#personal-links-count'), '0');
    await click(button(container, 'Persoonlijke links maken'));
    expect(container.querySelector('#personal-links-count-error')?.textContent).toBe(
      'Vul een aantal in van 1 tot en met 500.',
    );
    expect(test.api.seen.some((request) => request.method === 'POST')).toBe(false);

    await type(container.querySelector('#personal-links-count'), '2');
    await type(container.querySelector('#personal-links-label'), 'Team Noord');
    await click(button(container, 'Persoonlijke links maken'));
    const links = await waitFor(() => {
      const found = container.querySelector<HTMLTextAreaElement>('#created-links');
      if (!found) throw new Error('not yet');
      return found;
    });
    const origin = globalThis.location.origin;
    expect(links.value).toBe(`${origin}/respond/tok1\n${origin}/respond/tok2`);
    expect(container.textContent).toContain('Bewaar deze links nu: ze worden niet opnieuw getoond.');
    expect(test.api.seen.find((request) => request.method === 'POST')?.body).toEqual({
      count: 2,
      label: 'Team Noord',
    });
    await click(button(container, 'Download als CSV'));
    expect(texts[0]?.filename).toBe('persoonlijke-links-survey-12.csv');
    expect(texts[0]?.text).toContain(`${origin}/respond/tok2;Team Noord`);
  });

  it('should say the survey is unknown when the server answers 404', async () => {
    const test = createTestApp({
      path: '/survey/99',
      storage: { [STORAGE_KEYS.token]: freshJwt(), [STORAGE_KEYS.refreshToken]: 'r1' },
      routes: {
        'GET /users/me': () => json(200, meBody()),
        'GET /branding/mine': () => json(200, { logo_url: null, background_url: null, primary_color: null }),
        'GET /surveys/99': () => json(404, { detail: 'Survey niet gevonden.' }),
        'GET /surveys/99/results': () => json(404, { detail: 'Survey niet gevonden.' }),
      },
    });
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() =>
      expect(container.querySelector('[role="alert"]')?.textContent).toContain('Survey niet gevonden.'),
    );
  });
});

import { STORAGE_KEYS } from '@loop/adapters';
import type { SurveySummary } from '@loop/core';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../app/App';
import { freshJwt, json, meBody, type SeenRequest } from '../testing/fakeApi';
import { render, type, unmountAll, waitFor } from '../testing/render';
import { createTestApp } from '../testing/testContainer';

afterEach(unmountAll);

// The route's lazy chunk is transformed on first import, which takes longer than waitFor waits.
beforeAll(async () => {
  await import('./SurveysScreen');
});

const summary = (overrides: Partial<SurveySummary>): SurveySummary => ({
  id: 1,
  title: 'Klanttevredenheid',
  status: 'open',
  close_at: null,
  created_at: '2025-10-01T08:00:00Z',
  updated_at: '2025-10-01T08:00:00Z',
  published_at: '2025-10-01T08:00:00Z',
  closed_at: null,
  question_count: 4,
  response_count: 1234,
  invited_count: 2000,
  response_rate: 0.617,
  last_response_at: '2025-11-03T10:00:00Z',
  estimated_seconds: 150,
  ...overrides,
});

function app(list: (request: SeenRequest) => Response) {
  return createTestApp({
    path: '/surveys',
    storage: { [STORAGE_KEYS.token]: freshJwt(), [STORAGE_KEYS.refreshToken]: 'r1' },
    routes: {
      'GET /users/me': () => json(200, meBody()),
      'GET /branding/mine': () => json(200, { logo_url: null, background_url: null, primary_color: null }),
      'GET /surveys': list,
    },
  });
}

const rows = (container: HTMLElement) =>
  [...container.querySelectorAll('tbody tr')].map((row) =>
    [...row.querySelectorAll('td')].map((cell) => cell.textContent),
  );

describe('SurveysScreen', () => {
  it('should list the surveys with status, responses, rate, last response and time', async () => {
    const test = app(() =>
      json(200, {
        items: [
          summary({}),
          summary({
            id: 2,
            title: 'Evenement',
            status: 'draft',
            response_count: 0,
            response_rate: null,
            last_response_at: null,
            estimated_seconds: 20,
          }),
        ],
        total: 2,
        page: 1,
        page_size: 25,
      }),
    );
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(rows(container)).toHaveLength(2));
    expect(rows(container)).toEqual([
      ['Klanttevredenheid', 'Open', '1.234', '62%', '3 nov. 2025', '± 3 minuten', 'Bewerken'],
      ['Evenement', 'Concept', '0', '–', '–', '± 1 minuut', 'Bewerken'],
    ]);
    expect(container.querySelector('tbody a')?.getAttribute('href')).toBe('/survey/1');
    expect(container.querySelector('a[href="/survey/2/edit"]')?.getAttribute('aria-label')).toBe(
      'Evenement bewerken',
    );
    expect(container.querySelector('a[href="/new-survey"]')?.textContent).toBe('Nieuwe survey');
    expect(container.querySelector('[data-testid="surveys-count"]')?.textContent).toBe('2 surveys');
  });

  it('should show a closed status once the close date has passed', async () => {
    const test = app(() =>
      json(200, { items: [summary({ close_at: '2020-01-01T00:00:00Z' })], total: 1, page: 1, page_size: 25 }),
    );
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(container.querySelector('tbody .status-badge')?.textContent).toBe('Gesloten'));
  });

  it('should search after typing stops and filter by status', async () => {
    const test = app(() => json(200, { items: [], total: 0, page: 1, page_size: 25 }));
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() =>
      expect(container.querySelector('.empty-state h2')?.textContent).toBe('Nog geen surveys'),
    );
    await type(container.querySelector('#surveys-search'), 'klant');
    await waitFor(
      () => expect(test.api.seen.some((request) => request.path.includes('q=klant'))).toBe(true),
      400,
    );
    const select = container.querySelector<HTMLSelectElement>('#surveys-status');
    await act(async () => {
      if (!select) throw new Error('no status filter');
      select.value = 'closed';
      select.dispatchEvent(new Event('change', { bubbles: true }));
    });
    await waitFor(() =>
      expect(test.api.seen.at(-1)?.path).toBe('/surveys?page=1&page_size=25&q=klant&status=closed'),
    );
    expect(container.querySelector('.empty-state')?.textContent).toBe(
      'Geen surveys gevonden met deze zoekterm of status.',
    );
  });

  it('should offer a retry when the list cannot be loaded', async () => {
    const test = app(() => json(500, { detail: 'De surveys konden niet worden geladen.' }));
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() =>
      expect(container.querySelector('[role="alert"]')?.textContent).toContain(
        'De surveys konden niet worden geladen.',
      ),
    );
  });
});

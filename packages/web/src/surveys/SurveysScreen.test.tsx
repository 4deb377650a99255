import type { MemberRole, SurveySummary } from '@loop/core';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../app/App';
import { json, type SeenRequest } from '../testing/fakeApi';
import { button, click, render, type, unmountAll, waitFor } from '../testing/render';
import { createSignedInApp, type TestRoutes } from '../testing/testContainer';

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

type Routes = TestRoutes;

function app(list: (request: SeenRequest) => Response, role: MemberRole = 'owner', routes: Routes = {}) {
  return createSignedInApp({
    role: role,
    path: '/surveys',

    routes: {
      'GET /surveys': list,
      ...routes,
    },
  });
}

/** Every cell's text but the actions'. */
const rows = (container: HTMLElement) =>
  [...container.querySelectorAll('tbody tr')].map((row) =>
    [...row.querySelectorAll('td')].slice(0, -1).map((cell) => cell.textContent),
  );

const page = (items: readonly SurveySummary[]) =>
  json(200, { items, total: items.length, page: 1, page_size: 25 });

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
      ['Klanttevredenheid', 'Open', '1.234', '62%', '3 nov. 2025', '± 3 minuten'],
      ['Evenement', 'Concept', '0', '–', '–', '± 1 minuut'],
    ]);
    await waitFor(() => expect(button(container, 'Verwijderen: Evenement')).not.toBeNull());
    expect(button(container, 'Dupliceren: Klanttevredenheid')).not.toBeNull();
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

  it('should delete a survey only after a confirmation that names its responses', async () => {
    let items = [summary({}), summary({ id: 2, title: 'Evenement', response_count: 65 })];
    const test = app(() => page(items), 'manager', {
      'DELETE /surveys/2': () => {
        items = items.filter((item) => item.id !== 2);
        return new Response(null, { status: 204 });
      },
    });
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    const remove = await waitFor(() => {
      const found = button(container, 'Verwijderen: Evenement');
      if (!found) throw new Error('not yet');
      return found;
    });
    remove.focus();
    await click(remove);
    const dialog = document.querySelector('[role="alertdialog"]');
    expect(dialog?.getAttribute('aria-modal')).toBe('true');
    expect(document.getElementById(dialog?.getAttribute('aria-labelledby') ?? '')?.textContent).toBe(
      "'Evenement' verwijderen?",
    );
    expect(document.getElementById(dialog?.getAttribute('aria-describedby') ?? '')?.textContent).toContain(
      'Deze survey heeft 65 reacties. Verwijderen kan niet ongedaan worden gemaakt.',
    );
    expect(document.activeElement?.textContent).toBe('Annuleren');

    // Escape closes without deleting and gives the focus back to the button.
    await act(async () => {
      document.activeElement?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(document.querySelector('[role="alertdialog"]')).toBeNull();
    expect(document.activeElement).toBe(remove);
    expect(test.api.seen.some((request) => request.method === 'DELETE')).toBe(false);

    await click(remove);
    await click(button(document.body, 'Survey verwijderen'));
    await waitFor(() => expect(rows(container)).toHaveLength(1));
    expect(test.api.seen.filter((request) => request.method === 'DELETE').map((r) => r.path)).toEqual([
      '/surveys/2',
    ]);
    expect(document.querySelector('[role="alertdialog"]')).toBeNull();
    // The row and its button are gone: focus is on the search field.
    expect(document.activeElement?.id).toBe('surveys-search');
  });

  it('should keep the dialog open with the reason when the server refuses', async () => {
    const test = app(() => page([summary({})]), 'owner', {
      'DELETE /surveys/1': () =>
        json(403, { detail: 'Alleen een eigenaar of beheerder kan surveys verwijderen.' }),
    });
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(button(container, 'Verwijderen: Klanttevredenheid')).not.toBeNull());
    await click(button(container, 'Verwijderen: Klanttevredenheid'));
    await click(button(document.body, 'Survey verwijderen'));
    await waitFor(() =>
      expect(document.querySelector('[role="alertdialog"] [role="alert"]')?.textContent).toBe(
        'Alleen een eigenaar of beheerder kan surveys verwijderen.',
      ),
    );
    expect(rows(container)).toHaveLength(1);
  });

  it('should open the copy in the editor after duplicating', async () => {
    const test = app(() => page([summary({})]), 'member', {
      'POST /surveys/1/duplicate': () => json(201, { id: 9, title: 'Klanttevredenheid (kopie)' }),
    });
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(button(container, 'Dupliceren: Klanttevredenheid')).not.toBeNull());
    // A member may copy but not delete.
    await waitFor(() => expect(button(container, 'Verwijderen: Klanttevredenheid')).toBeNull());
    await click(button(container, 'Dupliceren: Klanttevredenheid'));
    await waitFor(() => expect(test.location.history.at(-1)).toBe('/survey/9/edit'));
  });

  it('should show a viewer neither edit, copy nor delete, and say why there is no new survey', async () => {
    const test = app(() => page([summary({})]), 'viewer');
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(rows(container)).toHaveLength(1));
    await waitFor(() => expect(button(container, 'Dupliceren: Klanttevredenheid')).toBeNull());
    expect(button(container, 'Verwijderen: Klanttevredenheid')).toBeNull();
    expect(container.querySelector('a[href="/survey/1/edit"]')).toBeNull();
    expect(container.querySelector('a[href="/new-survey"]')).toBeNull();
    expect(container.textContent).toContain(
      'Met de rol Lezer kun je surveys bekijken, maar niet maken of wijzigen.',
    );
  });

  it('should offer a member the editor and a new survey', async () => {
    const test = app(() => page([summary({})]), 'member');
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(rows(container)).toHaveLength(1));
    await waitFor(() => expect(container.querySelector('a[href="/survey/1/edit"]')).not.toBeNull());
    expect(container.querySelector('a[href="/new-survey"]')).not.toBeNull();
  });
});

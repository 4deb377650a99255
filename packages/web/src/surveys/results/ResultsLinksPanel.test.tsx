import type { MemberRole, ResultsLink } from '@loop/core';
import { RESULTS_LINK_MESSAGES } from '@loop/core/surveys/results';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { json } from '../../testing/fakeApi';
import { button, click, render, type, unmountAll, waitFor } from '../../testing/render';
import { createSignedInApp } from '../../testing/testContainer';
import { resultsBody, resultsSurvey } from './resultsScreen.fixtures';

afterEach(unmountAll);

beforeAll(async () => {
  await import('./SurveyResultsScreen');
});

const survey = (anonymous: boolean) => resultsSurvey({ anonymous });

const RESULTS = resultsBody({
  questions: [{ question_id: 'q-nps', type: 'nps', answered: 3, seen_count: 3, by_score: { '10': 3 } }],
});

const link = (overrides: Partial<ResultsLink> = {}): ResultsLink => ({
  id: 5,
  label: 'Directie',
  question_ids: ['q-nps'],
  from: null,
  to: null,
  open_answers: false,
  has_password: true,
  created_at: '2025-11-04T10:00:00Z',
  revoked_at: null,
  ...overrides,
});

function app(role: MemberRole, anonymous = false) {
  let links: ResultsLink[] = [];
  return createSignedInApp({
    role: role,
    path: '/survey/12',

    routes: {
      'GET /surveys/12': () => json(200, survey(anonymous)),
      'GET /surveys/12/results': () => json(200, RESULTS),
      'GET /surveys/12/links': () =>
        json(200, { public_token: 'PUBLIEK123', personal: { total: 0, started: 0, completed: 0 } }),
      'GET /surveys/12/responses': () => json(200, { items: [], total: 0, page: 1, page_size: 20 }),
      'GET /surveys/12/results-links': () => json(200, links),
      'POST /surveys/12/results-links': () => {
        links = [link()];
        return json(201, { link: link(), token: 'nieuw-token' });
      },
      'POST /surveys/12/results-links/5/revoke': () => {
        links = [link({ revoked_at: '2025-11-05T10:00:00Z' })];
        return json(200, links[0]);
      },
    },
  });
}

const panelOf = (container: HTMLElement) =>
  waitFor(() => {
    const panel = container.querySelector<HTMLElement>('section.results-links');
    if (!panel?.querySelector('.results-link-list, p')) throw new Error('no links panel yet');
    return panel;
  });

describe("'Resultaten delen' (R-SHARE-1, R-SHARE-2, R-SHARE-5)", () => {
  it('should make a link of the chosen questions, show its address once and revoke it', async () => {
    const test = app('member');
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    const panel = await panelOf(container);
    // The open question is not chosen until open answers are.
    const boxes = [...panel.querySelectorAll<HTMLInputElement>('fieldset input[type="checkbox"]')];
    expect(boxes.map((box) => box.checked)).toEqual([true, false]);

    await type(panel.querySelector('#results-link-password'), 'kort');
    await click(button(panel, 'Link maken'));
    await waitFor(() =>
      expect(panel.querySelector('#results-link-password-error')?.textContent).toBe(
        RESULTS_LINK_MESSAGES.password,
      ),
    );
    expect(test.api.seen.filter((seen) => seen.method === 'POST')).toEqual([]);

    await type(panel.querySelector('#results-link-password'), 'Geheim!2026');
    await type(panel.querySelector('#results-link-label'), 'Directie');
    await click(button(panel, 'Link maken'));
    await waitFor(() =>
      expect(panel.querySelector<HTMLInputElement>('#created-results-link')?.value).toMatch(
        /\/gedeeld\/nieuw-token$/,
      ),
    );
    expect(test.api.seen.find((seen) => seen.method === 'POST')?.body).toEqual({
      question_ids: ['q-nps'],
      open_answers: false,
      password: 'Geheim!2026',
      label: 'Directie',
    });
    await waitFor(() => expect(panel.querySelectorAll('[data-testid="results-link"]').length).toBe(1));
    expect(panel.querySelector('[data-testid="results-link"]')?.textContent).toContain('met wachtwoord');

    await click(button(panel, 'Intrekken (Directie)'));
    await waitFor(() =>
      expect(panel.querySelector('[data-testid="results-link"]')?.getAttribute('data-revoked')).toBe('true'),
    );
    expect(panel.querySelector('[data-testid="results-link"]')?.textContent).toContain('Ingetrokken op');
    expect(button(panel, 'Intrekken (Directie)')).toBeNull();
  });

  it('should not offer open answers of an anonymous survey under 5 responses, and say why', async () => {
    const test = app('owner', true);
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    const panel = await panelOf(container);
    const open = [...panel.querySelectorAll<HTMLLabelElement>('label.checkbox')].find((label) =>
      label.textContent?.includes('Open antwoorden delen'),
    );
    expect(open?.querySelector('input')?.disabled).toBe(true);
    expect(panel.querySelector('#results-link-open-hint')?.textContent).toBe(
      RESULTS_LINK_MESSAGES.openAnswersAnonymous,
    );
  });

  it('should show a viewer the links but no way to make or revoke one', async () => {
    const test = app('viewer');
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    const panel = await panelOf(container);
    expect(button(panel, 'Link maken')).toBeNull();
    expect(panel.textContent).toContain('Er zijn nog geen resultatenlinks.');
  });
});

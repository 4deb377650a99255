import { apiFailure, apiOk, type SharedResults } from '@loop/core';
import { RESULTS_LINK_MESSAGES, type SharedResultsGateway } from '@loop/core/surveys/results';
import { afterEach, describe, expect, it } from 'vitest';
import { button, click, render, type, unmountAll, waitFor } from '../testing/render';
import { SharedResultsPage } from './SharedResultsPage';

afterEach(unmountAll);

const branding = {
  organization_name: 'Deelbedrijf BV',
  logo_url: null,
  background_url: null,
  primary_color: '#0f766e',
};

const openPage: SharedResults = {
  status: 'open',
  branding,
  title: 'Klantpeiling voorjaar',
  from: null,
  to: null,
  questions: [
    { id: 'q-nps', type: 'nps', title: 'Zou je ons aanbevelen?', required: true, position: 0, settings: {} },
  ],
  hides_questions: false,
  open_answers: false,
  results: {
    survey_id: 0,
    responses: {
      completed: 8,
      in_progress: 0,
      invited: 0,
      response_rate: null,
      completion_rate: null,
      last_response_at: null,
    },
    bucket: 'day',
    over_time: [{ period: '2026-03-01', count: 8 }],
    questions: [
      {
        question_id: 'q-nps',
        type: 'nps',
        answered: 8,
        seen_count: 8,
        by_score: { 0: 0, 1: 0, 2: 0, 3: 1, 4: 0, 5: 0, 6: 1, 7: 2, 8: 0, 9: 1, 10: 3 },
      },
    ],
  },
};

describe('SharedResultsPage (R-SHARE-5 to R-SHARE-8)', () => {
  it("should show the results page's charts with their text alternatives in the organisation's look", async () => {
    const gateway: SharedResultsGateway = { open: async () => apiOk(openPage) };
    const { container } = await render(<SharedResultsPage gateway={gateway} token="token" />);
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Klantpeiling voorjaar'));
    expect(container.querySelector('[data-testid="nps-score"]')?.textContent).toBe('+25');
    expect(container.querySelector('[data-testid="shared-completed"]')?.textContent).toBe('8');
    // The chart of submissions over time says its numbers in a table too.
    expect(container.querySelector('table')).not.toBeNull();
    expect(container.querySelector('.shared-org')?.textContent).toBe('Deelbedrijf BV');
    expect((container.querySelector('.shared-page') as HTMLElement).style.getPropertyValue('--brand')).toBe(
      '#0f766e',
    );
  });

  it('should ask for the password, say a wrong one and open with the right one', async () => {
    const sent: (string | undefined)[] = [];
    const gateway: SharedResultsGateway = {
      open: async (_token, password) => {
        sent.push(password);
        if (password === undefined) return apiOk({ status: 'locked', branding });
        return password === 'Geheim!2026'
          ? apiOk(openPage)
          : apiFailure(403, RESULTS_LINK_MESSAGES.wrongPassword);
      },
    };
    const { container } = await render(<SharedResultsPage gateway={gateway} token="token" />);
    const input = await waitFor(() => {
      const found = container.querySelector('#shared-password');
      if (!found) throw new Error('no password field');
      return found;
    });
    expect(container.querySelector('[data-testid="nps-score"]')).toBeNull();
    await type(input, 'Verkeerd');
    await click(button(container, 'Resultaten bekijken'));
    await waitFor(() =>
      expect(container.querySelector('[role="alert"]')?.textContent).toBe(
        RESULTS_LINK_MESSAGES.wrongPassword,
      ),
    );
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await type(input, 'Geheim!2026');
    await click(button(container, 'Resultaten bekijken'));
    await waitFor(() =>
      expect(container.querySelector('[data-testid="nps-score"]')?.textContent).toBe('+25'),
    );
    expect(sent).toEqual([undefined, 'Verkeerd', 'Geheim!2026']);
  });

  it('should say in Dutch that a link is revoked, and that an address without a token is unknown', async () => {
    const revoked: SharedResultsGateway = {
      open: async () => apiFailure(404, RESULTS_LINK_MESSAGES.revoked),
    };
    const first = await render(<SharedResultsPage gateway={revoked} token="token" />);
    await waitFor(() =>
      expect(first.container.querySelector('[data-testid="shared-failed"]')?.textContent).toBe(
        RESULTS_LINK_MESSAGES.revoked,
      ),
    );
    const second = await render(<SharedResultsPage gateway={revoked} token={null} />);
    await waitFor(() =>
      expect(second.container.querySelector('[data-testid="shared-failed"]')?.textContent).toBe(
        RESULTS_LINK_MESSAGES.unknown,
      ),
    );
  });
});

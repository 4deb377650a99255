import { STORAGE_KEYS } from '@loop/adapters';
import type { Survey, SurveyRounds } from '@loop/core';
import { NO_LOGIC } from '@loop/core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../app/App';
import { json, type SeenRequest } from '../testing/fakeApi';
import { button, choose, click, render, type, unmountAll, waitFor } from '../testing/render';
import { createSignedInApp } from '../testing/testContainer';

afterEach(unmountAll);

beforeAll(async () => {
  await import('./InvitationsScreen');
});

const NOW = Date.parse('2026-11-26T10:00:00.000Z');

const SURVEY: Survey = {
  id: 12,
  organization_id: 7,
  title: 'Medewerkerspuls',
  description_html: '',
  introduction_html: '',
  thank_you_text: 'Bedankt',
  status: 'open',
  close_at: null,
  created_at: '2026-10-01T08:00:00Z',
  updated_at: '2026-10-01T08:00:00Z',
  published_at: '2026-10-01T08:00:00Z',
  closed_at: null,
  questions: [
    { id: 'q-nps', type: 'nps', title: 'Zou je ons aanbevelen?', required: false, position: 0, settings: {} },
  ],
  logic: NO_LOGIC,
  languages: [],
  translations: {},
  max_responses: null,
  quotas: [],
  version: 3,
  estimated_seconds: 60,
  retention_until: null,
  retention_months: null,
  anonymous: false,
};

const RUNNING: SurveyRounds = {
  schedule: {
    interval_unit: 'week',
    interval_count: 2,
    segment_id: 3,
    start_at: '2026-12-01T08:00:00.000Z',
    state: 'active',
  },
  rounds: [
    {
      id: 41,
      number: 2,
      due_at: '2026-12-15T08:00:00.000Z',
      state: 'scheduled',
      sent_at: null,
      invited: 0,
      skipped: 0,
      completed: 0,
      note: null,
    },
    {
      id: 40,
      number: 1,
      due_at: '2026-12-01T08:00:00.000Z',
      state: 'sent',
      sent_at: '2026-12-01T08:00:03.000Z',
      invited: 118,
      skipped: 2,
      completed: 37,
      note: null,
    },
  ],
};

/** The app with the rounds as `before` until the schedule is saved, then as RUNNING. */
function app(before: SurveyRounds, control: (request: SeenRequest) => Response = () => json(200, RUNNING)) {
  let saved = false;
  return createSignedInApp({
    role: 'member',
    path: '/survey/12/uitnodigen',
    storage: { [STORAGE_KEYS.currentOrgId]: '7' },
    routes: {
      'GET /surveys/12': () => json(200, SURVEY),
      'GET /surveys/12/invitations': () =>
        json(200, {
          items: [],
          total: 0,
          page: 1,
          page_size: 50,
          counts: { planned: 0, sent: 0, failed: 0, opened: 0, completed: 0, cancelled: 0 },
          sending: 0,
          reminders: { after_days: 3, max_reminders: 1, stopped: false },
        }),
      'GET /surveys/12/rounds': () => json(200, saved ? RUNNING : before),
      'PUT /surveys/12/rounds': () => {
        saved = true;
        return json(200, RUNNING);
      },
      'POST /surveys/12/rounds/pause': control,
      'GET /contacts/segments': () =>
        json(200, [
          {
            id: 3,
            name: 'Regio Noord',
            filter: { tags: ['noord'] },
            contact_count: 120,
            created_at: '2026-11-01T08:00:00Z',
            updated_at: '2026-11-01T08:00:00Z',
          },
        ]),
      'GET /contacts/facets': () => json(200, { tags: [], attribute_keys: [], total: 0 }),
    },
    overrides: { Clock: { now: () => NOW } },
  });
}

const section = (container: HTMLElement) =>
  [...container.querySelectorAll('section')].find((each) =>
    each.textContent?.includes('Herhalen in rondes'),
  ) as HTMLElement | undefined;
const labelled = (root: HTMLElement, text: string) => {
  const label = [...root.querySelectorAll('label')].find((each) => each.textContent === text);
  return root.querySelector(`#${CSS.escape(label?.getAttribute('for') ?? '')}`) as
    | HTMLInputElement
    | HTMLSelectElement;
};

describe("PulseRoundsSection ('Herhalen in rondes')", () => {
  it('should refuse a bad rhythm in Dutch before any call, then start the rounds with the first one on the Dutch clock', async () => {
    const test = app({ schedule: null, rounds: [] });
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(section(container)?.textContent).toContain('Rondes starten'));
    const rounds = section(container) as HTMLElement;
    await waitFor(() =>
      expect(rounds.querySelector('option[value="3"]')?.textContent).toBe('Regio Noord (120)'),
    );
    // Tomorrow at 09:00 by default.
    expect(labelled(rounds, 'Eerste ronde op').value).toBe('2026-11-27');
    expect(labelled(rounds, 'om').value).toBe('09:00');

    await type(labelled(rounds, 'Elke'), '13');
    await click(button(rounds, 'Rondes starten'));
    await waitFor(() => expect(rounds.textContent).toContain('Kies een herhaling van 1 tot en met 12.'));
    expect(test.api.seen.some((request) => request.method === 'PUT')).toBe(false);

    await type(labelled(rounds, 'Elke'), '2');
    await choose(labelled(rounds, 'Eenheid'), 'week');
    await choose(labelled(rounds, 'Aan'), '3');
    await type(labelled(rounds, 'Eerste ronde op'), '2026-12-01');
    await click(button(rounds, 'Rondes starten'));
    await waitFor(() => expect(test.api.seen.some((request) => request.method === 'PUT')).toBe(true));
    expect(test.api.seen.find((request) => request.method === 'PUT')?.body).toEqual({
      interval_unit: 'week',
      interval_count: 2,
      segment_id: 3,
      start_at: '2026-12-01T08:00:00.000Z',
    });
    await waitFor(() =>
      expect(section(container)?.textContent).toContain('Elke 2 weken aan segment Regio Noord'),
    );
  });

  it('should list the rounds with their state and counts, and pause them', async () => {
    const test = app(RUNNING);
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(section(container)?.querySelectorAll('tbody tr')).toHaveLength(2));
    const rounds = section(container) as HTMLElement;
    const cells = [...rounds.querySelectorAll('tbody tr')].map((row) =>
      [...row.querySelectorAll('td')].map((cell) => cell.textContent),
    );
    expect(cells[0]?.slice(0, 3)).toEqual(['Ronde 2', '15 dec. 2026, 09:00', 'Gepland']);
    expect(cells[1]).toEqual(['Ronde 1', '1 dec. 2026, 09:00', 'Verstuurd', '118', '2', '37']);
    // The form stays closed while the rounds run, until 'Schema wijzigen'.
    expect(button(rounds, 'Rondes starten')).toBeNull();

    await click(button(rounds, 'Pauzeren'));
    await waitFor(() =>
      expect(
        test.api.seen.some((request) => request.method === 'POST' && request.path.endsWith('/rounds/pause')),
      ).toBe(true),
    );
    await click(button(rounds, 'Schema wijzigen'));
    expect(button(rounds, 'Schema opslaan')).not.toBeNull();
  });
});

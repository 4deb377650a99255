import type { Crosstab, Survey } from '@loop/core';
import { NO_LOGIC } from '@loop/core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { json } from '../../testing/fakeApi';
import { button, choose, click, render, unmountAll, waitFor } from '../../testing/render';
import { createSignedInApp } from '../../testing/testContainer';
import { NPS_QUESTION, resultsBody, resultsSurvey } from './resultsScreen.fixtures';

afterEach(unmountAll);

beforeAll(async () => {
  await import('./SurveyResultsScreen');
});

const SURVEY = resultsSurvey({
  questions: [
    NPS_QUESTION,
    {
      id: 'afd',
      type: 'single_choice',
      title: 'Afdeling',
      required: false,
      position: 1,
      settings: {
        options: [
          { id: 'verkoop', label: 'Verkoop' },
          { id: 'service', label: 'Service' },
        ],
        allow_other: false,
      },
    },
  ],
  logic: { ...NO_LOGIC, hidden_fields: ['bron'] },
  anonymous: true,
});

const RESULTS = resultsBody({
  questions: [
    { question_id: 'q-nps', type: 'nps', answered: 3, seen_count: 3, by_score: { '10': 3 } },
    {
      question_id: 'afd',
      type: 'single_choice',
      answered: 3,
      seen_count: 3,
      by_option: { verkoop: 2, service: 1 },
      other: 0,
      other_texts: [],
      other_text_count: 0,
    },
  ],
});

const CROSSTAB: Crosstab = {
  survey_id: 12,
  row: {
    key: 'q:afd',
    label: 'Afdeling',
    values: [
      { value: 'verkoop', label: 'Verkoop' },
      { value: 'service', label: 'Service' },
    ],
  },
  col: { key: 'lang', label: 'Taal', values: [{ value: 'nl', label: 'Nederlands' }] },
  counts: [[null], [12]],
  row_totals: [null, 12],
  col_totals: [null],
  total: 20,
  small_counts_hidden: true,
};

function app(path = '/survey/12', survey: Survey = SURVEY) {
  return createSignedInApp({
    path,

    routes: {
      'GET /user-subscriptions/me': () => json(404, { detail: 'Geen abonnement.' }),
      'GET /plans': () => json(200, []),
      'GET /surveys/12/responses': () => json(200, { items: [], total: 0, page: 1, page_size: 20 }),
      'GET /surveys/12': () => json(200, survey),
      'GET /contacts/segments': () =>
        json(200, [
          {
            id: 4,
            name: 'Klanten Utrecht',
            filter: {},
            contact_count: 10,
            created_at: '2025-10-01T08:00:00Z',
            updated_at: '2025-10-01T08:00:00Z',
          },
        ]),
      'GET /surveys/12/results': () => json(200, RESULTS),
      'GET /surveys/12/results/crosstab': () => json(200, CROSSTAB),
      'GET /surveys/12/links': () =>
        json(200, { public_token: 'P', personal: { total: 0, started: 0, completed: 0 } }),
    },
  });
}

const resultsRequests = (test: ReturnType<typeof app>) =>
  test.api.seen
    .filter((request) => request.path.startsWith('/surveys/12/results'))
    .map((request) => request.path);

describe('ResultsFilterBar', () => {
  it('should add a filter as a chip, keep it in the address and ask the results with it', async () => {
    const test = app();
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(button(container, 'Filter toevoegen')).not.toBeNull());
    await click(button(container, 'Filter toevoegen'));
    const form = container.querySelector('form[aria-label="Filter toevoegen"]') as HTMLFormElement;
    const target = form.querySelector('select') as HTMLSelectElement;
    expect(form.querySelector(`label[for="${target.id}"]`)?.textContent).toBe('Filteren op');
    // An anonymous survey offers no contact filters.
    expect([...target.options].map((option) => option.textContent)).toEqual([
      'Kies een vraag of gegeven',
      'Zou je ons aanbevelen?',
      'Afdeling',
      'Verborgen veld: bron',
      'Taal',
    ]);
    await choose(target, 'q:afd');
    await click(button(form, 'Toepassen'));
    expect(form.querySelector('[role="alert"]')?.textContent).toBe('Kies of vul minstens één waarde in.');
    const verkoop = [...form.querySelectorAll('label')].find((label) =>
      label.textContent?.includes('Verkoop'),
    );
    await click(verkoop?.querySelector('input') ?? null);
    await click(button(form, 'Toepassen'));
    await waitFor(() =>
      expect(container.querySelector('[aria-label="Actieve filters"]')?.textContent).toContain(
        'Afdeling is Verkoop',
      ),
    );
    expect(test.location.history.at(-1)).toBe('/survey/12?filter=q%3Aafd%3Averkoop');
    await waitFor(() =>
      expect(resultsRequests(test)).toContain('/surveys/12/results?filter=q%3Aafd%3Averkoop'),
    );
    // The question's page keeps the filter.
    expect(container.querySelector('a[href*="/question/afd"]')?.getAttribute('href')).toContain('filter=');
  });

  it('should read the filter from the address on load and remove a chip by its button', async () => {
    const test = app('/survey/12?filter=q%3Aq-nps%3A9..10~lang%3Anl');
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    const chips = await waitFor(() => {
      const list = container.querySelector('[aria-label="Actieve filters"]');
      expect(list).not.toBeNull();
      return list as Element;
    });
    expect([...chips.querySelectorAll('li span')].map((chip) => chip.textContent)).toEqual([
      'Zou je ons aanbevelen? is 9 tot en met 10',
      'Taal is Nederlands',
    ]);
    expect(resultsRequests(test)[0]).toBe('/surveys/12/results?filter=q%3Aq-nps%3A9..10%7Elang%3Anl');
    await click(chips.querySelector('button[aria-label="Filter verwijderen: Taal is Nederlands"]'));
    expect(test.location.history.at(-1)).toBe('/survey/12?filter=q%3Aq-nps%3A9..10');
  });
});

describe('ResultsFilterBar on a survey that is not anonymous', () => {
  it("should name a segment's chip by the segment's name and offer the contact's filters", async () => {
    const test = app('/survey/12?filter=seg%3A4', { ...SURVEY, anonymous: false });
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() =>
      expect(container.querySelector('[aria-label="Actieve filters"]')?.textContent).toContain(
        'In segment Klanten Utrecht',
      ),
    );
    await click(button(container, 'Filter toevoegen'));
    const target = container.querySelector('form[aria-label="Filter toevoegen"] select') as HTMLSelectElement;
    expect([...target.options].map((option) => option.textContent).slice(-2)).toEqual([
      'Contactkenmerk',
      'Segment',
    ]);
    await click(button(container, 'Annuleren'));
    expect(document.activeElement?.textContent).toBe('Filter toevoegen');
  });
});

describe('CrosstabPanel', () => {
  it('should show a real table with row percentages and < 5 where an anonymous survey hides a count', async () => {
    const test = app();
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    const panel = await waitFor(() => {
      const found = container.querySelector('.crosstab');
      expect(found).not.toBeNull();
      return found as Element;
    });
    const [rows, cols] = [...panel.querySelectorAll('select')];
    expect(panel.querySelector(`label[for="${rows?.id}"]`)?.textContent).toBe('Rijen');
    expect(panel.querySelector(`label[for="${cols?.id}"]`)?.textContent).toBe('Kolommen');
    await choose(rows ?? null, 'q:afd');
    await choose(cols ?? null, 'lang');
    const table = await waitFor(() => {
      const found = panel.querySelector('table');
      expect(found).not.toBeNull();
      return found as HTMLTableElement;
    });
    expect(resultsRequests(test)).toContain('/surveys/12/results/crosstab?row=q%3Aafd&col=lang');
    expect([...table.querySelectorAll('th[scope="col"]')].map((th) => th.textContent)).toEqual([
      'Nederlands',
      'Totaal',
    ]);
    expect([...table.querySelectorAll('tbody th[scope="row"]')].map((th) => th.textContent)).toEqual([
      'Verkoop',
      'Service',
    ]);
    expect(table.querySelector('[data-cell="verkoop/nl"]')?.textContent).toBe('n = < 5');
    expect(table.querySelector('[data-cell="service/nl"]')?.textContent).toBe('n = 12 (100%)');
    expect(table.querySelector('caption')?.textContent).toContain('aantallen onder de 5 staan als < 5');
  });
});

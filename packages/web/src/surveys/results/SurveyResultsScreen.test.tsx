import type {
  DownloadedFile,
  FileSaver,
  MemberRole,
  ResponseDetail,
  ResponseListItem,
  Survey,
  SurveyResults,
} from '@loop/core';
import { NO_LOGIC } from '@loop/core';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { json, meBody } from '../../testing/fakeApi';
import { button, click, render, type, unmountAll, waitFor } from '../../testing/render';
import { createSignedInApp, type TestRoutes } from '../../testing/testContainer';
import { resultsSurvey } from './resultsScreen.fixtures';

afterEach(unmountAll);

// The route's lazy chunk is transformed on first import, which takes longer than waitFor waits.
beforeAll(async () => {
  await import('./SurveyResultsScreen');
});

const SURVEY = resultsSurvey();

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
    { question_id: 'q-nps', type: 'nps', answered: 3, seen_count: 3, by_score: { '10': 2, '4': 1 } },
    {
      question_id: 'q-open',
      type: 'open_short',
      answered: 2,
      seen_count: 2,
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

const plan = (id: number, name: string, keys: readonly string[]) => ({
  id,
  name,
  price_per_month: id * 10,
  features: keys.map((key) => ({ key, name: key, description: '' })),
});

// Dearest first: the note must name the cheapest plan first whatever order the plans come in.
const PLANS = [
  plan(3, 'proloop', ['core', 'export']),
  plan(2, 'smartloop', ['core', 'export']),
  plan(1, 'basicloop', ['core']),
];

const ITEMS: ResponseListItem[] = [
  {
    id: 31,
    ordinal: 2,
    kind: 'personal',
    label: 'Jan de Vries',
    status: 'completed',
    started_at: '2025-11-03T09:55:00Z',
    saved_at: '2025-11-03T10:00:00Z',
    completed_at: '2025-11-03T10:00:00Z',
    anonymised: false,
    contact_name: null,
    contact_email: null,
  },
  {
    id: 30,
    ordinal: null,
    kind: 'public',
    label: null,
    status: 'in_progress',
    started_at: '2025-11-02T09:00:00Z',
    saved_at: '2025-11-02T09:01:00Z',
    completed_at: null,
    anonymised: false,
    contact_name: null,
    contact_email: null,
  },
];

const DETAIL: ResponseDetail = {
  ...(ITEMS[0] as ResponseListItem),
  answers: [
    { question_id: 'q-nps', question: 'Zou je ons aanbevelen?', answer: '9' },
    { question_id: 'q-open', question: 'Wat kan beter?', answer: null },
  ],
};

type Routes = TestRoutes;

function app(
  features: readonly string[],
  files?: FileSaver,
  extra: { readonly role?: MemberRole; readonly routes?: Routes } = {},
) {
  return createSignedInApp({
    path: '/survey/12',

    ...(files ? { overrides: { FileSaver: files } } : {}),
    routes: {
      'GET /users/me': () =>
        json(200, meBody({ organizations: [{ id: 7, name: 'Demo BV', role: extra.role ?? 'owner' }] })),

      'GET /user-subscriptions/me': () => json(200, subscription(features)),
      'GET /plans': () => json(200, PLANS),
      'GET /surveys/12/responses': () => json(200, { items: ITEMS, total: 2, page: 1, page_size: 20 }),
      'GET /surveys/12/responses/31': () => json(200, DETAIL),
      'GET /billing/settings': () => json(200, { online_checkout: false, provider: 'stripe' }),
      'GET /surveys/12': () => json(200, SURVEY),
      'GET /surveys/12/rounds/comparison': () => json(200, { survey_id: 12, rounds: [] }),
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
      ...extra.routes,
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
    // No rules: everyone saw every question, and the blocks say nothing about it.
    expect(container.querySelector('[data-testid="question-seen"]')).toBeNull();
    expect(container.querySelector('a[href="/survey/12/edit"]')?.textContent).toBe('Bewerken');
    expect(container.querySelector('a[href="/survey/12/preview"]')?.textContent).toBe('Voorbeeld');
    expect(container.querySelector('a[href="/survey/12/email-preview"]')?.textContent).toBe(
      'E-mailvoorbeeld',
    );
  });

  it('should say under every question of a survey with rules by how many respondents it was seen', async () => {
    const withRules: Survey = {
      ...SURVEY,
      logic: {
        ...NO_LOGIC,
        rules: [
          {
            id: 'r1',
            action: 'show',
            question_id: 'q-open',
            when: {
              match: 'all',
              conditions: [{ source: 'question', question_id: 'q-nps', operator: 'less', value: 7 }],
            },
          },
        ],
      },
    };
    const results: SurveyResults = {
      ...RESULTS,
      questions: RESULTS.questions.map((question) =>
        question.question_id === 'q-open' ? { ...question, seen_count: 2 } : question,
      ),
    };
    const test = app(['core'], undefined, {
      routes: {
        'GET /surveys/12': () => json(200, withRules),
        'GET /surveys/12/results': () => json(200, results),
      },
    });
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(container.querySelectorAll('[data-testid="question-seen"]')).toHaveLength(2));
    expect(
      [...container.querySelectorAll('[data-question-id]')].map(
        (block) => block.querySelector('[data-testid="question-seen"]')?.textContent,
      ),
    ).toEqual([
      'Gezien door 3 van de 3 respondenten; 100% van hen gaf een antwoord.',
      'Gezien door 2 van de 3 respondenten; 100% van hen gaf een antwoord.',
    ]);
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

  it('should offer CSV on every plan and explain which plans have XLSX, cheapest first', async () => {
    const test = app(['core']);
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(container.querySelector('.export-note')).not.toBeNull());
    const csv = container.querySelector<HTMLButtonElement>('button[data-export="csv"]');
    const xlsx = container.querySelector<HTMLButtonElement>('button[data-export="xlsx"]');
    expect(csv?.disabled).toBe(false);
    expect(csv?.hasAttribute('aria-describedby')).toBe(false);
    expect(xlsx?.disabled).toBe(true);
    expect(xlsx?.getAttribute('aria-describedby')).toBe(container.querySelector('.export-note')?.id);
    expect(container.querySelector('.export-note')?.textContent).toBe(
      'CSV kan met elk abonnement. Exporteren naar XLSX kan met het abonnement smartloop of proloop. ' +
        'Mijn Abonnement',
    );
    expect(container.querySelector('.export-note a')?.getAttribute('href')).toBe('/dashboard/abonnement');
  });

  it('should download the CSV export through the file saver', async () => {
    const saved: DownloadedFile[] = [];
    const files: FileSaver = {
      saveFile: (file) => saved.push(file),
      saveText: () => {},
      saveBytes: () => {},
    };
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
      saveBytes: () => {},
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

  it("should put 'Delen' with the link, its QR code and the invitations at the top, above the responses table", async () => {
    const test = app(['core']);
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    const sharing = await waitFor(() => {
      const found = container.querySelector('.sharing');
      if (!found?.querySelector('[data-testid="share-qr"]')) throw new Error('not yet');
      return found;
    });
    const headings = [...container.querySelectorAll('h2')].map((h) => h.textContent);
    expect(headings.slice(0, 3)).toEqual(['Delen', 'Filters', 'Samenvatting']);
    const table = await waitFor(() => {
      const found = container.querySelector('.respondents table');
      if (!found) throw new Error('not yet');
      return found;
    });
    expect(sharing.compareDocumentPosition(table) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(sharing.querySelector<HTMLInputElement>('#public-link')?.value).toBe(
      `${globalThis.location.origin}/respond/PUBLIEK123`,
    );
    expect(sharing.querySelector<HTMLImageElement>('[data-testid="share-qr"]')?.alt).toBe(
      'QR-code van de openbare link',
    );
    expect(button(sharing, 'Download SVG')).not.toBeNull();
    expect(button(sharing, 'Download PNG')).not.toBeNull();
    const invite = [...sharing.querySelectorAll('a')].find((a) => a.textContent === 'Uitnodigen via e-mail');
    expect(invite?.getAttribute('href')).toBe('/survey/12/uitnodigen');
    // Where to find it again is said after opening, not on the page it points to.
    expect(sharing.querySelector('[data-testid="share-reach-again"]')).toBeNull();
  });

  it('should find a respondent by label, show the answers and export them as JSON', async () => {
    const saved: DownloadedFile[] = [];
    const files: FileSaver = {
      saveFile: (file) => saved.push(file),
      saveText: () => {},
      saveBytes: () => {},
    };
    const test = app(['core'], files, {
      routes: {
        'GET /surveys/12/responses/31/export': () =>
          new Response('{}', {
            status: 200,
            headers: {
              'content-type': 'application/json',
              'content-disposition': 'attachment; filename="survey-12-reactie-2-2025-11-04.json"',
            },
          }),
      },
    });
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    const rows = () => [...container.querySelectorAll('.respondents tbody tr')];
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(
      rows().map((row) => [...row.querySelectorAll('td')].slice(0, 3).map((cell) => cell.textContent)),
    ).toEqual([
      ['Jan de Vries (reactie 2)', 'Persoonlijke link', 'Ingestuurd'],
      ['Niet ingestuurd', 'Openbare link', 'Bezig'],
    ]);
    expect(container.querySelector('[data-testid="respondents-count"]')?.textContent).toBe('2 reacties');
    // Who may see contacts finds who was invited by name or address as well.
    expect(container.querySelector('label[for="respondents-search"]')?.textContent).toBe(
      'Zoek op naam, e-mailadres of label',
    );
    expect(container.querySelector('#respondents-search')?.getAttribute('placeholder')).toBe(
      'Bijv. Jansen of jan@voorbeeld.nl',
    );

    await type(container.querySelector('#respondents-search'), 'jan');
    await waitFor(
      () =>
        expect(test.api.seen.map((request) => request.path)).toContain(
          '/surveys/12/responses?page=1&page_size=20&q=jan',
        ),
      400,
    );

    await click(button(container, 'Bekijken: Jan de Vries (reactie 2)'));
    const answers = await waitFor(() => {
      const found = container.querySelector('[data-testid="response-answers"]');
      if (!found) throw new Error('not yet');
      return found;
    });
    expect([...answers.querySelectorAll('div')].map((pair) => pair.textContent)).toEqual([
      'Zou je ons aanbevelen?9',
      'Wat kan beter?Niet beantwoord',
    ]);
    expect(document.activeElement?.id).toBe('response-detail-heading');

    await click(button(container, 'Exporteren (JSON)'));
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]?.filename).toBe('survey-12-reactie-2-2025-11-04.json');
    expect(test.api.seen.map((request) => request.path)).toContain(
      '/surveys/12/responses/31/export?format=json',
    );
  });

  it('should name the invited contact with their address, and the link label otherwise', async () => {
    const invited: ResponseListItem = {
      ...(ITEMS[0] as ResponseListItem),
      id: 32,
      ordinal: 3,
      label: 'Team Noord',
      contact_name: 'Fatima El Amrani',
      contact_email: 'fatima@voorbeeld.nl',
    };
    const test = app(['core'], undefined, {
      routes: {
        'GET /surveys/12/responses': () =>
          json(200, { items: [invited, ...ITEMS], total: 3, page: 1, page_size: 20 }),
        'GET /surveys/12/responses/32': () => json(200, { ...DETAIL, ...invited }),
      },
    });
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    const rows = () => [...container.querySelectorAll('.respondents tbody tr')];
    await waitFor(() => expect(rows()).toHaveLength(3));
    const first = rows().map((row) => row.querySelector('td'));
    expect(first.map((cell) => cell?.childNodes[0]?.textContent)).toEqual([
      'Fatima El Amrani (reactie 3)',
      'Jan de Vries (reactie 2)',
      'Niet ingestuurd',
    ]);
    expect(first.map((cell) => cell?.querySelector('.respondent-email')?.textContent ?? null)).toEqual([
      'fatima@voorbeeld.nl',
      null,
      null,
    ]);

    await click(button(container, 'Bekijken: Fatima El Amrani (reactie 3)'));
    await waitFor(() => expect(container.querySelector('[data-testid="response-answers"]')).not.toBeNull());
    expect(container.querySelector('#response-detail-heading')?.textContent).toBe(
      'Fatima El Amrani (reactie 3)',
    );
    expect(container.querySelector('.response-facts')?.textContent).toContain(
      'E-mailadresfatima@voorbeeld.nl',
    );
  });

  it('should search an anonymous survey’s respondents by label only', async () => {
    const test = app(['core'], undefined, {
      routes: { 'GET /surveys/12': () => json(200, { ...SURVEY, anonymous: true }) },
    });
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(container.querySelector('label[for="respondents-search"]')).not.toBeNull());
    expect(container.querySelector('label[for="respondents-search"]')?.textContent).toBe('Zoek op label');
    expect(container.querySelector('.respondents p')?.textContent).toContain(
      'op het label van de persoonlijke link',
    );
  });

  it('should erase a response only after the confirmation and count the results again', async () => {
    const test = app(['core'], undefined, {
      routes: { 'DELETE /surveys/12/responses/31': () => new Response(null, { status: 204 }) },
    });
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(button(container, 'Bekijken: Jan de Vries (reactie 2)')).not.toBeNull());
    await click(button(container, 'Bekijken: Jan de Vries (reactie 2)'));
    await waitFor(() => expect(button(container, 'Wissen')).not.toBeNull());
    const calls = (path: string) => test.api.seen.filter((request) => request.path.startsWith(path)).length;
    const resultsBefore = calls('/surveys/12/results');
    const listBefore = calls('/surveys/12/responses?');

    await click(button(container, 'Wissen'));
    const dialog = document.querySelector('[role="alertdialog"]');
    expect(dialog?.textContent).toContain(
      'De antwoorden van Jan de Vries (reactie 2) worden gewist, met de tijden per vraag.',
    );
    expect(document.activeElement?.textContent).toBe('Annuleren');
    expect(test.api.seen.some((request) => request.method === 'DELETE')).toBe(false);

    await click(button(document.body, 'Antwoorden wissen'));
    await waitFor(() => expect(document.querySelector('[role="alertdialog"]')).toBeNull());
    expect(test.api.seen.filter((request) => request.method === 'DELETE').map((r) => r.path)).toEqual([
      '/surveys/12/responses/31',
    ]);
    await waitFor(() => expect(calls('/surveys/12/results')).toBeGreaterThan(resultsBefore));
    expect(calls('/surveys/12/responses?')).toBeGreaterThan(listBefore);
    expect(container.querySelector('[data-testid="response-answers"]')).toBeNull();
    expect(document.activeElement?.id).toBe('respondents-heading');
  });

  it('should let a viewer read the answers but not export, erase, delete or change the retention', async () => {
    const test = app(['core'], undefined, { role: 'viewer' });
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(button(container, 'Bekijken: Jan de Vries (reactie 2)')).not.toBeNull());
    await waitFor(() => expect(button(container, 'Verwijderen')).toBeNull());
    // A viewer sees no contacts: the search is by the link's label only.
    expect(container.querySelector('label[for="respondents-search"]')?.textContent).toBe('Zoek op label');
    expect(container.querySelector('#respondents-search')?.hasAttribute('placeholder')).toBe(false);
    expect(button(container, 'Dupliceren')).toBeNull();
    await click(button(container, 'Bekijken: Jan de Vries (reactie 2)'));
    await waitFor(() => expect(container.querySelector('[data-testid="response-answers"]')).not.toBeNull());
    expect(button(container, 'Wissen')).toBeNull();
    expect(button(container, 'Exporteren (JSON)')).toBeNull();
    expect(container.textContent).toContain(
      'Exporteren en wissen van antwoorden kan alleen een eigenaar of beheerder.',
    );
    expect(container.querySelector('.retention form, form.retention')).toBeNull();
    expect(container.querySelector('.anonymity input')).toBeNull();
    expect(container.querySelector('[data-testid="anonymity-summary"]')?.textContent).toBe(
      'Deze survey is niet anoniem: bij antwoorden via een uitnodiging staat wie antwoordde.',
    );
    expect(container.querySelector('[data-testid="retention-summary"]')?.textContent).toBe(
      'Geen bewaartermijn: antwoorden blijven bewaard tot je ze wist of de survey verwijdert.',
    );
    // Nor edit the survey, download its answers or make personal links.
    expect(container.querySelector('a[href="/survey/12/edit"]')).toBeNull();
    expect(button(container, 'Exporteren CSV')).toBeNull();
    expect(container.querySelector('.sharing form')).toBeNull();
    expect(container.querySelector('.sharing')?.textContent).toContain(
      'Met de rol Lezer kun je surveys bekijken, maar niet maken of wijzigen.',
    );
  });

  it('should let a viewer, who cannot open the editor, choose their own e-mail alerts here (R-ALERT-1)', async () => {
    const mine = { mode: 'none', conditions: false };
    const test = app(['core'], undefined, {
      role: 'viewer',
      routes: {
        'GET /surveys/12/alerts': () => json(200, { mine, rules: [], webhook: null }),
        'PUT /surveys/12/alerts/mine': (request) => json(200, request.body),
      },
    });
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    const section = await waitFor(() => container.querySelector('[data-testid="survey-alerts"]'));
    const save = await waitFor(() =>
      [...section.querySelectorAll('button')].find(
        (item) => item.textContent?.trim() === 'Mijn meldingen opslaan',
      ),
    );
    await click(section.querySelector('input[id$="-mode-digest"]'));
    await click(save ?? null);
    await waitFor(() =>
      expect(
        test.api.seen.filter((request) => request.method === 'PUT').map((request) => request.path),
      ).toEqual(['/surveys/12/alerts/mine']),
    );
    expect(test.api.seen.find((request) => request.method === 'PUT')?.body).toMatchObject({ mode: 'digest' });
  });

  it('should delete the survey after a confirmation naming its responses and go to the list', async () => {
    const test = app(['core'], undefined, {
      routes: {
        'GET /surveys/12': () => json(200, { ...SURVEY, response_count: 65 }),
        'DELETE /surveys/12': () => new Response(null, { status: 204 }),
        'GET /surveys': () => json(200, { items: [], total: 0, page: 1, page_size: 25 }),
      },
    });
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(button(container, 'Verwijderen')).not.toBeNull());
    await click(button(container, 'Verwijderen'));
    expect(document.querySelector('[role="alertdialog"] h2')?.textContent).toBe(
      "'Medewerkers 2025' verwijderen?",
    );
    expect(document.querySelector('[role="alertdialog"]')?.textContent).toContain(
      'Deze survey heeft 65 reacties. Verwijderen kan niet ongedaan worden gemaakt.',
    );
    await click(button(document.body, 'Survey verwijderen'));
    await waitFor(() => expect(test.location.history.at(-1)).toBe('/surveys'));
    expect(test.api.seen.filter((request) => request.method === 'DELETE').map((r) => r.path)).toEqual([
      '/surveys/12',
    ]);
  });

  it('should save a retention in months and refuse a past date before sending it', async () => {
    const test = app(['core'], undefined, {
      routes: {
        'PUT /surveys/12/retention': (request) => json(200, { ...SURVEY, ...(request.body as object) }),
      },
    });
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    const radio = (mode: string) =>
      container.querySelector<HTMLInputElement>(`.retention input[type="radio"][value="${mode}"]`);
    await waitFor(() => expect(radio('months')).not.toBeNull());
    await click(radio('months'));
    await type(container.querySelector('.retention input[inputmode="numeric"]'), '18');
    await click(button(container, 'Bewaartermijn opslaan'));
    await waitFor(() =>
      expect(container.querySelector('[data-testid="retention-summary"]')?.textContent).toBe(
        'Antwoorden worden 18 maanden na het invullen geanonimiseerd.',
      ),
    );
    const puts = () => test.api.seen.filter((request) => request.method === 'PUT');
    expect(puts().map((request) => request.body)).toEqual([{ retention_until: null, retention_months: 18 }]);

    await click(radio('until'));
    const day = container.querySelector<HTMLInputElement>('.retention input[type="date"]');
    await type(day, '2020-01-01');
    await click(button(container, 'Bewaartermijn opslaan'));
    await waitFor(() =>
      expect(container.querySelector('.retention .field-error')?.textContent).toBe(
        'Kies vandaag of een datum in de toekomst.',
      ),
    );
    expect(day?.getAttribute('aria-invalid')).toBe('true');
    expect(puts()).toHaveLength(1);
  });

  it("should make the survey anonymous, and show the server's reason when it no longer can", async () => {
    const fixed =
      'Deze survey heeft al uitnodigingen: de links daarin horen bij contacten, dus anoniem aan- of uitzetten kan niet meer.';
    let puts = 0;
    const test = app(['core'], undefined, {
      routes: {
        'PUT /surveys/12/anonymity': (request) =>
          ++puts === 1 ? json(200, { ...SURVEY, ...(request.body as object) }) : json(409, { detail: fixed }),
      },
    });
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    const section = () => container.querySelector('section[aria-labelledby="anonymity-heading"]');
    const box = () => section()?.querySelector<HTMLInputElement>('input[type="checkbox"]') ?? null;
    await waitFor(() => expect(box()).not.toBeNull());
    expect(section()?.querySelector('label')?.textContent).toBe('Anonieme survey');
    expect(section()?.textContent).toContain(
      'Antwoorden worden niet aan contacten gekoppeld; uitnodigingen en herinneringen werken wel.',
    );
    expect(box()?.checked).toBe(false);

    await click(box());
    await waitFor(() => expect(box()?.checked).toBe(true));
    await click(box());
    await waitFor(() => expect(section()?.querySelector('[role="alert"]')?.textContent).toBe(fixed));
    expect(box()?.checked).toBe(true);
    expect(
      test.api.seen
        .filter((request) => request.method === 'PUT')
        .map((request) => [request.path, request.body]),
    ).toEqual([
      ['/surveys/12/anonymity', { anonymous: true }],
      ['/surveys/12/anonymity', { anonymous: false }],
    ]);
  });

  it('should say the survey is unknown when the server answers 404', async () => {
    const test = createSignedInApp({
      path: '/survey/99',

      routes: {
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

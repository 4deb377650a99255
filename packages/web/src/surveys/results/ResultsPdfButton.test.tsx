import type { FileSaver, MemberRole, Survey, SurveyResults } from '@loop/core';
import { NO_LOGIC } from '@loop/core';
import type { ExportResultsPdfResult, ResultsPdfRequest } from '@loop/core/surveys/resultsPdf';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { App } from '../../app/App';
import type { ContainerOverrides } from '../../app/container';
import { notify } from '../../notifications/notify';
import { json, meBody } from '../../testing/fakeApi';
import { button, click, render, settle, unmountAll, waitFor } from '../../testing/render';
import { createSignedInApp } from '../../testing/testContainer';

afterEach(() => {
  unmountAll();
  vi.restoreAllMocks();
});

// The route's lazy chunk is transformed on first import, which takes longer than waitFor waits.
beforeAll(async () => {
  await import('./SurveyResultsScreen');
});

const SURVEY: Survey = {
  id: 12,
  organization_id: 7,
  title: 'Klanten 2025',
  description_html: '',
  introduction_html: '',
  thank_you_text: 'Dank je wel',
  status: 'closed',
  close_at: null,
  created_at: '2025-09-01T08:00:00Z',
  updated_at: '2025-09-01T08:00:00Z',
  published_at: '2025-09-01T08:00:00Z',
  closed_at: '2025-12-01T08:00:00Z',
  questions: [
    {
      id: 'q-likert',
      type: 'likert',
      title: 'Hoe was ons contact?',
      required: true,
      position: 0,
      settings: {
        points: 5,
        labels: ['Slecht', 'Matig', 'Neutraal', 'Goed', 'Uitstekend'],
        neutral_middle: false,
        statements: [{ id: 's-snel', text: 'Ik werd snel geholpen' }],
      },
    },
    {
      id: 'q-tip',
      type: 'open_long',
      title: 'Een tip?',
      required: false,
      position: 1,
      settings: { max_length: 800 },
    },
  ],
  logic: NO_LOGIC,
  languages: [],
  translations: {},
  max_responses: null,
  quotas: [],
  version: 1,
  estimated_seconds: 40,
  retention_until: null,
  retention_months: 12,
  anonymous: false,
};

const RESULTS: SurveyResults = {
  survey_id: 12,
  responses: {
    completed: 5,
    in_progress: 0,
    invited: 0,
    response_rate: null,
    completion_rate: 1,
    last_response_at: null,
  },
  bucket: 'week',
  over_time: [],
  questions: [
    {
      question_id: 'q-likert',
      type: 'likert',
      answered: 5,
      seen_count: 5,
      by_statement: { 's-snel': { '4': 3, '5': 2 } },
    },
    {
      question_id: 'q-tip',
      type: 'open_long',
      answered: 1,
      seen_count: 1,
      latest: [{ response_id: 3, text: 'Meer koffie', submitted_at: '2025-11-03T10:00:00Z' }],
    },
  ],
};

function app(options: { features: readonly string[]; role?: MemberRole; overrides?: ContainerOverrides }) {
  return createSignedInApp({
    path: '/survey/12?from=2025-11-01',

    ...(options.overrides ? { overrides: options.overrides } : {}),
    routes: {
      'GET /users/me': () =>
        json(200, meBody({ organizations: [{ id: 7, name: 'Demo BV', role: options.role ?? 'owner' }] })),

      'GET /user-subscriptions/me': () =>
        json(200, {
          id: 3,
          plan_id: 1,
          plan_name: 'smartloop',
          status: 'active',
          start_date: '2026-03-05T10:00:00Z',
          end_date: null,
          features: options.features.map((key) => ({ key, name: key, description: '' })),
        }),
      'GET /plans': () => json(200, []),
      'GET /billing/settings': () => json(200, { online_checkout: false, provider: 'stripe' }),
      'GET /surveys/12': () => json(200, SURVEY),
      'GET /surveys/12/results': () => json(200, RESULTS),
      'GET /surveys/12/responses': () => json(200, { items: [], total: 0, page: 1, page_size: 20 }),
      'GET /surveys/12/links': () =>
        json(200, { public_token: 'PUBLIEK123', personal: { total: 0, started: 0, completed: 0 } }),
    },
  });
}

async function open(test: ReturnType<typeof app>) {
  const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
  // The exports are there once the page and the role are.
  await waitFor(() => expect(button(container, 'Exporteren CSV')).not.toBeNull());
  return container;
}

/** An exporter that keeps each request and answers when the test says so. */
function heldExporter() {
  const requests: ResultsPdfRequest[] = [];
  let answer!: (result: ExportResultsPdfResult) => void;
  let fail!: (error: Error) => void;
  const exporter = (request: ResultsPdfRequest) => {
    requests.push(request);
    return new Promise<ExportResultsPdfResult>((done, reject) => {
      answer = done;
      fail = reject;
    });
  };
  return {
    exporter,
    requests,
    answer: (result: ExportResultsPdfResult) => answer(result),
    fail: (e: Error) => fail(e),
  };
}

describe('ResultsPdfButton', () => {
  it("should offer no PDF without the plan feature 'export'", async () => {
    const test = app({ features: ['core'] });
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    // The plan is known once the XLSX button explains which plans have it.
    await waitFor(() => expect(container.querySelector('.export-note')).not.toBeNull());
    await settle(5);
    expect(button(container, 'Exporteren CSV')).not.toBeNull();
    expect(container.querySelector('button[data-export="pdf"]')).toBeNull();
    expect(button(container, 'Samenvatting PDF')).toBeNull();
  });

  it('should offer no PDF to a role that may not export, even with the feature', async () => {
    const test = app({ features: ['core', 'export'], role: 'viewer' });
    const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
    await waitFor(() => expect(container.querySelector('[data-testid="results-completed"]')).not.toBeNull());
    // The role is known once the exports have gone (until then everything counts as allowed).
    await waitFor(() => expect(button(container, 'Exporteren CSV')).toBeNull());
    await settle(5);
    expect(container.querySelector('button[data-export="pdf"]')).toBeNull();
  });

  it('should make the PDF of what the page shows, busy until it is saved', async () => {
    const held = heldExporter();
    const success = vi.spyOn(notify, 'success').mockImplementation(() => {});
    const test = app({ features: ['core', 'export'], overrides: { ExportResultsPdf: held.exporter } });
    const container = await open(test);
    const pdf = await waitFor(() => {
      const found = button(container, 'Samenvatting PDF');
      if (!found) throw new Error('not yet');
      return found;
    });
    expect(pdf.disabled).toBe(false);
    await click(pdf);
    const busy = button(container, 'PDF wordt gemaakt...');
    expect(busy?.disabled).toBe(true);
    expect(busy?.getAttribute('aria-busy')).toBe('true');
    expect(held.requests).toHaveLength(1);
    const [request] = held.requests;
    expect(request?.surveyTitle).toBe('Klanten 2025');
    expect(request?.filter).toEqual({ from: '2025-11-01', to: '' });
    expect(request?.view.summary.completedText).toBe('5');
    expect(request?.view.questions.map((question) => question.kind)).toEqual(['likert', 'texts']);

    held.answer({ ok: true, fileName: 'resultaten-klanten-2025-2026-11-26.pdf' });
    await waitFor(() => expect(button(container, 'Samenvatting PDF')?.disabled).toBe(false));
    expect(success).toHaveBeenCalledWith(
      'De samenvatting resultaten-klanten-2025-2026-11-26.pdf is gedownload.',
    );
  });

  it('should say so in Dutch when the PDF fails, or its code does not load, and allow another try', async () => {
    const held = heldExporter();
    const error = vi.spyOn(notify, 'error').mockImplementation(() => {});
    const test = app({ features: ['core', 'export'], overrides: { ExportResultsPdf: held.exporter } });
    const container = await open(test);
    await waitFor(() => expect(button(container, 'Samenvatting PDF')).not.toBeNull());
    await click(button(container, 'Samenvatting PDF'));
    held.answer({ ok: false });
    await waitFor(() => expect(button(container, 'Samenvatting PDF')?.disabled).toBe(false));
    await click(button(container, 'Samenvatting PDF'));
    held.fail(new Error('Failed to fetch dynamically imported module'));
    await waitFor(() => expect(button(container, 'Samenvatting PDF')?.disabled).toBe(false));
    expect(error.mock.calls).toEqual([
      ['Er ging iets mis bij het maken van de PDF. Probeer het opnieuw.'],
      ['Er ging iets mis bij het maken van de PDF. Probeer het opnieuw.'],
    ]);
  });

  it('should lay the PDF out with jsPDF, loaded on the click, and save it as resultaten-….pdf', async () => {
    const saved: Array<[string, Uint8Array, string]> = [];
    const files = {
      saveFile: () => {},
      saveText: () => {},
      saveBytes: (name: string, bytes: Uint8Array, type: string) => saved.push([name, bytes, type]),
    } satisfies FileSaver;
    let engineLoads = 0;
    const loadPdfEngine = async () => {
      engineLoads++;
      return (await import('@loop/adapters')).loadJsPdfEngine();
    };
    const test = app({
      features: ['core', 'export'],
      overrides: { FileSaver: files, LoadPdfEngine: loadPdfEngine },
    });
    const container = await open(test);
    await waitFor(() => expect(button(container, 'Samenvatting PDF')).not.toBeNull());
    expect(engineLoads).toBe(0);
    await click(button(container, 'Samenvatting PDF'));
    await waitFor(() => expect(saved).toHaveLength(1), 200);
    expect(engineLoads).toBe(1);
    const [name, bytes, type] = saved[0] ?? [];
    expect(name).toMatch(/^resultaten-klanten-2025-\d{4}-\d{2}-\d{2}\.pdf$/);
    expect(type).toBe('application/pdf');
    const text = new TextDecoder('latin1').decode(bytes);
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text).toContain('(Klanten 2025) Tj');
    expect(text).toContain('(Gemiddelde 4,4 · top-2-box 100%) Tj');
    expect(text).toContain('(Periode: vanaf 1 november 2025) Tj');
    expect(text).not.toContain('Meer koffie');
  });
});

import { type ApiResult, apiOk, NO_LOGIC, type Question, type RespondentView } from '@loop/core';
import { RespondentSession } from '@loop/core/surveys/respond';
import { afterEach, describe, expect, it } from 'vitest';
import { button, choose, click, render, unmountAll, waitFor } from '../testing/render';
import { RespondentPage } from './RespondentPage';

const QUESTIONS: Question[] = [
  { id: 'nps', type: 'nps', title: 'Zou je ons aanbevelen?', required: true, position: 0, settings: {} },
  {
    id: 'kanaal',
    type: 'single_choice',
    title: 'Hoe ken je ons?',
    required: false,
    position: 1,
    settings: { options: [{ id: 'web', label: 'Website' }], allow_other: true },
  },
];

const view = (survey: Partial<RespondentView['survey']> = {}): RespondentView => ({
  status: 'open',
  link_kind: 'personal',
  anonymous: false,
  branding: { organization_name: 'Acme BV', logo_url: null, background_url: null, primary_color: null },
  survey: {
    title: 'Tevredenheid',
    description_html: '',
    introduction_html: '',
    thank_you_text: 'Dank je wel!',
    close_at: null,
    questions: QUESTIONS,
    logic: NO_LOGIC,
    hidden_values: {},
    language: null,
    estimated_seconds: 130,
    saved_answers: [],
    ...survey,
  },
});

/** A session on `views` per asked language ('' for none), with the address query `query`. */
function setup(views: Record<string, RespondentView>, query: Record<string, string> = {}) {
  const asked: Array<string | undefined> = [];
  const session = new RespondentSession({
    gateway: {
      view: async (_token, language): Promise<ApiResult<RespondentView>> => {
        asked.push(language);
        return apiOk((views[language ?? ''] ?? views['']) as RespondentView);
      },
      respond: async (token, request) =>
        apiOk({ status: request.final ? 'completed' : 'in_progress', response_token: token }),
    },
    clock: { now: () => Date.now() },
    timer: { after: () => () => {} },
    keys: { newKey: () => 'abcdefghijklmnopqrstuv' },
    links: { read: () => null, write: () => {} },
    drafts: { read: () => null, write: () => {}, clear: () => {} },
    location: { showToken: () => {} },
    browser: { query: () => query, language: () => null },
  });
  return { session, asked };
}

afterEach(() => {
  unmountAll();
  document.documentElement.lang = 'nl';
  document.documentElement.dir = '';
});

describe("RespondentPage in the respondent's language (R-RESP-10)", () => {
  it('should speak English with ?lang=en: buttons, estimate, progress and the check of an answer', async () => {
    const { session, asked } = setup({ '': view() }, { lang: 'en' });
    const { container } = await render(<RespondentPage session={session} token="t" />);
    await waitFor(() => button(container, 'Start'));
    expect(asked).toEqual(['en']);
    // 'Start' is the same word in Dutch: wait for the English catalogue's chunk, which loads after it.
    await waitFor(() => expect(document.documentElement.lang).toBe('en'));
    expect(container.querySelector('.respondent')?.getAttribute('dir')).toBe('ltr');
    expect(container.querySelector('.respondent-meta')?.textContent).toBe(
      'Estimated time: ± 2 minutes · 2 questions',
    );
    await click(button(container, 'Start'));
    expect(container.querySelector('h1')?.textContent).toBe('Zou je ons aanbevelen? (required)');
    expect(container.querySelector('[role="progressbar"]')?.getAttribute('aria-valuetext')).toBe(
      'Question 1 of 2',
    );
    expect(container.querySelector('.rq-scale-ends')?.textContent).toBe('0: Very unlikely10: Very likely');
    await click(button(container, 'Next'));
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('This question is required.');
    expect(button(container, 'Previous')).not.toBeNull();
  });

  it('should set dir="rtl" in Arabic, on the document and the page', async () => {
    const { session } = setup({ '': view() }, { lang: 'ar' });
    const { container } = await render(<RespondentPage session={session} token="t" />);
    await waitFor(() => button(container, 'ابدأ'));
    await waitFor(() => expect(document.documentElement.lang).toBe('ar'));
    expect(document.documentElement.dir).toBe('rtl');
    expect(container.querySelector('.respondent')?.getAttribute('dir')).toBe('rtl');
    expect(container.querySelector('.respondent')?.getAttribute('lang')).toBe('ar');
  });

  it('should offer no language switcher for a survey in one language', async () => {
    const { session } = setup({ '': view({ languages: ['nl'] }) });
    const { container } = await render(<RespondentPage session={session} token="t" />);
    await waitFor(() => button(container, 'Starten'));
    expect(container.querySelector('select')).toBeNull();
    expect(document.documentElement.lang).toBe('nl');
  });

  it('should switch to another language of the survey, keeping the answers', async () => {
    const languages = ['nl', 'en'];
    const { session, asked } = setup({
      '': view({ languages }),
      en: view({
        languages,
        title: 'Satisfaction',
        questions: [
          { ...(QUESTIONS[0] as Question), title: 'Would you recommend us?' },
          QUESTIONS[1] as Question,
        ],
      }),
    });
    const { container } = await render(<RespondentPage session={session} token="t" />);
    await waitFor(() => button(container, 'Starten'));
    const select = container.querySelector('select');
    expect(container.querySelector('label[for="respondent-language"]')?.textContent).toBe('Taal');
    expect([...(select?.options ?? [])].map((option) => option.textContent)).toEqual([
      'Nederlands',
      'English',
    ]);
    await click(button(container, 'Starten'));
    await click(container.querySelector('input[value="9"]'));
    await choose(container.querySelector('select'), 'en');
    await waitFor(() =>
      expect(container.querySelector('h1')?.textContent).toBe('Would you recommend us? (required)'),
    );
    expect(asked).toEqual([undefined, 'en']);
    expect(container.querySelector<HTMLInputElement>('input[value="9"]')?.checked).toBe(true);
    expect(button(container, 'Next')).not.toBeNull();
    expect(document.documentElement.lang).toBe('en');
  });
});

import { type ApiResult, apiOk, NO_LOGIC, type RespondentView, type RespondResult } from '@loop/core';
import { QUOTA_MESSAGES } from '@loop/core/surveys/logic';
import { RespondentSession } from '@loop/core/surveys/respond';
import { afterEach, describe, expect, it } from 'vitest';
import { button, click, render, unmountAll, waitFor } from '../testing/render';
import { RespondentPage } from './RespondentPage';

/** The answering page when the survey or a quota is full (R-RESP-13). */
const VIEW: RespondentView = {
  status: 'open',
  link_kind: 'public',
  anonymous: false,
  branding: { organization_name: 'Acme BV', logo_url: null, background_url: null, primary_color: null },
  survey: {
    title: 'Tevredenheid',
    description_html: '',
    introduction_html: '',
    thank_you_text: 'Dank je wel!',
    close_at: null,
    questions: [
      { id: 'nps', type: 'nps', title: 'Zou je ons aanbevelen?', required: false, position: 0, settings: {} },
    ],
    logic: NO_LOGIC,
    hidden_values: {},
    language: null,
    estimated_seconds: 30,
    saved_answers: [],
  },
};

function setup(view: RespondentView, reply: RespondResult | null = null, query: Record<string, string> = {}) {
  const session = new RespondentSession({
    gateway: {
      view: async (): Promise<ApiResult<RespondentView>> => apiOk(view),
      respond: async (token, request) =>
        apiOk(
          reply !== null && request.final
            ? reply
            : { status: request.final ? 'completed' : 'in_progress', response_token: token },
        ),
    },
    clock: { now: () => Date.now() },
    timer: { after: () => () => {} },
    keys: { newKey: () => 'abcdefghijklmnopqrstuv' },
    links: { read: () => null, write: () => {} },
    drafts: { read: () => null, write: () => {}, clear: () => {} },
    location: { showToken: () => {}, leave: () => {} },
    browser: { query: () => query, language: () => null },
  });
  return session;
}

const heading = (root: ParentNode) => root.querySelector('h1')?.textContent;

afterEach(unmountAll);

describe('RespondentPage when full', () => {
  it("should show a new visitor of a full survey the 'vol' screen, no questions", async () => {
    const session = setup({ ...VIEW, status: 'full', survey: { ...VIEW.survey, questions: [] } });
    const { container } = await render(<RespondentPage session={session} token="t" />);
    await waitFor(() => expect(heading(container)).toBe('Deze survey is vol'));
    expect(container.textContent).toContain('Er zijn genoeg antwoorden binnengekomen.');
    expect(container.textContent).not.toContain('Dank je wel!');
    expect(button(container, 'Starten')).toBeNull();
  });

  it("should show the 'vol' screen instead of the thank-you when the survey filled up meanwhile", async () => {
    const session = setup(VIEW, { status: 'full', end_screen: { text: 'vol' }, response_token: 'r' });
    const { container } = await render(<RespondentPage session={session} token="t" />);
    await waitFor(() => button(container, 'Starten'));
    await click(button(container, 'Starten'));
    await click(button(container, 'Versturen'));
    await waitFor(() => expect(heading(container)).toBe('Deze survey is vol'));
    expect(container.textContent).not.toContain('Je antwoorden zijn verstuurd');
  });

  it("should show a full quota's own end screen text", async () => {
    const text = 'Er zijn genoeg antwoorden van Verkoop. Bedankt!';
    const session = setup(VIEW, { status: 'quota_full', end_screen: { text }, response_token: 'r' });
    const { container } = await render(<RespondentPage session={session} token="t" />);
    await waitFor(() => button(container, 'Starten'));
    await click(button(container, 'Starten'));
    await click(button(container, 'Versturen'));
    await waitFor(() => expect(heading(container)).toBe('Bedankt voor je interesse'));
    expect(container.textContent).toContain(text);
    expect(container.textContent).not.toContain('Dank je wel!');
  });

  it("should say a quota's default sentence in the page's language, and show a translated text as sent (R-SURV-25)", async () => {
    const english = async (text: string) => {
      const reply: RespondResult = { status: 'quota_full', end_screen: { text }, response_token: 'r' };
      const session = setup(VIEW, reply, { lang: 'en' });
      const { container } = await render(<RespondentPage session={session} token="t" />);
      await waitFor(() => expect(container.querySelector('.respondent')?.getAttribute('lang')).toBe('en'));
      await waitFor(() => expect(container.querySelector('.respondent')?.getAttribute('lang')).toBe('en'));
      await waitFor(() => button(container, 'Start'));
      await click(button(container, 'Start'));
      await click(button(container, 'Submit'));
      await waitFor(() => expect(heading(container)).toBe('Thank you for your interest'));
      return container.querySelector('.respondent-thanks-text')?.textContent;
    };
    expect(await english(QUOTA_MESSAGES.quotaFull)).toBe(
      'Thank you for your interest. Enough responses have already come in for your group.',
    );
    unmountAll();
    expect(await english('Enough from Sales.')).toBe('Enough from Sales.');
  });
});

import {
  type ApiResult,
  apiOk,
  NO_LOGIC,
  type Question,
  type RespondentView,
  type RespondRequest,
} from '@loop/core';
import { RespondentSession } from '@loop/core/surveys/respond';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { button, click, render, unmountAll, waitFor } from '../testing/render';
import { RespondentPage } from './RespondentPage';

// R-RESP-14: the number field reads what is typed as the page's language writes numbers.

const KILO: Question = {
  id: 'kilo',
  type: 'number',
  title: 'Hoeveel kilo?',
  required: true,
  position: 0,
  settings: { min: 0, max: 50_000, step: 0.5, unit: 'kg' },
};

const VIEW: RespondentView = {
  status: 'open',
  link_kind: 'personal',
  anonymous: false,
  branding: { organization_name: 'Acme BV', logo_url: null, background_url: null, primary_color: null },
  survey: {
    title: 'Werkplek',
    description_html: '',
    introduction_html: '',
    thank_you_text: 'Dank je wel!',
    close_at: null,
    questions: [KILO],
    logic: NO_LOGIC,
    hidden_values: {},
    language: null,
    estimated_seconds: 30,
    saved_answers: [],
  },
};

function setup(query: Record<string, string>) {
  const calls: RespondRequest[] = [];
  const session = new RespondentSession({
    gateway: {
      view: async (): Promise<ApiResult<RespondentView>> => apiOk(VIEW),
      respond: async (token, request) => {
        calls.push(request);
        return apiOk({ status: request.final ? 'completed' : 'in_progress', response_token: token });
      },
    },
    clock: { now: () => Date.now() },
    timer: { after: () => () => {} },
    keys: { newKey: () => 'abcdefghijklmnopqrstuv' },
    links: { read: () => null, write: () => {} },
    drafts: { read: () => null, write: () => {}, clear: () => {} },
    location: { showToken: () => {} },
    browser: { query: () => query, language: () => null },
  });
  return { session, calls };
}

async function typeInto(field: Element | null, value: string): Promise<void> {
  if (!(field instanceof HTMLInputElement)) throw new Error('No text field');
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

afterEach(() => {
  unmountAll();
  document.documentElement.lang = 'nl';
});

describe('NumberField in the page language (R-RESP-14)', () => {
  it("should read English '1,250.5', refuse '1,250' as ambiguous in English and send the canonical number", async () => {
    const { session, calls } = setup({ lang: 'en' });
    const { container } = await render(<RespondentPage session={session} token="t" />);
    await waitFor(() => expect(container.querySelector('.respondent')?.getAttribute('lang')).toBe('en'));
    await waitFor(() => button(container, 'Start'));
    await click(button(container, 'Start'));
    const input = container.querySelector('input[inputmode="decimal"]');
    await typeInto(input, '1,250');
    await click(button(container, 'Submit'));
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(
      'This number can be read two ways. Write thousands without a separator and decimals with a point: 1250 or 1250.5.',
    );
    expect(calls.some((call) => call.final)).toBe(false);
    await typeInto(input, '1,250.5');
    await click(button(container, 'Submit'));
    await waitFor(() => expect(calls.at(-1)?.final).toBe(true));
    expect(calls.at(-1)?.answers).toEqual([
      expect.objectContaining({ question_id: 'kilo', value: { number: 1250.5 } }),
    ]);
  });

  it("should read Dutch '1.250,5' and refuse '1.250' with the Dutch sentence", async () => {
    const { session, calls } = setup({});
    const { container } = await render(<RespondentPage session={session} token="t" />);
    await waitFor(() => button(container, 'Starten'));
    await click(button(container, 'Starten'));
    const input = container.querySelector('input[inputmode="decimal"]');
    await typeInto(input, '1.250');
    await click(button(container, 'Versturen'));
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(
      'Dit getal is op twee manieren te lezen. Schrijf duizendtallen zonder scheidingsteken en decimalen met een komma: 1250 of 1250,5.',
    );
    await typeInto(input, '1.250,5');
    await click(button(container, 'Versturen'));
    await waitFor(() => expect(calls.at(-1)?.final).toBe(true));
    expect(calls.at(-1)?.answers).toEqual([
      expect.objectContaining({ question_id: 'kilo', value: { number: 1250.5 } }),
    ]);
  });
});

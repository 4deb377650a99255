import type { MemberRole, Survey } from '@loop/core';
import { NO_LOGIC } from '@loop/core';
import { EMBED_ORIGIN_MESSAGES } from '@loop/core/surveys/embed';
import { act } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { App } from '../../app/App';
import { json } from '../../testing/fakeApi';
import { button, click, render, unmountAll, waitFor } from '../../testing/render';
import { createSignedInApp } from '../../testing/testContainer';

afterEach(() => unmountAll());

beforeAll(async () => {
  await import('../editor/SurveyEditorScreen');
});

const SURVEY: Survey = {
  id: 5,
  organization_id: 7,
  title: 'Klanttevredenheid',
  description_html: '',
  introduction_html: '',
  thank_you_text: 'Bedankt!',
  status: 'draft',
  close_at: null,
  created_at: '2026-05-01T08:00:00.000Z',
  updated_at: '2026-05-01T08:00:00.000Z',
  published_at: null,
  closed_at: null,
  questions: [
    { id: 'q-nps', type: 'nps', title: 'Zou je ons aanbevelen?', required: false, position: 0, settings: {} },
  ],
  logic: NO_LOGIC,
  languages: [],
  translations: {},
  max_responses: null,
  quotas: [],
  response_count: 0,
  version: 3,
  estimated_seconds: 27,
  retention_until: null,
  retention_months: null,
  anonymous: false,
};

/** The share step after opening the survey, with its 'Op je website plaatsen' opened. */
async function openEmbed(role: MemberRole, origins: string[] = []) {
  const test = createSignedInApp({
    role: role,
    path: '/survey/5/edit',

    routes: {
      'GET /surveys/5': () => json(200, SURVEY),
      'POST /surveys/5/status': () => json(200, { ...SURVEY, status: 'open' }),
      'GET /surveys/5/links': () =>
        json(200, { public_token: 'PUBLIEK5', personal: { total: 0, started: 0, completed: 0 } }),
      'GET /surveys/5/embed': () => json(200, { origins }),
      'PUT /surveys/5/embed': (request) => json(200, request.body),
    },
  });
  const { container } = await render(<App container={test.container} locationHook={test.location.hook} />);
  await click(
    await waitFor(() => {
      const found = button(container, 'Publiceren');
      if (!found) throw new Error('not yet');
      return found;
    }),
  );
  const details = await waitFor(() => {
    const found = document.querySelector<HTMLDetailsElement>('details.share-embed');
    if (!found) throw new Error('not yet');
    return found;
  });
  await act(async () => {
    details.open = true;
    details.dispatchEvent(new Event('toggle'));
  });
  await waitFor(() => {
    if (!details.querySelector('[data-testid="embed-preview"]')) throw new Error('not yet');
  });
  return { test, details };
}

async function typeText(area: HTMLTextAreaElement | null, value: string) {
  if (!area) throw new Error('no textarea');
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(area, value);
    area.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

const puts = (test: { api: { seen: Array<{ method: string; path: string; body: unknown }> } }) =>
  test.api.seen.filter((s) => s.method === 'PUT');

describe("the share step's 'Op je website plaatsen' (R-EMBED-1, R-EMBED-6, R-EMBED-8)", () => {
  it('should show the code to paste and a live preview that follows the chosen display', async () => {
    const { details } = await openEmbed('owner');
    const origin = globalThis.location.origin;
    const code = () => details.querySelector<HTMLTextAreaElement>('.embed-code-text')?.value;
    const preview = () => details.querySelector('[data-testid="embed-preview"]')?.getAttribute('src');
    expect(code()).toBe(
      `<div id="loop-survey"></div>\n<script src="${origin}/embed.js" data-survey="PUBLIEK5" data-target="#loop-survey" async></script>`,
    );
    expect(preview()).toBe('/embed/preview/PUBLIEK5?mode=inline');
    expect(details.querySelector('[data-testid="embed-no-origins"]')).not.toBeNull();
    await click(details.querySelector('input[type="radio"][id$="mode-slide-in"]'));
    expect(code()).toContain('data-mode="slide-in" data-delay="10"');
    expect(preview()).toBe('/embed/preview/PUBLIEK5?mode=slide-in&delay=10');
    await click(details.querySelector('input[type="radio"][id$="opening-button"]'));
    expect(code()).toContain('<button type="button" id="loop-survey-knop">Geef je mening</button>');
    expect(preview()).toBe('/embed/preview/PUBLIEK5?mode=slide-in&button=1');
  });

  it('should refuse a wrong website in Dutch without calling the server, and save a right one', async () => {
    const { test, details } = await openEmbed('owner');
    const area = details.querySelector<HTMLTextAreaElement>('.embed-origins textarea');
    await typeText(area, 'https://www.klant.nl\nhttp://shop.klant.nl');
    await click(button(details, 'Websites opslaan'));
    await waitFor(() =>
      expect(details.querySelector('.embed-origin-errors')?.textContent).toBe(
        `http://shop.klant.nl: ${EMBED_ORIGIN_MESSAGES.http}`,
      ),
    );
    expect(area?.getAttribute('aria-invalid')).toBe('true');
    expect(puts(test)).toEqual([]);
    await typeText(area, 'https://www.klant.nl/\n\nhttps://Shop.klant.nl');
    await click(button(details, 'Websites opslaan'));
    await waitFor(() => expect(puts(test)).toHaveLength(1));
    expect(puts(test)[0]).toMatchObject({
      path: '/surveys/5/embed',
      body: { origins: ['https://www.klant.nl', 'https://shop.klant.nl'] },
    });
    await waitFor(() => expect(area?.value).toBe('https://www.klant.nl\nhttps://shop.klant.nl'));
    expect(details.querySelector('.embed-origin-errors')).toBeNull();
    expect(details.querySelector('[data-testid="embed-no-origins"]')).toBeNull();
  });
});

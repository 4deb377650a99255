import { apiOk, NO_LOGIC, type Question, type RespondentView, type RespondRequest } from '@loop/core';
import { RespondentSession } from '@loop/core/surveys/respond';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { button, click, render, unmountAll, waitFor } from '../testing/render';
import { RespondentPage } from './RespondentPage';

/** The answering page with the newer question types (issue 26). */

afterEach(unmountAll);

function pageWith(questions: Question[]) {
  const view: RespondentView = {
    status: 'open',
    link_kind: 'personal',
    anonymous: false,
    branding: {
      organization_name: 'Acme BV',
      logo_url: null,
      background_url: null,
      primary_color: '#ffd400',
    },
    survey: {
      title: 'Werkplek',
      description_html: '',
      introduction_html: '',
      thank_you_text: 'Dank je wel!',
      close_at: null,
      questions,
      logic: NO_LOGIC,
      hidden_values: {},
      language: null,
      estimated_seconds: 60,
      saved_answers: [],
    },
  };
  const calls: RespondRequest[] = [];
  const session = new RespondentSession({
    gateway: {
      view: async () => apiOk(view),
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
    location: { showToken: () => {}, leave: () => {} },
    browser: { query: () => ({}), language: () => null },
  });
  return { session, calls };
}

const radio = (root: ParentNode, name: string) =>
  [...root.querySelectorAll<HTMLInputElement>('input[type="radio"]')].find(
    (input) => input.closest('label')?.textContent?.trim() === name,
  ) ?? null;

describe('QuestionField: text block', () => {
  it('should show a text block as a heading with its text, nothing to answer, and send no answer for it', async () => {
    const { session, calls } = pageWith([
      {
        id: 'intro',
        type: 'text_block',
        title: 'Over je werkplek',
        description: 'De volgende vragen gaan over je werkplek.',
        required: false,
        position: 0,
        settings: {},
      },
      { id: 'nps', type: 'nps', title: 'Zou je ons aanbevelen?', required: true, position: 1, settings: {} },
    ]);
    const { container } = await render(<RespondentPage session={session} token="t" />);
    await waitFor(() => button(container, 'Starten'));
    await click(button(container, 'Starten'));

    const heading = container.querySelector('h1');
    expect(heading?.textContent).toBe('Over je werkplek');
    expect(document.activeElement).toBe(heading);
    const block = container.querySelector('[data-testid="text-block"]');
    expect(block?.textContent).toContain('De volgende vragen gaan over je werkplek.');
    expect(container.querySelectorAll('input, textarea, select')).toHaveLength(0);

    await click(button(container, 'Volgende'));
    expect(container.querySelector('h1')?.textContent).toBe('Zou je ons aanbevelen? (verplicht)');
    await click(radio(container, '9'));
    await click(button(container, 'Versturen'));
    await waitFor(() => expect(calls.at(-1)?.final).toBe(true));
    expect(calls.at(-1)?.answers).toEqual([
      expect.objectContaining({ question_id: 'nps', value: { score: 9 } }),
    ]);
  });
});

/** Types into the page's one text field as a browser does. */
async function typeInto(field: Element | null, value: string): Promise<void> {
  if (!(field instanceof HTMLInputElement)) throw new Error('No text field');
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('QuestionField: number', () => {
  it('should take a typed number with a decimal comma, show the unit and range, and check the step', async () => {
    const { session, calls } = pageWith([
      {
        id: 'kilo',
        type: 'number',
        title: 'Hoeveel kilo til je per dag?',
        required: true,
        position: 0,
        settings: { min: 0, max: 50_000, step: 0.5, unit: 'kg' },
      },
    ]);
    const { container } = await render(<RespondentPage session={session} token="t" />);
    await waitFor(() => button(container, 'Starten'));
    await click(button(container, 'Starten'));

    const input = container.querySelector<HTMLInputElement>('input[inputmode="decimal"]');
    expect(input?.labels?.[0]?.textContent).toBe('Hoeveel kilo til je per dag? (verplicht)');
    const described = (input?.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['kg', 'Een getal van 0 tot en met 50.000.']);

    await typeInto(input, '12,25');
    await click(button(container, 'Versturen'));
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(
      'Vul een getal in stappen van 0,5 in.',
    );
    await typeInto(input, 'twaalf');
    await click(button(container, 'Versturen'));
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('Vul een getal in.');
    await typeInto(input, '40.000,5');
    await click(button(container, 'Versturen'));
    await waitFor(() => expect(calls.at(-1)?.final).toBe(true));
    expect(calls.at(-1)?.answers).toEqual([
      expect.objectContaining({ question_id: 'kilo', value: { number: 40_000.5 } }),
    ]);
  });
});

describe('QuestionField: dropdown', () => {
  it('should search a long list by typing, refuse what is not in it and send the chosen option', async () => {
    const { session, calls } = pageWith([
      {
        id: 'afdeling',
        type: 'dropdown',
        title: 'Afdeling',
        required: true,
        position: 0,
        settings: {
          options: Array.from({ length: 80 }, (_, i) => ({ id: `d${i + 1}`, label: `Afdeling ${i + 1}` })),
        },
      },
    ]);
    const { container } = await render(<RespondentPage session={session} token="t" />);
    await waitFor(() => button(container, 'Starten'));
    await click(button(container, 'Starten'));

    const input = container.querySelector<HTMLInputElement>('input[list]');
    expect(input?.labels?.[0]?.textContent).toBe('Afdeling (verplicht)');
    const list = document.getElementById(input?.getAttribute('list') ?? '');
    expect(list?.tagName).toBe('DATALIST');
    expect(list?.querySelectorAll('option')).toHaveLength(80);
    expect(container.textContent).toContain('Typ om te zoeken en kies een antwoord uit de lijst.');

    await click(button(container, 'Versturen'));
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('Deze vraag is verplicht.');
    await typeInto(input, 'Kantine');
    await click(button(container, 'Versturen'));
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(
      'Kies een van de antwoorden die bij deze vraag horen.',
    );
    await typeInto(input, 'afdeling 42');
    await click(button(container, 'Versturen'));
    await waitFor(() => expect(calls.at(-1)?.final).toBe(true));
    expect(calls.at(-1)?.answers).toEqual([
      expect.objectContaining({ question_id: 'afdeling', value: { option_id: 'd42' } }),
    ]);
  });
});

describe('QuestionField: date', () => {
  it("should take a day from the browser's date field within the range, the range as a hint", async () => {
    const { session, calls } = pageWith([
      {
        id: 'start',
        type: 'date',
        title: 'Wanneer begon je?',
        required: false,
        position: 0,
        settings: { min: '2026-01-01', max: '2026-12-31' },
      },
    ]);
    const { container } = await render(<RespondentPage session={session} token="t" />);
    await waitFor(() => button(container, 'Starten'));
    await click(button(container, 'Starten'));

    const input = container.querySelector<HTMLInputElement>('input[type="date"]');
    expect(input?.labels?.[0]?.textContent).toBe('Wanneer begon je?');
    expect([input?.min, input?.max]).toEqual(['2026-01-01', '2026-12-31']);
    expect(container.textContent).toContain('Een datum van 1 januari 2026 tot en met 31 december 2026.');
    await typeInto(input, '2025-12-31');
    await click(button(container, 'Versturen'));
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(
      'Vul een datum op of na 1 januari 2026 in.',
    );
    await typeInto(input, '2026-03-15');
    await click(button(container, 'Versturen'));
    await waitFor(() => expect(calls.at(-1)?.final).toBe(true));
    expect(calls.at(-1)?.answers).toEqual([
      expect.objectContaining({ question_id: 'start', value: { date: '2026-03-15' } }),
    ]);
  });
});

describe('QuestionField: ranking', () => {
  const ranking: Question = {
    id: 'prio',
    type: 'ranking',
    title: 'Wat is het belangrijkst?',
    required: true,
    position: 0,
    settings: {
      options: [
        { id: 'prijs', label: 'Prijs' },
        { id: 'service', label: 'Service' },
        { id: 'snelheid', label: 'Snelheid' },
      ],
    },
  };
  const order = (root: ParentNode) =>
    [...root.querySelectorAll('.rq-rank-label')].map((item) => item.textContent);

  it('should put options in order with Omhoog and Omlaag, announce the place and send the order', async () => {
    const { session, calls } = pageWith([ranking]);
    const { container } = await render(<RespondentPage session={session} token="t" />);
    await waitFor(() => button(container, 'Starten'));
    await click(button(container, 'Starten'));

    expect(order(container)).toEqual(['Prijs', 'Service', 'Snelheid']);
    // Untouched, the list is no answer yet.
    await click(button(container, 'Versturen'));
    expect(container.querySelector('[role="alert"]')?.textContent).toBe('Deze vraag is verplicht.');
    await click(container.querySelector('[aria-label="Omhoog: Snelheid"]'));
    expect(order(container)).toEqual(['Prijs', 'Snelheid', 'Service']);
    expect(container.querySelector('[aria-live="polite"]')?.textContent).toBe('Snelheid: Plaats 2 van 3');
    await click(container.querySelector('[aria-label="Omlaag: Prijs"]'));
    expect(order(container)).toEqual(['Snelheid', 'Prijs', 'Service']);
    expect(container.querySelector<HTMLButtonElement>('[aria-label="Omhoog: Snelheid"]')?.disabled).toBe(
      true,
    );
    await click(button(container, 'Versturen'));
    await waitFor(() => expect(calls.at(-1)?.final).toBe(true));
    expect(calls.at(-1)?.answers).toEqual([
      expect.objectContaining({
        question_id: 'prio',
        value: { option_ids: ['snelheid', 'prijs', 'service'] },
      }),
    ]);
  });

  it('should move an option dragged with the pointer to where it is let go', async () => {
    const { session, calls } = pageWith([ranking]);
    const { container } = await render(<RespondentPage session={session} token="t" />);
    await waitFor(() => button(container, 'Starten'));
    await click(button(container, 'Starten'));
    // jsdom has no layout: give each option a 40px box by its place in the list, as a browser would.
    const rect = Element.prototype.getBoundingClientRect;
    Element.prototype.getBoundingClientRect = function (this: Element) {
      const index = [...(this.parentElement?.children ?? [])].indexOf(this);
      return {
        top: index * 40,
        height: 40,
        bottom: index * 40 + 40,
        left: 0,
        right: 300,
        width: 300,
        x: 0,
        y: index * 40,
      } as DOMRect;
    };
    try {
      const items = container.querySelectorAll('.rq-rank');
      await act(async () => {
        items[0]?.dispatchEvent(new MouseEvent('pointerdown', { bubbles: true, clientY: 10 }));
      });
      await act(async () => {
        container
          .querySelector('.rq-ranking')
          ?.dispatchEvent(new MouseEvent('pointerup', { bubbles: true, clientY: 110 }));
      });
    } finally {
      Element.prototype.getBoundingClientRect = rect;
    }
    expect(order(container)).toEqual(['Service', 'Snelheid', 'Prijs']);
    await click(button(container, 'Versturen'));
    await waitFor(() => expect(calls.at(-1)?.final).toBe(true));
    expect(calls.at(-1)?.answers).toEqual([
      expect.objectContaining({ value: { option_ids: ['service', 'snelheid', 'prijs'] } }),
    ]);
  });

  it('should take the order as it stands on request', async () => {
    const { session, calls } = pageWith([ranking]);
    const { container } = await render(<RespondentPage session={session} token="t" />);
    await waitFor(() => button(container, 'Starten'));
    await click(button(container, 'Starten'));
    await click(button(container, 'Deze volgorde aanhouden'));
    await click(button(container, 'Versturen'));
    await waitFor(() => expect(calls.at(-1)?.final).toBe(true));
    expect(calls.at(-1)?.answers).toEqual([
      expect.objectContaining({ value: { option_ids: ['prijs', 'service', 'snelheid'] } }),
    ]);
  });
});

import {
  type ApiResult,
  apiFailure,
  apiOk,
  NO_LOGIC,
  type Question,
  type RespondentView,
  type RespondRequest,
  type RespondResult,
  type SurveyLogic,
} from '@loop/core';
import { ANONYMOUS_SURVEY_TEXT } from '@loop/core/invitations';
import { ANSWER_MESSAGES, RESPONDENT_MESSAGES } from '@loop/core/surveys/model';
import { type AnswerDraft, RespondentSession } from '@loop/core/surveys/respond';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { button, click, render, settle, unmountAll, waitFor } from '../testing/render';
import { RespondentPage } from './RespondentPage';
import { HAND_OVER_MS } from './useHeldText';

const QUESTIONS: Question[] = [
  { id: 'nps', type: 'nps', title: 'Zou je ons aanbevelen?', required: true, position: 0, settings: {} },
  {
    id: 'stellingen',
    type: 'likert',
    title: 'Hoe kijk je ernaar?',
    required: true,
    position: 1,
    settings: {
      points: 5,
      labels: ['Helemaal oneens', 'Oneens', 'Neutraal', 'Eens', 'Helemaal eens'],
      neutral_middle: true,
      statements: [
        { id: 's1', text: 'Het werk is leuk.' },
        { id: 's2', text: 'Het team is fijn.' },
      ],
    },
  },
  {
    id: 'kanaal',
    type: 'single_choice',
    title: 'Hoe ken je ons?',
    required: false,
    position: 2,
    settings: { options: [{ id: 'web', label: 'Website' }], allow_other: true },
  },
];

const VIEW: RespondentView = {
  status: 'open',
  link_kind: 'personal',
  anonymous: false,
  branding: { organization_name: 'Acme BV', logo_url: null, background_url: null, primary_color: '#ffd400' },
  survey: {
    title: 'Tevredenheid',
    description_html: '',
    introduction_html: '<p>Fijn dat je <strong>meedoet</strong>.</p>',
    thank_you_text: 'Dank je wel!',
    close_at: null,
    questions: QUESTIONS,
    logic: NO_LOGIC,
    hidden_values: {},
    language: null,
    estimated_seconds: 130,
    saved_answers: [],
  },
};

function setup(view: ApiResult<RespondentView> = apiOk(VIEW)) {
  const calls: RespondRequest[] = [];
  const left: string[] = [];
  const draftWrites: AnswerDraft[] = [];
  const replies: Array<ApiResult<RespondResult>> = [];
  const session = new RespondentSession({
    gateway: {
      view: async () => view,
      respond: async (token, request) => {
        calls.push(request);
        return (
          replies.shift() ??
          apiOk({ status: request.final ? 'completed' : 'in_progress', response_token: token })
        );
      },
    },
    clock: { now: () => Date.now() },
    timer: { after: () => () => {} },
    keys: { newKey: () => 'abcdefghijklmnopqrstuv' },
    links: { read: () => null, write: () => {} },
    drafts: { read: () => null, write: (_token, draft) => draftWrites.push(draft), clear: () => {} },
    location: { showToken: () => {}, leave: (url) => left.push(url) },
    browser: { query: () => ({}), language: () => null },
  });
  return { session, calls, replies, draftWrites, left };
}

/** A survey of two open questions: one line, then a text area (the last question). */
const OPEN_VIEW: RespondentView = {
  ...VIEW,
  survey: {
    ...VIEW.survey,
    questions: [
      {
        id: 'afdeling',
        type: 'open_short',
        title: 'Je afdeling?',
        required: false,
        position: 0,
        settings: { max_length: 100 },
      },
      {
        id: 'beter',
        type: 'open_long',
        title: 'Wat kan beter?',
        required: false,
        position: 1,
        settings: { max_length: 5000 },
      },
    ],
  },
};

/** One keystroke as the browser delivers it to a React-controlled field: the new value, then `input`. */
async function keystroke(field: Element | null, value: string): Promise<void> {
  if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement))
    throw new Error('No text field');
  const prototype =
    field instanceof HTMLInputElement ? HTMLInputElement.prototype : HTMLTextAreaElement.prototype;
  await act(async () => {
    Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(field, value);
    field.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

/** Types `text` one key at a time. */
async function typeKeys(field: Element | null, text: string): Promise<void> {
  for (let length = 1; length <= text.length; length++) await keystroke(field, text.slice(0, length));
}

/** Waits (inside act) for the field's pause in typing to pass. */
const pauseTyping = () =>
  act(async () => {
    await new Promise((resolve) => setTimeout(resolve, HAND_OVER_MS + 50));
  });

const counter = (root: ParentNode) => root.querySelector('.rq-counter')?.textContent;

const radio = (root: ParentNode, name: string) =>
  [...root.querySelectorAll<HTMLInputElement>('input[type="radio"]')].find(
    (input) => input.closest('label')?.textContent?.trim() === name,
  ) ?? null;

afterEach(unmountAll);

/** The survey with logic: a promoter (NPS 9–10) skips the statements, a detractor (0–2) ends at once. */
const LOGIC: SurveyLogic = {
  rules: [
    {
      id: 'r1',
      action: 'hide',
      question_id: 'stellingen',
      when: {
        match: 'all',
        conditions: [{ source: 'question', question_id: 'nps', operator: 'greater', value: 8 }],
      },
    },
    {
      id: 'r2',
      action: 'jump',
      from_question_id: 'nps',
      to: { end_screen_id: 'einde' },
      when: {
        match: 'all',
        conditions: [{ source: 'question', question_id: 'nps', operator: 'less', value: 3 }],
      },
    },
  ],
  end_screens: [
    { id: 'einde', text: 'Jammer! We nemen contact op.', redirect_url: 'https://example.nl/hulp' },
  ],
  hidden_fields: [],
};
const LOGIC_VIEW: RespondentView = { ...VIEW, survey: { ...VIEW.survey, logic: LOGIC } };

describe('RespondentPage', () => {
  it('should introduce the survey with its branding, introduction and time estimate', async () => {
    const { session } = setup();
    const { container } = await render(<RespondentPage session={session} token="t" />);
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Tevredenheid'));
    expect(container.querySelector('main')).not.toBeNull();
    expect(container.querySelector('.respondent-org')?.textContent).toBe('Acme BV');
    expect(container.querySelector('.respondent-rich')?.innerHTML).toBe(
      '<p>Fijn dat je <strong>meedoet</strong>.</p>',
    );
    expect(container.querySelector('.respondent-meta')?.textContent).toBe(
      'Geschatte tijd: ± 2 minuten · 3 vragen',
    );
    // A light brand colour gets dark text on its buttons.
    const style = (container.querySelector('.respondent') as HTMLElement).style;
    expect(style.getPropertyValue('--brand')).toBe('#ffd400');
    expect(style.getPropertyValue('--on-brand')).toBe('#111827');
    expect(document.title).toBe('Tevredenheid – Survey');
  });

  it('should say on the start screen that an anonymous survey keeps answers apart from the respondent', async () => {
    const { session } = setup(apiOk({ ...VIEW, anonymous: true }));
    const { container } = await render(<RespondentPage session={session} token="t" />);
    await waitFor(() => button(container, 'Starten'));
    expect(container.querySelector('[data-testid="respondent-anonymous"]')?.textContent).toBe(
      ANONYMOUS_SURVEY_TEXT,
    );
    expect(container.textContent).toContain('je antwoorden worden niet aan je naam of e-mailadres gekoppeld');

    const named = setup();
    const other = await render(<RespondentPage session={named.session} token="t" />);
    await waitFor(() => button(other.container, 'Starten'));
    expect(other.container.querySelector('[data-testid="respondent-anonymous"]')).toBeNull();
  });

  it('should show one question per screen with its progress, and say in Dutch what is missing', async () => {
    const { session, calls } = setup();
    const { container } = await render(<RespondentPage session={session} token="t" />);
    await waitFor(() => button(container, 'Starten'));
    await click(button(container, 'Starten'));

    expect(container.querySelector('h1')?.textContent).toBe('Zou je ons aanbevelen? (verplicht)');
    expect(document.activeElement).toBe(container.querySelector('h1'));
    const bar = container.querySelector('[role="progressbar"]');
    expect(bar?.getAttribute('aria-valuenow')).toBe('1');
    expect(bar?.getAttribute('aria-valuemax')).toBe('3');
    expect(bar?.getAttribute('aria-valuetext')).toBe('Vraag 1 van 3');
    expect(container.querySelectorAll('input[type="radio"]')).toHaveLength(11);

    await click(button(container, 'Volgende'));
    const error = container.querySelector('[role="alert"]');
    expect(error?.textContent).toBe(ANSWER_MESSAGES.required);
    expect(container.querySelector('fieldset')?.getAttribute('aria-describedby')).toContain(error?.id);
    expect(radio(container, '9')?.getAttribute('aria-invalid')).toBe('true');
    expect(calls).toEqual([]);

    await click(radio(container, '9'));
    expect(container.querySelector('[role="alert"]')).toBeNull();
    // Enter on a radio moves on, as the hint says.
    await act(async () => {
      radio(container, '9')?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
    });
    await settle();
    expect(container.querySelector('h1')?.textContent).toBe('Hoe kijk je ernaar? (verplicht)');
    expect(calls[0]).toMatchObject({ final: false, answers: [{ question_id: 'nps', value: { score: 9 } }] });
  });

  it('should take a Likert answer per statement, the other option, and thank the respondent', async () => {
    const { session, calls } = setup();
    const { container } = await render(<RespondentPage session={session} token="t" />);
    await waitFor(() => button(container, 'Starten'));
    await click(button(container, 'Starten'));
    await click(radio(container, '10'));
    await click(button(container, 'Volgende'));

    const groups = container.querySelectorAll('[role="radiogroup"]');
    expect(
      [...groups].map(
        (g) =>
          g.getAttribute('aria-labelledby') &&
          container.querySelector(`#${g.getAttribute('aria-labelledby')}`)?.textContent,
      ),
    ).toEqual(['Het werk is leuk.', 'Het team is fijn.']);
    await click(groups[0]?.querySelectorAll('input')[3] ?? null);
    await click(button(container, 'Volgende'));
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(ANSWER_MESSAGES.incomplete);
    expect(groups[1]?.getAttribute('aria-invalid')).toBe('true');
    await click(groups[1]?.querySelectorAll('input')[4] ?? null);
    await click(button(container, 'Volgende'));

    await click(radio(container, 'Anders, namelijk'));
    await click(button(container, 'Versturen'));
    expect(container.querySelector('[role="alert"]')?.textContent).toBe(ANSWER_MESSAGES.otherMissing);
    const other = container.querySelector<HTMLInputElement>('input[type="text"]');
    await act(async () => {
      const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set;
      setter?.call(other, 'Via een collega');
      other?.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await click(button(container, 'Versturen'));
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Bedankt!'));
    expect(container.textContent).toContain('Dank je wel!');
    expect(calls.at(-1)).toMatchObject({
      final: true,
      answers: [
        { question_id: 'nps', value: { score: 10 } },
        { question_id: 'stellingen', value: { s1: 4, s2: 5 } },
        { question_id: 'kanaal', value: { other: 'Via een collega' } },
      ],
    });
  });

  it("should show the server's message for a closed survey, never an error page", async () => {
    const { session } = setup(apiFailure(410, RESPONDENT_MESSAGES.closed));
    const { container } = await render(<RespondentPage session={session} token="t" />);
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Survey niet beschikbaar'));
    expect(container.textContent).toContain(RESPONDENT_MESSAGES.closed);
    expect(button(container, 'Opnieuw proberen')).toBeNull();
  });

  it('should thank a respondent who already submitted', async () => {
    const { session } = setup(apiOk({ ...VIEW, status: 'completed' }));
    const { container } = await render(<RespondentPage session={session} token="t" />);
    await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Al ingevuld'));
    expect(container.textContent).toContain(RESPONDENT_MESSAGES.alreadySubmitted);
    expect(container.textContent).toContain('Dank je wel!');
  });

  it('should keep the answers and offer to try again when a save fails', async () => {
    const { session, calls, replies } = setup();
    replies.push(apiFailure(0, 'netwerk'));
    const { container } = await render(<RespondentPage session={session} token="t" />);
    await waitFor(() => button(container, 'Starten'));
    await click(button(container, 'Starten'));
    await click(radio(container, '7'));
    await click(button(container, 'Volgende'));
    await waitFor(() => expect(container.querySelector('.respondent-banner')).not.toBeNull());
    expect(container.querySelector('.respondent-banner')?.getAttribute('role')).toBe('status');
    await click(button(container, 'Opnieuw proberen'));
    await settle();
    expect(calls).toHaveLength(2);
    expect(container.querySelector('.respondent-banner')).toBeNull();
  });

  it('should render inside the app without a main landmark of its own when embedded', async () => {
    const { session } = setup();
    const { container } = await render(
      <RespondentPage session={session} token="t" embedded notice={<p className="n">Voorbeeld</p>} />,
    );
    await waitFor(() => button(container, 'Starten'));
    expect(container.querySelector('main')).toBeNull();
    expect(container.querySelector('.respondent-embedded .n')?.textContent).toBe('Voorbeeld');
  });
  describe('following the survey logic', () => {
    it('should not render a question the path hides, and count along the path', async () => {
      const { session, calls } = setup(apiOk(LOGIC_VIEW));
      const { container } = await render(<RespondentPage session={session} token="t" />);
      await waitFor(() => button(container, 'Starten'));
      await click(button(container, 'Starten'));
      await click(radio(container, '10'));
      expect(container.querySelector('[role="progressbar"]')?.getAttribute('aria-valuetext')).toBe(
        'Vraag 1 van 2',
      );
      await click(button(container, 'Volgende'));

      expect(container.querySelector('h1')?.textContent).toBe('Hoe ken je ons?');
      expect(document.activeElement).toBe(container.querySelector('h1'));
      expect(container.textContent).not.toContain('Hoe kijk je ernaar?');
      const bar = container.querySelector('[role="progressbar"]');
      expect(bar?.getAttribute('aria-valuetext')).toBe('Vraag 2 van 2');
      expect(bar?.getAttribute('aria-valuemax')).toBe('2');
      expect(button(container, 'Versturen')).not.toBeNull();

      await click(button(container, 'Versturen'));
      await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Bedankt!'));
      expect(calls.at(-1)?.answers.map((answer) => answer.question_id)).toEqual(['nps']);
    });

    it("should submit on a jump to an end screen and show its text with 'Doorgaan'", async () => {
      const { session, calls, left } = setup(apiOk(LOGIC_VIEW));
      const { container } = await render(<RespondentPage session={session} token="t" />);
      await waitFor(() => button(container, 'Starten'));
      await click(button(container, 'Starten'));
      await click(radio(container, '1'));
      expect(container.querySelector('[role="progressbar"]')?.getAttribute('aria-valuetext')).toBe(
        'Vraag 1 van 1',
      );
      await click(button(container, 'Versturen'));

      await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Bedankt!'));
      expect(document.activeElement).toBe(container.querySelector('h1'));
      expect(calls.at(-1)).toMatchObject({ final: true, language: 'nl', hidden_fields: {} });
      expect(container.querySelector('.respondent-thanks-text')?.textContent).toBe(
        'Jammer! We nemen contact op.',
      );
      expect(container.textContent).not.toContain('Dank je wel!');
      const link = [...container.querySelectorAll('a')].find((a) => a.textContent === 'Doorgaan');
      expect(link?.getAttribute('href')).toBe('https://example.nl/hulp');
      expect(container.textContent).toContain('Je gaat over 5 seconden vanzelf verder.');
      // The page goes on only when the session's timer runs (never here: this timer never fires).
      expect(left).toEqual([]);
    });
  });

  describe('typing an open answer', () => {
    it('should keep the keystrokes in the field: no page render, no draft, until a pause in typing', async () => {
      const { session, draftWrites } = setup(apiOk(OPEN_VIEW));
      const { container } = await render(<RespondentPage session={session} token="t" />);
      await waitFor(() => button(container, 'Starten'));
      await click(button(container, 'Starten'));
      const writesBefore = draftWrites.length;
      let pageUpdates = 0;
      const stop = session.subscribe(() => pageUpdates++);

      const field = container.querySelector('input[type="text"]');
      await typeKeys(field, 'Inkoop');
      expect((field as HTMLInputElement).value).toBe('Inkoop');
      // Far from the limit the counter waits for the pause too (its new text costs a layout).
      expect(counter(container)).toBe('0 van 100 tekens');
      expect(pageUpdates).toBe(0);
      expect(session.getSnapshot().answers.afdeling).toBeUndefined();
      expect(draftWrites).toHaveLength(writesBefore);

      await pauseTyping();
      expect(session.getSnapshot().answers.afdeling).toEqual({ text: 'Inkoop' });
      expect(counter(container)).toBe('6 van 100 tekens');
      expect(pageUpdates).toBe(1);
      stop();
    });

    it('should hand the text over when the field loses focus', async () => {
      const { session } = setup(apiOk(OPEN_VIEW));
      const { container } = await render(<RespondentPage session={session} token="t" />);
      await waitFor(() => button(container, 'Starten'));
      await click(button(container, 'Starten'));
      const field = container.querySelector<HTMLInputElement>('input[type="text"]');
      await act(async () => field?.focus());
      await typeKeys(field, 'Verkoop');
      await act(async () => field?.blur());
      expect(session.getSnapshot().answers.afdeling).toEqual({ text: 'Verkoop' });
      expect(counter(container)).toBe('7 van 100 tekens');
    });

    it('should count every key in the last tenth of the limit, where the field stops taking keys', async () => {
      const { session } = setup(apiOk(OPEN_VIEW));
      const { container } = await render(<RespondentPage session={session} token="t" />);
      await waitFor(() => button(container, 'Starten'));
      await click(button(container, 'Starten'));
      const field = container.querySelector<HTMLInputElement>('input[type="text"]');
      expect(field?.maxLength).toBe(100);

      await keystroke(field, 'a'.repeat(89));
      expect(counter(container)).toBe('0 van 100 tekens');
      await keystroke(field, 'a'.repeat(90));
      expect(counter(container)).toBe('90 van 100 tekens');
      await keystroke(field, 'a'.repeat(91));
      expect(counter(container)).toBe('91 van 100 tekens');
      // Deleting back out of the last tenth is counted at the pause again.
      await keystroke(field, 'a'.repeat(80));
      expect(counter(container)).toBe('91 van 100 tekens');
      await pauseTyping();
      expect(counter(container)).toBe('80 van 100 tekens');
    });

    it('should count a previous answer when its question comes back', async () => {
      const { session } = setup(apiOk(OPEN_VIEW));
      const { container } = await render(<RespondentPage session={session} token="t" />);
      await waitFor(() => button(container, 'Starten'));
      await click(button(container, 'Starten'));
      await typeKeys(container.querySelector('input[type="text"]'), 'Zorg');
      await click(button(container, 'Volgende'));
      await settle();
      expect(counter(container)).toBe('0 van 5.000 tekens');
      await click(button(container, 'Vorige'));
      expect(counter(container)).toBe('4 van 100 tekens');
    });

    it('should lose no character when Enter, "Volgende" or "Versturen" follows the last key at once', async () => {
      const { session, calls } = setup(apiOk(OPEN_VIEW));
      const { container } = await render(<RespondentPage session={session} token="t" />);
      await waitFor(() => button(container, 'Starten'));
      await click(button(container, 'Starten'));

      // Enter in the one-line field submits the form.
      await typeKeys(container.querySelector('input[type="text"]'), 'HR');
      await act(async () => {
        container
          .querySelector('form')
          ?.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
      });
      await settle();
      expect(container.querySelector('h1')?.textContent).toBe('Wat kan beter?');
      expect(calls[0]?.answers).toMatchObject([{ question_id: 'afdeling', value: { text: 'HR' } }]);

      // Back (the text is still there), one more key and 'Volgende' right away.
      await click(button(container, 'Vorige'));
      const again = container.querySelector<HTMLInputElement>('input[type="text"]');
      expect(again?.value).toBe('HR');
      await keystroke(again, 'HRM');
      await click(button(container, 'Volgende'));
      await settle();

      // Ctrl+Enter in the text area sends, with the last key in it.
      const area = container.querySelector('textarea');
      await typeKeys(area, 'Meer overleg');
      await act(async () => {
        area?.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', ctrlKey: true, bubbles: true }));
      });
      await waitFor(() => expect(container.querySelector('h1')?.textContent).toBe('Bedankt!'));
      expect(calls.at(-1)).toMatchObject({
        final: true,
        answers: [
          { question_id: 'afdeling', value: { text: 'HRM' } },
          { question_id: 'beter', value: { text: 'Meer overleg' } },
        ],
      });
    });

    it('should put text typed just before the page is hidden in the draft at once', async () => {
      const { session, draftWrites, replies } = setup(apiOk(OPEN_VIEW));
      // The save the hidden page starts fails: the draft is what a reload gets back.
      replies.push(apiFailure(0, 'netwerk'));
      const { container } = await render(<RespondentPage session={session} token="t" />);
      await waitFor(() => button(container, 'Starten'));
      await click(button(container, 'Starten'));
      await typeKeys(container.querySelector('input[type="text"]'), 'Fin');
      await act(async () => {
        window.dispatchEvent(new Event('pagehide'));
      });
      expect(draftWrites.at(-1)?.answers).toEqual({ afdeling: { text: 'Fin' } });
    });
  });
});

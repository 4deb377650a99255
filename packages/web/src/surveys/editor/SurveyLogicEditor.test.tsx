import type { Question, Survey } from '@loop/core';
import { LOGIC_MESSAGES, type SurveyLogic } from '@loop/core/surveys/logic';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import type { SeenRequest } from '../../testing/fakeApi';
import { button, click, type, unmountAll, waitFor } from '../../testing/render';
import {
  arrowTo,
  byLabel,
  card,
  focused,
  labelOf,
  nps,
  openEditor,
  pressEnter,
  puts,
  stubRangeLayout,
  survey,
  tabTo,
} from './SurveyEditorScreen.fixtures';

afterEach(unmountAll);

stubRangeLayout();

const department: Question = {
  id: 'q-dep',
  type: 'single_choice',
  title: 'Afdeling',
  required: true,
  position: 0,
  settings: {
    options: [
      { id: 'o-support', label: 'Support' },
      { id: 'o-sales', label: 'Verkoop' },
    ],
    allow_other: false,
  },
};
const remarks: Question = {
  id: 'q-text',
  type: 'open_short',
  title: 'Opmerkingen',
  required: false,
  position: 2,
  settings: { max_length: 200 },
};
const withLogic = (logic: SurveyLogic, overrides: Partial<Survey> = {}) =>
  survey({ questions: [department, { ...nps, position: 1 }, remarks], logic, ...overrides });
const EMPTY: SurveyLogic = { rules: [], end_screens: [], hidden_fields: [] };

const lastLogic = (app: { api: { seen: SeenRequest[] } }) =>
  (puts(app).at(-1)?.body as { logic?: SurveyLogic } | undefined)?.logic;
const inCard = (n: number) => (element: HTMLElement) => card(document.body, n).contains(element);
const sentences = (root: ParentNode) =>
  [...root.querySelectorAll('.logic-sentence')].map((p) => p.textContent?.replace(/^Regel \d+: /, ''));

describe('SurveyEditorScreen logic', () => {
  it('should add a show rule with the keyboard alone, read it as a Dutch sentence and save it', async () => {
    const { app, container, autosave } = await openEditor(withLogic(EMPTY));
    const second = card(container, 2);
    expect(second.querySelector('[data-testid="question-logic"] h4')?.textContent).toBe('Logica');
    // From the second question's text (the rich text editors above it need a layout jsdom lacks).
    await act(async () => byLabel(second, 'Vraagtekst').focus());

    await tabTo((element) => inCard(2)(element) && element.textContent?.startsWith('+ Tonen als…') === true);
    await pressEnter();
    // The new rule opens with its first control focused.
    expect(labelOf(focused())).toBe('Wat doet de regel');
    expect((focused() as HTMLSelectElement).value).toBe('show');

    // It starts on the nearest earlier question: 'Afdeling' is 'Support'.
    const source = await tabTo((element) => labelOf(element) === 'Over');
    expect((source as HTMLSelectElement).value).toBe('q:q-dep');
    const operator = await tabTo((element) => labelOf(element) === 'Vergelijking');
    expect([...(operator as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'is',
      'is niet',
      'is een van',
      'is geen van',
      'beantwoord',
      'niet beantwoord',
    ]);
    await tabTo((element) => labelOf(element) === 'Waarde');
    await arrowTo('o-sales');
    expect(sentences(second)).toEqual(["Toon als 'Afdeling' is 'Verkoop'"]);

    await autosave.fire();
    expect(lastLogic(app)?.rules).toEqual([
      {
        id: expect.any(String),
        action: 'show',
        question_id: 'q-nps',
        when: {
          match: 'all',
          conditions: [{ source: 'question', question_id: 'q-dep', operator: 'equals', value: 'o-sales' }],
        },
      },
    ]);

    // 'Klaar', back above the rule's controls, closes it; the sentence stays.
    await tabTo((element) => element.textContent?.startsWith('Klaar') === true, { back: true });
    await pressEnter();
    expect(second.querySelector('[data-testid="logic-condition"]')).toBeNull();
    expect(sentences(second)).toEqual(["Toon als 'Afdeling' is 'Verkoop'"]);
    expect(focused().textContent).toContain('Bewerken');
  });

  it('should show the problem of a jump that goes backwards beside its rule, naming the questions', async () => {
    const { app, container, autosave } = await openEditor(withLogic(EMPTY));
    await tabTo(
      (element) => inCard(1)(element) && element.textContent?.startsWith('+ Springen naar…') === true,
    );
    await pressEnter();
    expect(sentences(card(container, 1))).toEqual([
      "Ga naar 'Zou je ons aanbevelen?' als 'Afdeling' is 'Support'",
    ]);
    const target = await tabTo((element) => labelOf(element) === 'Ga naar');
    expect([...(target as HTMLSelectElement).options].map((option) => option.text)).toEqual([
      'Vraag 2 (Zou je ons aanbevelen?)',
      'Vraag 3 (Opmerkingen)',
    ]);
    // Moving the target above the jump makes it go backwards: the problem shows at once.
    await click(button(card(container, 2), 'Omhoog'));
    const jumpCard = card(container, 2);
    expect(jumpCard.getAttribute('data-question-id')).toBe('q-dep');
    expect(jumpCard.querySelector('[data-testid="logic-problems"]')?.textContent).toBe(
      "Vraag 2 ('Afdeling'): een sprong gaat terug naar Vraag 1 ('Zou je ons aanbevelen?'). Een sprong kan alleen naar een latere vraag.",
    );
    // The draft still saves (R-SURV-1), and opening lists the problem without asking the server.
    await autosave.fire();
    expect(lastLogic(app)?.rules).toHaveLength(1);
    await click(button(container, 'Publiceren'));
    await waitFor(() =>
      expect(container.querySelector('[data-testid="opening-problems"]')?.textContent).toContain(
        'een sprong gaat terug naar',
      ),
    );
    expect(app.api.seen.some((request) => request.method === 'POST')).toBe(false);
    // The item leads to the rule.
    const item = [...container.querySelectorAll<HTMLButtonElement>('.problem-link')].find((link) =>
      link.textContent?.includes('een sprong gaat terug'),
    );
    await click(item ?? null);
    await waitFor(() => expect(focused().getAttribute('data-logic-problem')).toBe('true'));
    expect(jumpCard.contains(focused())).toBe(true);
  });

  it('should refuse an end screen address that is not a web address and show hidden fields as a link', async () => {
    const { app, container, autosave } = await openEditor(withLogic(EMPTY));
    await click(button(container, '+ Eindscherm toevoegen'));
    expect(labelOf(focused())).toBe('Tekst');
    const address = byLabel(container, 'Doorsturen naar (optioneel)');
    await type(address, 'javascript:alert(1)');
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(container.querySelector('[data-testid="end-screen"] .field-error')?.textContent).toBe(
      'Vul een webadres in dat begint met http:// of https://, of laat het veld leeg.',
    );
    await type(address, 'https://loop.nl/klaar');
    expect(address.getAttribute('aria-invalid')).toBeNull();

    await type(byLabel(container, 'Naam van een nieuw veld'), 'Afdeling');
    await click(button(container, 'Veld toevoegen'));
    await type(byLabel(container, 'Naam van een nieuw veld'), 'bron');
    await click(button(container, 'Veld toevoegen'));
    expect(container.querySelector('[data-testid="hidden-fields-link"] code')?.textContent).toBe(
      '?afdeling=…&bron=…',
    );
    await type(byLabel(container, 'Naam van een nieuw veld'), 'bron');
    await click(button(container, 'Veld toevoegen'));
    expect(container.querySelector('#hidden-field-name-error')?.textContent).toBe(
      "Er is al een verborgen veld 'bron'.",
    );
    await autosave.fire();
    expect(lastLogic(app)).toEqual({
      rules: [],
      end_screens: [
        { id: expect.any(String), text: 'Bedankt voor het invullen!', redirect_url: 'https://loop.nl/klaar' },
      ],
      hidden_fields: ['afdeling', 'bron'],
    });
  });

  it('should fix rules and hidden fields once the survey has answers, and keep end screens editable', async () => {
    const answered = withLogic(
      {
        rules: [
          {
            id: 'r-1',
            action: 'hide',
            question_id: 'q-text',
            when: {
              match: 'all',
              conditions: [{ source: 'hidden_field', name: 'bron', operator: 'answered' }],
            },
          },
        ],
        end_screens: [{ id: 'end-1', text: 'Bedankt' }],
        hidden_fields: ['bron'],
      },
      { status: 'open', response_count: 3, published_at: '2026-05-02T08:00:00.000Z' },
    );
    const { app, container, autosave } = await openEditor(answered);
    expect(container.querySelector('[data-testid="logic-locked"]')?.textContent).toBe(LOGIC_MESSAGES.locked);
    expect(container.textContent).not.toContain('+ Tonen als…');
    const third = card(container, 3);
    expect(sentences(third)).toEqual(["Verberg als verborgen veld 'bron' is ingevuld"]);
    await click(third.querySelector<HTMLButtonElement>('[aria-expanded]'));
    const rules = third.querySelector('[data-testid="question-logic"]');
    expect(rules?.querySelectorAll('select').length).toBeGreaterThan(0);
    expect(rules?.querySelectorAll('select:not([disabled]), input:not([disabled])')).toHaveLength(0);
    expect(button(third, 'Verwijderen (regel 1)')?.disabled).toBe(true);
    expect(byLabel(container, 'Naam van een nieuw veld').disabled).toBe(true);
    expect(button(container, '+ Eindscherm toevoegen')?.disabled).toBe(true);
    const text = container.querySelector<HTMLTextAreaElement>('[data-testid="end-screen"] textarea');
    expect(text?.disabled).toBe(false);
    // The end screen's text still changes.
    await typeArea(text, 'Dank je wel');
    await autosave.fire();
    expect(lastLogic(app)?.end_screens).toEqual([{ id: 'end-1', text: 'Dank je wel' }]);
    expect(lastLogic(app)?.rules.map((rule) => rule.id)).toEqual(['r-1']);
  });
});

/** Types into a React-controlled text area. */
async function typeArea(area: HTMLTextAreaElement | null, value: string): Promise<void> {
  if (!area) throw new Error('no text area');
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(area, value);
    area.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

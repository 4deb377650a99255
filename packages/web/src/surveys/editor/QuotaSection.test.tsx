import type { Question, Quota } from '@loop/core';
import { QUOTA_MESSAGES } from '@loop/core/surveys/logic';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { choose, click, type, unmountAll } from '../../testing/render';
import {
  byLabel,
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
const withQuestions = () => survey({ questions: [department, { ...nps, position: 1 }] });
const section = () => {
  const found = document.querySelector<HTMLElement>('[data-testid="survey-quotas"]');
  if (!found) throw new Error('no quota section');
  return found;
};
const lastBody = (app: Parameters<typeof puts>[0]) =>
  puts(app).at(-1)?.body as { max_responses?: number | null; quotas?: Quota[] } | undefined;

describe('SurveyEditorScreen quotas', () => {
  it("should set 'Maximum aantal antwoorden' and refuse a number below 1 in Dutch", async () => {
    const { app, autosave } = await openEditor(withQuestions());
    const cap = byLabel(section(), 'Maximum aantal antwoorden');
    await type(cap, '0');
    expect(section().textContent).toContain(QUOTA_MESSAGES.maxResponsesInvalid);
    await type(cap, '200');
    expect(section().textContent).not.toContain(QUOTA_MESSAGES.maxResponsesInvalid);
    await autosave.fire();
    expect(lastBody(app)?.max_responses).toBe(200);
  });

  it('should add a quota with the keyboard alone and edit it with the logic condition controls', async () => {
    const { app, autosave } = await openEditor(withQuestions());
    await act(async () => byLabel(section(), 'Maximum aantal antwoorden').focus());
    await tabTo((element) => element.textContent?.trim() === 'Quotum toevoegen');
    await pressEnter();
    expect(section().querySelectorAll('[data-testid="quota"]')).toHaveLength(1);
    // The new quota's name takes the focus.
    expect(labelOf(focused())).toBe('Naam');
    const name = byLabel(section(), 'Naam');
    await type(name, 'Verkoop');
    await type(byLabel(section(), 'Maximum'), '50');
    // The condition controls are the rules' own ('Over', 'Vergelijking', 'Waarde'), on any question.
    expect(byLabel(section(), 'Vergelijking').value).toBe('equals');
    await choose(byLabel(section(), 'Waarde'), 'o-sales');
    await act(async () => {
      const text = byLabel(section(), 'Tekst als het quotum vol is') as unknown as HTMLTextAreaElement;
      const setter = Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set;
      setter?.call(text, 'Genoeg van Verkoop.');
      text.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await autosave.fire();
    expect(lastBody(app)?.quotas).toEqual([
      {
        id: expect.any(String),
        name: 'Verkoop',
        max: 50,
        end_screen_text: 'Genoeg van Verkoop.',
        when: {
          match: 'all',
          conditions: [{ source: 'question', question_id: 'q-dep', operator: 'equals', value: 'o-sales' }],
        },
      },
    ]);
    await act(async () => name.focus());
    await tabTo((element) => element.textContent?.trim() === 'Quotum 1 verwijderen');
    await pressEnter();
    expect(section().querySelectorAll('[data-testid="quota"]')).toHaveLength(0);
    expect(focused().textContent?.trim()).toBe('Quotum toevoegen');
  });

  it('should show a problem of a quota on a deleted question', async () => {
    const broken: Quota = {
      id: 'qa',
      name: 'Weg',
      max: 5,
      end_screen_text: '',
      when: { match: 'all', conditions: [{ source: 'question', question_id: 'gone', operator: 'answered' }] },
    };
    await openEditor(survey({ questions: [department], quotas: [broken] }));
    expect(section().querySelector('.logic-problems')?.textContent).toMatch(/^Quotum 'Weg'/);
    await click(section().querySelector('button.button-danger'));
    expect(section().querySelector('.logic-problems')).toBeNull();
  });
});

import type { Question } from '@loop/core';
import { act } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { click, type, unmountAll, waitFor } from '../../testing/render';
import { byLabel, cards, openEditor, puts, saveStatus, survey } from './SurveyEditorScreen.fixtures';

/** The editor's settings of the newer question types (issue 26). */

afterEach(unmountAll);

/** Types into a React-controlled text area. */
async function typeArea(area: Element | null, value: string): Promise<void> {
  if (!(area instanceof HTMLTextAreaElement)) throw new Error('Not a text area');
  await act(async () => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(area, value);
    area.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('QuestionCard: text block', () => {
  it('should add a text block with a heading and text, without Verplicht, and save it', async () => {
    const { app, container, autosave } = await openEditor(survey({ questions: [] }));
    await click(container.querySelector('[data-testid="add-question-text_block"]'));
    const block = cards(container).at(-1) as HTMLElement;
    expect(document.activeElement).toBe(byLabel(block, 'Kop'));
    expect(byLabel(block, 'Soort vraag').value).toBe('text_block');
    expect(block.textContent).not.toContain('Verplicht');
    expect(block.textContent).toContain('er hoort geen antwoord bij');
    await type(byLabel(block, 'Kop'), 'Over je werkplek');
    await typeArea(block.querySelector('textarea'), 'De volgende vragen gaan over je werkplek.');
    await autosave.fire();
    await waitFor(() => expect(saveStatus(container)).toBe('Opgeslagen'));
    const saved = puts(app).at(-1)?.body as { questions: Question[] };
    expect(saved.questions).toEqual([
      expect.objectContaining({
        type: 'text_block',
        title: 'Over je werkplek',
        description: 'De volgende vragen gaan over je werkplek.',
        required: false,
        settings: {},
      }),
    ]);
  });
});

describe('QuestionCard: number', () => {
  it('should set minimum, maximum, step (with a decimal comma) and unit, and save them', async () => {
    const { app, container, autosave } = await openEditor(survey({ questions: [] }));
    await click(container.querySelector('[data-testid="add-question-number"]'));
    const card = cards(container).at(-1) as HTMLElement;
    await type(byLabel(card, 'Vraagtekst'), 'Hoeveel kilo til je per dag?');
    await type(byLabel(card, 'Minimum (optioneel)'), '0');
    await type(byLabel(card, 'Maximum (optioneel)'), '50000');
    await type(byLabel(card, 'Stap'), '0,5');
    await type(byLabel(card, 'Eenheid (optioneel)'), 'kg');
    await autosave.fire();
    await waitFor(() => expect(saveStatus(container)).toBe('Opgeslagen'));
    const saved = puts(app).at(-1)?.body as { questions: Question[] };
    expect(saved.questions[0]).toMatchObject({
      type: 'number',
      settings: { min: 0, max: 50_000, step: 0.5, unit: 'kg' },
    });
  });
});

describe('QuestionCard: dropdown', () => {
  it('should add a dropdown with two options to fill in, and save its options', async () => {
    const { app, container, autosave } = await openEditor(survey({ questions: [] }));
    await click(container.querySelector('[data-testid="add-question-dropdown"]'));
    const card = cards(container).at(-1) as HTMLElement;
    expect(byLabel(card, 'Soort vraag').value).toBe('dropdown');
    expect(card.textContent).toContain('Opties in de lijst');
    expect(card.textContent).not.toContain('Anders, namelijk');
    await type(byLabel(card, 'Vraagtekst'), 'Afdeling');
    await autosave.fire();
    await waitFor(() => expect(saveStatus(container)).toBe('Opgeslagen'));
    const saved = puts(app).at(-1)?.body as { questions: Question[] };
    expect(saved.questions[0]).toMatchObject({
      type: 'dropdown',
      settings: { options: [{ label: 'Optie 1' }, { label: 'Optie 2' }] },
    });
  });
});

describe('QuestionCard: date', () => {
  it('should set the first and last day and save them', async () => {
    const { app, container, autosave } = await openEditor(survey({ questions: [] }));
    await click(container.querySelector('[data-testid="add-question-date"]'));
    const card = cards(container).at(-1) as HTMLElement;
    await type(byLabel(card, 'Vraagtekst'), 'Wanneer begon je?');
    await type(byLabel(card, 'Eerste dag (optioneel)'), '2026-01-01');
    await type(byLabel(card, 'Laatste dag (optioneel)'), '2026-12-31');
    await autosave.fire();
    await waitFor(() => expect(saveStatus(container)).toBe('Opgeslagen'));
    const saved = puts(app).at(-1)?.body as { questions: Question[] };
    expect(saved.questions[0]).toMatchObject({
      type: 'date',
      settings: { min: '2026-01-01', max: '2026-12-31' },
    });
  });
});

describe('QuestionCard: ranking', () => {
  it('should add a ranking with options to put in order, and save it', async () => {
    const { app, container, autosave } = await openEditor(survey({ questions: [] }));
    await click(container.querySelector('[data-testid="add-question-ranking"]'));
    const card = cards(container).at(-1) as HTMLElement;
    expect(card.textContent).toContain('Opties om te ordenen');
    await type(byLabel(card, 'Vraagtekst'), 'Wat is het belangrijkst?');
    await autosave.fire();
    await waitFor(() => expect(saveStatus(container)).toBe('Opgeslagen'));
    const saved = puts(app).at(-1)?.body as { questions: Question[] };
    expect(saved.questions[0]).toMatchObject({
      type: 'ranking',
      settings: { options: [{ label: 'Optie 1' }, { label: 'Optie 2' }] },
    });
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { apiFailure, apiOk } from '../../../domain/api';
import type { Question, Survey } from '../../../domain/contract';
import { LOGIC_MESSAGES } from '../../../domain/surveys/logic';
import { withOperator, withValue } from './logicEdits';
import {
  editor,
  gateway,
  loaded,
  nps,
  resetEditorFakes,
  SURVEY,
  state,
  statusText,
  timer,
} from './SurveyEditor.fixtures';
import { AUTOSAVE_DELAY_MS } from './surveyEditorState';

const department: Question = {
  id: 'q-dep',
  type: 'single_choice',
  title: 'Afdeling',
  required: true,
  position: 0,
  settings: {
    options: [
      { id: 'o-sales', label: 'Verkoop' },
      { id: 'o-support', label: 'Support' },
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
const WITH_CHOICE: Survey = { ...SURVEY, questions: [department, { ...nps, position: 1 }, remarks] };

beforeEach(() => {
  resetEditorFakes();
  gateway.getAnswers = [apiOk(WITH_CHOICE)];
});

const lastBody = () => gateway.saves.at(-1)?.body;
const firstRule = () => state().draft?.logic?.rules[0];

describe('SurveyEditor logic', () => {
  it('should hold the survey logic in the draft and send it with every save', async () => {
    await loaded();
    expect(state().draft?.logic).toEqual({ rules: [], end_screens: [], hidden_fields: [] });
    editor.edit({ title: 'Nieuw' });
    await timer.advance(AUTOSAVE_DELAY_MS);
    expect(lastBody()?.logic).toEqual({ rules: [], end_screens: [], hidden_fields: [] });
  });

  it('should put a new show rule with its first condition into the next autosave, as a sentence', async () => {
    await loaded();
    const id = editor.logic.addRule('q-nps', 'show');
    expect(id).toBe('new-1');
    expect(statusText()).toBe('Opslaan…');
    await timer.advance(AUTOSAVE_DELAY_MS);
    expect(lastBody()?.logic?.rules).toEqual([
      {
        id: 'new-1',
        action: 'show',
        question_id: 'q-nps',
        when: {
          match: 'all',
          conditions: [{ source: 'question', question_id: 'q-dep', operator: 'equals', value: 'o-sales' }],
        },
      },
    ]);
    expect(state().logic.byQuestion['q-nps']?.map((view) => view.sentence)).toEqual([
      "Toon als 'Afdeling' is 'Verkoop'",
    ]);
    expect(state().logic.problems).toEqual([]);
  });

  it('should change a condition and add one, with the group joined by of', async () => {
    await loaded();
    const id = editor.logic.addRule('q-text', 'hide') as string;
    // The nearest earlier question is the NPS question: 'is 0' to start with.
    const first = firstRule()?.when.conditions[0];
    expect(first).toEqual({ source: 'question', question_id: 'q-nps', operator: 'equals', value: 0 });
    if (first) editor.logic.updateCondition(id, 0, withValue(withOperator(first, 'less', []), 7));
    editor.logic.addCondition(id, 'language');
    editor.logic.setMatch(id, 'any');
    await timer.advance(AUTOSAVE_DELAY_MS);
    expect(lastBody()?.logic?.rules[0]?.when).toEqual({
      match: 'any',
      conditions: [
        { source: 'question', question_id: 'q-nps', operator: 'less', value: 7 },
        { source: 'language', operator: 'equals', value: 'nl' },
      ],
    });
    expect(state().logic.rules[0]?.sentence).toBe(
      "Verberg als 'Zou je ons aanbevelen?' lager is dan 7 of de taal is Nederlands",
    );
  });

  it('should add a jump to an end screen and a hidden field, ids from the id port', async () => {
    await loaded();
    const end = editor.logic.addEndScreen('Bedankt, dat was het');
    expect(end).toBe('new-1');
    expect(editor.logic.setEndScreenRedirect('new-1', 'javascript:alert(1)')).toBe(
      'Vul een webadres in dat begint met http:// of https://, of laat het veld leeg.',
    );
    expect(editor.logic.setEndScreenRedirect('new-1', ' https://loop.nl/klaar ')).toBeNull();
    const jump = editor.logic.addRule('q-dep', 'jump') as string;
    editor.logic.setJumpTarget(jump, { end_screen_id: 'new-1' });
    expect(editor.logic.addHiddenField('Afdeling ')).toBeNull();
    expect(editor.logic.addHiddenField('afdeling')).toBe("Er is al een verborgen veld 'afdeling'.");
    expect(editor.logic.addHiddenField('1 bron')).toMatch(/kleine letters/);
    await timer.advance(AUTOSAVE_DELAY_MS);
    expect(lastBody()?.logic).toMatchObject({
      end_screens: [{ id: 'new-1', text: 'Bedankt, dat was het', redirect_url: 'https://loop.nl/klaar' }],
      hidden_fields: ['afdeling'],
      rules: [{ id: 'new-2', action: 'jump', from_question_id: 'q-dep', to: { end_screen_id: 'new-1' } }],
    });
    expect(state().logic.rules[0]?.sentence).toBe(
      "Ga naar 'Eindscherm: Bedankt, dat was het' als 'Afdeling' is 'Verkoop'",
    );
  });

  it('should allow removing a question that a rule refers to and name the problem at once', async () => {
    await loaded();
    const id = editor.logic.addRule('q-nps', 'show') as string;
    editor.removeQuestion('q-dep');
    const view = state().logic.byQuestion['q-nps']?.[0];
    expect(view?.rule.id).toBe(id);
    expect(view?.problems.map((problem) => problem.message)).toEqual([
      "Vraag 1 ('Zou je ons aanbevelen?'): een voorwaarde gaat over een vraag die niet meer bestaat.",
    ]);
    expect(view?.sentence).toBe("Toon als een verwijderde vraag is 'o-sales'");
    // The draft still saves (R-SURV-1).
    await timer.advance(AUTOSAVE_DELAY_MS);
    expect(gateway.saves).toHaveLength(1);
  });

  it('should allow removing a choice that a condition names and name the problem at once', async () => {
    await loaded();
    editor.logic.addRule('q-nps', 'show');
    editor.updateQuestion('q-dep', (question) =>
      question.type === 'single_choice'
        ? { ...question, settings: { ...question.settings, options: question.settings.options.slice(1) } }
        : question,
    );
    expect(state().logic.byQuestion['q-nps']?.[0]?.problems.map((problem) => problem.message)).toEqual([
      "Vraag 2 ('Zou je ons aanbevelen?'): een voorwaarde gaat over een antwoord dat niet (meer) bij Vraag 1 ('Afdeling') hoort.",
    ]);
  });

  it('should name a backward jump beside its rule and list it when opening, without asking the server', async () => {
    await loaded();
    // From the last question a jump can only go to an end screen: none yet, so no jump.
    expect(editor.logic.addRule('q-text', 'jump')).toBeNull();
    const end = editor.logic.addEndScreen() as string;
    const jump = editor.logic.addRule('q-text', 'jump') as string;
    expect(firstRule()).toMatchObject({ to: { end_screen_id: end } });
    editor.logic.setJumpTarget(jump, { question_id: 'q-dep' });
    expect(state().logic.byQuestion['q-text']?.[0]?.problems.map((problem) => problem.code)).toEqual([
      'jump_backward',
    ]);
    await timer.advance(AUTOSAVE_DELAY_MS);
    await gateway.acceptLatest();
    const result = await editor.changeStatus('open');
    expect(result.ok).toBe(false);
    expect(!result.ok && result.problems?.map((problem) => problem.message)).toEqual([
      "Vraag 3 ('Opmerkingen'): een sprong gaat terug naar Vraag 1 ('Afdeling'). Een sprong kan alleen naar een latere vraag.",
    ]);
    expect(gateway.calls.some((call) => call.startsWith('STATUS'))).toBe(false);
  });

  it('should remove rules, conditions, end screens and hidden fields', async () => {
    await loaded();
    const id = editor.logic.addRule('q-text', 'show') as string;
    editor.logic.addCondition(id);
    editor.logic.removeCondition(id, 0);
    expect(firstRule()?.when.conditions).toHaveLength(1);
    editor.logic.removeRule(id);
    const end = editor.logic.addEndScreen() as string;
    editor.logic.removeEndScreen(end);
    editor.logic.addHiddenField('bron');
    editor.logic.removeHiddenField('bron');
    expect(state().draft?.logic).toEqual({ rules: [], end_screens: [], hidden_fields: [] });
  });

  describe('once the survey has answers', () => {
    const ANSWERED: Survey = {
      ...WITH_CHOICE,
      status: 'open',
      response_count: 4,
      logic: {
        rules: [],
        end_screens: [{ id: 'end-1', text: 'Bedankt' }],
        hidden_fields: ['bron'],
      },
    };

    it('should keep rules, hidden fields and end screens fixed but let end screen texts change', async () => {
      gateway.getAnswers = [apiOk(ANSWERED)];
      await loaded();
      expect(editor.logic.locked).toBe(true);
      expect(editor.logic.addRule('q-nps', 'show')).toBeNull();
      expect(editor.logic.addHiddenField('afdeling')).toBe(LOGIC_MESSAGES.locked);
      editor.logic.removeHiddenField('bron');
      expect(editor.logic.addEndScreen()).toBeNull();
      editor.logic.removeEndScreen('end-1');
      expect(editor.hasUnsavedChanges()).toBe(false);
      editor.logic.setEndScreenText('end-1', 'Dank je wel');
      expect(editor.logic.setEndScreenRedirect('end-1', 'https://loop.nl')).toBeNull();
      await timer.advance(AUTOSAVE_DELAY_MS);
      expect(lastBody()?.logic).toEqual({
        rules: [],
        end_screens: [{ id: 'end-1', text: 'Dank je wel', redirect_url: 'https://loop.nl' }],
        hidden_fields: ['bron'],
      });
    });

    it("should show the server's refusal of a logic change as such, not as a stale version", async () => {
      gateway.getAnswers = [apiOk(ANSWERED)];
      await loaded();
      editor.logic.setEndScreenText('end-1', 'Dank je wel');
      await timer.advance(AUTOSAVE_DELAY_MS);
      await gateway.answerLatest(apiFailure(409, LOGIC_MESSAGES.locked));
      expect(state().save).toEqual({ kind: 'refused', message: LOGIC_MESSAGES.locked });
    });
  });
});

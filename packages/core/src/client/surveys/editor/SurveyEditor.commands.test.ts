import { beforeEach, describe, expect, it } from 'vitest';
import { apiFailure } from '../../../domain/api';
import { SurveyEditor } from './SurveyEditor';
import {
  editor,
  gateway,
  likert,
  loaded,
  newId,
  nps,
  resetEditorFakes,
  settle,
  state,
  templates,
  timer,
} from './SurveyEditor.fixtures';
import { createSurveyEditorPool } from './surveyEditorPool';
import { AUTOSAVE_DELAY_MS } from './surveyEditorState';

beforeEach(resetEditorFakes);

describe('SurveyEditor', () => {
  describe('questions', () => {
    it('should add, duplicate, move, remove and restore questions, renumbered', async () => {
      await loaded();
      const added = editor.addQuestion('rating');
      expect(added).toBe('new-1');
      const copy = editor.duplicateQuestion('q-likert');
      expect(copy).toBe('new-2');
      const ids = () => state().draft?.questions.map((question) => `${question.position}:${question.id}`);
      expect(ids()).toEqual(['0:q-likert', '1:new-2', '2:q-nps', '3:new-1']);
      editor.moveQuestion('new-1', 0);
      expect(ids()).toEqual(['0:new-1', '1:q-likert', '2:new-2', '3:q-nps']);
      const removed = editor.removeQuestion('q-likert');
      expect(removed?.index).toBe(1);
      expect(ids()).toEqual(['0:new-1', '1:new-2', '2:q-nps']);
      if (removed) {
        editor.restoreQuestion(removed);
        editor.restoreQuestion(removed);
      }
      expect(ids()).toEqual(['0:new-1', '1:q-likert', '2:new-2', '3:q-nps']);
      expect(editor.removeQuestion('onbekend')).toBeNull();
    });

    it('should not count a move to the same place as a change', async () => {
      await loaded();
      editor.moveQuestion('q-likert', 0);
      expect(editor.hasUnsavedChanges()).toBe(false);
      editor.moveQuestion('q-likert', 1);
      expect(editor.hasUnsavedChanges()).toBe(true);
    });

    it('should change a question to another type, keeping its title', async () => {
      await loaded();
      editor.changeQuestionType('q-nps', 'rating');
      expect(state().draft?.questions[1]).toEqual({
        id: 'q-nps',
        type: 'rating',
        title: 'Zou je ons aanbevelen?',
        required: false,
        position: 1,
        settings: { scale: 5, style: 'stars' },
      });
    });
  });

  describe('changeStatus', () => {
    it('should save pending changes first and adopt the new status but keep the version', async () => {
      await loaded();
      editor.edit({ title: 'Klaar' });
      const publishing = editor.changeStatus('open');
      await settle();
      expect(gateway.calls).toEqual(['GET 5', 'PUT 5 v3']);
      await gateway.acceptLatest();
      const result = await publishing;
      expect(result.ok).toBe(true);
      expect(gateway.calls).toEqual(['GET 5', 'PUT 5 v3', 'STATUS 5 open']);
      expect(state().survey).toMatchObject({ status: 'open', version: 4, title: 'Klaar' });
    });

    it('should save an incomplete draft, then list what to fill in and mark it instead of asking to open', async () => {
      await loaded();
      const first = editor.addQuestion('nps');
      const second = editor.addQuestion('single_choice');
      editor.updateQuestion(second, (question) =>
        question.type === 'single_choice'
          ? { ...question, title: 'Afdeling', settings: { ...question.settings, options: [] } }
          : question,
      );
      const publishing = editor.changeStatus('open');
      await settle();
      await gateway.acceptLatest();
      const result = await publishing;
      expect(result).toEqual({
        ok: false,
        message: 'Nog niet klaar om te publiceren. Maak eerst af:',
        fields: {},
        problems: [
          {
            question_id: first,
            question_number: 3,
            codes: ['question_title_missing'],
            fields: ['title'],
            reason: 'vul de vraagtekst in',
            message: 'Vraag 3: vul de vraagtekst in',
          },
          {
            question_id: second,
            question_number: 4,
            codes: ['options_too_few'],
            fields: ['settings.options'],
            reason: 'voeg minstens twee keuzes toe',
            message: "Vraag 4 ('Afdeling'): voeg minstens twee keuzes toe",
          },
        ],
      });
      expect(gateway.calls).toEqual(['GET 5', 'PUT 5 v3']);
      expect(state().save).toEqual({ kind: 'saved' });
      expect(state().issues.questions).toEqual({
        [first]: { title: 'Vul de vraag in.' },
        [second]: {
          'settings.options': "Geef minstens twee antwoorden om uit te kiezen ('anders, namelijk' telt mee).",
        },
      });
      // Filling a field in lifts its mark and takes it off the list.
      editor.updateQuestion(first, (question) => ({ ...question, title: 'Aanbevelen?' }));
      expect(state().issues.questions[first]).toBeUndefined();
      expect(state().problems.map((problem) => problem.question_id)).toEqual([second]);
      expect(state().problemsListed).toBe(true);
      // Once nothing is missing, 'Publiceren' goes to the server and the list goes away.
      editor.updateQuestion(second, (question) =>
        question.type === 'single_choice'
          ? { ...question, settings: { options: [{ id: 'o1', label: 'Zorg' }], allow_other: true } }
          : question,
      );
      const again = editor.changeStatus('open');
      await settle();
      await gateway.acceptLatest();
      expect((await again).ok).toBe(true);
      expect(state().problemsListed).toBe(false);
      expect(gateway.calls.at(-1)).toBe('STATUS 5 open');
    });

    it('should not publish while a field cannot be saved', async () => {
      await loaded();
      editor.edit({ title: 'x'.repeat(201) });
      const result = await editor.changeStatus('open');
      expect(result).toEqual({
        ok: false,
        message: 'Controleer eerst de gemarkeerde velden, zodat alle wijzigingen zijn opgeslagen.',
        fields: {},
      });
      expect(gateway.calls).toEqual(['GET 5']);
    });

    it("should mark the questions the server's refusal names", async () => {
      await loaded();
      gateway.statusAnswer = {
        ok: false,
        status: 409,
        detail: 'Nog niet klaar om te publiceren. Maak eerst af: Vraag 2: vul de vraagtekst in.',
        fields: { 'questions.q-nps': 'Vraag 2: vul de vraagtekst in' },
      };
      const result = await editor.changeStatus('open');
      expect(result).toMatchObject({ ok: false, status: 409 });
      expect(state().issues.questions['q-nps']).toEqual({ question: 'Vraag 2: vul de vraagtekst in' });
    });

    it("should hand back the server's reason when the change is refused", async () => {
      await loaded();
      gateway.statusAnswer = apiFailure(409, 'Voeg eerst minstens één vraag toe.');
      const result = await editor.changeStatus('open');
      expect(result).toMatchObject({ ok: false, message: 'Voeg eerst minstens één vraag toe.', status: 409 });
      expect(state().survey?.status).toBe('draft');
    });
  });

  describe('saveAsTemplate', () => {
    it('should ask for a name before anything is sent', async () => {
      await loaded();
      const result = await editor.saveAsTemplate({ name: '  ', description: '' });
      expect(result).toEqual({ ok: false, message: null, fields: { name: 'Geef het sjabloon een naam.' } });
      expect(templates.created).toEqual([]);
    });

    it('should send the current content with the name and description', async () => {
      await loaded();
      editor.edit({ title: 'Teamcheck', close_at: '2026-06-01T10:00:00.000Z' });
      const result = await editor.saveAsTemplate({ name: ' Teamcheck ', description: 'Kort en krachtig' });
      expect(result.ok).toBe(true);
      expect(templates.created).toEqual([
        {
          name: 'Teamcheck',
          description: 'Kort en krachtig',
          title: 'Teamcheck',
          description_html: '',
          introduction_html: '<p>Welkom</p>',
          thank_you_text: 'Bedankt!',
          questions: [likert, nps],
          logic: { rules: [], end_screens: [], hidden_fields: [] },
        },
      ]);
    });

    it("should send the survey's languages and translations along (R-SURV-27)", async () => {
      await loaded();
      editor.translations.addLanguage('en');
      editor.translations.setText('en', 'title', 'Survey');
      expect((await editor.saveAsTemplate({ name: 'Twee talen', description: '' })).ok).toBe(true);
      expect(templates.created[0]).toMatchObject({
        languages: ['en'],
        translations: { en: { texts: { title: 'Survey' } } },
      });
    });

    it('should mark the fields of an incomplete survey instead of sending it', async () => {
      await loaded();
      const id = editor.addQuestion('open_long');
      const result = await editor.saveAsTemplate({ name: 'Sjabloon', description: '' });
      expect(result.ok).toBe(false);
      expect(state().issues.questions[id]).toEqual({ title: 'Vul de vraag in.' });
      expect(templates.created).toEqual([]);
    });
  });
});

describe('createSurveyEditorPool', () => {
  const make = () => new SurveyEditor({ gateway, templates, timer, ids: { newId } });

  it('should keep the editor of a survey with unsaved changes for the next visit', async () => {
    const pool = createSurveyEditorPool(make);
    const first = pool.open('7:5');
    await first.load(5);
    first.addQuestion('nps');
    await timer.advance(AUTOSAVE_DELAY_MS);
    await gateway.answerLatest(apiFailure(0, 'Kan de server niet bereiken.'));
    expect(first.hasUnsavedChanges()).toBe(true);
    expect(pool.open('7:5')).toBe(first);
    expect(pool.open('7:6')).not.toBe(first);
  });

  it('should make a new editor when the last one had saved everything', async () => {
    const pool = createSurveyEditorPool(make);
    const first = pool.open('7:5');
    await first.load(5);
    first.edit({ title: 'Opgeslagen' });
    const flushed = first.flush();
    await gateway.acceptLatest();
    await flushed;
    expect(first.hasUnsavedChanges()).toBe(false);
    expect(pool.open('7:5')).not.toBe(first);
  });
});

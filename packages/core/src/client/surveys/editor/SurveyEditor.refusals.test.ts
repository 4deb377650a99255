import { beforeEach, describe, expect, it } from 'vitest';
import { apiFailure, apiOk } from '../../../domain/api';
import {
  editor,
  gateway,
  loaded,
  resetEditorFakes,
  SURVEY,
  state,
  statusText,
  timer,
} from './SurveyEditor.fixtures';
import { AUTOSAVE_DELAY_MS, AUTOSAVE_RETRY_MS } from './surveyEditorState';

beforeEach(resetEditorFakes);

describe('SurveyEditor', () => {
  describe('refused and invalid edits', () => {
    it('should show a refused edit beside its question and keep the text the user typed', async () => {
      await loaded();
      editor.updateQuestion('q-nps', (question) => ({ ...question, required: true }));
      editor.edit({ title: 'Nieuwe titel' });
      await timer.advance(AUTOSAVE_DELAY_MS);
      const message = 'De vraag ‘Zou je ons aanbevelen?’ kan niet meer verplicht worden.';
      await gateway.answerLatest({
        ok: false,
        status: 409,
        detail: message,
        fields: { 'questions.q-nps': message },
      });
      expect(state().save).toEqual({ kind: 'refused', message });
      expect(statusText()).toBe(`Niet opgeslagen: ${message}`);
      expect(state().issues.questions['q-nps']).toEqual({ question: message });
      expect(state().draft?.title).toBe('Nieuwe titel');
      expect(state().draft?.questions[1]?.required).toBe(true);
      // The refusal stays until a save succeeds, which then clears it.
      editor.updateQuestion('q-nps', (question) => ({ ...question, required: false }));
      expect(state().issues.questions['q-nps']).toEqual({ question: message });
      await timer.advance(AUTOSAVE_DELAY_MS);
      await gateway.acceptLatest();
      expect(state().issues).toEqual({ survey: {}, questions: {} });
      expect(statusText()).toBe('Opgeslagen');
    });

    it('should save an incomplete draft as it is and name what it still lacks', async () => {
      await loaded();
      const id = editor.addQuestion('open_short');
      editor.edit({ title: '' });
      await timer.advance(AUTOSAVE_DELAY_MS);
      expect(gateway.saves).toHaveLength(1);
      expect(gateway.saves[0]?.body).toMatchObject({ title: '', questions: [{}, {}, { id, title: '' }] });
      await gateway.acceptLatest();
      expect(statusText()).toBe('Opgeslagen');
      expect(state().issues).toEqual({ survey: {}, questions: {} });
      expect(state().problems.map((problem) => [problem.question_id, problem.message])).toEqual([
        [null, 'Geef de survey een titel'],
        [id, 'Vraag 3: vul de vraagtekst in'],
      ]);
      editor.updateQuestion(id, (question) => ({ ...question, title: 'Wat kan beter?' }));
      expect(state().problems.map((problem) => problem.question_id)).toEqual([null]);
    });

    it('should not send a draft with a field that can never be stored, and say so beside it', async () => {
      await loaded();
      editor.updateQuestion('q-nps', (question) => ({ ...question, title: 'x'.repeat(301) }));
      await timer.advance(AUTOSAVE_DELAY_MS);
      expect(gateway.saves).toHaveLength(0);
      expect(statusText()).toBe('Niet opgeslagen: controleer de gemarkeerde velden.');
      expect(state().issues.questions['q-nps']).toEqual({
        title: 'De vraag mag hoogstens 300 tekens lang zijn.',
      });
      editor.updateQuestion('q-nps', (question) => ({ ...question, title: 'Korter' }));
      expect(state().issues.questions['q-nps']).toBeUndefined();
      await timer.advance(AUTOSAVE_DELAY_MS);
      expect(gateway.saves).toHaveLength(1);
    });

    it('should not send an open survey with an empty field, and lift the mark once it is filled in', async () => {
      gateway.getAnswers = [apiOk({ ...SURVEY, status: 'open' })];
      await loaded();
      const id = editor.addQuestion('open_short');
      editor.edit({ title: '' });
      await timer.advance(AUTOSAVE_DELAY_MS);
      expect(gateway.saves).toHaveLength(0);
      expect(state().save).toEqual({ kind: 'invalid' });
      expect(state().issues.survey).toEqual({ title: 'Geef de survey een titel.' });
      expect(state().issues.questions[id]).toEqual({ title: 'Vul de vraag in.' });
      editor.updateQuestion(id, (question) => ({ ...question, title: 'Wat kan beter?' }));
      expect(state().issues.questions[id]).toBeUndefined();
      expect(state().save).toEqual({ kind: 'invalid' });
      editor.edit({ title: 'Evaluatie' });
      expect(state().issues).toEqual({ survey: {}, questions: {} });
      expect(state().save).toEqual({ kind: 'pending' });
      await timer.advance(AUTOSAVE_DELAY_MS);
      expect(gateway.saves).toHaveLength(1);
    });

    it("should put the server's 400 fields beside the question they name by index", async () => {
      await loaded();
      editor.edit({ title: 'Nieuw' });
      await timer.advance(AUTOSAVE_DELAY_MS);
      await gateway.answerLatest({
        ok: false,
        status: 400,
        detail: 'De gegevens zijn niet geldig.',
        fields: { 'questions.1.settings.low_label': 'Een label mag hoogstens 60 tekens lang zijn.' },
      });
      expect(state().save).toEqual({ kind: 'invalid' });
      expect(state().issues.questions['q-nps']).toEqual({
        'settings.low_label': 'Een label mag hoogstens 60 tekens lang zijn.',
      });
    });
  });

  describe('failures', () => {
    it('should say why a save failed and try again a little later', async () => {
      await loaded();
      editor.edit({ title: 'Offline' });
      await timer.advance(AUTOSAVE_DELAY_MS);
      await gateway.answerLatest(apiFailure(0, 'Kan de server niet bereiken.'));
      expect(statusText()).toBe('Niet opgeslagen: Kan de server niet bereiken.');
      await timer.advance(AUTOSAVE_RETRY_MS - 1);
      expect(gateway.saves).toHaveLength(1);
      await timer.advance(1);
      expect(gateway.saves).toHaveLength(2);
      await gateway.acceptLatest();
      expect(statusText()).toBe('Opgeslagen');
    });

    it('should give up retrying by itself after five attempts', async () => {
      await loaded();
      editor.edit({ title: 'Offline' });
      await timer.advance(AUTOSAVE_DELAY_MS);
      for (let i = 0; i < 7; i++) {
        if (gateway.saves.length === i + 1) await gateway.answerLatest(apiFailure(503, 'Onderhoud.'));
        await timer.advance(AUTOSAVE_RETRY_MS);
      }
      expect(gateway.saves).toHaveLength(6);
      expect(timer.pending()).toBe(0);
    });

    it('should not retry a refusal that will not change by itself', async () => {
      await loaded();
      editor.edit({ title: 'Nieuw' });
      await timer.advance(AUTOSAVE_DELAY_MS);
      await gateway.answerLatest(apiFailure(404, 'Survey niet gevonden.'));
      await timer.advance(AUTOSAVE_RETRY_MS * 3);
      expect(gateway.saves).toHaveLength(1);
      expect(statusText()).toBe('Niet opgeslagen: Survey niet gevonden.');
    });
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { apiFailure, apiOk } from '../../../domain/api';
import {
  editor,
  gateway,
  likert,
  loaded,
  nps,
  resetEditorFakes,
  SURVEY,
  state,
  statusText,
  timer,
} from './SurveyEditor.fixtures';
import { AUTOSAVE_DELAY_MS } from './surveyEditorState';

beforeEach(resetEditorFakes);

describe('SurveyEditor', () => {
  describe('load', () => {
    it('should hold the survey and its content as the draft', async () => {
      const first = editor.load(5);
      expect(state().status).toBe('loading');
      await first;
      expect(state().status).toBe('ready');
      expect(state().draft).toEqual({
        title: 'Medewerkerstevredenheid',
        description_html: '',
        introduction_html: '<p>Welkom</p>',
        thank_you_text: 'Bedankt!',
        close_at: null,
        questions: [likert, nps],
        logic: { rules: [], end_screens: [], hidden_fields: [] },
        languages: [],
        translations: {},
        max_responses: null,
        quotas: [],
      });
      expect(statusText()).toBe('Opgeslagen');
    });

    it('should share one request between two loads of the same survey', async () => {
      await Promise.all([editor.load(5), editor.load(5)]);
      expect(gateway.calls).toEqual(['GET 5']);
    });

    it("should show the server's reason when loading fails and load again when asked", async () => {
      gateway.getAnswers = [apiFailure(404, 'Survey niet gevonden.')];
      await editor.load(5);
      expect(state()).toMatchObject({ status: 'failed', loadError: 'Survey niet gevonden.' });
      await editor.load(5);
      expect(state().status).toBe('ready');
      expect(gateway.calls).toEqual(['GET 5', 'GET 5']);
    });
  });

  describe('autosave', () => {
    it('should save once, 800 ms after the last of several quick changes', async () => {
      await loaded();
      editor.edit({ title: 'M' });
      await timer.advance(500);
      editor.edit({ title: 'Medewerkers 2026' });
      await timer.advance(AUTOSAVE_DELAY_MS - 1);
      expect(gateway.saves).toHaveLength(0);
      expect(statusText()).toBe('Opslaan…');
      await timer.advance(1);
      expect(gateway.saves).toHaveLength(1);
      expect(gateway.saves[0]?.body).toMatchObject({ title: 'Medewerkers 2026', version: 3 });
      expect(state().save).toEqual({ kind: 'saving' });
    });

    it('should adopt the version the server returns and send it with the next save', async () => {
      await loaded();
      editor.edit({ title: 'Eerste' });
      await timer.advance(AUTOSAVE_DELAY_MS);
      await gateway.acceptLatest();
      expect(state().save).toEqual({ kind: 'saved' });
      expect(state().survey?.version).toBe(4);
      editor.edit({ title: 'Tweede' });
      await timer.advance(AUTOSAVE_DELAY_MS);
      expect(gateway.calls).toEqual(['GET 5', 'PUT 5 v3', 'PUT 5 v4']);
      expect(editor.hasUnsavedChanges()).toBe(true);
      await gateway.acceptLatest();
      expect(editor.hasUnsavedChanges()).toBe(false);
    });

    it('should keep one save in flight and send the changes made meanwhile together afterwards', async () => {
      await loaded();
      editor.edit({ title: 'Een' });
      await timer.advance(AUTOSAVE_DELAY_MS);
      editor.edit({ title: 'Twee' });
      await timer.advance(AUTOSAVE_DELAY_MS);
      editor.edit({ thank_you_text: 'Dank je wel!' });
      await timer.advance(AUTOSAVE_DELAY_MS);
      expect(gateway.saves).toHaveLength(1);
      expect(statusText()).toBe('Opslaan…');
      await gateway.acceptLatest();
      expect(gateway.saves).toHaveLength(2);
      expect(gateway.saves[1]?.body).toMatchObject({
        title: 'Twee',
        thank_you_text: 'Dank je wel!',
        version: 4,
      });
      await gateway.acceptLatest();
      expect(gateway.saves).toHaveLength(2);
      expect(statusText()).toBe('Opgeslagen');
    });

    it('should wait for the pause when the change during a save is still being typed', async () => {
      await loaded();
      editor.edit({ title: 'Een' });
      await timer.advance(AUTOSAVE_DELAY_MS);
      editor.edit({ title: 'Twee' });
      await gateway.acceptLatest();
      expect(gateway.saves).toHaveLength(1);
      expect(state().save).toEqual({ kind: 'pending' });
      await timer.advance(AUTOSAVE_DELAY_MS);
      expect(gateway.saves).toHaveLength(2);
    });

    it("should not overwrite what the user typed meanwhile with the server's answer", async () => {
      await loaded();
      editor.edit({ title: 'Een ' });
      await timer.advance(AUTOSAVE_DELAY_MS);
      editor.edit({ title: 'Een titel' });
      await gateway.answerLatest(apiOk({ ...SURVEY, title: 'Een', version: 4 }));
      expect(state().draft?.title).toBe('Een titel');
      expect(state().survey?.title).toBe('Een');
    });

    it('should save at once on flush, without waiting for the pause', async () => {
      await loaded();
      editor.edit({ title: 'Nu' });
      const flushed = editor.flush();
      expect(gateway.saves).toHaveLength(1);
      await gateway.acceptLatest();
      expect(await flushed).toEqual({ kind: 'saved' });
      expect(timer.pending()).toBe(0);
    });

    it('should send nothing when nothing changed', async () => {
      await loaded();
      expect(await editor.flush()).toEqual({ kind: 'saved' });
      editor.edit({});
      await timer.advance(AUTOSAVE_DELAY_MS * 2);
      expect(gateway.saves).toHaveLength(0);
    });
  });

  describe('stale version', () => {
    it('should stop saving and say so until the latest version is loaded', async () => {
      await loaded();
      editor.edit({ title: 'Mijn titel' });
      await timer.advance(AUTOSAVE_DELAY_MS);
      await gateway.answerLatest(
        apiFailure(409, 'Deze survey is intussen ergens anders gewijzigd. Laad de nieuwste versie.'),
      );
      expect(state().save).toEqual({ kind: 'stale' });
      expect(statusText()).toBe('Niet opgeslagen: Deze survey is intussen ergens anders gewijzigd.');
      editor.edit({ title: 'Nog een wijziging' });
      await timer.advance(AUTOSAVE_DELAY_MS);
      expect(await editor.flush()).toEqual({ kind: 'stale' });
      expect(gateway.saves).toHaveLength(1);
      expect(state().draft?.title).toBe('Nog een wijziging');
    });

    it('should load the latest version in place of the draft and save on top of it', async () => {
      await loaded();
      editor.edit({ title: 'Mijn titel' });
      await timer.advance(AUTOSAVE_DELAY_MS);
      await gateway.answerLatest(apiFailure(409, 'Verouderd.'));
      gateway.getAnswers = [apiOk({ ...SURVEY, title: 'Van een collega', version: 9 })];
      const latest = await editor.loadLatest();
      expect(latest.ok).toBe(true);
      expect(state().draft?.title).toBe('Van een collega');
      expect(state().save).toEqual({ kind: 'saved' });
      editor.edit({ title: 'Verder' });
      await timer.advance(AUTOSAVE_DELAY_MS);
      expect(gateway.calls.at(-1)).toBe('PUT 5 v9');
    });
  });

  it('should notify subscribers of every change and stop after unsubscribing', async () => {
    let calls = 0;
    const unsubscribe = editor.subscribe(() => {
      calls++;
    });
    await loaded();
    const afterLoad = calls;
    expect(afterLoad).toBeGreaterThan(0);
    unsubscribe();
    editor.edit({ title: 'Stil' });
    expect(calls).toBe(afterLoad);
  });
});

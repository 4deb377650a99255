import { beforeEach, describe, expect, it } from 'vitest';
import { apiFailure, apiOk } from '../../../domain/api';
import { RESPONDENT_MESSAGES } from '../../../domain/surveys/model';
import { DRAFT_DELAY_MS } from './draftWriter';
import type { RespondentSession } from './RespondentSession';
import {
  answersOf,
  clock,
  drafts,
  draftWrites,
  flush,
  gateway,
  resetRespondFakes,
  session,
  started,
  timer,
  view,
} from './RespondentSession.fixtures';
import { RESPONDENT_SESSION_MESSAGES } from './respondentState';
import { SAVE_RETRY_DELAYS_MS } from './saveQueue';

beforeEach(resetRespondFakes);

// --- tests --------------------------------------------------------------------------------------

describe('RespondentSession', () => {
  describe('failed saves', () => {
    it('should keep the answers, say so calmly and try again after a delay', async () => {
      const s = await started();
      gateway.replies = [apiFailure(0, 'netwerk')];
      s.setAnswer('q-nps', { score: 9 });
      s.next();
      await flush();
      expect(s.getSnapshot()).toMatchObject({
        saveStatus: 'failed',
        saveError: RESPONDENT_SESSION_MESSAGES.saveFailed,
        index: 1,
      });
      expect(drafts.get('tok-personal')?.answers).toEqual({ 'q-nps': { score: 9 } });
      expect(timer.pending().map((t) => t.ms)).toEqual([SAVE_RETRY_DELAYS_MS[0]]);
      timer.runAll();
      await flush();
      expect(gateway.calls).toHaveLength(2);
      expect(s.getSnapshot()).toMatchObject({ saveStatus: 'idle', saveError: null });
      expect(drafts.get('tok-personal')?.answers).toEqual({});
    });

    it('should wait longer after each failure and save at once on "Opnieuw proberen"', async () => {
      const s = await started();
      gateway.replies = [apiFailure(503, 'Even niet'), apiFailure(0, 'x')];
      s.setAnswer('q-nps', { score: 9 });
      s.next();
      await flush();
      expect(s.getSnapshot().saveError).toBe('Even niet');
      timer.runAll();
      await flush();
      expect(timer.pending().map((t) => t.ms)).toEqual([SAVE_RETRY_DELAYS_MS[1]]);
      await s.retry();
      expect(timer.pending()).toEqual([]);
      expect(gateway.calls).toHaveLength(3);
      expect(s.getSnapshot().saveStatus).toBe('idle');
    });

    it('should show the closed message when the survey closes while answering', async () => {
      const s = await started();
      gateway.replies = [apiFailure(410, RESPONDENT_MESSAGES.closed)];
      s.setAnswer('q-nps', { score: 9 });
      s.next();
      await flush();
      expect(s.getSnapshot()).toMatchObject({ phase: 'unavailable', message: RESPONDENT_MESSAGES.closed });
      expect(timer.pending()).toEqual([]);
    });

    it('should show the answers a save refused at their questions', async () => {
      const s = await started();
      gateway.replies = [apiFailure(400, 'Niet goed', { 'answers.q-nps': 'Kies een score.' })];
      s.setAnswer('q-nps', { score: 9 });
      s.next();
      await flush();
      expect(s.getSnapshot().errors).toEqual({ 'q-nps': 'Kies een score.' });
      expect(timer.pending()).toEqual([]);
    });
  });

  describe('resuming', () => {
    it('should restore saved answers and seconds and continue after the last answered question', async () => {
      gateway.views.set(
        't',
        apiOk(
          view({
            saved_answers: [
              { question_id: 'q-nps', value: { score: 8 }, seconds_spent: 12 },
              { question_id: 'q-likert', value: { s1: 2, s2: 3 }, seconds_spent: 30 },
            ],
          }),
        ),
      );
      const s = session();
      await s.start('t');
      expect(s.getSnapshot()).toMatchObject({ phase: 'question', index: 2, resumed: true });
      expect(s.getSnapshot().answers['q-nps']).toEqual({ score: 8 });
      s.previous();
      clock.advance(5);
      s.setAnswer('q-likert', { s1: 5, s2: 3 });
      s.next();
      await flush();
      const likert = answersOf(gateway.calls[0]).find((a) => a.question_id === 'q-likert');
      expect(likert).toEqual({ question_id: 'q-likert', value: { s1: 5, s2: 3 }, seconds_spent: 35 });
    });

    it('should restore unsaved answers and the position from this tab, and save them', async () => {
      gateway.views.set('t', apiOk(view()));
      drafts.set('t', { answers: { 'q-nps': { score: 6 } }, seconds: { 'q-nps': 9 }, index: 1 });
      const s = session();
      await s.start('t');
      await flush();
      expect(s.getSnapshot()).toMatchObject({ phase: 'question', index: 1, resumed: true });
      expect(gateway.calls[0]?.request.answers).toEqual([
        { question_id: 'q-nps', value: { score: 6 }, seconds_spent: 9 },
      ]);
    });
  });

  describe('typing and drafts', () => {
    /** A field holding typed text back, as the page's text fields do (RespondentPage). */
    function holdingField(s: RespondentSession, questionId: string) {
      let typed: string | null = null;
      const release = s.holdInput(() => {
        if (typed === null) return;
        s.setAnswer(questionId, { text: typed });
        typed = null;
      });
      return {
        type: (text: string) => {
          typed = text;
        },
        release,
      };
    }

    /** On the last question, 'Waarom?' (open text), with the first two answered. */
    async function onOpenQuestion() {
      const s = await started();
      s.setAnswer('q-nps', { score: 9 });
      s.next();
      s.setAnswer('q-likert', { s1: 4, s2: 5 });
      s.next();
      await flush();
      expect(s.getSnapshot().questions[s.getSnapshot().index]?.id).toBe('q-open');
      return s;
    }

    it('should write a burst of answer changes to the draft once, after a pause', async () => {
      const s = await onOpenQuestion();
      const writes = draftWrites;
      for (const text of ['G', 'Go', 'Goe', 'Goed']) s.setAnswer('q-open', { text });
      expect(draftWrites).toBe(writes);
      expect(drafts.get('tok-personal')?.answers).toEqual({});
      expect(timer.pending().map((t) => t.ms)).toEqual([DRAFT_DELAY_MS]);
      timer.runAll();
      expect(draftWrites).toBe(writes + 1);
      expect(drafts.get('tok-personal')?.answers).toEqual({ 'q-open': { text: 'Goed' } });
    });

    it('should write the draft at once when the page is hidden, so a reload brings the answer back', async () => {
      const s = await onOpenQuestion();
      s.setAnswer('q-open', { text: 'Bijna klaar' });
      // The save the hidden page starts never arrives (the tab closes).
      gateway.hold = true;
      s.pause();
      expect(drafts.get('tok-personal')?.answers).toEqual({ 'q-open': { text: 'Bijna klaar' } });

      // The reload: a new session on the same tab's drafts.
      const reloaded = session();
      await reloaded.start('tok-personal');
      expect(reloaded.getSnapshot()).toMatchObject({ phase: 'question', index: 2, resumed: true });
      expect(reloaded.getSnapshot().answers['q-open']).toEqual({ text: 'Bijna klaar' });
    });

    it('should take the text a field still holds before it submits, with "Volgende" or Enter', async () => {
      const s = await onOpenQuestion();
      const field = holdingField(s, 'q-open');
      field.type('Snellere antwoorden');
      expect(s.getSnapshot().answers['q-open']).toBeUndefined();
      expect(s.next()).toBe(true);
      await flush();
      expect(s.getSnapshot().phase).toBe('completed');
      expect(gateway.calls.at(-1)?.request).toMatchObject({ final: true });
      expect(answersOf(gateway.calls.at(-1)).find((a) => a.question_id === 'q-open')?.value).toEqual({
        text: 'Snellere antwoorden',
      });
    });

    it('should take held text before going back, before a retried submission and when the page is hidden', async () => {
      const s = await onOpenQuestion();
      const field = holdingField(s, 'q-open');
      field.type('Eerste');
      s.previous();
      await flush();
      expect(answersOf(gateway.calls.at(-1)).find((a) => a.question_id === 'q-open')?.value).toEqual({
        text: 'Eerste',
      });
      s.next();
      await flush();

      gateway.replies = [apiFailure(0, 'netwerk')];
      await s.submit();
      expect(s.getSnapshot().submitError).toBe(RESPONDENT_SESSION_MESSAGES.submitFailed);
      field.type('Tweede');
      await s.retry();
      expect(answersOf(gateway.calls.at(-1)).find((a) => a.question_id === 'q-open')?.value).toEqual({
        text: 'Tweede',
      });
      expect(s.getSnapshot().phase).toBe('completed');
    });

    it('should put held text in the draft when the page is hidden, and stop asking a released field', async () => {
      const s = await onOpenQuestion();
      const field = holdingField(s, 'q-open');
      field.type('Tot zover');
      s.pause();
      expect(drafts.get('tok-personal')?.answers).toEqual({ 'q-open': { text: 'Tot zover' } });
      s.resume();

      field.release();
      field.type('Na het loslaten');
      s.pause();
      expect(s.getSnapshot().answers['q-open']).toEqual({ text: 'Tot zover' });
    });

    it('should not bring back a submitted response through a draft write still waiting', async () => {
      const s = await onOpenQuestion();
      s.setAnswer('q-open', { text: 'Klaar' });
      await s.submit();
      expect(s.getSnapshot().phase).toBe('completed');
      timer.runAll();
      expect(drafts.has('tok-personal')).toBe(false);
    });
  });
});

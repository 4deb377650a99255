import { beforeEach, describe, expect, it } from 'vitest';
import { apiFailure, apiOk } from '../../../domain/api';
import { ANSWER_MESSAGES, RESPONDENT_MESSAGES } from '../../../domain/surveys/model';
import {
  answersOf,
  clock,
  flush,
  gateway,
  resetRespondFakes,
  session,
  started,
  view,
} from './RespondentSession.fixtures';
import { respondentProgress } from './respondentNavigation';
import { RESPONDENT_SESSION_MESSAGES } from './respondentState';

beforeEach(resetRespondFakes);

// --- tests --------------------------------------------------------------------------------------

describe('RespondentSession', () => {
  describe('loading', () => {
    it('should show the introduction with the questions in survey order', async () => {
      const s = await started();
      const state = s.getSnapshot();
      expect(state.survey?.title).toBe('Klanttevredenheid');
      expect(state.branding?.organization_name).toBe('Acme');
      expect(state.questions.map((q) => q.id)).toEqual(['q-nps', 'q-likert', 'q-open']);
      expect(state.phase).toBe('question');
      expect(state.index).toBe(0);
      expect(respondentProgress(state)).toEqual({ current: 1, total: 3, label: 'Vraag 1 van 3' });
    });

    it('should start on the introduction and share one load between two starts', async () => {
      gateway.views.set('t', apiOk(view()));
      const s = session();
      await Promise.all([s.start('t'), s.start('t')]);
      expect(gateway.viewCalls).toEqual(['t']);
      expect(s.getSnapshot().phase).toBe('intro');
      expect(s.getSnapshot().resumed).toBe(false);
    });

    it('should say whether the survey is anonymous, as the server does', async () => {
      gateway.views.set('named', apiOk(view()));
      gateway.views.set('anon', apiOk(view({}, { anonymous: true })));
      const named = session();
      await named.start('named');
      expect(named.getSnapshot().anonymous).toBe(false);
      const anonymous = session();
      await anonymous.start('anon');
      expect(anonymous.getSnapshot()).toMatchObject({ phase: 'intro', anonymous: true });
    });

    it("should show the server's Dutch message for an unknown link and a closed survey, without retry", async () => {
      const unknown = session();
      await unknown.start('nope');
      expect(unknown.getSnapshot()).toMatchObject({
        phase: 'unavailable',
        message: RESPONDENT_MESSAGES.unknownToken,
        canRetry: false,
      });

      gateway.views.set('closed', apiFailure(410, RESPONDENT_MESSAGES.closed));
      const closed = session();
      await closed.start('closed');
      expect(closed.getSnapshot()).toMatchObject({
        phase: 'unavailable',
        message: RESPONDENT_MESSAGES.closed,
      });
    });

    it('should offer to load again when the server could not be reached', async () => {
      gateway.views.set('t', apiFailure(0, 'netwerk'));
      const s = session();
      await s.start('t');
      expect(s.getSnapshot()).toMatchObject({
        phase: 'unavailable',
        message: RESPONDENT_SESSION_MESSAGES.loadFailed,
        canRetry: true,
      });
      gateway.views.set('t', apiOk(view()));
      await s.retry();
      expect(s.getSnapshot().phase).toBe('intro');
      expect(gateway.viewCalls).toEqual(['t', 't']);
    });

    it('should show the thank-you screen for a response submitted before', async () => {
      gateway.views.set('done', apiOk(view({ questions: [] }, { status: 'completed' })));
      const s = session();
      await s.start('done');
      expect(s.getSnapshot()).toMatchObject({ phase: 'completed', alreadySubmitted: true });
      expect(s.getSnapshot().survey?.thank_you_text).toBe('Dank je!');
    });
  });

  describe('answering', () => {
    it('should not move on from an unanswered required question and say why in Dutch', async () => {
      const s = await started();
      expect(s.next()).toBe(false);
      expect(s.getSnapshot().errors).toEqual({ 'q-nps': ANSWER_MESSAGES.required });
      expect(s.getSnapshot().index).toBe(0);
      expect(gateway.calls).toEqual([]);
    });

    it('should refuse an answer out of range and clear the message once the answer changes', async () => {
      const s = await started();
      s.setAnswer('q-nps', { score: 11 });
      expect(s.next()).toBe(false);
      expect(s.getSnapshot().errors['q-nps']).toBe(ANSWER_MESSAGES.scoreRange(0, 10));
      s.setAnswer('q-nps', { score: 9 });
      expect(s.getSnapshot().errors).toEqual({});
    });

    it('should ask for every statement of a required Likert question', async () => {
      const s = await started();
      s.setAnswer('q-nps', { score: 9 });
      s.next();
      s.setAnswer('q-likert', { s1: 4 });
      expect(s.next()).toBe(false);
      expect(s.getSnapshot().errors['q-likert']).toBe(ANSWER_MESSAGES.incomplete);
    });

    it('should ignore answers for questions of another survey', async () => {
      const s = await started();
      s.setAnswer('elders', { score: 3 });
      expect(s.getSnapshot().answers).toEqual({});
    });

    it('should save progress when moving on, with the seconds the question was on screen', async () => {
      const s = await started();
      clock.advance(7.4);
      s.setAnswer('q-nps', { score: 9 });
      expect(s.next()).toBe(true);
      await flush();
      expect(s.getSnapshot().index).toBe(1);
      expect(gateway.calls).toEqual([
        {
          token: 'tok-personal',
          request: {
            answers: [{ question_id: 'q-nps', value: { score: 9 }, seconds_spent: 7 }],
            final: false,
            hidden_fields: {},
            language: 'nl',
          },
        },
      ]);
      expect(s.getSnapshot().saveStatus).toBe('idle');
    });

    it('should count time only while a question is shown and the page is in view', async () => {
      const s = await started();
      clock.advance(4);
      s.pause();
      clock.advance(600);
      s.resume();
      clock.advance(2);
      s.setAnswer('q-nps', { score: 7 });
      s.next();
      clock.advance(3);
      s.previous();
      clock.advance(5);
      s.next();
      s.setAnswer('q-likert', { s1: 1, s2: 1 });
      s.next();
      await flush();
      const last = gateway.calls.at(-1);
      expect(answersOf(last).find((a) => a.question_id === 'q-nps')?.seconds_spent).toBe(11);
    });

    it('should trim open text before sending and keep invalid answers out of a save', async () => {
      const s = await started();
      s.setAnswer('q-nps', { score: 9 });
      s.next();
      s.setAnswer('q-likert', { s1: 9 });
      s.previous();
      await flush();
      // The Likert answer is out of range: kept on the page, not sent.
      expect(answersOf(gateway.calls.at(-1)).map((a) => a.question_id)).toEqual(['q-nps']);
      expect(s.getSnapshot().answers['q-likert']).toEqual({ s1: 9 });
    });

    it('should keep one save in flight and follow it with one more carrying the latest answers', async () => {
      const s = await started();
      gateway.hold = true;
      s.setAnswer('q-nps', { score: 9 });
      s.next();
      s.setAnswer('q-likert', { s1: 4, s2: 5 });
      s.next();
      s.setAnswer('q-open', { text: 'Snel' });
      s.previous();
      expect(gateway.calls).toHaveLength(1);
      expect(s.getSnapshot().saveStatus).toBe('saving');
      gateway.release(apiOk({ status: 'in_progress', response_token: 'tok-personal' }));
      await flush();
      expect(gateway.calls).toHaveLength(2);
      expect(answersOf(gateway.calls[1]).map((a) => a.question_id)).toEqual(['q-nps', 'q-likert', 'q-open']);
      gateway.release(apiOk({ status: 'in_progress', response_token: 'tok-personal' }));
      await flush();
      expect(gateway.calls).toHaveLength(2);
      expect(s.getSnapshot().saveStatus).toBe('idle');
    });

    it('should not save again when nothing changed', async () => {
      const s = await started();
      s.setAnswer('q-nps', { score: 9 });
      s.next();
      await flush();
      s.previous();
      await flush();
      expect(gateway.calls).toHaveLength(1);
    });
  });
});

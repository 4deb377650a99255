import { beforeEach, describe, expect, it } from 'vitest';
import { apiFailure, apiOk } from '../../../domain/api';
import { ANSWER_MESSAGES, RESPONDENT_MESSAGES } from '../../../domain/surveys/model';
import { clock, drafts, flush, gateway, resetRespondFakes, started } from './RespondentSession.fixtures';
import { RESPONDENT_SESSION_MESSAGES } from './respondentState';

beforeEach(resetRespondFakes);

// --- tests --------------------------------------------------------------------------------------

describe('RespondentSession', () => {
  describe('submitting', () => {
    async function onLastQuestion() {
      const s = await started();
      s.setAnswer('q-nps', { score: 9 });
      s.next();
      s.setAnswer('q-likert', { s1: 4, s2: 5 });
      s.next();
      await flush();
      gateway.calls = [];
      return s;
    }

    it('should submit once for a double click and show the thank-you screen', async () => {
      const s = await onLastQuestion();
      gateway.hold = true;
      s.setAnswer('q-open', { text: '  Prima  ' });
      expect(s.next()).toBe(true);
      expect(s.getSnapshot().submitting).toBe(true);
      const again = s.submit();
      s.next();
      await flush();
      expect(gateway.calls).toHaveLength(1);
      expect(gateway.calls[0]?.request.final).toBe(true);
      expect(gateway.calls[0]?.request.answers.map((a) => a.value)).toEqual([
        { score: 9 },
        { s1: 4, s2: 5 },
        { text: 'Prima' },
      ]);
      gateway.release(apiOk({ status: 'completed', response_token: 'tok-personal' }));
      await again;
      expect(s.getSnapshot()).toMatchObject({
        phase: 'completed',
        alreadySubmitted: false,
        submitting: false,
      });
      expect(drafts.has('tok-personal')).toBe(false);
    });

    it('should send the same body again after a network failure', async () => {
      const s = await onLastQuestion();
      gateway.replies = [apiFailure(0, 'netwerk')];
      await s.submit();
      expect(s.getSnapshot()).toMatchObject({
        phase: 'question',
        submitting: false,
        submitError: RESPONDENT_SESSION_MESSAGES.submitFailed,
      });
      clock.advance(30);
      await s.retry();
      expect(gateway.calls).toHaveLength(2);
      expect(gateway.calls[1]?.request).toEqual(gateway.calls[0]?.request);
      expect(s.getSnapshot().phase).toBe('completed');
    });

    it('should wait for a save on its way before submitting', async () => {
      const s = await started();
      gateway.hold = true;
      s.setAnswer('q-nps', { score: 9 });
      s.next();
      s.setAnswer('q-likert', { s1: 4, s2: 5 });
      s.next();
      const submitting = s.submit();
      await flush();
      expect(gateway.calls).toHaveLength(1);
      gateway.release(apiOk({ status: 'in_progress', response_token: 'tok-personal' }));
      await flush();
      expect(gateway.calls.map((c) => c.request.final)).toEqual([false, true]);
      gateway.release(apiOk({ status: 'completed', response_token: 'tok-personal' }));
      await submitting;
      expect(s.getSnapshot().phase).toBe('completed');
    });

    it('should go to the first question the server refused and show its message', async () => {
      const s = await onLastQuestion();
      gateway.replies = [apiFailure(400, 'Niet in orde', { 'answers.q-likert': 'Kies bij elke stelling.' })];
      await s.submit();
      expect(s.getSnapshot()).toMatchObject({
        phase: 'question',
        index: 1,
        submitting: false,
        errors: { 'q-likert': 'Kies bij elke stelling.' },
      });
    });

    it('should check every answer before sending and stop at the first that needs attention', async () => {
      const s = await onLastQuestion();
      s.previous();
      s.setAnswer('q-likert', { s1: 4 });
      await s.submit();
      expect(gateway.calls.filter((c) => c.request.final)).toEqual([]);
      expect(s.getSnapshot().errors).toEqual({ 'q-likert': ANSWER_MESSAGES.incomplete });
    });

    it('should treat an answer of "already submitted" as the thank-you screen', async () => {
      const s = await onLastQuestion();
      gateway.replies = [apiFailure(409, RESPONDENT_MESSAGES.alreadySubmitted)];
      await s.submit();
      expect(s.getSnapshot()).toMatchObject({ phase: 'completed', alreadySubmitted: true });
    });
  });
});

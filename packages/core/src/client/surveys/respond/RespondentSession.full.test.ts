import { beforeEach, describe, expect, it } from 'vitest';
import { apiOk } from '../../../domain/api';
import type { RespondResult } from '../../../domain/contract';
import { flush, gateway, resetRespondFakes, session, started, view } from './RespondentSession.fixtures';

beforeEach(resetRespondFakes);

/** A survey at its cap or a full quota (R-RESP-13). */
describe('RespondentSession', () => {
  describe('when full', () => {
    async function submitted(reply: RespondResult) {
      const s = await started();
      s.setAnswer('q-nps', { score: 9 });
      s.next();
      s.setAnswer('q-likert', { s1: 4, s2: 5 });
      s.next();
      await flush();
      gateway.replies.push(apiOk(reply));
      s.setAnswer('q-open', { text: 'Prima' });
      s.next();
      await flush();
      return s.getSnapshot();
    }

    it("should end on the cap's screen, not the thank-you, when the submission finds the survey full", async () => {
      const state = await submitted({
        status: 'full',
        end_screen: { text: 'vol' },
        response_token: 'tok-personal',
      });
      expect(state.phase).toBe('completed');
      expect(state.full).toBe('cap');
      expect(state.endScreen).toBeNull();
      expect(state.alreadySubmitted).toBe(false);
    });

    it("should end on a full quota's text", async () => {
      const state = await submitted({
        status: 'quota_full',
        end_screen: { text: 'Genoeg van Verkoop.' },
        response_token: 'tok-personal',
      });
      expect(state.full).toBe('quota');
      expect(state.endScreen?.text).toBe('Genoeg van Verkoop.');
      expect(state.redirectUrl).toBeNull();
    });

    it('should open a full survey on its cap screen without questions', async () => {
      gateway.views.set(
        'tok-public',
        apiOk(view({ questions: [] }, { status: 'full', link_kind: 'public' })),
      );
      const s = session();
      await s.start('tok-public');
      expect(s.getSnapshot()).toMatchObject({ phase: 'completed', full: 'cap', alreadySubmitted: false });
    });

    it("should end on a full quota's text when a save already finds it full", async () => {
      const s = await started();
      gateway.replies.push(
        apiOk({ status: 'quota_full', end_screen: { text: 'Vol.' }, response_token: 'tok-personal' }),
      );
      s.setAnswer('q-nps', { score: 9 });
      s.next();
      await flush();
      expect(s.getSnapshot()).toMatchObject({
        phase: 'completed',
        full: 'quota',
        endScreen: { text: 'Vol.' },
      });
      expect(gateway.calls.at(-1)?.request.final).toBe(false);
    });

    it('should keep full null on an ordinary submission', async () => {
      const state = await submitted({ status: 'completed', response_token: 'tok-personal' });
      expect(state.full).toBeNull();
    });
  });
});

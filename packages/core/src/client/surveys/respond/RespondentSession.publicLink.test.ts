import { beforeEach, describe, expect, it } from 'vitest';
import { apiFailure, apiOk } from '../../../domain/api';
import type { Question } from '../../../domain/contract';
import { ANSWER_MESSAGES } from '../../../domain/surveys/model';
import {
  clock,
  drafts,
  flush,
  gateway,
  keysMade,
  links,
  QUESTIONS,
  resetRespondFakes,
  session,
  shown,
  timer,
  view,
} from './RespondentSession.fixtures';
import {
  createPreviewRespondGateway,
  createPreviewSession,
  PREVIEW_TOKEN,
  previewView,
} from './RespondentSessionPreview';

beforeEach(resetRespondFakes);

// --- tests --------------------------------------------------------------------------------------

describe('RespondentSession', () => {
  describe('public link', () => {
    it('should make one respondent key, keep it for a retried first save and switch to the response token', async () => {
      gateway.views.set('pub', apiOk(view({}, { link_kind: 'public' })));
      const s = session();
      await s.start('pub');
      s.begin();
      gateway.replies = [apiFailure(0, 'netwerk')];
      s.setAnswer('q-nps', { score: 10 });
      s.next();
      await flush();
      const key = gateway.calls[0]?.request.respondent_key;
      expect(key).toMatch(/^[A-Za-z0-9_-]{16,64}$/);
      expect(links.get('pub')).toEqual({ respondent_key: key, response_token: null });

      gateway.replies = [apiOk({ status: 'in_progress', response_token: 'resp-1' })];
      timer.runAll();
      await flush();
      expect(gateway.calls[1]).toMatchObject({ token: 'pub', request: { respondent_key: key } });
      expect(keysMade).toBe(1);
      expect(shown).toEqual(['resp-1']);
      expect(links.get('pub')).toEqual({ respondent_key: key, response_token: 'resp-1' });

      s.setAnswer('q-likert', { s1: 1, s2: 1 });
      s.next();
      await flush();
      expect(gateway.calls[2]?.token).toBe('resp-1');
      expect(gateway.calls[2]?.request.respondent_key).toBeUndefined();
      expect(drafts.has('pub')).toBe(false);
      expect(drafts.has('resp-1')).toBe(true);
    });

    it('should resume the response this browser started when the public link is opened again', async () => {
      links.set('pub', { respondent_key: 'k'.repeat(22), response_token: 'resp-1' });
      gateway.views.set('pub', apiOk(view({}, { link_kind: 'public' })));
      gateway.views.set(
        'resp-1',
        apiOk(
          view({ saved_answers: [{ question_id: 'q-nps', value: { score: 3 } }] }, { link_kind: 'public' }),
        ),
      );
      const s = session();
      await s.start('pub');
      expect(gateway.viewCalls).toEqual(['resp-1']);
      expect(shown).toEqual(['resp-1']);
      expect(s.getSnapshot()).toMatchObject({ phase: 'question', index: 1, resumed: true });
      s.setAnswer('q-likert', { s1: 1, s2: 1 });
      s.next();
      await flush();
      expect(gateway.calls[0]?.token).toBe('resp-1');
      expect(gateway.calls[0]?.request.respondent_key).toBeUndefined();
    });

    it('should fall back to the public link when the remembered response is gone', async () => {
      links.set('pub', { respondent_key: 'k'.repeat(22), response_token: 'weg' });
      gateway.views.set('pub', apiOk(view({}, { link_kind: 'public' })));
      const s = session();
      await s.start('pub');
      expect(gateway.viewCalls).toEqual(['weg', 'pub']);
      expect(s.getSnapshot().phase).toBe('intro');
      s.begin();
      s.setAnswer('q-nps', { score: 1 });
      s.next();
      await flush();
      expect(gateway.calls[0]).toMatchObject({ token: 'pub', request: { respondent_key: 'k'.repeat(22) } });
    });

    it('should send a first submission on the public link with the key and keep its response token', async () => {
      const one: Question[] = [QUESTIONS[0] as Question];
      gateway.views.set('pub', apiOk(view({ questions: one }, { link_kind: 'public' })));
      gateway.replies = [apiOk({ status: 'completed', response_token: 'resp-9' })];
      const s = session();
      await s.start('pub');
      s.begin();
      s.setAnswer('q-nps', { score: 4 });
      s.next();
      await flush();
      expect(gateway.calls).toHaveLength(1);
      expect(gateway.calls[0]?.request).toMatchObject({ final: true, respondent_key: expect.any(String) });
      expect(s.getSnapshot().phase).toBe('completed');
      expect(links.get('pub')?.response_token).toBe('resp-9');
    });
  });

  describe('preview', () => {
    it('should behave like the real page and store nothing', async () => {
      const survey = view().survey;
      const previewed = previewView(survey, view().branding);
      const s = createPreviewSession(previewed, { clock, timer });
      await s.start(PREVIEW_TOKEN);
      s.begin();
      expect(s.next()).toBe(false);
      s.setAnswer('q-nps', { score: 10 });
      s.next();
      s.setAnswer('q-likert', { s1: 3, s2: 3 });
      s.next();
      s.next();
      await s.submit();
      expect(s.getSnapshot().phase).toBe('completed');
      expect(s.getSnapshot().alreadySubmitted).toBe(false);
    });

    it('should refuse what the server would refuse, keyed like the server', async () => {
      const gatewayOnly = createPreviewRespondGateway(previewView(view().survey, view().branding));
      const refused = await gatewayOnly.respond(PREVIEW_TOKEN, { answers: [], final: true });
      expect(refused).toMatchObject({
        ok: false,
        status: 400,
        fields: { 'answers.q-nps': ANSWER_MESSAGES.required, 'answers.q-likert': ANSWER_MESSAGES.required },
      });
    });
  });
});

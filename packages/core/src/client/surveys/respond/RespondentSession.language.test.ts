import { beforeEach, describe, expect, it } from 'vitest';
import { apiFailure, apiOk } from '../../../domain/api';
import {
  answersOf,
  browserFacts,
  flush,
  gateway,
  resetRespondFakes,
  session,
  view,
} from './RespondentSession.fixtures';

beforeEach(resetRespondFakes);

const TOKEN = 'tok-personal';

describe('RespondentSession', () => {
  describe('language (R-RESP-9, R-RESP-10)', () => {
    it('should speak ?lang= before the survey loads and ask the server for the survey in it', async () => {
      browserFacts.query = { lang: 'en' };
      gateway.views.set(TOKEN, apiOk(view()));
      const s = session();
      expect(s.getSnapshot().language).toBe('en');
      await s.start(TOKEN);
      expect(gateway.viewLanguages).toEqual(['en']);
      expect(s.getSnapshot().language).toBe('en');
    });

    it("should take the browser's language when ?lang= names none of the languages, else Dutch", async () => {
      browserFacts.query = { lang: 'xx' };
      browserFacts.language = 'de-AT';
      expect(session().getSnapshot().language).toBe('de');
      browserFacts.language = 'sv-SE';
      const s = session();
      expect(s.getSnapshot().language).toBe('nl');
      gateway.views.set(TOKEN, apiOk(view()));
      await s.start(TOKEN);
      expect(gateway.viewLanguages).toEqual([undefined]);
    });

    it("should put the server's language for the link before ?lang=", async () => {
      browserFacts.query = { lang: 'en' };
      gateway.views.set(TOKEN, apiOk(view({ language: 'pl' })));
      const s = session();
      await s.start(TOKEN);
      expect(s.getSnapshot().language).toBe('pl');
    });

    it('should switch to another of the survey languages keeping the answers and the question on screen', async () => {
      const languages = ['nl', 'en'];
      gateway.views.set(TOKEN, apiOk(view({ languages })));
      gateway.views.set(`${TOKEN}?lang=en`, apiOk(view({ languages, title: 'Customer satisfaction' })));
      const s = session();
      await s.start(TOKEN);
      s.begin();
      s.setAnswer('q-nps', { score: 8 });
      expect(s.next()).toBe(true);
      await s.changeLanguage('en');
      const state = s.getSnapshot();
      expect(gateway.viewLanguages).toEqual([undefined, 'en']);
      expect(state.survey?.title).toBe('Customer satisfaction');
      expect(state.language).toBe('en');
      expect(state.answers['q-nps']).toEqual({ score: 8 });
      expect(state.questions[state.index]?.id).toBe('q-likert');
      s.setAnswer('q-likert', { s1: 4, s2: 5 });
      s.next();
      await flush();
      const last = gateway.calls.at(-1);
      expect(last?.request.language).toBe('en');
      expect(answersOf(last).map((answer) => answer.question_id)).toEqual(['q-nps', 'q-likert']);
    });

    it('should not switch to a language the survey lacks, nor when the survey cannot be loaded in it', async () => {
      gateway.views.set(TOKEN, apiOk(view({ languages: ['nl', 'de'] })));
      const s = session();
      await s.start(TOKEN);
      await s.changeLanguage('en');
      expect(gateway.viewLanguages).toEqual([undefined]);
      gateway.views.set(`${TOKEN}?lang=de`, apiFailure(0, 'Geen verbinding'));
      await s.changeLanguage('de');
      expect(gateway.viewLanguages).toEqual([undefined, 'de']);
      expect(s.getSnapshot().language).toBe('nl');
      expect(s.getSnapshot().phase).toBe('intro');
    });
  });
});

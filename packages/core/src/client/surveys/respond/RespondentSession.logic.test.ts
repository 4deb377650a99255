import { beforeEach, describe, expect, it } from 'vitest';
import { apiOk } from '../../../domain/api';
import type { AnswerValue, EndScreen, LogicRule, SurveyLogic } from '../../../domain/contract';
import { REDIRECT_DELAY_MS } from './endScreenExit';
import {
  answersOf,
  browserFacts,
  drafts,
  flush,
  gateway,
  left,
  resetRespondFakes,
  session,
  timer,
  view,
} from './RespondentSession.fixtures';
import { createPreviewRespondGateway, createPreviewSession, previewView } from './RespondentSessionPreview';
import { onLastQuestion, respondentEstimate, respondentProgress } from './respondentNavigation';

beforeEach(resetRespondFakes);

// --- data ---------------------------------------------------------------------------------------
// The fixture survey: q-nps (required), q-likert (required), q-open (optional), in that order.

const LOW: EndScreen = {
  id: 'end_low',
  text: 'Jammer! We bellen je.',
  redirect_url: 'https://example.nl/hulp',
};

/** Promoters (NPS 9 or 10) skip the Likert question. */
const hideLikertForPromoters: LogicRule = {
  id: 'r-hide',
  action: 'hide',
  question_id: 'q-likert',
  when: {
    match: 'all',
    conditions: [{ source: 'question', question_id: 'q-nps', operator: 'greater', value: 8 }],
  },
};

/** Detractors (NPS 0–2) end at once. */
const endForDetractors: LogicRule = {
  id: 'r-jump',
  action: 'jump',
  from_question_id: 'q-nps',
  to: { end_screen_id: 'end_low' },
  when: {
    match: 'all',
    conditions: [{ source: 'question', question_id: 'q-nps', operator: 'less', value: 3 }],
  },
};

/** The Likert question only for respondents who came through the mail (`?bron=mail`). */
const likertForMail: LogicRule = {
  id: 'r-show',
  action: 'show',
  question_id: 'q-likert',
  when: {
    match: 'all',
    conditions: [{ source: 'hidden_field', name: 'bron', operator: 'equals', value: 'mail' }],
  },
};

const logic = (rules: LogicRule[], end: EndScreen = LOW): SurveyLogic => ({
  rules,
  end_screens: [end],
  hidden_fields: ['bron', 'afdeling'],
});

async function begun(
  survey: Parameters<typeof view>[0] = { logic: logic([hideLikertForPromoters, endForDetractors]) },
) {
  gateway.views.set('tok', apiOk(view(survey)));
  const s = session();
  await s.start('tok');
  s.begin();
  return s;
}

const onScreen = (s: Awaited<ReturnType<typeof begun>>) => {
  const state = s.getSnapshot();
  return state.questions[state.index]?.id;
};

const NPS = (score: number): AnswerValue => ({ score });

// --- tests --------------------------------------------------------------------------------------

describe('RespondentSession', () => {
  describe('following the survey logic', () => {
    it('should skip a hidden question and bring it back when the answer changes', async () => {
      const s = await begun();
      s.setAnswer('q-nps', NPS(9));
      expect(respondentProgress(s.getSnapshot())).toMatchObject({
        current: 1,
        total: 2,
        label: 'Vraag 1 van 2',
      });
      expect(s.next()).toBe(true);
      expect(onScreen(s)).toBe('q-open');
      expect(respondentProgress(s.getSnapshot()).label).toBe('Vraag 2 van 2');

      s.previous();
      expect(onScreen(s)).toBe('q-nps');
      s.setAnswer('q-nps', NPS(6));
      expect(respondentProgress(s.getSnapshot()).label).toBe('Vraag 1 van 3');
      s.next();
      expect(onScreen(s)).toBe('q-likert');
      expect(respondentProgress(s.getSnapshot()).label).toBe('Vraag 2 van 3');
    });

    it('should count the time still to go over the questions ahead on the path only', async () => {
      const s = await begun();
      s.setAnswer('q-nps', NPS(6));
      const all = respondentEstimate(s.getSnapshot());
      s.setAnswer('q-nps', NPS(10));
      expect(respondentEstimate(s.getSnapshot())).toBeLessThan(all);
      // At the start of a path with every question, it is the survey's own estimate.
      gateway.views.set('plain', apiOk(view()));
      const plain = session();
      await plain.start('plain');
      expect(respondentEstimate(plain.getSnapshot())).toBe(95);
    });

    it('should not ask a required question the path hides, and submit without it', async () => {
      const s = await begun();
      s.setAnswer('q-nps', NPS(10));
      s.next();
      expect(onLastQuestion(s.getSnapshot())).toBe(true);
      s.next();
      await s.submit();
      expect(s.getSnapshot().phase).toBe('completed');
      const final = gateway.calls.at(-1);
      expect(final?.request.final).toBe(true);
      expect(answersOf(final).map((a) => a.question_id)).toEqual(['q-nps']);
    });

    it('should send only the answers on the path, with the hidden fields and the language', async () => {
      browserFacts.query = { bron: 'mail', lang: 'en' };
      const s = await begun();
      s.setAnswer('q-nps', NPS(6));
      s.next();
      s.setAnswer('q-likert', { s1: 4, s2: 5 });
      s.next();
      await flush();
      expect(answersOf(gateway.calls.at(-1)).map((a) => a.question_id)).toEqual(['q-nps', 'q-likert']);

      // Back to the start: a promoter skips the Likert question, whose answer is kept but not sent.
      s.previous();
      s.previous();
      s.setAnswer('q-nps', NPS(9));
      s.next();
      expect(onScreen(s)).toBe('q-open');
      s.setAnswer('q-open', { text: 'Top' });
      s.next();
      await flush();
      const final = gateway.calls.at(-1);
      expect(final?.request).toMatchObject({
        final: true,
        hidden_fields: { bron: 'mail' },
        language: 'en',
      });
      expect(answersOf(final).map((a) => a.question_id)).toEqual(['q-nps', 'q-open']);
      for (const call of gateway.calls) expect(call.request.hidden_fields).toEqual({ bron: 'mail' });
    });

    it('should submit on a question whose jump reaches an end screen and show its text', async () => {
      const s = await begun();
      s.setAnswer('q-nps', NPS(1));
      expect(onLastQuestion(s.getSnapshot())).toBe(true);
      expect(respondentProgress(s.getSnapshot()).label).toBe('Vraag 1 van 1');
      expect(s.next()).toBe(true);
      await flush();
      expect(gateway.calls).toHaveLength(1);
      expect(gateway.calls[0]?.request.final).toBe(true);
      expect(s.getSnapshot()).toMatchObject({
        phase: 'completed',
        endScreen: LOW,
        redirectUrl: 'https://example.nl/hulp',
        redirectsSoon: true,
      });
    });

    it('should go on to a safe end screen address after five seconds, and never to an unsafe one', async () => {
      const s = await begun();
      s.setAnswer('q-nps', NPS(0));
      s.next();
      await flush();
      const waiting = timer.pending().filter((task) => task.ms === REDIRECT_DELAY_MS);
      expect(waiting).toHaveLength(1);
      expect(left).toEqual([]);
      timer.runAll();
      expect(left).toEqual(['https://example.nl/hulp']);

      for (const unsafe of ['javascript:alert(1)', '//evil.example/x', 'data:text/html,hoi', 'https://']) {
        resetRespondFakes();
        const end: EndScreen = { id: 'end_low', text: 'Klaar', redirect_url: unsafe };
        const other = await begun({ logic: logic([endForDetractors], end) });
        other.setAnswer('q-nps', NPS(0));
        other.next();
        await flush();
        expect(other.getSnapshot()).toMatchObject({
          phase: 'completed',
          endScreen: end,
          redirectUrl: null,
          redirectsSoon: false,
        });
        timer.runAll();
        expect(left).toEqual([]);
      }
    });

    it('should not go on to the address once the page is gone', async () => {
      const s = await begun();
      s.setAnswer('q-nps', NPS(0));
      s.next();
      await flush();
      s.dispose();
      timer.runAll();
      expect(left).toEqual([]);
    });

    it('should read hidden field values from the link only for declared names the server has none for', async () => {
      browserFacts.query = { bron: '  mail ', afdeling: 'x'.repeat(501), onbekend: 'ja' };
      const s = await begun({ logic: logic([likertForMail]), hidden_values: { afdeling_oud: 'Verkoop' } });
      s.setAnswer('q-nps', NPS(7));
      s.next();
      expect(onScreen(s)).toBe('q-likert');
      await flush();
      expect(gateway.calls[0]?.request.hidden_fields).toEqual({ afdeling_oud: 'Verkoop', bron: 'mail' });

      resetRespondFakes();
      browserFacts.query = { bron: 'mail' };
      const held = await begun({ logic: logic([likertForMail]), hidden_values: { bron: 'brief' } });
      held.setAnswer('q-nps', NPS(7));
      held.next();
      // The server's value wins: the Likert question is not for this respondent.
      expect(onScreen(held)).toBe('q-open');
      await flush();
      expect(gateway.calls[0]?.request.hidden_fields).toEqual({ bron: 'brief' });
    });

    it("should take the server's language, else ?lang=, else the browser's, else Dutch", async () => {
      const languageOf = async (
        survey: Parameters<typeof view>[0],
        query: Record<string, string>,
        browser: string | null,
      ) => {
        resetRespondFakes();
        browserFacts.query = query;
        browserFacts.language = browser;
        const s = await begun(survey);
        s.setAnswer('q-nps', NPS(7));
        s.next();
        await flush();
        return gateway.calls[0]?.request.language;
      };
      expect(await languageOf({ language: 'pl' }, { lang: 'en' }, 'de-DE')).toBe('pl');
      expect(await languageOf({}, { lang: 'EN' }, 'de-DE')).toBe('en');
      expect(await languageOf({}, { lang: 'xx' }, 'de-DE')).toBe('de');
      expect(await languageOf({}, {}, 'ja-JP')).toBe('nl');
    });

    it('should continue a resumed response on a question of the path', async () => {
      drafts.set('tok', { answers: {}, seconds: {}, index: 1 });
      const s = await begun({
        logic: logic([hideLikertForPromoters]),
        saved_answers: [{ question_id: 'q-nps', value: NPS(10) }],
      });
      expect(s.getSnapshot().resumed).toBe(true);
      expect(onScreen(s)).toBe('q-open');
      expect(respondentProgress(s.getSnapshot()).label).toBe('Vraag 2 van 2');
    });

    it('should submit at once when the path holds no question', async () => {
      const s = await begun({
        logic: logic([likertForMail]),
        questions: view().survey.questions.filter((q) => q.id === 'q-likert'),
      });
      await flush();
      expect(s.getSnapshot().phase).toBe('completed');
      expect(gateway.calls[0]?.request).toMatchObject({ final: true, answers: [] });
    });
  });

  describe('preview', () => {
    it('should follow the same path, show the end screen, store nothing and never leave by itself', async () => {
      const survey = { ...view().survey, logic: logic([hideLikertForPromoters, endForDetractors]) };
      const s = createPreviewSession(previewView(survey, view().branding), {
        clock: { now: () => 0 },
        timer,
      });
      await s.start('voorbeeld');
      s.begin();
      s.setAnswer('q-nps', NPS(9));
      s.next();
      expect(onScreen(s)).toBe('q-open');
      s.previous();
      s.setAnswer('q-nps', NPS(2));
      s.next();
      await s.submit();
      expect(s.getSnapshot()).toMatchObject({
        phase: 'completed',
        endScreen: LOW,
        redirectUrl: 'https://example.nl/hulp',
        redirectsSoon: false,
      });
      expect(timer.pending().filter((task) => task.ms === REDIRECT_DELAY_MS)).toEqual([]);
      expect(gateway.calls).toEqual([]);
    });

    it('should check a submission along its path: past an end screen refused, hidden answers dropped', async () => {
      const survey = { ...view().survey, logic: logic([hideLikertForPromoters, endForDetractors]) };
      const previewGateway = createPreviewRespondGateway(previewView(survey, view().branding));
      const likert = { question_id: 'q-likert', value: { s1: 1, s2: 2 } };
      const pastEnd = await previewGateway.respond('voorbeeld', {
        final: true,
        answers: [{ question_id: 'q-nps', value: NPS(1) }, likert],
      });
      expect(pastEnd.ok).toBe(false);
      if (!pastEnd.ok) expect(Object.keys(pastEnd.fields ?? {})).toEqual(['answers.q-likert']);
      const hidden = await previewGateway.respond('voorbeeld', {
        final: true,
        answers: [{ question_id: 'q-nps', value: NPS(9) }, likert],
      });
      expect(hidden).toMatchObject({ ok: true, value: { status: 'completed' } });
    });

    it('should try a path with the hidden field values and language it is given', async () => {
      const survey = { ...view().survey, logic: logic([likertForMail]) };
      const s = createPreviewSession(previewView(survey, view().branding), {
        clock: { now: () => 0 },
        timer,
        browser: { query: () => ({ bron: 'mail' }), language: () => null },
      });
      await s.start('voorbeeld');
      s.begin();
      s.setAnswer('q-nps', NPS(5));
      s.next();
      expect(onScreen(s)).toBe('q-likert');
    });
  });
});

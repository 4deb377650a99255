import { beforeEach, describe, expect, it } from 'vitest';
import { type ApiResult, apiFailure, apiOk } from '../api/apiResult';
import type { RespondentView, RespondRequest, RespondResult } from '../contract/responses';
import type { AnswerInput, Question } from '../contract/surveys';
import { type Deferred, deferred } from '../testing/deferred';
import { ANSWER_MESSAGES } from './answerValidation';
import {
  DRAFT_DELAY_MS,
  RESPONDENT_SESSION_MESSAGES,
  RespondentSession,
  respondentProgress,
  SAVE_RETRY_DELAYS_MS,
} from './RespondentSession';
import {
  createPreviewRespondGateway,
  createPreviewSession,
  PREVIEW_TOKEN,
  previewView,
} from './RespondentSessionPreview';
import type { AnswerDraft, PublicLinkEntry, RespondGateway } from './respondPorts';
import { RESPONDENT_MESSAGES } from './surveyStatus';

// --- fakes --------------------------------------------------------------------------------------

interface Call {
  readonly token: string;
  readonly request: RespondRequest;
}

/** Views per token; POSTs answer `replies` in order (default: in progress on the same token), or wait while `hold`. */
class FakeGateway implements RespondGateway {
  views = new Map<string, ApiResult<RespondentView>>();
  viewCalls: string[] = [];
  calls: Call[] = [];
  replies: Array<ApiResult<RespondResult>> = [];
  hold = false;
  readonly waiting: Array<Deferred<ApiResult<RespondResult>>> = [];

  async view(token: string): Promise<ApiResult<RespondentView>> {
    this.viewCalls.push(token);
    return this.views.get(token) ?? apiFailure(404, RESPONDENT_MESSAGES.unknownToken);
  }

  respond(token: string, request: RespondRequest): Promise<ApiResult<RespondResult>> {
    this.calls.push({ token, request });
    if (this.hold) {
      const answer = deferred<ApiResult<RespondResult>>();
      this.waiting.push(answer);
      return answer.promise;
    }
    const reply =
      this.replies.shift() ??
      apiOk({ status: request.final ? 'completed' : 'in_progress', response_token: token });
    return Promise.resolve(reply);
  }

  release(result: ApiResult<RespondResult>): void {
    const answer = this.waiting.shift();
    if (!answer) throw new Error('no call is waiting');
    answer.resolve(result);
  }
}

class FakeClock {
  ms = 1_000_000;
  now = () => this.ms;
  advance(seconds: number) {
    this.ms += seconds * 1000;
  }
}

class FakeTimer {
  tasks: Array<{ ms: number; task: () => void; cancelled: boolean }> = [];
  after = (ms: number, task: () => void) => {
    const entry = { ms, task, cancelled: false };
    this.tasks.push(entry);
    return () => {
      entry.cancelled = true;
    };
  };
  pending() {
    return this.tasks.filter((t) => !t.cancelled);
  }
  runAll() {
    const due = this.pending();
    this.tasks = [];
    for (const t of due) t.task();
  }
}

// --- data ---------------------------------------------------------------------------------------

const QUESTIONS: Question[] = [
  {
    id: 'q-nps',
    type: 'nps',
    title: 'Zou je ons aanbevelen?',
    required: true,
    position: 0,
    settings: {},
  },
  {
    id: 'q-open',
    type: 'open_short',
    title: 'Waarom?',
    required: false,
    position: 2,
    settings: { max_length: 20 },
  },
  {
    id: 'q-likert',
    type: 'likert',
    title: 'Stellingen',
    required: true,
    position: 1,
    settings: {
      points: 5,
      labels: ['1', '2', '3', '4', '5'],
      neutral_middle: true,
      statements: [
        { id: 's1', text: 'Een' },
        { id: 's2', text: 'Twee' },
      ],
    },
  },
];

const view = (
  overrides: Partial<RespondentView['survey']> = {},
  more: Partial<RespondentView> = {},
): RespondentView => ({
  status: 'open',
  link_kind: 'personal',
  branding: { organization_name: 'Acme', logo_url: null, background_url: null, primary_color: '#0f766e' },
  survey: {
    title: 'Klanttevredenheid',
    description_html: '',
    introduction_html: '<p>Welkom</p>',
    thank_you_text: 'Dank je!',
    close_at: null,
    questions: QUESTIONS,
    estimated_seconds: 95,
    saved_answers: [],
    ...overrides,
  },
  ...more,
});

let gateway: FakeGateway;
let clock: FakeClock;
let timer: FakeTimer;
let links: Map<string, PublicLinkEntry>;
let drafts: Map<string, AnswerDraft>;
let shown: string[];
let keysMade: number;
let draftWrites: number;

beforeEach(() => {
  gateway = new FakeGateway();
  clock = new FakeClock();
  timer = new FakeTimer();
  links = new Map();
  drafts = new Map();
  shown = [];
  keysMade = 0;
  draftWrites = 0;
});

const session = () =>
  new RespondentSession({
    gateway,
    clock,
    timer,
    keys: {
      newKey: () => {
        keysMade++;
        return `key-${keysMade}-abcdefghijklmnop`;
      },
    },
    links: { read: (t) => links.get(t) ?? null, write: (t, e) => links.set(t, e) },
    drafts: {
      read: (t) => drafts.get(t) ?? null,
      write: (t, d) => {
        draftWrites++;
        drafts.set(t, d);
      },
      clear: (t) => drafts.delete(t),
    },
    location: { showToken: (t) => shown.push(t) },
  });

const flush = async () => {
  for (let i = 0; i < 5; i++) await Promise.resolve();
};

/** Starts on a personal link and answers the first question, ready to move on. */
async function started(token = 'tok-personal') {
  gateway.views.set(token, apiOk(view()));
  const s = session();
  await s.start(token);
  s.begin();
  return s;
}

const answersOf = (call: Call | undefined): readonly AnswerInput[] => call?.request.answers ?? [];

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
      s.pause();
      expect(drafts.get('tok-personal')?.answers).toEqual({ 'q-open': { text: 'Bijna klaar' } });

      // The reload: a new session on the same tab's drafts.
      gateway.hold = true;
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

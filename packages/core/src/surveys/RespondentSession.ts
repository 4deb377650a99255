import type { ApiResult } from '../api/apiResult';
import type {
  RespondentBranding,
  RespondentLinkKind,
  RespondentView,
  RespondRequest,
  RespondResult,
} from '../contract/responses';
import type { AnswerInput, AnswerValue, Question, RespondentSurvey } from '../contract/surveys';
import type { Clock, Timer } from '../session/ports';
import { SECONDS_SPENT_MAX, validateAnswer, validateSubmission } from './answerValidation';
import type {
  AnswerDraft,
  AnswerDraftStore,
  PublicLinkStore,
  RespondentKeySource,
  RespondentLocation,
  RespondGateway,
} from './respondPorts';

/**
 * Where the answering page stands: loading the link, refused (unknown link, closed survey), the
 * introduction, one question per screen, or the thank-you screen.
 */
export type RespondentPhase = 'loading' | 'unavailable' | 'intro' | 'question' | 'completed';

/** Progress saving: nothing to do, a save on its way, or the last save failed (the page says so). */
export type RespondentSaveStatus = 'idle' | 'saving' | 'failed';

export interface RespondentState {
  readonly phase: RespondentPhase;
  readonly survey: RespondentSurvey | null;
  readonly branding: RespondentBranding | null;
  readonly linkKind: RespondentLinkKind | null;
  /** 'unavailable': why, in Dutch (the server's detail for an unknown link or a closed survey). */
  readonly message: string | null;
  /** 'unavailable' because the page could not be loaded (no connection, server error): retrying may help. */
  readonly canRetry: boolean;
  /** The questions in survey order. */
  readonly questions: readonly Question[];
  /** The question on screen (0-based); in 'intro', the one 'Starten' leads to. */
  readonly index: number;
  /** The answers as the respondent gave them so far, per question id. */
  readonly answers: Readonly<Record<string, AnswerValue>>;
  /** A Dutch message per question id whose answer is not in order. */
  readonly errors: Readonly<Record<string, string>>;
  readonly saveStatus: RespondentSaveStatus;
  /** Why the latest save failed; the answers are kept and the save is tried again. */
  readonly saveError: string | null;
  /** The final submission is on its way: the send button is disabled. */
  readonly submitting: boolean;
  /** Why the latest submission failed; 'Opnieuw proberen' sends the same answers again. */
  readonly submitError: string | null;
  /** The page continues a response answered earlier (saved on the server or in this tab). */
  readonly resumed: boolean;
  /** The response had been submitted before this visit. */
  readonly alreadySubmitted: boolean;
}

/** The answering page's Dutch texts of its own (the server's texts arrive as `detail`). */
export const RESPONDENT_SESSION_MESSAGES = {
  saveFailed:
    'Je antwoorden zijn nog niet opgeslagen: er is geen verbinding met de server. Ze blijven bewaard en we proberen het zo opnieuw.',
  submitFailed:
    'Je antwoorden konden niet worden verstuurd: er is geen verbinding met de server. Ze blijven bewaard; probeer het opnieuw.',
  loadFailed: 'De survey kon niet worden geladen. Controleer je internetverbinding en probeer het opnieuw.',
} as const;

/**
 * How long an answer change waits before it is written to the draft in session storage: a burst of
 * changes writes once. Moving, saving, submitting and leaving the page (`pause`) write at once.
 */
export const DRAFT_DELAY_MS = 500;

/**
 * Text a field keeps to itself while the respondent types (so a keystroke re-renders only the
 * field) registers how to hand it to the session; the session takes it before it moves, saves or
 * submits. Answers the function that ends the registration.
 */
export type HoldInput = (commit: () => void) => () => void;

/** Waits before saving again after a failed save: quick at first, then every 30 s. */
export const SAVE_RETRY_DELAYS_MS: readonly number[] = [2_000, 5_000, 10_000, 30_000];

export interface RespondentSessionDeps {
  readonly gateway: RespondGateway;
  readonly clock: Clock;
  readonly timer: Timer;
  readonly keys: RespondentKeySource;
  readonly links: PublicLinkStore;
  readonly drafts: AnswerDraftStore;
  readonly location: RespondentLocation;
}

const INITIAL: RespondentState = {
  phase: 'loading',
  survey: null,
  branding: null,
  linkKind: null,
  message: null,
  canRetry: false,
  questions: [],
  index: 0,
  answers: {},
  errors: {},
  saveStatus: 'idle',
  saveError: null,
  submitting: false,
  submitError: null,
  resumed: false,
  alreadySubmitted: false,
};

type Failure = Extract<ApiResult<unknown>, { ok: false }>;

/** A failure that may pass by itself: no connection, rate limit, server trouble. */
const isTransient = (status: number): boolean => status === 0 || status === 429 || status >= 500;

/** 'Vraag 3 van 8' and the numbers behind the progress bar. */
export function respondentProgress(state: Pick<RespondentState, 'index' | 'questions'>): {
  readonly current: number;
  readonly total: number;
  readonly label: string;
} {
  const total = state.questions.length;
  const current = total === 0 ? 0 : Math.min(state.index, total - 1) + 1;
  return { current, total, label: `Vraag ${current} van ${total}` };
}

/** The first problem with one question's answer as a final submission would see it (required included). */
export function questionProblem(question: Question, value: AnswerValue | undefined): string | null {
  const entries = value === undefined ? [] : [{ question_id: question.id, value }];
  const check = validateSubmission([question], entries, { final: true });
  return check.ok ? null : (check.fields[question.id] ?? check.detail);
}

/** Server field keys are `answers.<question id>`; core's own checks use the bare id. */
const fieldErrors = (fields: Readonly<Record<string, string>> | undefined): Record<string, string> => {
  const errors: Record<string, string> = {};
  for (const [key, message] of Object.entries(fields ?? {})) {
    errors[key.startsWith('answers.') ? key.slice('answers.'.length) : key] = message;
  }
  return errors;
};

/** Where a respondent continues: after the last question they answered (the last one at most). */
function resumeIndex(questions: readonly Question[], answers: Readonly<Record<string, AnswerValue>>): number {
  let last = -1;
  questions.forEach((question, index) => {
    if (answers[question.id] !== undefined) last = index;
  });
  return Math.max(0, Math.min(last + 1, questions.length - 1));
}

/**
 * The answering page's use-case (`/respond/:token`), one per page visit. It loads the link, holds
 * the answers, checks each with the server's own rules before moving on, counts the seconds each
 * question is on screen (continuing from what was saved), saves progress when the respondent moves
 * on (one request at a time, failed saves retried) and submits once: a double click shares one
 * request and a retry sends the same answers again, which the server answers idempotently.
 *
 * A public link becomes a response of its own at the first save; the visitor's random respondent
 * key makes a retried first save land on the same response, and the response token the server
 * answers replaces the public token in the address bar and in local storage, so reopening either
 * link resumes. Answers not yet saved wait in session storage.
 *
 * The preview runs the same session on a gateway that stores nothing (`createPreviewSession`).
 */
export class RespondentSession {
  readonly #deps: RespondentSessionDeps;
  readonly #listeners = new Set<() => void>();
  #state: RespondentState = INITIAL;
  #loading: Promise<void> | null = null;
  /** The link the page was opened with. */
  #openedToken = '';
  /** The token requests go to: the opened one, or the response token a public link turned into. */
  #token = '';
  /** The public link this visit answers through, while it has no response token of its own. */
  #publicToken: string | null = null;
  #respondentKey: string | null = null;
  /** Seconds per question id, summed over every time it was on screen. */
  #seconds: Record<string, number> = {};
  /** When the question on screen started counting; null while nothing counts (intro, page hidden). */
  #shownAt: number | null = null;
  #hidden = false;
  /** Question id → the answer the server holds, as JSON, to know what still needs saving. */
  readonly #saved = new Map<string, string>();
  #saving: Promise<void> | null = null;
  #saveAgain = false;
  #retryAttempt = 0;
  #cancelRetry: (() => void) | null = null;
  #submission: Promise<void> | null = null;
  /** The body of a submission whose answer never came: sent again unchanged. */
  #pendingFinal: RespondRequest | null = null;
  #disposed = false;
  /** Cancels the draft write an answer change scheduled; null when none waits. */
  #cancelDraft: (() => void) | null = null;
  /** How to take the text fields still hold (see `holdInput`). */
  readonly #held = new Set<() => void>();

  constructor(deps: RespondentSessionDeps) {
    this.#deps = deps;
  }

  getSnapshot = (): RespondentState => this.#state;

  subscribe = (listener: () => void): (() => void) => {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  };

  /**
   * A field that holds typed text back registers `commit`, which hands the text over through
   * `setAnswer`; every move, save and submission calls it first, so nothing typed is lost.
   */
  holdInput: HoldInput = (commit) => {
    this.#held.add(commit);
    return () => {
      this.#held.delete(commit);
    };
  };

  /** Hands over what fields still hold before the session acts on the answers. */
  #takeHeld(): void {
    for (const commit of [...this.#held]) commit();
  }

  /** Loads the link once; later calls share the first load (React's strict mode mounts twice). */
  start(token: string): Promise<void> {
    this.#loading ??= this.#load(token);
    return this.#loading;
  }

  /** From the introduction to the first question (or where the respondent left off). */
  begin(): void {
    const state = this.#state;
    if (state.phase !== 'intro') return;
    if (state.questions.length === 0) {
      void this.submit();
      return;
    }
    this.#set({ phase: 'question' });
    this.#startCounting();
    this.#writeDraft();
  }

  /** Records the respondent's answer to a question (kept, not yet checked: that happens on moving on). */
  setAnswer(questionId: string, value: AnswerValue): void {
    const state = this.#state;
    if (state.phase !== 'question' || state.submitting) return;
    if (!state.questions.some((question) => question.id === questionId)) return;
    const { [questionId]: _solved, ...errors } = state.errors;
    // Changed answers make a new submission; a failed one is no longer resent as it was.
    this.#pendingFinal = null;
    this.#set({ answers: { ...state.answers, [questionId]: value }, errors, submitError: null });
    this.#scheduleDraft();
  }

  /**
   * 'Volgende': checks the answer on screen and moves on, saving progress; on the last question it
   * submits. Answers false when the answer needs attention (its message is in `errors`).
   */
  next(): boolean {
    this.#takeHeld();
    const state = this.#state;
    if (state.phase === 'intro') {
      this.begin();
      return true;
    }
    if (state.phase !== 'question' || state.submitting) return false;
    const question = state.questions[state.index];
    if (!question) return false;
    const problem = questionProblem(question, state.answers[question.id]);
    if (problem !== null) {
      this.#set({ errors: { ...state.errors, [question.id]: problem } });
      return false;
    }
    if (state.index === state.questions.length - 1) {
      void this.submit();
      return true;
    }
    this.#move(state.index + 1);
    return true;
  }

  /** 'Vorige': back one question (to the introduction from the first), unchecked, saving what is valid. */
  previous(): void {
    this.#takeHeld();
    const state = this.#state;
    if (state.phase !== 'question' || state.submitting) return;
    if (state.index === 0) {
      this.#stopCounting();
      this.#set({ phase: 'intro' });
      this.#requestSave();
      return;
    }
    this.#move(state.index - 1);
  }

  /**
   * Submits the response. Every answer is checked first (the page jumps to the first question that
   * needs attention); a submission already on its way is shared, not repeated.
   */
  submit(): Promise<void> {
    if (this.#submission) return this.#submission;
    this.#takeHeld();
    const { phase, questions } = this.#state;
    const ready = phase === 'question' || (phase === 'intro' && questions.length === 0);
    if (!ready || this.#disposed) return Promise.resolve();
    this.#submission = this.#runSubmission().finally(() => {
      this.#submission = null;
    });
    return this.#submission;
  }

  /** 'Opnieuw proberen': resends a failed submission, saves again, or loads the page again. */
  retry(): Promise<void> {
    // Read first: held text handed over now clears `submitError` (changed answers, new submission).
    const state = this.#state;
    this.#takeHeld();
    if (state.phase === 'unavailable' && state.canRetry) {
      this.#loading = this.#load(this.#openedToken);
      return this.#loading;
    }
    if (state.submitError !== null) return this.submit();
    if (state.saveStatus === 'failed') {
      this.#clearRetry();
      this.#requestSave();
      return this.#saving ?? Promise.resolve();
    }
    return Promise.resolve();
  }

  /** The page went out of view: stop counting time and save what is unsaved. */
  pause(): void {
    this.#takeHeld();
    // The tab may be closing or reloading: what is unsaved goes to the draft now, not in 500 ms.
    if (this.#cancelDraft) this.#writeDraft();
    if (this.#hidden) return;
    this.#hidden = true;
    this.#stopCounting();
    this.#requestSave();
  }

  /** The page is in view again: the question on screen counts again. */
  resume(): void {
    if (!this.#hidden) return;
    this.#hidden = false;
    if (this.#state.phase === 'question') this.#startCounting();
  }

  /** Stops timers and ignores answers still on their way (the page is gone). */
  dispose(): void {
    this.#takeHeld();
    if (this.#cancelDraft) this.#writeDraft();
    this.#disposed = true;
    this.#clearRetry();
    this.#listeners.clear();
  }

  // --- loading ---------------------------------------------------------------------------------

  async #load(token: string): Promise<void> {
    this.#openedToken = token;
    this.#set({ ...INITIAL });
    const { gateway, links } = this.#deps;
    const remembered = links.read(token);
    let current = token;
    let answer: ApiResult<RespondentView> | null = null;
    if (remembered?.response_token) {
      // This browser answered the public link before: continue that response, unless it is gone.
      const resumed = await gateway.view(remembered.response_token);
      if (resumed.ok || resumed.status !== 404) {
        answer = resumed;
        current = remembered.response_token;
      }
    }
    answer ??= await gateway.view(token);
    if (this.#disposed) return;
    if (!answer.ok) {
      const canRetry = isTransient(answer.status);
      this.#set({
        phase: 'unavailable',
        message: canRetry && answer.status === 0 ? RESPONDENT_SESSION_MESSAGES.loadFailed : answer.detail,
        canRetry,
      });
      return;
    }
    this.#token = current;
    if (current !== token) this.#deps.location.showToken(current);
    const view = answer.value;
    if (current === token && view.link_kind === 'public') {
      this.#publicToken = token;
      this.#respondentKey = remembered?.respondent_key ?? null;
    }
    this.#apply(view);
  }

  #apply(view: RespondentView): void {
    const { survey, branding } = view;
    const base = { survey, branding, linkKind: view.link_kind };
    if (view.status === 'completed') {
      this.#set({ ...base, phase: 'completed', alreadySubmitted: true });
      return;
    }
    const questions = [...survey.questions].sort((a, b) => a.position - b.position);
    const known = new Map(questions.map((question) => [question.id, question]));
    const answers: Record<string, AnswerValue> = {};
    for (const saved of survey.saved_answers) {
      const question = known.get(saved.question_id);
      if (!question) continue;
      answers[saved.question_id] = saved.value;
      this.#saved.set(saved.question_id, this.#answerKey(question, saved.value));
      if (typeof saved.seconds_spent === 'number' && saved.seconds_spent >= 0)
        this.#seconds[saved.question_id] = saved.seconds_spent;
    }
    const draft = this.#deps.drafts.read(this.#token);
    let draftAnswers = 0;
    for (const [id, value] of Object.entries(draft?.answers ?? {})) {
      if (!known.has(id)) continue;
      answers[id] = value;
      draftAnswers++;
    }
    for (const [id, seconds] of Object.entries(draft?.seconds ?? {})) {
      if (known.has(id) && Number.isFinite(seconds) && seconds > (this.#seconds[id] ?? 0))
        this.#seconds[id] = Math.min(seconds, SECONDS_SPENT_MAX);
    }
    const resumed = survey.saved_answers.length > 0 || draftAnswers > 0;
    const draftIndex = draft?.index;
    const index =
      typeof draftIndex === 'number' &&
      Number.isInteger(draftIndex) &&
      draftIndex >= 0 &&
      draftIndex < questions.length
        ? draftIndex
        : resumeIndex(questions, answers);
    this.#set({
      ...base,
      phase: resumed && questions.length > 0 ? 'question' : 'intro',
      questions,
      answers,
      index,
      resumed,
    });
    if (this.#state.phase === 'question') this.#startCounting();
    // Answers a reload interrupted before they were saved go to the server now.
    if (draftAnswers > 0) this.#requestSave();
  }

  // --- moving and counting ---------------------------------------------------------------------

  #move(index: number): void {
    this.#stopCounting();
    this.#set({ index });
    this.#startCounting();
    this.#writeDraft();
    this.#requestSave();
  }

  #startCounting(): void {
    this.#shownAt = this.#hidden ? null : this.#deps.clock.now();
  }

  /** Adds the time the question on screen has been shown since counting started. */
  #stopCounting(): void {
    this.#countTime();
    this.#shownAt = null;
  }

  #countTime(): void {
    const { phase, questions, index } = this.#state;
    const question = questions[index];
    if (this.#shownAt === null || phase !== 'question' || !question) return;
    const now = this.#deps.clock.now();
    const elapsed = Math.max(0, now - this.#shownAt) / 1000;
    this.#seconds[question.id] = Math.min((this.#seconds[question.id] ?? 0) + elapsed, SECONDS_SPENT_MAX);
    this.#shownAt = now;
  }

  // --- what to send ----------------------------------------------------------------------------

  /** The normalised answer as JSON, or the raw one while it is not valid. */
  #answerKey(question: Question, value: AnswerValue): string {
    const check = validateAnswer(question, value);
    return JSON.stringify(check.ok ? check.value : value);
  }

  /** Every answer that passes its checks, in survey order, with the seconds counted so far. */
  #body(final: boolean): RespondRequest {
    this.#countTime();
    const { questions, answers } = this.#state;
    const entries: AnswerInput[] = [];
    for (const question of questions) {
      const value = answers[question.id];
      if (value === undefined) continue;
      const check = validateAnswer(question, value);
      if (!check.ok) continue;
      const seconds = this.#seconds[question.id];
      entries.push(
        seconds === undefined
          ? { question_id: question.id, value: check.value }
          : { question_id: question.id, value: check.value, seconds_spent: Math.round(seconds) },
      );
    }
    return { answers: entries, final };
  }

  #unsavedAnswers(): Record<string, AnswerValue> {
    const unsaved: Record<string, AnswerValue> = {};
    const { questions, answers } = this.#state;
    for (const question of questions) {
      const value = answers[question.id];
      if (value !== undefined && this.#saved.get(question.id) !== this.#answerKey(question, value))
        unsaved[question.id] = value;
    }
    return unsaved;
  }

  /** Writes the draft DRAFT_DELAY_MS after the first change not yet written (one write per burst). */
  #scheduleDraft(): void {
    if (this.#cancelDraft || this.#disposed || this.#token === '') return;
    this.#cancelDraft = this.#deps.timer.after(DRAFT_DELAY_MS, () => {
      this.#cancelDraft = null;
      this.#writeDraft();
    });
  }

  #writeDraft(): void {
    this.#cancelDraft?.();
    this.#cancelDraft = null;
    if (this.#disposed || this.#token === '') return;
    this.#countTime();
    const draft: AnswerDraft = {
      answers: this.#unsavedAnswers(),
      seconds: { ...this.#seconds },
      index: this.#state.index,
    };
    this.#deps.drafts.write(this.#token, draft);
  }

  /** Sends a request to the current token; a public link carries the visitor's respondent key. */
  async #send(body: RespondRequest): Promise<ApiResult<RespondResult>> {
    const onPublicLink = this.#publicToken !== null && this.#token === this.#publicToken;
    const request = onPublicLink ? { ...body, respondent_key: this.#key() } : body;
    const result = await this.#deps.gateway.respond(this.#token, request);
    if (result.ok && !this.#disposed) this.#adopt(result.value.response_token);
    return result;
  }

  /** The visitor's respondent key, made and stored before its first use so a retry reuses it. */
  #key(): string {
    if (this.#respondentKey === null) {
      this.#respondentKey = this.#deps.keys.newKey();
      if (this.#publicToken !== null)
        this.#deps.links.write(this.#publicToken, {
          respondent_key: this.#respondentKey,
          response_token: null,
        });
    }
    return this.#respondentKey;
  }

  /** Continues on the response token the server answered (new for a public link). */
  #adopt(responseToken: string): void {
    if (!responseToken || responseToken === this.#token) return;
    const previous = this.#token;
    this.#token = responseToken;
    if (this.#publicToken !== null && this.#respondentKey !== null) {
      this.#deps.links.write(this.#publicToken, {
        respondent_key: this.#respondentKey,
        response_token: responseToken,
      });
    }
    this.#deps.drafts.clear(previous);
    this.#writeDraft();
    this.#deps.location.showToken(responseToken);
  }

  // --- saving ----------------------------------------------------------------------------------

  /** Saves unsaved answers; with a save on its way, one more follows it with whatever is new then. */
  #requestSave(): void {
    if (this.#disposed || this.#submission) return;
    const { phase } = this.#state;
    if (phase !== 'question' && phase !== 'intro') return;
    if (Object.keys(this.#unsavedAnswers()).length === 0) return;
    if (this.#saving) {
      this.#saveAgain = true;
      return;
    }
    this.#clearRetry();
    this.#saving = this.#saveLoop().finally(() => {
      this.#saving = null;
    });
  }

  async #saveLoop(): Promise<void> {
    do {
      this.#saveAgain = false;
      const body = this.#body(false);
      if (body.answers.length === 0) return;
      this.#set({ saveStatus: 'saving' });
      const result = await this.#send(body);
      if (this.#disposed) return;
      if (!result.ok) {
        this.#saveFailed(result);
        return;
      }
      this.#markSaved(body.answers);
      this.#retryAttempt = 0;
      this.#set({ saveStatus: 'idle', saveError: null });
      this.#writeDraft();
    } while (this.#saveAgain && !this.#submission && Object.keys(this.#unsavedAnswers()).length > 0);
  }

  #markSaved(entries: readonly AnswerInput[]): void {
    for (const entry of entries) this.#saved.set(entry.question_id, JSON.stringify(entry.value));
  }

  #saveFailed(failure: Failure): void {
    if (this.#endedBy(failure)) return;
    if (isTransient(failure.status)) {
      const delays = SAVE_RETRY_DELAYS_MS;
      const delay = delays[Math.min(this.#retryAttempt, delays.length - 1)] ?? 30_000;
      this.#retryAttempt++;
      this.#cancelRetry = this.#deps.timer.after(delay, () => {
        this.#cancelRetry = null;
        this.#requestSave();
      });
      this.#set({
        saveStatus: 'failed',
        saveError: failure.status === 0 ? RESPONDENT_SESSION_MESSAGES.saveFailed : failure.detail,
      });
      return;
    }
    // Refused answers (rules changed under the page): shown at their questions, sent again once changed.
    this.#set({
      saveStatus: 'failed',
      saveError: failure.detail,
      errors: { ...this.#state.errors, ...fieldErrors(failure.fields) },
    });
  }

  /** Failures that end the page: unknown link, closed survey, or a response already submitted. */
  #endedBy(failure: Failure): boolean {
    if (failure.status === 404 || failure.status === 410) {
      this.#stopCounting();
      this.#clearRetry();
      this.#set({ phase: 'unavailable', message: failure.detail, canRetry: false, submitting: false });
      return true;
    }
    if (failure.status === 409) {
      this.#complete(true);
      return true;
    }
    return false;
  }

  #clearRetry(): void {
    this.#cancelRetry?.();
    this.#cancelRetry = null;
  }

  // --- submitting ------------------------------------------------------------------------------

  async #runSubmission(): Promise<void> {
    this.#countTime();
    let body = this.#pendingFinal;
    if (body === null) {
      const { questions, answers } = this.#state;
      const all = questions.flatMap((question) => {
        const value = answers[question.id];
        return value === undefined ? [] : [{ question_id: question.id, value }];
      });
      const check = validateSubmission(questions, all, { final: true });
      if (!check.ok) {
        this.#showProblems(fieldErrors(check.fields), null);
        return;
      }
      body = this.#body(true);
    }
    this.#set({ submitting: true, submitError: null });
    // A save on its way may turn the public link into a response token: the submission follows it.
    if (this.#saving) await this.#saving;
    if (this.#disposed || this.#state.phase === 'unavailable' || this.#state.phase === 'completed') return;
    this.#clearRetry();
    this.#pendingFinal = body;
    const result = await this.#send(body);
    if (this.#disposed) return;
    if (result.ok) {
      this.#pendingFinal = null;
      this.#complete(false);
      return;
    }
    if (this.#endedBy(result)) return;
    if (result.status === 400) {
      this.#pendingFinal = null;
      this.#showProblems(fieldErrors(result.fields), result.detail);
      return;
    }
    this.#set({
      submitting: false,
      submitError: result.status === 0 ? RESPONDENT_SESSION_MESSAGES.submitFailed : result.detail,
    });
  }

  /** Marks the questions that need attention and goes to the first of them. */
  #showProblems(errors: Record<string, string>, detail: string | null): void {
    const { questions, index } = this.#state;
    const first = questions.findIndex((question) => errors[question.id] !== undefined);
    const target = first >= 0 ? first : index;
    if (target !== index) this.#stopCounting();
    this.#set({ errors, index: target, submitting: false, submitError: first >= 0 ? null : detail });
    if (target !== index) this.#startCounting();
  }

  #complete(alreadySubmitted: boolean): void {
    this.#stopCounting();
    this.#clearRetry();
    // A draft write still waiting would bring the submitted answers back.
    this.#cancelDraft?.();
    this.#cancelDraft = null;
    this.#deps.drafts.clear(this.#token);
    this.#set({
      phase: 'completed',
      alreadySubmitted,
      submitting: false,
      submitError: null,
      saveStatus: 'idle',
      saveError: null,
      errors: {},
    });
  }

  #set(patch: Partial<RespondentState>): void {
    if (this.#disposed) return;
    this.#state = { ...this.#state, ...patch };
    for (const listener of [...this.#listeners]) listener();
  }
}

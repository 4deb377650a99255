import type { ApiResult } from '../../../domain/api';
import type { AnswerValue, RespondRequest, RespondResult } from '../../../domain/contract';
import { createStateStore } from '../../../domain/shared';
import { AnswerLedger } from './answerLedger';
import { DraftWriter, draftOf } from './draftWriter';
import { EndScreenExit } from './endScreenExit';
import { HeldInputs, type HoldInput } from './heldInput';
import { LanguageSwitch } from './languageSwitch';
import { QuestionTimer } from './questionTimer';
import { loadedState, openLink, relabelled, unavailable } from './respondentLoad';
import {
  endsPage,
  fieldErrors,
  isTransient,
  problemTarget,
  questionOnScreen,
  questionProblem,
  saveFailure,
  submissionProblems,
} from './respondentNavigation';
import { nextOnPath, previousOnPath } from './respondentPath';
import {
  completedState,
  endedState,
  fullState,
  INITIAL_RESPONDENT_STATE,
  RESPONDENT_SESSION_MESSAGES,
  type RespondentState,
} from './respondentState';
import type { RespondentSessionDeps } from './respondPorts';
import { ResponseLink } from './responseLink';
import { SaveQueue } from './saveQueue';
import { SurveyPath } from './surveyPath';

type Failure = Extract<ApiResult<unknown>, { ok: false }>;

/**
 * The answering page's use-case (`/respond/:token`), one per page visit: loads the link, holds the
 * answers, checks each with the server's rules before moving on (`respondentNavigation`), times the
 * questions (`QuestionTimer`), keeps unsaved answers in a draft (`DraftWriter`), saves progress one
 * request at a time with retries (`SaveQueue`) and submits once (a retry sends the same answers; the
 * server is idempotent). A public link turns into a response token (`ResponseLink`). It follows the
 * logic (R-RESP-8, `SurveyPath`; an end screen ends the page, `EndScreenExit`) and ends on a full
 * survey or quota (R-RESP-13). The preview runs it on a gateway that stores nothing.
 */
export class RespondentSession {
  readonly #deps: RespondentSessionDeps;
  readonly #store = createStateStore<RespondentState>(INITIAL_RESPONDENT_STATE);
  readonly #link: ResponseLink;
  readonly #ledger = new AnswerLedger();
  readonly #timing: QuestionTimer;
  readonly #drafts: DraftWriter;
  readonly #saves: SaveQueue<RespondRequest, ApiResult<RespondResult>>;
  #loading: Promise<void> | null = null;
  /** The link the page was opened with. */
  #openedToken = '';
  #submission: Promise<void> | null = null;
  /** The body of a submission whose answer never came: sent again unchanged. */
  #pendingFinal: RespondRequest | null = null;
  #disposed = false;
  readonly #path = new SurveyPath();
  readonly #exit: EndScreenExit;
  /** How to take the text fields still hold (see `holdInput`). */
  readonly #held = new HeldInputs();
  readonly #language: LanguageSwitch;

  constructor(deps: RespondentSessionDeps) {
    this.#deps = deps;
    this.#link = new ResponseLink(deps);
    this.#exit = new EndScreenExit(deps);
    this.#language = new LanguageSwitch(deps);
    this.#timing = new QuestionTimer(deps.clock, () => questionOnScreen(this.#state));
    this.#drafts = new DraftWriter({ timer: deps.timer, store: deps.drafts }, () =>
      this.#canWriteDraft()
        ? { token: this.#link.token, draft: draftOf(this.#state, this.#ledger, this.#timing) }
        : null,
    );
    this.#saves = new SaveQueue({
      timer: deps.timer,
      wanted: () => this.#saveWanted(),
      prepare: () => this.#prepareSave(),
      send: (body) => this.#send(body),
      settle: (body, result) => this.#settleSave(body, result),
    });
    this.#set({ language: this.#language.before() });
  }

  getSnapshot = (): RespondentState => this.#store.getSnapshot();

  subscribe = (listener: () => void): (() => void) => this.#store.subscribe(listener);

  /**
   * A field that holds typed text back registers `commit`, which hands the text over through
   * `setAnswer`; every move, save and submission calls it first, so nothing typed is lost.
   */
  holdInput: HoldInput = this.#held.hold;

  /** Loads the link once; later calls share the first load (React's strict mode mounts twice). */
  start(token: string): Promise<void> {
    this.#loading ??= this.#load(token);
    return this.#loading;
  }

  /** From the introduction to the first question (or where the respondent left off). */
  begin(): void {
    const state = this.#state;
    if (state.phase !== 'intro') return;
    // Nothing on the path (every question hidden): submitted at once.
    if (state.path.visible.length === 0) return void this.submit();
    this.#set({ phase: 'question' });
    this.#timing.start();
    this.#drafts.write();
  }

  /** Records the respondent's answer to a question (kept, not yet checked: that happens on moving on). */
  setAnswer(questionId: string, value: AnswerValue): void {
    const state = this.#state;
    if (state.phase !== 'question' || state.submitting) return;
    if (!state.questions.some((question) => question.id === questionId)) return;
    const { [questionId]: _solved, ...errors } = state.errors;
    // Changed answers make a new submission; a failed one is no longer resent as it was.
    this.#pendingFinal = null;
    const answers = { ...state.answers, [questionId]: value };
    this.#set({ answers, path: this.#path.of(answers), errors, submitError: null }); // R-RESP-8
    if (this.#canWriteDraft()) this.#drafts.schedule();
  }

  /**
   * 'Volgende': checks the answer on screen and moves on along the path, saving progress; on the
   * path's last question (or one whose jump reaches an end screen) it submits. Answers false when
   * the answer needs attention (its message is in `errors`).
   */
  next(): boolean {
    this.#held.takeAll();
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
    const after = nextOnPath(state.questions, state.path, state.index);
    if (after < 0) {
      void this.submit();
      return true;
    }
    this.#move(after);
    return true;
  }

  /** 'Vorige': back along the path (to the introduction from the first), unchecked, saving what is valid. */
  previous(): void {
    this.#held.takeAll();
    const state = this.#state;
    if (state.phase !== 'question' || state.submitting) return;
    const before = previousOnPath(state.questions, state.path, state.index);
    if (before < 0) {
      this.#timing.stop();
      this.#set({ phase: 'intro' });
      this.#saves.request();
      return;
    }
    this.#move(before);
  }

  /**
   * Submits the response. Every answer is checked first (the page jumps to the first question that
   * needs attention); a submission already on its way is shared, not repeated.
   */
  submit(): Promise<void> {
    if (this.#submission) return this.#submission;
    this.#held.takeAll();
    const { phase, path } = this.#state;
    const ready = phase === 'question' || (phase === 'intro' && path.visible.length === 0);
    if (!ready || this.#disposed) return Promise.resolve();
    this.#submission = this.#runSubmission().finally(() => {
      this.#submission = null;
    });
    return this.#submission;
  }

  /** The language switcher (R-RESP-10): the survey again in one of its `languages`, answers and place kept. */
  async changeLanguage(language: string): Promise<void> {
    this.#held.takeAll();
    const survey = await this.#language.load(this.#link.token, () => this.#state, language);
    if (survey === null || this.#disposed) return;
    this.#set(relabelled(this.#state, survey, this.#path, this.#deps.browser, language));
  }

  /** 'Opnieuw proberen': resends a failed submission, saves again, or loads the page again. */
  retry(): Promise<void> {
    // Read first: held text handed over now clears `submitError` (changed answers, new submission).
    const state = this.#state;
    this.#held.takeAll();
    if (state.phase === 'unavailable' && state.canRetry) {
      this.#loading = this.#load(this.#openedToken);
      return this.#loading;
    }
    if (state.submitError !== null) return this.submit();
    if (state.saveStatus === 'failed') {
      this.#saves.cancelRetry();
      this.#saves.request();
      return this.#saves.running ?? Promise.resolve();
    }
    return Promise.resolve();
  }

  /** The page went out of view: stop counting time and save what is unsaved. */
  pause(): void {
    this.#held.takeAll();
    // The tab may be closing or reloading: what is unsaved goes to the draft now, not in 500 ms.
    if (this.#drafts.pending) this.#drafts.write();
    if (!this.#timing.hide()) return;
    this.#saves.request();
  }

  /** The page is in view again: the question on screen counts again. */
  resume(): void {
    if (!this.#timing.show()) return;
    if (this.#state.phase === 'question') this.#timing.start();
  }

  /** Stops timers and ignores answers still on their way (the page is gone). */
  dispose(): void {
    this.#held.takeAll();
    if (this.#drafts.pending) this.#drafts.write();
    this.#disposed = true;
    this.#saves.cancelRetry();
    this.#exit.cancel();
    this.#store.clear();
  }

  // --- loading ---------------------------------------------------------------------------------

  async #load(token: string): Promise<void> {
    this.#openedToken = token;
    this.#set({ ...INITIAL_RESPONDENT_STATE, language: this.#state.language });
    const language = this.#language.requested();
    const answer = await openLink(this.#deps, this.#link, token, () => this.#disposed, language);
    if (answer === null) return;
    if (!answer.ok) return this.#set(unavailable(answer.status, answer.detail));
    const view = answer.value;
    this.#path.load(view.survey, this.#deps.browser, this.#language.chosen);
    const into = { ledger: this.#ledger, timing: this.#timing, path: this.#path };
    const { patch, draftAnswers } = loadedState(view, this.#deps.drafts.read(this.#link.token), into);
    this.#set(patch);
    if (this.#state.phase === 'question') this.#timing.start();
    // Answers a reload interrupted before they were saved go to the server now.
    if (draftAnswers > 0) this.#saves.request();
  }

  // --- moving, drafts, sending -----------------------------------------------------------------

  #move(index: number): void {
    this.#timing.stop();
    this.#set({ index });
    this.#timing.start();
    this.#drafts.write();
    this.#saves.request();
  }

  #canWriteDraft = (): boolean => !this.#disposed && this.#link.token !== '';

  /** The answers on the path that pass their checks, with their seconds, hidden fields and language. */
  #body(final: boolean): RespondRequest {
    this.#timing.count();
    return this.#path.body(this.#state, (id) => this.#timing.secondsOf(id), final);
  }

  /** Sends a request to the current token; a public link carries the visitor's respondent key. */
  async #send(body: RespondRequest): Promise<ApiResult<RespondResult>> {
    const result = await this.#deps.gateway.respond(this.#link.token, this.#link.request(body));
    if (result.ok && !this.#disposed) this.#adopt(result.value.response_token);
    return result;
  }

  /** Continues on the response token the server answered (new for a public link). */
  #adopt(responseToken: string): void {
    const previous = this.#link.adopt(responseToken);
    if (previous === null) return;
    this.#drafts.clear(previous);
    this.#drafts.write();
    this.#deps.location.showToken(responseToken);
  }

  // --- saving ----------------------------------------------------------------------------------

  #saveWanted(): boolean {
    if (this.#disposed || this.#submission) return false;
    const { phase } = this.#state;
    if (phase !== 'question' && phase !== 'intro') return false;
    return Object.keys(this.#ledger.unsaved(SurveyPath.onPath(this.#state))).length > 0;
  }

  #prepareSave(): RespondRequest | null {
    const body = this.#body(false);
    if (body.answers.length === 0) return null;
    this.#set({ saveStatus: 'saving' });
    return body;
  }

  #settleSave(body: RespondRequest, result: ApiResult<RespondResult>): boolean {
    if (this.#disposed) return false;
    if (!result.ok) {
      // A failure that may pass is tried again later; refused answers are shown at their questions.
      if (this.#endedBy(result)) return false;
      if (isTransient(result.status)) this.#saves.retryLater();
      this.#set(saveFailure(result, this.#state.errors));
      return false;
    }
    this.#ledger.markSaved(body.answers);
    const full = fullState(result.value);
    if (full === null) this.#set({ saveStatus: 'idle', saveError: null });
    if (full === null) this.#drafts.write();
    else this.#complete(false, full);
    return full === null;
  }

  /** Failures that end the page: unknown link, closed survey, or a response already submitted. */
  #endedBy(failure: Failure): boolean {
    if (failure.status === 409) this.#complete(true);
    else if (endsPage(failure.status)) {
      this.#timing.stop();
      this.#saves.cancelRetry();
      this.#set(endedState(failure.detail));
    } else return false;
    return true;
  }

  // --- submitting ------------------------------------------------------------------------------

  async #runSubmission(): Promise<void> {
    this.#timing.count();
    let body = this.#pendingFinal;
    if (body === null) {
      const problems = submissionProblems(this.#state);
      if (problems !== null) {
        this.#showProblems(problems, null);
        return;
      }
      body = this.#body(true);
    }
    this.#set({ submitting: true, submitError: null });
    // A save on its way may turn the public link into a response token: the submission follows it.
    if (this.#saves.running) await this.#saves.running;
    if (this.#disposed || this.#state.phase === 'unavailable' || this.#state.phase === 'completed') return;
    this.#saves.cancelRetry();
    this.#pendingFinal = body;
    const result = await this.#send(body);
    if (this.#disposed) return;
    if (result.ok) {
      this.#pendingFinal = null;
      this.#complete(false, fullState(result.value));
      return;
    }
    if (this.#endedBy(result)) return;
    if (result.status === 400) {
      this.#pendingFinal = null;
      this.#showProblems(fieldErrors(result.fields), result.detail);
      return;
    }
    const submitError = result.status === 0 ? RESPONDENT_SESSION_MESSAGES.submitFailed : result.detail;
    this.#set({ submitting: false, submitError });
  }

  /** Marks the questions that need attention and goes to the first of them. */
  #showProblems(errors: Record<string, string>, detail: string | null): void {
    const { questions, index, path } = this.#state;
    const target = problemTarget(questions, errors, index, path);
    if (target.index !== index) this.#timing.stop();
    this.#set({ errors, index: target.index, submitting: false, submitError: target.marked ? null : detail });
    if (target.index !== index) this.#timing.start();
  }

  #complete(alreadySubmitted: boolean, full: Partial<RespondentState> | null = null): void {
    this.#timing.stop();
    this.#saves.cancelRetry();
    // A draft write still waiting would bring the submitted answers back.
    this.#drafts.cancel();
    this.#drafts.clear(this.#link.token);
    const exit = this.#exit.reached(alreadySubmitted || full ? null : this.#state.path.end_screen);
    this.#set({ ...completedState(alreadySubmitted), ...exit, ...full });
  }

  get #state(): RespondentState {
    return this.#store.getSnapshot();
  }

  #set(patch: Partial<RespondentState>): void {
    if (this.#disposed) return;
    this.#store.set({ ...this.#store.getSnapshot(), ...patch });
  }
}

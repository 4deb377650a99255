import { type FormResult, formFromApi, formInvalid, formOk } from '../../../domain/api';
import { hasErrors } from '../../../domain/auth';
import type {
  Question,
  QuestionType,
  Survey,
  SurveyInput,
  SurveyStatus,
  SurveyTemplate,
} from '../../../domain/contract';
import { createStateStore } from '../../../domain/shared';
import {
  addQuestion,
  createQuestion,
  duplicateQuestion,
  moveQuestion,
  removeQuestion,
  renumberQuestions,
  restoreQuestion,
  validateCompleteSurvey,
} from '../../../domain/surveys/model';
import { issuesFromFields, keepStillInvalid, mergeIssues, NO_ISSUES } from './surveyEditorIssues';
import { logicOf } from './surveyEditorLogic';
import {
  changeQuestionType,
  TEMPLATE_MESSAGES,
  type TemplateMeta,
  templateFromDraft,
  templateMetaErrors,
} from './surveyEditorRules';
import {
  AUTOSAVE_DELAY_MS,
  AUTOSAVE_RETRIES,
  AUTOSAVE_RETRY_MS,
  blockingIssues,
  EDITOR_MESSAGES,
  failedSave,
  INITIAL_EDITOR_STATE,
  localIssues,
  openingWaits,
  type RemovedQuestion,
  type SaveState,
  type StatusChangeResult,
  type SurveyEditorDeps,
  type SurveyEditorState,
  surveyContent,
  withoutRefusals,
  withProblems,
  withRefusedFields,
  withStatusOf,
} from './surveyEditorState';
import { SurveyLogicCommands } from './surveyLogicCommands';
import { SurveyQuotaCommands } from './surveyQuotaCommands';
import { translationCommands } from './surveyTranslationCommands';

type SaveOutcome = 'saved' | 'blocked' | 'stale';

/**
 * The survey editor's use-case: holds the draft and autosaves it a moment after the last change (one
 * PUT in flight, with the version it last got). A draft is saved whatever it still lacks
 * (docs/decisions/surveys.md, 'Drafts are always saved'; opening waits for it); a stale version stops
 * saving; refused fields show beside the questions while the user's text stays. One per visit.
 */
export class SurveyEditor {
  readonly #deps: SurveyEditorDeps;
  readonly #store = createStateStore<SurveyEditorState>(INITIAL_EDITOR_STATE);
  #id: number | null = null;
  #loading: Promise<void> | null = null;
  /** Bumped by every (re)load, so answers for an earlier load are dropped. */
  #generation = 0;
  #version = 0;
  /** Bumped by every change; `#savedRevision` is the one the server has. */
  #revision = 0;
  #savedRevision = 0;
  #stale = false;
  #cancelTimer: (() => void) | null = null;
  #inflight: Promise<void> | null = null;
  /** A save was asked for while one was in flight. */
  #again = false;
  #retries = 0;

  /** Rules, end screens and hidden fields (issue 26); saved with the rest of the draft. */
  readonly logic: SurveyLogicCommands;
  /** Extra languages and their texts, XLIFF files in and out (issue 26); saved with the rest of the draft. */
  readonly translations = translationCommands(this.#store, (update) => this.#change(update));
  /** The cap and the quotas (issue 26, R-SURV-21, R-SURV-22); saved with the rest of the draft. */
  readonly quotas = new SurveyQuotaCommands(this, () => this.#deps.ids.newId());

  constructor(deps: SurveyEditorDeps) {
    this.#deps = deps;
    this.logic = new SurveyLogicCommands({
      draft: () => this.#store.getSnapshot().draft,
      survey: () => this.#store.getSnapshot().survey,
      updateLogic: (update) =>
        this.#change((draft) => {
          const logic = update(logicOf(draft), draft.questions);
          return logic === logicOf(draft) ? draft : { ...draft, logic };
        }),
      ids: deps.ids,
    });
  }

  readonly getSnapshot = this.#store.getSnapshot;
  readonly subscribe = this.#store.subscribe;

  /** Loads the survey; a second call for the same survey shares the first (strict mode mounts twice). */
  load(id: number): Promise<void> {
    if (this.#id === id && this.#loading) return this.#loading;
    this.#id = id;
    this.#loading = this.#loadSurvey(id);
    return this.#loading;
  }

  /** 'Nieuwste versie laden': the survey as it is now on the server, in place of the local draft. */
  async loadLatest(): Promise<FormResult<Survey>> {
    if (this.#id === null) return { ok: false, message: EDITOR_MESSAGES.notLoaded, fields: {} };
    const generation = ++this.#generation;
    this.#cancelSchedule();
    const result = await this.#deps.gateway.get(this.#id);
    if (generation !== this.#generation) return formFromApi(result);
    if (result.ok) this.#adopt(result.value);
    return formFromApi(result);
  }

  async #loadSurvey(id: number): Promise<void> {
    const generation = ++this.#generation;
    this.#cancelSchedule();
    this.#set({ ...INITIAL_EDITOR_STATE });
    const result = await this.#deps.gateway.get(id);
    if (generation !== this.#generation) return;
    if (result.ok) {
      this.#adopt(result.value);
      return;
    }
    // A failed load may be retried with `load` again.
    this.#loading = null;
    this.#set({ ...INITIAL_EDITOR_STATE, status: 'failed', loadError: result.detail });
  }

  #adopt(survey: Survey): void {
    this.#version = survey.version;
    this.#revision = 0;
    this.#savedRevision = 0;
    this.#stale = false;
    this.#retries = 0;
    this.#set({ ...INITIAL_EDITOR_STATE, status: 'ready', survey, draft: surveyContent(survey) });
  }

  /** Whether some change has not reached the server (for the browser's leave-page warning). */
  hasUnsavedChanges(): boolean {
    return this.#revision !== this.#savedRevision;
  }

  /** Changes survey fields (title, texts, close date). */
  edit(patch: Partial<Omit<SurveyInput, 'questions' | 'logic' | 'languages' | 'translations'>>): void {
    this.#change((draft) => {
      const same = Object.entries(patch).every(([key, value]) => draft[key as keyof SurveyInput] === value);
      return same ? draft : { ...draft, ...patch };
    });
  }

  /** Replaces the question list by `update`'s answer (renumbered). */
  updateQuestions(update: (questions: readonly Question[]) => readonly Question[]): void {
    this.#change((draft) => {
      const questions = update(draft.questions);
      return questions === draft.questions ? draft : { ...draft, questions: renumberQuestions(questions) };
    });
  }

  /** Changes one question; unknown ids change nothing. */
  updateQuestion(id: string, update: (question: Question) => Question): void {
    this.updateQuestions((questions) => {
      let changed = false;
      const next = questions.map((question) => {
        if (question.id !== id) return question;
        const updated = update(question);
        changed ||= updated !== question;
        return updated;
      });
      return changed ? next : questions;
    });
  }

  /** Adds an empty question of `type` at the end; answers its id (to focus its title). */
  addQuestion(type: QuestionType): string {
    const question = createQuestion(
      type,
      this.#deps.ids,
      this.#store.getSnapshot().draft?.questions.length ?? 0,
    );
    this.updateQuestions((questions) => addQuestion(questions, question));
    return question.id;
  }

  /** Copies a question right below it; answers the copy's id, or null for an unknown id. */
  duplicateQuestion(id: string): string | null {
    const before = new Set(this.#store.getSnapshot().draft?.questions.map((question) => question.id) ?? []);
    if (!before.has(id)) return null;
    this.updateQuestions((questions) => duplicateQuestion(questions, id, this.#deps.ids));
    return this.#store.getSnapshot().draft?.questions.find((q) => !before.has(q.id))?.id ?? null;
  }

  moveQuestion(id: string, toIndex: number): void {
    this.updateQuestions((questions) => {
      const moved = moveQuestion(questions, id, toIndex);
      return moved.every((question, index) => question.id === questions[index]?.id) ? questions : moved;
    });
  }

  /** Removes a question; answers what 'Ongedaan maken' needs, or null for an unknown id. */
  removeQuestion(id: string): RemovedQuestion | null {
    const questions = this.#store.getSnapshot().draft?.questions ?? [];
    const index = questions.findIndex((question) => question.id === id);
    const question = questions[index];
    if (!question) return null;
    this.updateQuestions((current) => removeQuestion(current, id));
    return { question, index };
  }

  /** Puts a removed question back where it stood (once). */
  restoreQuestion(removed: RemovedQuestion): void {
    this.updateQuestions((questions) => restoreQuestion(questions, removed));
  }

  changeQuestionType(id: string, type: QuestionType): void {
    this.updateQuestion(id, (question) => changeQuestionType(question, type, this.#deps.ids));
  }
  #change(update: (draft: SurveyInput) => SurveyInput): void {
    const { draft, status } = this.#store.getSnapshot();
    if (draft === null || status !== 'ready') return;
    const next = update(draft);
    if (next === draft) return;
    this.#revision++;
    this.#retries = 0;
    const local = localIssues(next);
    const issues = keepStillInvalid(this.#store.getSnapshot().issues, local);
    if (this.#stale) {
      this.#set({ ...this.#store.getSnapshot(), draft: next, issues });
      return;
    }
    // Still invalid: no flicker to 'Opslaan…' and back while the user types.
    const stillInvalid =
      this.#store.getSnapshot().save.kind === 'invalid' &&
      blockingIssues(next, this.#store.getSnapshot().survey?.status) !== NO_ISSUES;
    this.#set({
      ...this.#store.getSnapshot(),
      draft: next,
      issues,
      save: stillInvalid ? this.#store.getSnapshot().save : { kind: 'pending' },
    });
    this.#schedule(AUTOSAVE_DELAY_MS);
  }

  /** Saves now (leaving the page, before a status change, 'Opnieuw proberen'); answers where it stands then. */
  async flush(): Promise<SaveState> {
    this.#cancelSchedule();
    if (this.#store.getSnapshot().status === 'ready' && !this.#stale && this.hasUnsavedChanges())
      await this.#run();
    else if (this.#inflight) await this.#inflight;
    return this.#store.getSnapshot().save;
  }

  #schedule(ms: number): void {
    this.#cancelSchedule();
    this.#cancelTimer = this.#deps.timer.after(ms, () => {
      this.#cancelTimer = null;
      void this.#run();
    });
  }

  #cancelSchedule(): void {
    this.#cancelTimer?.();
    this.#cancelTimer = null;
  }

  /** One save loop at a time; a call while it runs makes it go round once more. */
  #run(): Promise<void> {
    if (this.#inflight) {
      this.#again = true;
      return this.#inflight;
    }
    const run = (async () => {
      try {
        let outcome: SaveOutcome;
        do {
          this.#again = false;
          outcome = await this.#saveOnce();
        } while (outcome !== 'stale' && this.#again);
      } finally {
        this.#inflight = null;
      }
    })();
    this.#inflight = run;
    return run;
  }

  async #saveOnce(): Promise<SaveOutcome> {
    const id = this.#id;
    const { draft } = this.#store.getSnapshot();
    if (id === null || draft === null || this.#stale) return 'blocked';
    if (!this.hasUnsavedChanges()) {
      if (this.#store.getSnapshot().save.kind !== 'saved')
        this.#set({ ...this.#store.getSnapshot(), save: { kind: 'saved' } });
      return 'saved';
    }
    const blocking = blockingIssues(draft, this.#store.getSnapshot().survey?.status);
    if (blocking !== NO_ISSUES) {
      // The marks shown before (a refusal, a gap named when opening was refused) stay while they hold.
      const issues = mergeIssues(
        blocking,
        keepStillInvalid(this.#store.getSnapshot().issues, localIssues(draft)),
      );
      this.#set({ ...this.#store.getSnapshot(), save: { kind: 'invalid' }, issues });
      return 'blocked';
    }
    const revision = this.#revision;
    const generation = this.#generation;
    this.#set({ ...this.#store.getSnapshot(), save: { kind: 'saving' } });
    const result = await this.#deps.gateway.update(id, { ...draft, version: this.#version });
    if (generation !== this.#generation) return 'blocked';
    if (result.ok) {
      this.#version = result.value.version;
      this.#savedRevision = revision;
      this.#retries = 0;
      const current = this.#revision === revision;
      const latest = this.#store.getSnapshot().draft ?? draft;
      this.#set({
        ...this.#store.getSnapshot(),
        survey: result.value,
        save: current ? { kind: 'saved' } : { kind: 'pending' },
        issues: keepStillInvalid(withoutRefusals(this.#store.getSnapshot().issues), localIssues(latest)),
      });
      return 'saved';
    }
    const failure = failedSave(result, draft.questions);
    const stale = failure.save.kind === 'stale';
    if (stale) {
      this.#stale = true;
      this.#cancelSchedule();
    }
    const issues = failure.issues ?? this.#store.getSnapshot().issues;
    this.#set({ ...this.#store.getSnapshot(), save: failure.save, issues });
    if (failure.transient && this.#retries < AUTOSAVE_RETRIES && this.#cancelTimer === null) {
      this.#retries++;
      this.#schedule(AUTOSAVE_RETRY_MS);
    }
    return stale ? 'stale' : 'blocked';
  }

  /**
   * Publishes, closes, reopens or unpublishes. Pending changes are saved first; opening needs them
   * saved (respondents would otherwise get an older version than the editor shows) and nothing left
   * to fill in: then the answer lists what (`problems`, also `problemsListed` in the state), the
   * fields named are marked, and the server, which would refuse with the same list, is not asked.
   */
  async changeStatus(to: SurveyStatus): Promise<StatusChangeResult> {
    const id = this.#id;
    if (id === null || this.#store.getSnapshot().survey === null)
      return { ok: false, message: EDITOR_MESSAGES.notLoaded, fields: {} };
    this.#set({ ...this.#store.getSnapshot(), problemsListed: false });
    const save = await this.flush();
    const waits = to === 'open' ? openingWaits(save, this.#store.getSnapshot()) : null;
    if (waits !== null) {
      this.#set(waits.state);
      return waits.result;
    }
    const result = await this.#deps.gateway.changeStatus(id, to);
    if (!result.ok) {
      const refused = this.#store.getSnapshot();
      this.#set({ ...refused, issues: withRefusedFields(refused, result.fields) });
      return formFromApi(result);
    }
    const changed = result.value;
    const survey = this.#store.getSnapshot().survey;
    // Only the status fields: a save may have moved the content and version on meanwhile.
    this.#set({ ...this.#store.getSnapshot(), survey: survey && withStatusOf(survey, changed) });
    return formOk(changed);
  }

  /** 'Opslaan als sjabloon': the current content as a new template of the organisation. */
  async saveAsTemplate(meta: TemplateMeta): Promise<FormResult<SurveyTemplate>> {
    const metaErrors = templateMetaErrors(meta);
    if (hasErrors(metaErrors)) return formInvalid(metaErrors);
    const { draft } = this.#store.getSnapshot();
    if (draft === null) return { ok: false, message: EDITOR_MESSAGES.notLoaded, fields: {} };
    const checked = validateCompleteSurvey(draft);
    if (!checked.ok) {
      const shown = this.#store.getSnapshot();
      const issues = mergeIssues(issuesFromFields(checked.fields, draft.questions), shown.issues);
      this.#set({ ...shown, issues });
      return { ok: false, message: TEMPLATE_MESSAGES.draftInvalid, fields: {} };
    }
    const template = templateFromDraft({ ...checked.value, logic: logicOf(draft) }, meta, draft);
    return formFromApi(await this.#deps.templates.create(template));
  }

  #set(state: SurveyEditorState): void {
    this.#store.set(withProblems(this.#store.getSnapshot(), state));
  }
}

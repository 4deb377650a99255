import { type FormResult, formFromApi, formInvalid, formOk } from '../api/formResult';
import { hasErrors } from '../auth/credentials';
import type {
  Question,
  QuestionType,
  Survey,
  SurveyInput,
  SurveyStatus,
  SurveyTemplate,
} from '../contract/surveys';
import type { Timer } from '../session/ports';
import { createStateStore } from '../shared/stateStore';
import type { SurveysGateway, SurveyTemplatesGateway } from './ports';
import {
  addQuestion,
  createQuestion,
  duplicateQuestion,
  type IdSource,
  moveQuestion,
  removeQuestion,
  renumberQuestions,
} from './questionEdits';
import {
  type EditorIssues,
  issuesFromFields,
  keepStillInvalid,
  mergeIssues,
  NO_ISSUES,
  QUESTION_ISSUE,
  refusalsOf,
} from './surveyEditorIssues';
import {
  changeQuestionType,
  TEMPLATE_MESSAGES,
  type TemplateMeta,
  templateFromDraft,
  templateMetaErrors,
} from './surveyEditorRules';
import { validateSurveyDraft } from './surveyValidation';

/** Autosave waits this long after the last change, so typing a sentence costs one save. */
export const AUTOSAVE_DELAY_MS = 800;
/** A save that failed for want of a server is tried again after this long … */
export const AUTOSAVE_RETRY_MS = 5000;
/** … this many times in a row; then the next change or 'Opnieuw proberen' tries again. */
export const AUTOSAVE_RETRIES = 5;

/** The Dutch texts of the editor's save status. */
export const EDITOR_MESSAGES = {
  saved: 'Opgeslagen',
  saving: 'Opslaan…',
  notSaved: (reason: string) => `Niet opgeslagen: ${reason}`,
  invalid: 'vul de gemarkeerde velden in.',
  stale: 'Deze survey is intussen ergens anders gewijzigd.',
  publishInvalid: 'Vul eerst de gemarkeerde velden in, zodat alle wijzigingen zijn opgeslagen.',
  publishStale: 'Deze survey is intussen ergens anders gewijzigd. Laad eerst de nieuwste versie.',
  notLoaded: 'De survey is nog niet geladen.',
} as const;

/** Where the draft stands with the server. */
export type SaveState =
  | { readonly kind: 'saved' }
  /** Changed; the save waits for a pause. */
  | { readonly kind: 'pending' }
  | { readonly kind: 'saving' }
  /** Not saved: fields need attention (see `issues`). */
  | { readonly kind: 'invalid' }
  /** The server refused an edit that would break answers (see `issues`); the user's text stays. */
  | { readonly kind: 'refused'; readonly message: string }
  /** Someone else saved first; saving stops until the latest version is loaded. */
  | { readonly kind: 'stale' }
  | { readonly kind: 'failed'; readonly message: string };

export interface SurveyEditorState {
  readonly status: 'loading' | 'ready' | 'failed';
  /** Why the survey could not be loaded. */
  readonly loadError: string | null;
  /** The survey as the server last answered it: status, version, saved questions (for the locks). */
  readonly survey: Survey | null;
  /** What the user edits; saved as it is, never overwritten by the server's answer while typing. */
  readonly draft: SurveyInput | null;
  readonly save: SaveState;
  readonly issues: EditorIssues;
}

export interface SurveyEditorDeps {
  readonly gateway: SurveysGateway;
  readonly templates: SurveyTemplatesGateway;
  readonly timer: Timer;
  readonly ids: IdSource;
}

/** A removed question and where it stood, so 'Ongedaan maken' can put it back. */
export interface RemovedQuestion {
  readonly question: Question;
  readonly index: number;
}

/** The status line above the editor (announced politely). */
export function saveStatusText(save: SaveState): string {
  switch (save.kind) {
    case 'saved':
      return EDITOR_MESSAGES.saved;
    case 'pending':
    case 'saving':
      return EDITOR_MESSAGES.saving;
    case 'invalid':
      return EDITOR_MESSAGES.notSaved(EDITOR_MESSAGES.invalid);
    case 'stale':
      return EDITOR_MESSAGES.notSaved(EDITOR_MESSAGES.stale);
    case 'refused':
    case 'failed':
      return EDITOR_MESSAGES.notSaved(save.message);
  }
}

const INITIAL: SurveyEditorState = {
  status: 'loading',
  loadError: null,
  survey: null,
  draft: null,
  save: { kind: 'saved' },
  issues: NO_ISSUES,
};

/** The editable content of a survey. */
export const surveyContent = (survey: Survey): SurveyInput => ({
  title: survey.title,
  description_html: survey.description_html,
  introduction_html: survey.introduction_html,
  thank_you_text: survey.thank_you_text,
  close_at: survey.close_at,
  questions: renumberQuestions(survey.questions),
});

/** The draft's own problems, by question id. */
function localIssues(draft: SurveyInput): EditorIssues {
  const checked = validateSurveyDraft(draft);
  return checked.ok ? NO_ISSUES : issuesFromFields(checked.fields, draft.questions);
}

/** Messages of the draft's own problems only (the server's refusals dropped). */
function withoutRefusals(issues: EditorIssues): EditorIssues {
  const questions: Record<string, Readonly<Record<string, string>>> = {};
  for (const [questionId, fields] of Object.entries(issues.questions)) {
    const { [QUESTION_ISSUE]: _refusal, ...rest } = fields;
    if (Object.keys(rest).length > 0) questions[questionId] = rest;
  }
  return { survey: issues.survey, questions };
}

type SaveOutcome = 'saved' | 'blocked' | 'stale';

/**
 * The survey editor's use-case: holds the draft, autosaves it a moment after the last change
 * (one PUT in flight; changes made meanwhile go in the next one), sends the version it last got
 * and adopts the one that comes back. A stale version stops saving until the latest version is
 * loaded; a refused edit (409 with `fields`) and invalid fields are shown beside the questions
 * while the user's text stays. One instance per visit of the editor.
 */
export class SurveyEditor {
  readonly #deps: SurveyEditorDeps;
  readonly #store = createStateStore<SurveyEditorState>(INITIAL);
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

  constructor(deps: SurveyEditorDeps) {
    this.#deps = deps;
  }

  readonly getSnapshot = this.#store.getSnapshot;

  readonly subscribe = this.#store.subscribe;

  /** Loads the survey; a second call for the same survey shares the first (strict mode mounts twice). */
  load(id: number): Promise<void> {
    if (this.#id === id && this.#loading) return this.#loading;
    this.#id = id;
    const loading = this.#loadSurvey(id);
    this.#loading = loading;
    return loading;
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
    this.#set({ ...INITIAL });
    const result = await this.#deps.gateway.get(id);
    if (generation !== this.#generation) return;
    if (result.ok) {
      this.#adopt(result.value);
      return;
    }
    // A failed load may be retried with `load` again.
    this.#loading = null;
    this.#set({ ...INITIAL, status: 'failed', loadError: result.detail });
  }

  #adopt(survey: Survey): void {
    this.#version = survey.version;
    this.#revision = 0;
    this.#savedRevision = 0;
    this.#stale = false;
    this.#retries = 0;
    this.#set({
      status: 'ready',
      loadError: null,
      survey,
      draft: surveyContent(survey),
      save: { kind: 'saved' },
      issues: NO_ISSUES,
    });
  }

  /** Whether some change has not reached the server (for the browser's leave-page warning). */
  hasUnsavedChanges(): boolean {
    return this.#revision !== this.#savedRevision;
  }

  /** Changes survey fields (title, texts, close date). */
  edit(patch: Partial<Omit<SurveyInput, 'questions'>>): void {
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
    return (
      this.#store.getSnapshot().draft?.questions.find((question) => !before.has(question.id))?.id ?? null
    );
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
    this.updateQuestions((questions) => {
      if (questions.some((question) => question.id === removed.question.id)) return questions;
      const next = questions.map((question, position) => ({ ...question, position }));
      next.splice(Math.min(removed.index, next.length), 0, removed.question);
      return next.map((question, position) => ({ ...question, position }));
    });
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
    const stillInvalid = this.#store.getSnapshot().save.kind === 'invalid' && local !== NO_ISSUES;
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
    const checked = validateSurveyDraft(draft);
    if (!checked.ok) {
      const issues = mergeIssues(
        issuesFromFields(checked.fields, draft.questions),
        refusalsOf(this.#store.getSnapshot().issues),
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
        issues: current
          ? NO_ISSUES
          : keepStillInvalid(withoutRefusals(this.#store.getSnapshot().issues), localIssues(latest)),
      });
      return 'saved';
    }
    const fields = result.fields ?? {};
    if (result.status === 409 && hasErrors(fields)) {
      this.#set({
        ...this.#store.getSnapshot(),
        save: { kind: 'refused', message: result.detail },
        issues: issuesFromFields(fields, draft.questions),
      });
      return 'blocked';
    }
    if (result.status === 409) {
      this.#stale = true;
      this.#cancelSchedule();
      this.#set({ ...this.#store.getSnapshot(), save: { kind: 'stale' } });
      return 'stale';
    }
    if (result.status === 400 && hasErrors(fields)) {
      this.#set({
        ...this.#store.getSnapshot(),
        save: { kind: 'invalid' },
        issues: issuesFromFields(fields, draft.questions),
      });
      return 'blocked';
    }
    this.#set({ ...this.#store.getSnapshot(), save: { kind: 'failed', message: result.detail } });
    const transient = result.status === 0 || result.status === 429 || result.status >= 500;
    if (transient && this.#retries < AUTOSAVE_RETRIES && this.#cancelTimer === null) {
      this.#retries++;
      this.#schedule(AUTOSAVE_RETRY_MS);
    }
    return 'blocked';
  }

  /**
   * Publishes, closes, reopens or unpublishes. Pending changes are saved first; opening needs them
   * saved (respondents would otherwise get an older version than the editor shows).
   */
  async changeStatus(to: SurveyStatus): Promise<FormResult<Survey>> {
    const id = this.#id;
    if (id === null || this.#store.getSnapshot().survey === null)
      return { ok: false, message: EDITOR_MESSAGES.notLoaded, fields: {} };
    const save = await this.flush();
    if (to === 'open' && save.kind !== 'saved') {
      const message =
        save.kind === 'stale'
          ? EDITOR_MESSAGES.publishStale
          : save.kind === 'refused' || save.kind === 'failed'
            ? save.message
            : EDITOR_MESSAGES.publishInvalid;
      return { ok: false, message, fields: {} };
    }
    const result = await this.#deps.gateway.changeStatus(id, to);
    if (!result.ok) return formFromApi(result);
    const changed = result.value;
    const survey = this.#store.getSnapshot().survey;
    // Only the status fields: a save may have moved the content and version on meanwhile.
    this.#set({
      ...this.#store.getSnapshot(),
      survey: survey && {
        ...survey,
        status: changed.status,
        published_at: changed.published_at,
        closed_at: changed.closed_at,
        updated_at: changed.updated_at,
        response_count: changed.response_count ?? survey.response_count ?? 0,
      },
    });
    return formOk(changed);
  }

  /** 'Opslaan als sjabloon': the current content as a new template of the organisation. */
  async saveAsTemplate(meta: TemplateMeta): Promise<FormResult<SurveyTemplate>> {
    const metaErrors = templateMetaErrors(meta);
    if (hasErrors(metaErrors)) return formInvalid(metaErrors);
    const { draft } = this.#store.getSnapshot();
    if (draft === null) return { ok: false, message: EDITOR_MESSAGES.notLoaded, fields: {} };
    const checked = validateSurveyDraft(draft);
    if (!checked.ok) {
      this.#set({
        ...this.#store.getSnapshot(),
        issues: mergeIssues(
          issuesFromFields(checked.fields, draft.questions),
          this.#store.getSnapshot().issues,
        ),
      });
      return { ok: false, message: TEMPLATE_MESSAGES.draftInvalid, fields: {} };
    }
    const result = await this.#deps.templates.create(templateFromDraft(checked.value, meta));
    return formFromApi(result);
  }

  #set(state: SurveyEditorState): void {
    this.#store.set(state);
  }
}

/** Editors by survey, for the editor screen. */
export interface SurveyEditorPool {
  /** The editor of `key` (organisation and survey): the one kept from an earlier visit, or a new one. */
  open(key: string): SurveyEditor;
}

/**
 * Keeps an editor whose changes have not reached the server (an incomplete question, a stale
 * version, no connection) when its screen is left, so coming back to the survey finds the draft as
 * it was instead of losing it silently; an editor with nothing unsaved is let go and made anew, so
 * the survey is loaded fresh.
 */
export function createSurveyEditorPool(create: () => SurveyEditor): SurveyEditorPool {
  const editors = new Map<string, SurveyEditor>();
  return {
    open(key) {
      for (const [kept, editor] of editors) if (!editor.hasUnsavedChanges()) editors.delete(kept);
      const kept = editors.get(key);
      if (kept) return kept;
      const editor = create();
      editors.set(key, editor);
      return editor;
    },
  };
}

import type { ApiResult } from '../../../domain/api';
import type { FieldErrors } from '../../../domain/auth';
import { hasErrors } from '../../../domain/auth';
import type { OpeningProblem, Question, Survey, SurveyInput, SurveyStatus } from '../../../domain/contract';
import { NO_LOGIC } from '../../../domain/contract';
import { LOGIC_MESSAGES } from '../../../domain/surveys/logic';
import type { SurveysGateway, SurveyTemplatesGateway } from '../../../domain/surveys/model';
import {
  checkSurveyDraft,
  type IdSource,
  openingProblems,
  READINESS_MESSAGES,
  renumberQuestions,
  validateCompleteSurvey,
} from '../../../domain/surveys/model';
import type { Timer } from '../../session';
import {
  type EditorIssues,
  issuesFromFields,
  mergeIssues,
  NO_ISSUES,
  QUESTION_ISSUE,
} from './surveyEditorIssues';
import { type LogicView, logicOpeningProblems, logicView, NO_LOGIC_VIEW } from './surveyEditorLogic';
import {
  NO_TRANSLATIONS_VIEW,
  type TranslationImport,
  type TranslationsView,
  translationOpeningProblems,
  translationsView,
} from './surveyEditorTranslations';

/** Autosave waits this long after the last change, so typing a sentence costs one save. */
export const AUTOSAVE_DELAY_MS = 800;
/** A save that failed for want of a server is tried again after this long … */
export const AUTOSAVE_RETRY_MS = 5000;
/** … this many times in a row; then the next change or 'Opnieuw proberen' tries again. */
export const AUTOSAVE_RETRIES = 5;

export interface SurveyEditorDeps {
  readonly gateway: SurveysGateway;
  readonly templates: SurveyTemplatesGateway;
  readonly timer: Timer;
  readonly ids: IdSource;
}

/** The Dutch texts of the editor's save status. */
export const EDITOR_MESSAGES = {
  saved: 'Opgeslagen',
  saving: 'Opslaan…',
  notSaved: (reason: string) => `Niet opgeslagen: ${reason}`,
  invalid: 'controleer de gemarkeerde velden.',
  stale: 'Deze survey is intussen ergens anders gewijzigd.',
  publishInvalid: 'Controleer eerst de gemarkeerde velden, zodat alle wijzigingen zijn opgeslagen.',
  publishStale: 'Deze survey is intussen ergens anders gewijzigd. Laad eerst de nieuwste versie.',
  notLoaded: 'De survey is nog niet geladen.',
} as const;

/** Where the draft stands with the server. */
export type SaveState =
  | { readonly kind: 'saved' }
  /** Changed; the save waits for a pause. */
  | { readonly kind: 'pending' }
  | { readonly kind: 'saving' }
  /**
   * Not saved: fields need attention (see `issues`). A draft gets here only for what can never be
   * stored (a text too long); an open survey also for a field left empty.
   */
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
  /**
   * What the draft still lacks before it can open (`openingProblems`), kept up to date as it
   * changes: a marker on each incomplete question, and the list when opening is refused.
   */
  readonly problems: readonly OpeningProblem[];
  /** Opening was refused for `problems`: the editor lists them (until the next status change or load). */
  readonly problemsListed: boolean;
  /**
   * The draft's logic as the editor shows it (issue 26): each rule's sentence and its problems, by
   * question, kept up to date as the draft changes. Its problems also keep the survey from opening.
   */
  readonly logic: LogicView;
  /**
   * The draft's languages as the editor shows them (issue 26): the Dutch texts and each extra
   * language's status, kept up to date as the draft changes. An incomplete one keeps the survey from opening.
   */
  readonly translations: TranslationsView;
  /** A translation file tried (dry run) and waiting for 'Toepassen' or 'Annuleren'; null when none. */
  readonly translationImport: TranslationImport | null;
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

export const INITIAL_EDITOR_STATE: SurveyEditorState = {
  status: 'loading',
  loadError: null,
  survey: null,
  draft: null,
  save: { kind: 'saved' },
  issues: NO_ISSUES,
  problems: [],
  problemsListed: false,
  logic: NO_LOGIC_VIEW,
  translations: NO_TRANSLATIONS_VIEW,
  translationImport: null,
};

/** The editable content of a survey. */
export const surveyContent = (survey: Survey): SurveyInput => ({
  title: survey.title,
  description_html: survey.description_html,
  introduction_html: survey.introduction_html,
  thank_you_text: survey.thank_you_text,
  close_at: survey.close_at,
  questions: renumberQuestions(survey.questions),
  logic: survey.logic ?? NO_LOGIC,
  languages: survey.languages ?? [],
  translations: survey.translations ?? {},
  max_responses: survey.max_responses ?? null,
  quotas: survey.quotas ?? [],
});

/** Every problem of the draft, gaps included (as an open survey must have none), by question id. */
export function localIssues(draft: SurveyInput): EditorIssues {
  const checked = validateCompleteSurvey(draft);
  return checked.ok ? NO_ISSUES : issuesFromFields(checked.fields, draft.questions);
}

/**
 * What keeps the draft from being saved: for a draft only what can never be stored (a text too
 * long), since a draft is saved whatever it still lacks (docs/decisions/surveys.md, 'Drafts are always
 * saved'); for an open or closed survey every problem, as the server refuses them all.
 */
export function blockingIssues(draft: SurveyInput, status: SurveyStatus | undefined): EditorIssues {
  if (status !== undefined && status !== 'draft') return localIssues(draft);
  const checked = checkSurveyDraft(draft);
  return checked.ok ? NO_ISSUES : issuesFromFields(checked.fields, draft.questions);
}

/** Messages of the draft's own problems only (the server's refusals dropped). */
export function withoutRefusals(issues: EditorIssues): EditorIssues {
  const questions: Record<string, Readonly<Record<string, string>>> = {};
  for (const [questionId, fields] of Object.entries(issues.questions)) {
    const { [QUESTION_ISSUE]: _refusal, ...rest } = fields;
    if (Object.keys(rest).length > 0) questions[questionId] = rest;
  }
  return { survey: issues.survey, questions };
}

/** What a failed save means for the editor: the save state to show, the issues it brings, whether to try again. */
export interface FailedSave {
  readonly save: SaveState;
  /** Issues beside the questions, when the server named fields; undefined keeps the ones shown. */
  readonly issues?: EditorIssues;
  /** No server, rate limit or server trouble: worth trying again by itself. */
  readonly transient: boolean;
}

/**
 * A refused edit (409 with fields: it would break answers), a stale version (409: someone else
 * saved first), invalid fields (400 with fields), or any other failure.
 */
export function failedSave(
  result: Extract<ApiResult<unknown>, { ok: false }>,
  questions: readonly Question[],
): FailedSave {
  const fields = result.fields ?? {};
  const named = hasErrors(fields);
  if (result.status === 409 && (result.detail === LOGIC_MESSAGES.locked || 'logic' in fields))
    return { save: { kind: 'refused', message: result.detail }, transient: false };
  if (result.status === 409 && named)
    return {
      save: { kind: 'refused', message: result.detail },
      issues: issuesFromFields(fields, questions),
      transient: false,
    };
  if (result.status === 409) return { save: { kind: 'stale' }, transient: false };
  if (result.status === 400 && named)
    return { save: { kind: 'invalid' }, issues: issuesFromFields(fields, questions), transient: false };
  const transient = result.status === 0 || result.status === 429 || result.status >= 500;
  return { save: { kind: 'failed', message: result.detail }, transient };
}

/**
 * What `changeStatus` answers: as a form, and when opening waits for the content, the list of what
 * to fill in first (the message is then the list's heading).
 */
export type StatusChangeResult =
  | { readonly ok: true; readonly value: Survey }
  | {
      readonly ok: false;
      readonly message: string | null;
      readonly fields: FieldErrors;
      readonly status?: number;
      readonly problems?: readonly OpeningProblem[];
    };

/** Why a survey cannot be opened for answers with the save where it stands, or null when it can. */
export function publishRefusal(save: SaveState): string | null {
  if (save.kind === 'saved') return null;
  if (save.kind === 'stale') return EDITOR_MESSAGES.publishStale;
  if (save.kind === 'refused' || save.kind === 'failed') return save.message;
  return EDITOR_MESSAGES.publishInvalid;
}

/**
 * Whether opening waits, before the server is asked: null to ask it; otherwise the answer and the
 * state to show. It waits for the save to succeed, then for the draft to lack nothing: the list
 * (`state.problems`, by `openingProblems`, the rule the server applies too) is then shown with
 * every field it names marked.
 */
export function openingWaits(
  save: SaveState,
  state: SurveyEditorState,
): { readonly result: StatusChangeResult; readonly state: SurveyEditorState } | null {
  const refusal = publishRefusal(save);
  if (refusal !== null) return { result: { ok: false, message: refusal, fields: {} }, state };
  const problems = openingList(state);
  if (state.draft === null || problems.length === 0) return null;
  return {
    result: { ok: false, message: READINESS_MESSAGES.heading, fields: {}, problems },
    state: { ...state, issues: mergeIssues(state.issues, localIssues(state.draft)), problemsListed: true },
  };
}

/**
 * What to fix before the survey can open, as the editor lists it when opening is refused: what the
 * content lacks (`problems`), then every problem of its logic (R-SURV-15), then every incomplete
 * language (docs/decisions/surveys.md, 'The editor's languages'; the server refuses all three).
 */
export function openingList(state: SurveyEditorState): readonly OpeningProblem[] {
  if (state.draft === null) return state.problems;
  const logic = state.logic.problems.length === 0 ? [] : logicOpeningProblems(state.logic, state.draft);
  const languages = translationOpeningProblems(state.translations);
  if (logic.length === 0 && languages.length === 0) return state.problems;
  return [...state.problems, ...logic, ...languages];
}

/**
 * `next` with what its draft lacks, its logic and its languages: checked again only when the draft
 * changed since `before`.
 */
export function withProblems(before: SurveyEditorState, next: SurveyEditorState): SurveyEditorState {
  if (next.draft === before.draft)
    return before.problems === next.problems &&
      before.logic === next.logic &&
      before.translations === next.translations
      ? next
      : { ...next, problems: before.problems, logic: before.logic, translations: before.translations };
  if (next.draft === null)
    return { ...next, problems: [], logic: NO_LOGIC_VIEW, translations: NO_TRANSLATIONS_VIEW };
  return {
    ...next,
    problems: openingProblems(next.draft),
    logic: logicView(next.draft),
    translations: translationsView(next.draft),
  };
}

/** The marks after the server refused a status change: the questions it names (`questions.<id>`) too. */
export function withRefusedFields(
  state: SurveyEditorState,
  fields: Readonly<Record<string, string>> | undefined,
): EditorIssues {
  if (state.draft === null || fields === undefined) return state.issues;
  return mergeIssues(issuesFromFields(fields, state.draft.questions), state.issues);
}

/** The survey with the status fields of a status change (a save may have moved its content on meanwhile). */
export const withStatusOf = (survey: Survey, changed: Survey): Survey => ({
  ...survey,
  status: changed.status,
  published_at: changed.published_at,
  closed_at: changed.closed_at,
  updated_at: changed.updated_at,
  response_count: changed.response_count ?? survey.response_count ?? 0,
});

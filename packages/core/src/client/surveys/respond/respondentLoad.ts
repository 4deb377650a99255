import type { ApiResult } from '../../../domain/api';
import type { AnswerValue, Question, RespondentView } from '../../../domain/contract';
import type { LogicPath } from '../../../domain/surveys/logic';
import type { AnswerLedger } from './answerLedger';
import type { QuestionTimer } from './questionTimer';
import { isTransient, startIndex } from './respondentNavigation';
import { landOnPath } from './respondentPath';
import { RESPONDENT_SESSION_MESSAGES, type RespondentState } from './respondentState';
import type { AnswerDraft, RespondentBrowser, RespondentSessionDeps } from './respondPorts';
import type { ResponseLink } from './responseLink';
import type { SurveyPath } from './surveyPath';

/**
 * Loads an opened link's view and sends to its token from now on: a public link this browser
 * answered before continues that response, unless it is gone (the address then shows its token).
 * Null when the page went away meanwhile.
 */
export async function openLink(
  deps: Pick<RespondentSessionDeps, 'gateway' | 'location'>,
  link: ResponseLink,
  token: string,
  gone: () => boolean,
  language?: string,
): Promise<ApiResult<RespondentView> | null> {
  const remembered = link.remembered(token);
  let current = token;
  let answer: ApiResult<RespondentView> | null = null;
  if (remembered?.response_token) {
    const resumed = await deps.gateway.view(remembered.response_token, language);
    if (resumed.ok || resumed.status !== 404) [answer, current] = [resumed, remembered.response_token];
  }
  answer ??= await deps.gateway.view(token, language);
  if (gone()) return null;
  if (!answer.ok) return answer;
  link.open(current, current === token && answer.value.link_kind === 'public' && remembered);
  if (current !== token) deps.location.showToken(current);
  return answer;
}

/** The page that could not be loaded: why, and whether trying again may help. */
export function unavailable(status: number, detail: string): Partial<RespondentState> {
  const canRetry = isTransient(status);
  return {
    phase: 'unavailable',
    message: canRetry && status === 0 ? RESPONDENT_SESSION_MESSAGES.loadFailed : detail,
    canRetry,
  };
}

/** Where a loaded response continues: its questions, answers and question on screen. */
export interface RestoredProgress {
  readonly questions: readonly Question[];
  readonly answers: Readonly<Record<string, AnswerValue>>;
  /** Where these answers lead. */
  readonly path: LogicPath;
  /** Always a question on the path (R-RESP-8). */
  readonly index: number;
  /** Answers were saved before or wait in the draft. */
  readonly resumed: boolean;
  /** How many answers came from the draft (not yet saved: they go to the server now). */
  readonly draftAnswers: number;
}

/**
 * The answers the server saved, overlaid by the draft this tab kept; records what the server holds
 * in `ledger` and the seconds counted so far in `timing`. Answers to questions the survey no
 * longer has are dropped. The page continues on a question of the path they lead to (`path`).
 */
export function restoreProgress(
  survey: RespondentView['survey'],
  draft: AnswerDraft | null,
  into: { readonly ledger: AnswerLedger; readonly timing: QuestionTimer; readonly path: SurveyPath },
): RestoredProgress {
  const questions = [...survey.questions].sort((a, b) => a.position - b.position);
  const known = new Map(questions.map((question) => [question.id, question]));
  const answers: Record<string, AnswerValue> = {};
  for (const saved of survey.saved_answers) {
    const question = known.get(saved.question_id);
    if (!question) continue;
    answers[saved.question_id] = saved.value;
    into.ledger.saved(question, saved.value);
    if (typeof saved.seconds_spent === 'number' && saved.seconds_spent >= 0)
      into.timing.restore(saved.question_id, saved.seconds_spent);
  }
  let draftAnswers = 0;
  for (const [id, value] of Object.entries(draft?.answers ?? {})) {
    if (!known.has(id)) continue;
    answers[id] = value;
    draftAnswers++;
  }
  for (const [id, seconds] of Object.entries(draft?.seconds ?? {})) {
    if (known.has(id)) into.timing.restoreDraft(id, seconds);
  }
  const resumed = survey.saved_answers.length > 0 || draftAnswers > 0;
  const path = into.path.of(answers);
  const index = landOnPath(questions, path, startIndex(questions, answers, draft, path));
  return { questions, answers, path, index, resumed, draftAnswers };
}

/**
 * The survey again in the chosen language (R-RESP-10), loaded into `path`: the same questions by
 * id, so the answers and the question on screen stay.
 */
export function relabelled(
  now: RespondentState,
  survey: RespondentView['survey'],
  path: SurveyPath,
  browser: RespondentBrowser,
  language: string,
): Partial<RespondentState> {
  path.load(survey, browser, language);
  const onScreen = now.questions[now.index]?.id;
  const questions = [...survey.questions].sort((a, b) => a.position - b.position);
  const known = new Set(questions.map((question) => question.id));
  const answers = Object.fromEntries(Object.entries(now.answers).filter(([id]) => known.has(id)));
  const leadsTo = path.of(answers);
  const at = questions.findIndex((question) => question.id === onScreen);
  const index = landOnPath(questions, leadsTo, Math.max(0, at));
  return { survey, questions, answers, path: leadsTo, index, language: path.language };
}

/** Whether the page can switch to `language`: one of the survey's others, while answering. */
export const canSwitchTo = (
  { phase, submitting, language: now, survey }: RespondentState,
  language: string,
) =>
  (phase === 'intro' || phase === 'question') &&
  !submitting &&
  language !== now &&
  (survey?.languages ?? []).includes(language);

/**
 * The page for a loaded view (`path` has loaded its survey): the thank-you page of a response
 * submitted before, else the introduction or the question where its answers continue; and how many
 * answers came from the draft.
 */
export function loadedState(
  view: RespondentView,
  draft: AnswerDraft | null,
  into: { readonly ledger: AnswerLedger; readonly timing: QuestionTimer; readonly path: SurveyPath },
): { readonly patch: Partial<RespondentState>; readonly draftAnswers: number } {
  const { survey, branding } = view;
  const language = into.path.language;
  const base = { survey, branding, linkKind: view.link_kind, anonymous: view.anonymous, language };
  if (view.status === 'completed') {
    return { patch: { ...base, phase: 'completed', alreadySubmitted: true }, draftAnswers: 0 };
  }
  // A survey at its cap takes no new respondents: its 'vol' screen (R-RESP-13).
  if (view.status === 'full') return { patch: { ...base, phase: 'completed', full: 'cap' }, draftAnswers: 0 };
  const { questions, answers, path, index, resumed, draftAnswers } = restoreProgress(survey, draft, into);
  const phase = resumed && path.visible.length > 0 ? 'question' : 'intro';
  return { patch: { ...base, phase, questions, answers, path, index, resumed }, draftAnswers };
}

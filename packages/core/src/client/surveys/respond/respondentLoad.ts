import type { ApiResult } from '../../../domain/api';
import type { AnswerValue, Question, RespondentView } from '../../../domain/contract';
import type { LogicPath } from '../../../domain/surveys/logic';
import type { AnswerLedger } from './answerLedger';
import type { QuestionTimer } from './questionTimer';
import { isTransient, startIndex } from './respondentNavigation';
import { landOnPath } from './respondentPath';
import { RESPONDENT_SESSION_MESSAGES, type RespondentState } from './respondentState';
import type { AnswerDraft, RespondentSessionDeps } from './respondPorts';
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
): Promise<ApiResult<RespondentView> | null> {
  const remembered = link.remembered(token);
  let current = token;
  let answer: ApiResult<RespondentView> | null = null;
  if (remembered?.response_token) {
    const resumed = await deps.gateway.view(remembered.response_token);
    if (resumed.ok || resumed.status !== 404) [answer, current] = [resumed, remembered.response_token];
  }
  answer ??= await deps.gateway.view(token);
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

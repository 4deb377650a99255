import type { AnswerValue, Question, RespondentView } from '../../../domain/contract';
import type { AnswerLedger } from './answerLedger';
import type { QuestionTimer } from './questionTimer';
import { isTransient, startIndex } from './respondentNavigation';
import { RESPONDENT_SESSION_MESSAGES, type RespondentState } from './respondentState';
import type { AnswerDraft } from './respondPorts';

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
  readonly index: number;
  /** Answers were saved before or wait in the draft. */
  readonly resumed: boolean;
  /** How many answers came from the draft (not yet saved: they go to the server now). */
  readonly draftAnswers: number;
}

/**
 * The answers the server saved, overlaid by the draft this tab kept; records what the server holds
 * in `ledger` and the seconds counted so far in `timing`. Answers to questions the survey no
 * longer has are dropped.
 */
export function restoreProgress(
  survey: RespondentView['survey'],
  draft: AnswerDraft | null,
  into: { readonly ledger: AnswerLedger; readonly timing: QuestionTimer },
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
  return { questions, answers, index: startIndex(questions, answers, draft), resumed, draftAnswers };
}

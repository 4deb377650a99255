import type { AnswerInput, AnswerValue, Question, RespondRequest } from '../../../domain/contract';
import { validateAnswer } from '../../../domain/surveys/model';

/** The questions of a survey and the answers given so far, per question id. */
export interface AnswersOnPage {
  readonly questions: readonly Question[];
  readonly answers: Readonly<Record<string, AnswerValue>>;
}

/**
 * What the server holds of a response: per question id the answer it saved, as JSON, to know what
 * still needs saving.
 */
export class AnswerLedger {
  readonly #saved = new Map<string, string>();

  /** Records an answer the server holds. */
  saved(question: Question, value: AnswerValue): void {
    this.#saved.set(question.id, answerKey(question, value));
  }

  /** Records the answers a save sent (already normalised). */
  markSaved(entries: readonly AnswerInput[]): void {
    for (const entry of entries) this.#saved.set(entry.question_id, JSON.stringify(entry.value));
  }

  /** The answers the server does not hold as they are now, per question id. */
  unsaved({ questions, answers }: AnswersOnPage): Record<string, AnswerValue> {
    const unsaved: Record<string, AnswerValue> = {};
    for (const question of questions) {
      const value = answers[question.id];
      if (value !== undefined && this.#saved.get(question.id) !== answerKey(question, value))
        unsaved[question.id] = value;
    }
    return unsaved;
  }
}

/** The normalised answer as JSON, or the raw one while it is not valid. */
function answerKey(question: Question, value: AnswerValue): string {
  const check = validateAnswer(question, value);
  return JSON.stringify(check.ok ? check.value : value);
}

/** Every answer that passes its checks, in survey order, with the seconds counted so far. */
export function respondBody(
  { questions, answers }: AnswersOnPage,
  secondsOf: (questionId: string) => number | undefined,
  final: boolean,
): RespondRequest {
  const entries: AnswerInput[] = [];
  for (const question of questions) {
    const value = answers[question.id];
    if (value === undefined) continue;
    const check = validateAnswer(question, value);
    if (!check.ok) continue;
    const seconds = secondsOf(question.id);
    entries.push(
      seconds === undefined
        ? { question_id: question.id, value: check.value }
        : { question_id: question.id, value: check.value, seconds_spent: Math.round(seconds) },
    );
  }
  return { answers: entries, final };
}

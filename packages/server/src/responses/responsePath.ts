import type { AnswerValue } from '@loop/core';
import { type CompiledLogic, type LogicContext, submissionProblems } from '@loop/core/surveys/logic';
import { ANSWER_MESSAGES, type AnswerItem, answerFromItems } from '@loop/core/surveys/model';
import type { AnswerPlan, AnswerRefusal } from './answerPlan';
import type { SurveyContent } from './surveyQuestionsCache';

/**
 * The path of one save or submission of a survey with rules (R-RESP-6), decided with core's one
 * evaluator over the answers saved before plus those sent (sent ones replace saved ones) and the
 * response's hidden fields and language. The saved answers are read only when the path needs them:
 * when a condition reads a question the request does not answer, or when a submission leaves a
 * required question on its path open in what it sent; never for a response not written before.
 */
export type PathDecision =
  | {
      readonly ok: true;
      /** Whether a question is on the path: answers to the others are not written. */
      readonly isVisible: (questionId: string) => boolean;
      /** A submission's questions off the path (their saved answers are deleted); else undefined. */
      readonly unseenQuestionIds: readonly string[] | undefined;
      /** A submission's end screen; null without one. */
      readonly endScreenId: string | null;
    }
  | { readonly ok: false; readonly refusal: AnswerRefusal };

/** A question the request answered with nothing: it reads as unanswered and hides a saved answer. */
const NO_ANSWER = {} as AnswerValue;

export async function decidePath(
  content: SurveyContent,
  compiled: CompiledLogic,
  plan: AnswerPlan,
  final: boolean,
  context: LogicContext,
  /** The response's saved items; null when it has none (its first write). */
  savedItems: (() => Promise<ReadonlyMap<string, readonly AnswerItem[]>>) | null,
): Promise<PathDecision> {
  const sent = new Map<string, AnswerValue>();
  for (const id of plan.questionIds) sent.set(id, NO_ANSWER);
  for (const answer of plan.answers) sent.set(answer.question_id, answer.value);
  let answers: ReadonlyMap<string, AnswerValue> = sent;
  let merged = savedItems === null;
  const withSaved = async () => {
    if (merged || savedItems === null) return;
    merged = true;
    const items = await savedItems();
    const all = new Map<string, AnswerValue>();
    for (const question of content.questions) {
      if (sent.has(question.id)) continue;
      const value = answerFromItems(question, items.get(question.id) ?? []);
      if (value !== null) all.set(question.id, value);
    }
    for (const [id, value] of sent) all.set(id, value);
    answers = all;
  };
  for (const id of content.conditionQuestions)
    if (!sent.has(id)) {
      await withSaved();
      break;
    }
  let path = compiled.evaluate(answers, context);
  if (final) {
    let problems = submissionProblems(compiled, path, answers, sent);
    if (!merged && problems.some((problem) => problem.code === 'required' || problem.code === 'incomplete')) {
      // They may have been answered in an earlier save: look again over those.
      await withSaved();
      path = compiled.evaluate(answers, context);
      problems = submissionProblems(compiled, path, answers, sent);
    }
    if (problems.length > 0) {
      const fields: Record<string, string> = {};
      for (const problem of problems) fields[`answers.${problem.question_id}`] ??= problem.message;
      const detail =
        problems.length === 1 ? (problems[0]?.message ?? '') : ANSWER_MESSAGES.summary(problems.length);
      return { ok: false, refusal: { detail, fields } };
    }
  }
  const decided = path;
  return {
    ok: true,
    isVisible: (questionId) => decided.isVisible(questionId),
    unseenQuestionIds: final
      ? compiled.questions
          .filter((question) => !decided.isVisible(question.id))
          .map((question) => question.id)
      : undefined,
    endScreenId: final ? (decided.end_screen?.id ?? null) : null,
  };
}

import type { FieldErrors } from '../../../domain/auth';
import type { Question } from '../../../domain/contract';

/**
 * The editor's messages beside its fields. Field errors arrive keyed by the question's index in the
 * saved list (`questions.2.title`, from `checkSurveyDraft`, `validateCompleteSurvey` or a 400) or, for an edit the server
 * refused on a survey with answers (409), by the question's id (`questions.<id>`). The editor keys
 * everything by question id, so the messages stay beside their question when questions move.
 */
export interface EditorIssues {
  /** Survey fields: `title`, `description_html`, `introduction_html`, `thank_you_text`, `close_at`, `questions`. */
  readonly survey: FieldErrors;
  /**
   * Per question id: its fields (`title`, `description`, `settings.options.1`, …) and, under
   * `question`, a message about the question as a whole (a refused edit).
   */
  readonly questions: Readonly<Record<string, FieldErrors>>;
}

/** The key of a message about a question as a whole. */
export const QUESTION_ISSUE = 'question';

export const NO_ISSUES: EditorIssues = { survey: {}, questions: {} };

const INDEX = /^(0|[1-9]\d*)$/;

/** Sorts field errors under their question id; `questions` is the list the errors were made for. */
export function issuesFromFields(fields: FieldErrors, questions: readonly Question[]): EditorIssues {
  const survey: Record<string, string> = {};
  const byQuestion: Record<string, Record<string, string>> = {};
  const add = (questionId: string, key: string, message: string) => {
    const fieldsOf = byQuestion[questionId] ?? {};
    fieldsOf[key] ??= message;
    byQuestion[questionId] = fieldsOf;
  };
  for (const [key, message] of Object.entries(fields)) {
    const [head, second, ...rest] = key.split('.');
    if (head === 'questions' && second !== undefined) {
      // 400: `questions.<index>.<field>`; 409: `questions.<id>` (no field after the id).
      const byIndex = rest.length > 0 && INDEX.test(second) ? questions[Number(second)] : undefined;
      if (byIndex) {
        add(byIndex.id, rest.join('.'), message);
        continue;
      }
      if (rest.length === 0 && questions.some((question) => question.id === second)) {
        add(second, QUESTION_ISSUE, message);
        continue;
      }
    }
    survey[key] ??= message;
  }
  return { survey, questions: byQuestion };
}

/** How many messages there are. */
export function issueCount(issues: EditorIssues): number {
  let count = Object.keys(issues.survey).length;
  for (const fields of Object.values(issues.questions)) count += Object.keys(fields).length;
  return count;
}

/**
 * The messages still shown after an edit: those that `current` (the draft checked again) still
 * has, with its wording, plus the server's refusals, which only the next save can lift. New
 * problems are not added here: they appear when the editor pauses, not while someone types.
 */
export function keepStillInvalid(shown: EditorIssues, current: EditorIssues): EditorIssues {
  const survey: Record<string, string> = {};
  for (const key of Object.keys(shown.survey)) {
    const message = current.survey[key];
    if (message !== undefined) survey[key] = message;
  }
  const questions: Record<string, Record<string, string>> = {};
  for (const [questionId, fields] of Object.entries(shown.questions)) {
    const now = current.questions[questionId] ?? {};
    const kept: Record<string, string> = {};
    for (const [key, message] of Object.entries(fields)) {
      const still = key === QUESTION_ISSUE ? message : now[key];
      if (still !== undefined) kept[key] = still;
    }
    if (Object.keys(kept).length > 0) questions[questionId] = kept;
  }
  return { survey, questions };
}

/** The refusals of the server among the messages (kept when the draft is checked again locally). */
export function refusalsOf(issues: EditorIssues): EditorIssues {
  const questions: Record<string, FieldErrors> = {};
  for (const [questionId, fields] of Object.entries(issues.questions)) {
    const message = fields[QUESTION_ISSUE];
    if (message !== undefined) questions[questionId] = { [QUESTION_ISSUE]: message };
  }
  return { survey: {}, questions };
}

/** Both sets of messages; `first` wins where both have one for the same field. */
export function mergeIssues(first: EditorIssues, second: EditorIssues): EditorIssues {
  const questions: Record<string, FieldErrors> = { ...second.questions };
  for (const [questionId, fields] of Object.entries(first.questions))
    questions[questionId] = { ...(second.questions[questionId] ?? {}), ...fields };
  return { survey: { ...second.survey, ...first.survey }, questions };
}

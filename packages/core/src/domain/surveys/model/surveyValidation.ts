import type { FieldErrors } from '../../auth';
import type { Question, SurveyInput } from '../../contract';
import { singleLine } from '../../shared';
import { checkSettings, Errors, isRecord, optionalText, requiredText } from './fieldChecks';
import { renumberQuestions } from './questionEdits';
import {
  type CheckedInput,
  type ContentGap,
  ID_PATTERN,
  QUESTION_DESCRIPTION_MAX_LENGTH,
  QUESTION_TITLE_MAX_LENGTH,
  QUESTION_TYPES,
  QUESTIONS_MAX,
  SURVEY_HTML_MAX_LENGTH,
  SURVEY_MESSAGES,
  SURVEY_TITLE_MAX_LENGTH,
  THANK_YOU_TEXT_MAX_LENGTH,
} from './surveyLimits';

const M = SURVEY_MESSAGES;

/**
 * Editor rules for surveys and questions, shared by the editor (messages beside the fields) and
 * the server (400 with the same `fields`). Input is untrusted JSON: every check takes `unknown`,
 * returns the normalised value (texts trimmed, unknown fields dropped) or the field errors, and
 * never throws. Field keys: `title`, `settings.labels`, `settings.options.2`, and for a survey
 * `questions.0.title`. The HTML fields are only length-checked here; the server sanitises them
 * with `SURVEY_HTML_POLICY` before storing.
 *
 * Two levels (docs/decisions/surveys.md, 'Drafts are always saved'): `checkSurveyDraft` refuses only
 * what is unusable (types, lengths, ids, hostile input) and lists the gaps (texts still empty, too
 * few choices) a draft may be stored with; `validateCompleteSurvey` and `validateQuestion` refuse
 * the gaps too, for open surveys and templates.
 */

/** The checks of one question; errors and gaps go into `errors`, the question is null when unusable. */
function checkQuestion(input: unknown, errors: Errors): Question | null {
  if (!isRecord(input)) {
    errors.add('question', M.questionUnreadable);
    return null;
  }
  const id = typeof input.id === 'string' ? input.id : '';
  if (!ID_PATTERN.test(id)) errors.add('id', M.questionIdInvalid);
  const type = QUESTION_TYPES.find((known) => known === input.type);
  if (!type) errors.add('type', M.typeInvalid);
  const title = requiredText(
    errors,
    'title',
    input.title,
    QUESTION_TITLE_MAX_LENGTH,
    M.questionTitleMissing,
    M.questionTitleTooLong,
    'question_title_missing',
  );
  const description = optionalText(
    errors,
    'description',
    input.description,
    QUESTION_DESCRIPTION_MAX_LENGTH,
    M.questionDescriptionTooLong,
  );
  if (typeof input.required !== 'boolean') errors.add('required', M.requiredInvalid);
  const position = input.position;
  if (typeof position !== 'number' || !Number.isInteger(position) || position < 0)
    errors.add('position', M.positionInvalid);
  let settings: unknown;
  if (!isRecord(input.settings)) errors.add('settings', M.settingsMissing);
  else if (type) settings = checkSettings(errors, type, input.settings);
  if (!errors.empty) return null;
  return {
    id,
    type,
    title,
    ...(description === '' ? {} : { description }),
    // A text block takes no answer, so it is never required (R-SURV-23).
    required: type === 'text_block' ? false : input.required,
    position,
    settings,
  } as Question;
}

/** Checks one complete question from the editor: id, type, title, settings of its type, nothing left empty. */
export function validateQuestion(input: unknown): CheckedInput<Question> {
  const errors = new Errors();
  const question = checkQuestion(input, errors);
  if (question === null || errors.gapMap.size > 0) return { ok: false, fields: errors.allFields() };
  return { ok: true, value: question };
}

function checkCloseAt(errors: Errors, value: unknown): string | null {
  if (value === undefined || value === null || value === '') return null;
  const time = typeof value === 'string' ? Date.parse(value) : Number.NaN;
  if (Number.isNaN(time)) {
    errors.add('close_at', M.closeAtInvalid);
    return null;
  }
  return new Date(time).toISOString();
}

/** A draft as it may be stored, with what it still lacks before it can open (empty: nothing). */
export type CheckedDraft =
  | { readonly ok: true; readonly value: SurveyInput; readonly gaps: readonly ContentGap[] }
  | { readonly ok: false; readonly fields: FieldErrors };

function checkSurvey(input: unknown): { errors: Errors; value: SurveyInput } {
  const errors = new Errors();
  const raw = isRecord(input) ? input : {};
  const title = requiredText(
    errors,
    'title',
    // A survey's title is one line (R-TEXT-2): it heads mails and pages.
    typeof raw.title === 'string' ? singleLine(raw.title) : raw.title,
    SURVEY_TITLE_MAX_LENGTH,
    M.surveyTitleMissing,
    M.surveyTitleTooLong,
    'survey_title_missing',
  );
  const html = (key: 'description_html' | 'introduction_html', tooLong: string) =>
    optionalText(errors, key, raw[key], SURVEY_HTML_MAX_LENGTH, tooLong);
  const descriptionHtml = html('description_html', M.descriptionTooLong);
  const introductionHtml = html('introduction_html', M.introductionTooLong);
  const thankYou = optionalText(
    errors,
    'thank_you_text',
    raw.thank_you_text,
    THANK_YOU_TEXT_MAX_LENGTH,
    M.thankYouTooLong,
  );
  const closeAt = checkCloseAt(errors, raw.close_at);

  const questions: Question[] = [];
  const rawQuestions = raw.questions ?? [];
  if (!Array.isArray(rawQuestions)) errors.add('questions', M.questionsUnreadable);
  else if (rawQuestions.length > QUESTIONS_MAX) errors.add('questions', M.tooManyQuestions);
  else {
    const ids = new Set<string>();
    (rawQuestions as readonly unknown[]).forEach((rawQuestion, index) => {
      const own = new Errors();
      const question = checkQuestion(rawQuestion, own);
      errors.absorb(`questions.${index}.`, own);
      if (question === null) return;
      if (ids.has(question.id)) errors.add(`questions.${index}.id`, M.questionIdDuplicate);
      ids.add(question.id);
      questions.push(question);
    });
  }
  return {
    errors,
    value: {
      title,
      description_html: descriptionHtml,
      introduction_html: introductionHtml,
      thank_you_text: thankYou,
      close_at: closeAt,
      questions: renumberQuestions(questions),
    },
  };
}

/**
 * Checks a survey as the editor saves a draft: refuses what is unusable, and lists the gaps it may
 * be stored with. Question fields come under `questions.<index>.<field>`, by the index in the input.
 * The questions come back sorted by `position` (ties in list order) and renumbered 0, 1, 2, …;
 * `close_at` comes back as an ISO 8601 UTC timestamp. Whether the close date lies in the future is
 * decided when the survey opens (`decideStatusChange`), not here.
 */
export function checkSurveyDraft(input: unknown): CheckedDraft {
  const { errors, value } = checkSurvey(input);
  if (!errors.empty) return { ok: false, fields: errors.fields() };
  return { ok: true, value, gaps: errors.gaps() };
}

/** `checkSurveyDraft` for a survey that must be complete (open, closed, a template): gaps are errors too. */
export function validateCompleteSurvey(input: unknown): CheckedInput<SurveyInput> {
  const { errors, value } = checkSurvey(input);
  if (!errors.empty || errors.gapMap.size > 0) return { ok: false, fields: errors.allFields() };
  return { ok: true, value };
}

import { randomUUID } from 'node:crypto';
import {
  NO_LOGIC,
  type Question,
  type Quota,
  type SurveyInput,
  type SurveyLogic,
  type SurveyStatus,
  type SurveyTranslations,
} from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import {
  checkCapsInput,
  checkLogicInput,
  logicOpeningProblems,
  quotaProblems,
  remapLogicQuestions,
  remapQuotaQuestions,
} from '@loop/core/surveys/logic';
import {
  checkSurveyDraft,
  renumberQuestions,
  SURVEY_TITLE_MAX_LENGTH,
  validateCompleteSurvey,
} from '@loop/core/surveys/model';
import type { SurveyRow } from '../db/schema';
import { invalidInput } from '../http/apiError';
import { checkedLanguages, remapTranslations } from './surveyTranslations';

// What an editor's or a template's body becomes before it is stored: checked with core's rules, and
// copied under fresh ids.

const COPY_SUFFIX = ' (kopie)';

/**
 * The body limit of the editor's saves and of templates: a survey's questions with its logic (up to
 * LOGIC_RULES_MAX rules with LOGIC_CONDITIONS_MAX conditions) do not fit the API's usual JSON limit.
 */
export const SURVEY_BODY_LIMIT = 1024 * 1024;

/**
 * Checks an editor body with core's rules for a survey in `status`: the normalised input, or a 400
 * naming the fields. A draft is stored with whatever it still lacks (empty texts, too few choices:
 * docs/decisions/surveys.md, 'Drafts are always saved'), never with what is unusable (a wrong type, a
 * text too long, a broken id); an open or closed survey must be complete, as respondents see it.
 */
export function checkedSurveyInput(
  body: unknown,
  status: SurveyStatus,
  stored: Pick<SurveyRow, 'logic' | 'languages' | 'translations' | 'quotas'> | null = null,
): SurveyInput {
  const checked = status === 'draft' ? checkSurveyDraft(body) : validateCompleteSurvey(body);
  const sent = (typeof body === 'object' && body !== null ? body : {}) as {
    readonly logic?: unknown;
    readonly languages?: unknown;
    readonly translations?: unknown;
  };
  const raw = sent.logic;
  const logic = raw === undefined ? null : checkLogicInput(raw);
  const caps = checkCapsInput(typeof body === 'object' && body !== null ? body : {});
  if (!checked.ok || (logic !== null && !logic.ok) || !caps.ok) {
    const fields: Record<string, string> = checked.ok ? {} : { ...checked.fields };
    if (logic !== null && !logic.ok)
      for (const [key, message] of Object.entries(logic.fields))
        fields[key === 'logic' ? key : `logic.${key}`] = message;
    if (!caps.ok) Object.assign(fields, caps.fields);
    throw invalidInput(fields as FieldErrors);
  }
  const value = logic === null ? checked.value : { ...checked.value, logic: logic.value };
  const input = { ...value, ...caps.value };
  // The translations follow the texts the survey will have (R-SURV-18); left out, the stored ones stay.
  const languages = checkedLanguages(
    {
      ...input,
      logic: input.logic ?? stored?.logic ?? NO_LOGIC,
      quotas: input.quotas ?? stored?.quotas ?? [],
    },
    sent,
    stored,
  );
  return languages === null ? input : { ...input, ...languages };
}

/**
 * What keeps the logic of an open or closed survey from being saved, as a 400 of its other checks
 * (R-SURV-12): `checkLogic`'s problems over the questions it will have, each under its rule's field
 * (`logic.rules.<id>`) with the question's number in its Dutch sentence. A draft is saved with them
 * (R-SURV-1); only opening it waits for them.
 */
export function checkOpenSurveyLogic(
  questions: readonly Question[],
  logic: SurveyLogic,
  quotas: readonly Quota[] = [],
): void {
  const problems = logicOpeningProblems(questions, logic);
  const quotaFindings = quotaProblems(questions, logic, quotas);
  if (problems.length === 0 && quotaFindings.length === 0) return;
  const fields: Record<string, string> = {};
  for (const problem of problems) fields[problem.fields[0] ?? 'logic'] ??= problem.message;
  for (const problem of quotaFindings) fields[`quotas.${problem.quota_id}`] ??= problem.message;
  throw invalidInput(fields as FieldErrors);
}

/** The same questions with fresh question ids (copies never share ids with their source). */
export const withFreshIds = (questions: readonly Question[]): Question[] =>
  renumberQuestions(questions.map((question) => ({ ...question, id: randomUUID() })));

/**
 * A copy's questions under fresh ids with its logic, translations and quotas following them (a
 * duplicate, a template's survey). Choices and statements keep their ids in a copy: only question
 * ids change.
 */
export function freshCopy(
  questions: readonly Question[],
  logic: SurveyLogic,
  translations?: SurveyTranslations,
  quotas: readonly Quota[] = [],
): {
  readonly questions: Question[];
  readonly logic: SurveyLogic;
  readonly translations?: SurveyTranslations;
  readonly quotas: Quota[];
} {
  const copies = withFreshIds(questions);
  const ids = new Map(
    renumberQuestions(questions).map((question, index) => [question.id, copies[index]?.id ?? question.id]),
  );
  return {
    questions: copies,
    logic: remapLogicQuestions(logic, ids),
    ...(translations === undefined ? {} : { translations: remapTranslations(translations, ids) }),
    quotas: remapQuotaQuestions(quotas, ids),
  };
}

/** 'Titel (kopie)', shortened so the result still fits the title limit. */
export function copyTitle(title: string): string {
  return `${title.slice(0, SURVEY_TITLE_MAX_LENGTH - COPY_SUFFIX.length).trimEnd()}${COPY_SUFFIX}`;
}

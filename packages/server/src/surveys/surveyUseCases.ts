import { NO_LOGIC, type SurveyInput, type SurveyStatus } from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import {
  LOGIC_MESSAGES,
  logicEditProblems,
  logicOpeningProblems,
  quotaOpeningProblems,
} from '@loop/core/surveys/logic';
import {
  compareForOpenSurvey,
  decideStatusChange,
  openingProblems,
  renumberQuestions,
} from '@loop/core/surveys/model';
import type { AppDeps } from '../appDeps';
import { parseId } from '../db/database';
import type { SurveyRow } from '../db/schema';
import { answerFacts } from '../responses/answerFacts';
import { ensurePublicToken } from '../responses/publicLinks';
import { submittedResponseCount } from '../responses/responses';
import { withSanitizedHtml } from './surveyHtml';
import type { CreateSurveyBody } from './surveySchemas';
import {
  checkedSurveyInput,
  checkOpenSurveyLogic,
  copyTitle,
  deleteSurvey,
  findSurvey,
  freshCopy,
  insertSurvey,
  SURVEY_ERRORS,
  setSurveyStatus,
  toSurvey,
  updateSurveyContent,
} from './surveys';
import { findVisibleTemplate, TEMPLATE_ERRORS, templateAsSurveyInput } from './surveyTemplates';
import { storedTexts, translationOpeningProblems } from './surveyTranslations';

/**
 * The survey changes behind the survey routes, callable without HTTP: each owns its reads, checks
 * and writes (and the transaction where there is one). A refusal names what the HTTP answer is.
 */

/** A refused survey change: `not_found` (404) or `conflict` (409), with the Dutch reason. */
export interface SurveyRefusal {
  readonly ok: false;
  readonly code: 'not_found' | 'conflict';
  readonly detail: string;
  readonly fields?: FieldErrors;
  readonly more?: Readonly<Record<string, unknown>>;
}

export type SurveyResult<T> = { readonly ok: true; readonly value: T } | SurveyRefusal;

const refused = (
  code: SurveyRefusal['code'],
  detail: string,
  fields?: FieldErrors,
  more?: Readonly<Record<string, unknown>>,
): SurveyRefusal => ({
  ok: false,
  code,
  detail,
  ...(fields === undefined ? {} : { fields }),
  ...(more === undefined ? {} : { more }),
});

/** A new draft with its public link token, in one transaction (rich text sanitised by the caller). */
export const createSurvey = (deps: Pick<AppDeps, 'db'>, values: Parameters<typeof insertSurvey>[1]) =>
  deps.db.transaction(async (tx) => ensurePublicToken(tx, await insertSurvey(tx, values)));

/**
 * A new draft for the editor: empty fields as given, or a copy of a template (built in or the
 * organisation's own; any other id is `not_found`). Invalid input is thrown as the 400 it answers.
 */
export async function createDraft(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  values: { readonly organizationId: number; readonly createdBy: number; readonly body: CreateSurveyBody },
): Promise<SurveyResult<SurveyRow>> {
  const { template_id: templateId } = values.body;
  let input = null;
  if (templateId !== undefined) {
    const id = parseId(String(templateId));
    const template = id === null ? null : await findVisibleTemplate(deps.db, values.organizationId, id);
    if (template === null) return refused('not_found', TEMPLATE_ERRORS.notFound);
    const fromTemplate = templateAsSurveyInput(template);
    input = checkedSurveyInput(
      {
        ...fromTemplate,
        ...freshCopy(fromTemplate.questions, fromTemplate.logic ?? NO_LOGIC, fromTemplate.translations),
      },
      'draft',
    );
  } else {
    input = checkedSurveyInput(values.body, 'draft');
  }
  const row = await createSurvey(deps, {
    organizationId: values.organizationId,
    createdBy: values.createdBy,
    now: deps.clock.now(),
    input: withSanitizedHtml(input),
  });
  return { ok: true, value: row };
}

/**
 * Saves the editor's content over `survey` if it still has `version`. An open or closed survey must
 * keep sound logic (400 per rule, R-SURV-12); with answers it refuses changes that break them (409, a
 * field per question) and any change of its rules, hidden fields or set of end screens (409,
 * `LOGIC_MESSAGES.locked`, R-SURV-2); its translations may change, but each language stays complete
 * (400 per language, R-SURV-19). Without `logic` the stored logic stays. A save that lost a race
 * answers 409, or 404 when the survey was deleted meanwhile.
 */
export async function saveSurveyContent(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  survey: SurveyRow,
  input: SurveyInput,
  version: number,
): Promise<SurveyResult<SurveyRow>> {
  if (survey.version !== version) return refused('conflict', SURVEY_ERRORS.staleVersion);
  if (survey.status !== 'draft') {
    const logic = input.logic ?? survey.logic;
    checkOpenSurveyLogic(input.questions, logic, input.quotas ?? survey.quotas);
    // Translations may change at any time and may be incomplete once open: an incomplete language is
    // simply not offered until it is complete again (R-SURV-19).
    const facts = await answerFacts(deps.db, survey.id, survey.questions, input.questions);
    const refusals = compareForOpenSurvey(survey.questions, input.questions, facts);
    if (refusals.length > 0) {
      const fields = Object.fromEntries(
        refusals.map((refusal) => [`questions.${refusal.question_id}`, refusal.message]),
      );
      return refused('conflict', refusals[0]?.message ?? SURVEY_ERRORS.openEditRefused, fields);
    }
    const locked = logicEditProblems(survey.logic, logic, facts.responseCount > 0);
    if (locked.length > 0)
      return refused(
        'conflict',
        LOGIC_MESSAGES.locked,
        Object.fromEntries(locked.map((problem) => [problem.field, problem.message])),
      );
  }
  const saved = await updateSurveyContent(deps.db, survey, version, input, deps.clock.now());
  if (saved === null) {
    // Changed, opened or closed (or deleted) between the read and the write.
    const current = await findSurvey(deps.db, survey.organizationId, survey.id);
    if (current === null) return refused('not_found', SURVEY_ERRORS.notFound);
    return refused('conflict', SURVEY_ERRORS.staleVersion);
  }
  return { ok: true, value: saved };
}

/**
 * Moves `survey` to status `to` when the status rules allow it; `changed` is false when it already
 * had that status. Opening waits until nothing is left to fill in (`problems` per question).
 */
export async function changeSurveyStatus(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  survey: SurveyRow,
  to: SurveyStatus,
): Promise<SurveyResult<{ readonly row: SurveyRow; readonly changed: boolean }>> {
  const now = deps.clock.now();
  // The same rule the editor applies before it asks (docs/decisions/surveys.md, 'Drafts are always saved').
  // Logic problems come after what the questions lack: a rule on an unfinished question may be fine.
  const questions = renumberQuestions(survey.questions);
  const problems =
    to === 'open' && survey.status !== 'open'
      ? [
          ...openingProblems({ title: survey.title, questions }),
          ...logicOpeningProblems(questions, survey.logic),
          ...quotaOpeningProblems(questions, survey.logic, survey.quotas),
          ...translationOpeningProblems(storedTexts(survey), survey),
        ]
      : [];
  const decision = decideStatusChange({
    from: survey.status,
    to,
    closeAt: survey.closeAt?.toISOString() ?? null,
    questionCount: survey.questions.length,
    problems,
    responseCount: await submittedResponseCount(deps.db, survey.id),
    now,
  });
  if (!decision.ok && decision.error === 'incomplete')
    return refused(
      'conflict',
      decision.detail ?? SURVEY_ERRORS.openEditRefused,
      Object.fromEntries(
        problems.map((problem) => [
          problem.question_id === null || /^(logic|quotas)/.test(problem.fields[0] ?? '')
            ? (problem.fields[0] ?? 'title')
            : `questions.${problem.question_id}`,
          problem.message,
        ]),
      ),
      { problems },
    );
  if (!decision.ok) return refused('conflict', decision.detail ?? SURVEY_ERRORS.openEditRefused);
  if (decision.value === survey.status) return { ok: true, value: { row: survey, changed: false } };
  const saved: SurveyRow | null = await setSurveyStatus(deps.db, survey, decision.value, now);
  // A save landed between the decision and the change: decide again on what is stored now.
  if (saved === null) return refused('conflict', SURVEY_ERRORS.changedMeanwhile);
  return { ok: true, value: { row: saved, changed: true } };
}

/**
 * Deletes `survey` with its responses (foreign key cascade) and their answers (trigger); answers
 * how many submitted responses went with it, or null when it was gone already.
 */
export async function removeSurvey(deps: Pick<AppDeps, 'db'>, survey: SurveyRow): Promise<number | null> {
  const responses = await submittedResponseCount(deps.db, survey.id);
  return (await deleteSurvey(deps.db, survey)) ? responses : null;
}

/** A new draft with the content of `source` ("… (kopie)", new question ids), without answers. */
export function duplicateSurvey(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  source: SurveyRow,
  createdBy: number,
): Promise<SurveyRow> {
  const survey = toSurvey(source);
  const input = checkedSurveyInput(
    {
      ...survey,
      title: copyTitle(survey.title),
      ...freshCopy(survey.questions, survey.logic, survey.translations, survey.quotas),
    },
    'draft',
  );
  return createSurvey(deps, {
    organizationId: survey.organization_id,
    createdBy,
    now: deps.clock.now(),
    input,
  });
}

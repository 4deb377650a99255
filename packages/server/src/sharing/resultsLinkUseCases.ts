import type { CreateResultsLinkRequest, ResultsLink, ResultsLinkCreated } from '@loop/core';
import { isAnswerable } from '@loop/core/surveys/model';
import {
  RESULTS_LINK_LABEL_MAX_LENGTH,
  RESULTS_LINK_MESSAGES,
  RESULTS_LINK_PASSWORD_MAX_LENGTH,
  RESULTS_LINK_PASSWORD_MIN_LENGTH,
  sharesOpenAnswers,
} from '@loop/core/surveys/results';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../appDeps';
import { hashToken } from '../auth/secureToken';
import type { Queryable } from '../db/database';
import type { SurveyRow } from '../db/schema';
import { ApiError, invalidInput } from '../http/apiError';
import { newResponseToken } from '../responses/responseTokens';
import { type DayFilter, parseDayFilter } from '../results/resultsRange';
import { queryRows, withinDays } from '../results/resultsSql';
import { insertResultsLink, listResultsLinks, revokeResultsLink, toResultsLink } from './resultsLinkStore';

/** Submitted responses of a survey within the days (R-SHARE-4 asks it of an anonymous survey). */
export async function completedWithin(db: Queryable, surveyId: number, filter: DayFilter): Promise<number> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count(*)::int as count from survey_responses
      where survey_id = ${surveyId} and status = 'completed' and ${withinDays(sql`completed_at`, filter)}`,
  );
  return row?.count ?? 0;
}

/**
 * Checks a new link against its survey (R-SHARE-1, R-SHARE-3, R-SHARE-4): at least one question,
 * each an answerable question of the survey, a real period, a password of 8–200 characters or
 * none, and open answers of an anonymous survey only from 5 submitted responses in the period.
 * Every problem is a Dutch 400 and nothing is stored.
 */
async function checkedLink(db: Queryable, survey: SurveyRow, request: CreateResultsLinkRequest) {
  const fields: Record<string, string> = {};
  const answerable = new Set(survey.questions.filter(isAnswerable).map((question) => question.id));
  const questionIds = [...new Set(request.question_ids)];
  if (questionIds.length === 0) fields.question_ids = RESULTS_LINK_MESSAGES.noQuestions;
  else if (questionIds.some((id) => !answerable.has(id)))
    fields.question_ids = RESULTS_LINK_MESSAGES.unknownQuestion;
  const password = request.password ?? '';
  if (
    password !== '' &&
    (password.length < RESULTS_LINK_PASSWORD_MIN_LENGTH || password.length > RESULTS_LINK_PASSWORD_MAX_LENGTH)
  )
    fields.password = RESULTS_LINK_MESSAGES.password;
  const label = request.label?.replaceAll('\u0000', '').trim() ?? '';
  if (label.length > RESULTS_LINK_LABEL_MAX_LENGTH) fields.label = RESULTS_LINK_MESSAGES.label;
  if (Object.keys(fields).length > 0) throw invalidInput(fields);
  const period = parseDayFilter({
    ...(request.from === undefined ? {} : { from: request.from }),
    ...(request.to === undefined ? {} : { to: request.to }),
  });
  const openAnswers = request.open_answers === true;
  if (openAnswers && !sharesOpenAnswers(true, survey.anonymous, await completedWithin(db, survey.id, period)))
    throw invalidInput({ open_answers: RESULTS_LINK_MESSAGES.openAnswersAnonymous });
  return { questionIds, period, openAnswers, password, label };
}

/** Makes a link: 192 random bits, only their SHA-256 kept (R-SHARE-2); the token is in this answer only. */
export async function createResultsLink(
  deps: Pick<AppDeps, 'db' | 'clock' | 'passwords'>,
  survey: SurveyRow,
  request: CreateResultsLinkRequest,
): Promise<ResultsLinkCreated> {
  const checked = await checkedLink(deps.db, survey, request);
  const token = newResponseToken();
  const row = await insertResultsLink(deps.db, {
    organizationId: survey.organizationId,
    surveyId: survey.id,
    tokenHash: hashToken(token),
    label: checked.label === '' ? null : checked.label,
    questionIds: checked.questionIds,
    periodFrom: checked.period.from,
    periodTo: checked.period.to,
    openAnswers: checked.openAnswers,
    passwordHash: checked.password === '' ? null : await deps.passwords.hash(checked.password),
    createdAt: deps.clock.now(),
  });
  return { link: toResultsLink(row), token };
}

export async function resultsLinksOf(db: Queryable, survey: SurveyRow): Promise<ResultsLink[]> {
  return (await listResultsLinks(db, survey.id)).map(toResultsLink);
}

/** Revokes a link of the survey at once (R-SHARE-5); another survey's or an unknown link is a 404. */
export async function revokeLink(
  deps: Pick<AppDeps, 'db' | 'clock'>,
  survey: SurveyRow,
  linkId: number | null,
): Promise<ResultsLink> {
  const row = linkId === null ? null : await revokeResultsLink(deps.db, survey.id, linkId, deps.clock.now());
  if (row === null) throw new ApiError(404, RESULTS_LINK_MESSAGES.linkNotFound);
  return toResultsLink(row);
}

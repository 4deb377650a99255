import { effectiveStatus } from '@loop/core/surveys/model';
import { and, eq, lte, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { type SurveyRow, surveys } from '../db/schema';

/**
 * An open survey whose close date has passed is closed (core's `effectiveStatus`). The answering
 * routes check the date on every request; for everything the organisation reads (the list and its
 * status filter, one survey, status changes, results) the survey is closed in the database on the
 * way, with the close date as its closing moment, so every query agrees without repeating the rule.
 * Reopening then works as for any closed survey: with a later or no close date.
 */
const closedByDate = { status: 'closed' as const, closedAt: sql`${surveys.closeAt}` };

/** Closes the organisation's open surveys whose close date is at or before `now`. */
export async function closeExpiredSurveys(db: Queryable, organizationId: number, now: Date): Promise<void> {
  await db
    .update(surveys)
    .set(closedByDate)
    .where(
      and(eq(surveys.organizationId, organizationId), eq(surveys.status, 'open'), lte(surveys.closeAt, now)),
    );
}

/** The survey, closed first when it is open past its close date. */
export async function closeIfExpired(db: Queryable, survey: SurveyRow, now: Date): Promise<SurveyRow> {
  const status = effectiveStatus(survey.status, survey.closeAt?.toISOString() ?? null, now);
  if (status === survey.status) return survey;
  const [closed] = await db
    .update(surveys)
    .set(closedByDate)
    .where(and(eq(surveys.id, survey.id), eq(surveys.status, 'open'), lte(surveys.closeAt, now)))
    .returning();
  return closed ?? { ...survey, status };
}

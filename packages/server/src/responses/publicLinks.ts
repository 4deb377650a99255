import { and, eq, isNull } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { type SurveyRow, surveys } from '../db/schema';
import { newResponseToken } from './responseTokens';

/**
 * Gives a survey its public link token if it has none yet (surveys made before the links existed,
 * or written by the demo seed), keeping one that another request set first.
 */
export async function ensurePublicToken(db: Queryable, survey: SurveyRow): Promise<SurveyRow> {
  if (survey.publicToken !== null) return survey;
  const [updated] = await db
    .update(surveys)
    .set({ publicToken: newResponseToken() })
    .where(and(eq(surveys.id, survey.id), isNull(surveys.publicToken)))
    .returning();
  if (updated !== undefined) return updated;
  const [current] = await db.select().from(surveys).where(eq(surveys.id, survey.id));
  if (current === undefined) throw new Error(`Survey ${survey.id} vanished while getting its public token`);
  return current;
}

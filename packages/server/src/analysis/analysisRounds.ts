import type { RoundChangeFacts, RoundChangeFigure } from '@loop/core/analysis';
import { largestRoundChanges, type RoundChange, roundChangeSentence } from '@loop/core/surveys/results';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { surveys } from '../db/schema';
import { roundComparison } from '../rounds/roundComparison';

/** At most this many surveys in rounds (the most recently sent first) are compared in an analysis. */
const ROUND_SURVEYS_MAX = 5;

const figureOf = (row: RoundChange): RoundChangeFigure => ({
  question: row.title,
  measure: row.measure,
  round: row.current.number,
  value: row.current.value,
  answered: row.current.answered,
  previousRound: row.previous.number,
  previousValue: row.previous.value,
  previousAnswered: row.previous.answered,
  change: row.change,
});

/**
 * The change between the last two sent rounds of the organisation's surveys in rounds (R-ROUND-6),
 * as the results' comparison words it and as its figures for the LLM analyst (R-ROUND-10). One
 * query finds such surveys; only they cost more (the results of their last two rounds).
 */
export async function gatherRoundChanges(
  db: Queryable,
  organizationId: number,
  now: Date,
): Promise<RoundChangeFacts[]> {
  const rows = await db
    .select()
    .from(surveys)
    .where(
      sql`${surveys.id} in (select survey_id from survey_rounds
        where organization_id = ${organizationId} and state = 'sent'
        group by survey_id having count(*) >= 2 order by max(sent_at) desc limit ${ROUND_SURVEYS_MAX})`,
    );
  const changes: RoundChangeFacts[] = [];
  for (const survey of rows) {
    const largest = largestRoundChanges(survey.questions, await roundComparison(db, survey, now, 2));
    changes.push({
      survey: survey.title,
      changes: largest.map(roundChangeSentence),
      figures: largest.map(figureOf),
    });
  }
  return changes;
}

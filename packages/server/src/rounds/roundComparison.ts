import type { QuestionResult, RoundComparison } from '@loop/core';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import type { SurveyRow } from '../db/schema';
import { queryRows } from '../results/resultsSql';
import { loadSurveyResults } from '../results/surveyResults';

/** Open texts stay on the results screen: a comparison counts, it does not quote (R-ROUND-6). */
const withoutTexts = (result: QuestionResult): QuestionResult =>
  result.type === 'open_short' || result.type === 'open_long' ? { ...result, latest: [] } : result;

/**
 * GET /surveys/:id/rounds/comparison (R-ROUND-6): per sent round, oldest first, the results of its
 * submitted responses, computed by the results' own queries on the round's responses (the ids found
 * once per round, as a results filter is), so a round's figures are the results screen's figures.
 */
export async function roundComparison(
  db: Queryable,
  survey: SurveyRow,
  now: Date,
  last: number | null = null,
): Promise<RoundComparison> {
  const found = await queryRows<{ id: number; number: number; due_at: string; ids: string }>(
    db,
    sql`select r.id, r.number, to_char(r.due_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as due_at,
          coalesce((select array_agg(p.id order by p.id) from survey_responses p
            where p.round_id = r.id and p.survey_id = r.survey_id), '{}')::text as ids
        from survey_rounds r where r.survey_id = ${survey.id} and r.state = 'sent'
        order by r.number`,
  );
  const rounds = last === null ? found : found.slice(-last);
  const results = [];
  for (const round of rounds) {
    const loaded = await loadSurveyResults(
      db,
      survey,
      { from: null, to: null, responses: sql`${round.ids}::bigint[]` },
      now,
    );
    results.push({
      round_id: Number(round.id),
      number: Number(round.number),
      due_at: round.due_at,
      completed: loaded.responses.completed,
      questions: loaded.questions.map(withoutTexts),
    });
  }
  return { survey_id: survey.id, rounds: results };
}

import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';

/**
 * 'Reactie 3' (docs/decisions/results.md, 'Reactie N'): each submitted response gets a number within its
 * survey, 1 for the first, in the order they were submitted, given once and never reused, so a number
 * someone wrote down keeps meaning the same response when others are erased.
 *
 * Numbers are given where responses are read (the list, one response, its export, the survey's
 * export), never where they are written: the answering path, whose cost is budgeted, stays exactly
 * as it was. A reader that finds submitted responses without a number numbers them first, in one
 * transaction that locks the survey's row, so two readers never hand out a number twice: the second
 * waits, and its statement's snapshot, taken after the lock, sees what the first numbered.
 * `surveys.last_response_ordinal` is the last number handed out, so an erased last response's
 * number is not given again. Readers find unnumbered responses in rows they read anyway (the list's
 * count, the response itself, the export's rows), so a survey whose responses all have a number
 * costs nothing more to read.
 */

/** Whether a response read needs its number first: submitted, and none given yet. */
export const lacksNumber = (response: {
  readonly status: string;
  readonly ordinal: number | null;
}): boolean => response.status === 'completed' && response.ordinal === null;

/** Numbers the survey's submitted responses that have none yet, in submission order. */
export async function numberResponses(db: Queryable, surveyId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`select 1 from surveys where id = ${surveyId} for update`);
    await tx.execute(sql`
      with fresh as (
        select id, row_number() over (order by completed_at, id)::int as n
        from survey_responses where survey_id = ${surveyId} and status = 'completed' and ordinal is null
      ), mark as (
        update surveys set last_response_ordinal = last_response_ordinal + (select count(*)::int from fresh)
        where id = ${surveyId} and exists (select 1 from fresh)
        returning last_response_ordinal - (select count(*)::int from fresh) as base
      )
      update survey_responses as r set ordinal = mark.base + fresh.n
      from fresh, mark
      where r.id = fresh.id`);
  });
}

import { type SQL, sql } from 'drizzle-orm';
import { daysWithin } from './resultRollups';
import type { Period } from './resultsRange';
import { periodFilter, withinDays } from './resultsSql';

/**
 * The sources of /analytics over the rollups (R-RES-11): the same rows a pass over the
 * organisation's responses or answers gives, from each survey's rollup before its mark and, after
 * it, its rows counted live, one parameterised index range per survey (`cross join lateral`; its
 * `offset 0` keeps PostgreSQL from flattening it into a hash join over every response). Each
 * statement reads the marks itself, so marks and rollups come from the statement's one snapshot.
 * A survey without a mark (no pass yet) has no rollup rows: all of it is counted live.
 */

/**
 * `marks`: the given surveys (`surveys` rows as `s`, filtered by `where`), where their rollup ends
 * and the survey's `columns`, if any.
 */
export const surveyMarks = (where: SQL, columns?: SQL): SQL =>
  sql`select s.id as survey_id, coalesce(m.covered_until, '-infinity') as since${columns === undefined ? sql`` : sql`, ${columns}`}
    from surveys s left join survey_result_marks m on m.survey_id = s.id where ${where}`;

/**
 * Rows (`survey_id`, `day`, `completed`, `completed_personal`) of the submissions of the surveys
 * in the CTE `marks`: their days and those submitted since, found through
 * `survey_responses_survey_status_idx`.
 */
export const rolledDays = (): SQL =>
  sql`select d.survey_id, d.day, d.completed, d.completed_personal
    from marks join survey_result_days d on d.survey_id = marks.survey_id
    union all
    select marks.survey_id, live.day, 1, live.personal
    from marks cross join lateral (
      select (r.completed_at at time zone 'Europe/Amsterdam')::date as day, (r.kind = 'personal')::int as personal
      from survey_responses r
      where r.survey_id = marks.survey_id and r.status = 'completed' and r.completed_at >= marks.since
      offset 0) as live`;

/**
 * Rows (`survey_id`, `question_id`, `item_id`, `num_value`, `day`, `n`) of the submitted answers
 * with a value within the period to the questions of the CTE `questions` (`survey_id`,
 * `question_id`) of the surveys in the CTE `marks`.
 */
export const rolledValues = (period: Period): SQL =>
  sql`select c.survey_id, c.question_id, c.item_id, c.num_value, c.day, c.count::bigint as n
    from marks join survey_result_rollups c on c.survey_id = marks.survey_id
    join questions q on q.survey_id = c.survey_id and q.question_id = c.question_id
    where c.num_value is not null and c.count > 0 and ${daysWithin(periodFilter(period))}
    union all
    select marks.survey_id, live.question_id, live.item_id, live.num_value, live.day, live.n
    from marks cross join lateral (
      select a.question_id, a.item_id, a.num_value, (a.submitted_at at time zone 'Europe/Amsterdam')::date as day,
        count(*) as n
      from survey_answers a
      where a.survey_id = marks.survey_id and a.submitted_at >= marks.since
        and ${withinDays(sql`a.submitted_at`, periodFilter(period))} and a.num_value is not null
      group by 1, 2, 3, 4) as live
    join questions q on q.survey_id = marks.survey_id and q.question_id = live.question_id`;

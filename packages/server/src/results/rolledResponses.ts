import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { daysWithin, inRollupSnapshot } from './resultRollups';
import type { DayFilter, Period } from './resultsRange';
import { isoTimestamp, periodSeries, queryRows, withinDays } from './resultsSql';

/** A row of the responses' statement: the totals, or one bucket of the series. */
export interface ResponseRow {
  readonly kind: 'total' | 'series';
  readonly period: string | null;
  readonly completed: number;
  readonly in_progress: number;
  readonly invited: number;
  readonly completed_personal: number;
  readonly last_response_at: string | null;
}

/**
 * The rows of `responsesOverTime` without a filter on responses, from the survey's submissions per
 * day (`survey_result_days`, R-RES-11) and those submitted since its mark, counted live through
 * `survey_responses_survey_status_idx`, in one snapshot. The rest are index lookups of few rows:
 * the responses started and not submitted, the personal links not submitted (a submitted one is in
 * the days), the newest submission of the period. Without a mark every submission is read live.
 */
export function rolledResponseRows(
  db: Queryable,
  surveyId: number,
  filter: DayFilter,
  period: Period,
): Promise<ResponseRow[]> {
  return inRollupSnapshot(db, surveyId, (tx, mark) => {
    const rolled =
      mark === null
        ? sql``
        : sql`select day, completed, completed_personal from survey_result_days where survey_id = ${surveyId}
          union all `;
    return queryRows<ResponseRow>(
      tx,
      sql`with days as (
          ${rolled}
          select (completed_at at time zone 'Europe/Amsterdam')::date as day, 1 as completed,
            (kind = 'personal')::int as completed_personal
          from survey_responses
          where survey_id = ${surveyId} and status = 'completed'
            ${mark === null ? sql`` : sql`and completed_at >= ${mark}::timestamptz`}),
        kept as (select * from days where ${daysWithin(filter)})
        select 'total' as kind, null as period,
          coalesce((select sum(completed) from kept), 0)::int as completed,
          (select count(*) from survey_responses
            where survey_id = ${surveyId} and status = 'in_progress' and ${withinDays(sql`started_at`, filter)})::int as in_progress,
          (coalesce((select sum(completed_personal) from days), 0) + (select count(*) from survey_responses
            where survey_id = ${surveyId} and status in ('pending', 'in_progress') and kind = 'personal'))::int as invited,
          coalesce((select sum(completed_personal) from kept), 0)::int as completed_personal,
          (select ${isoTimestamp(sql`max(completed_at)`)} from survey_responses
            where survey_id = ${surveyId} and status = 'completed' and ${withinDays(sql`completed_at`, filter)}) as last_response_at
        union all
        select 'series', to_char(series.period, 'YYYY-MM-DD'), coalesce(buckets.completed, 0)::int, 0, 0, 0, null
        from (${periodSeries(period)}) as series
        left join (
          select date_trunc(${period.bucket}, day::timestamp)::date as period, sum(completed) as completed
          from kept group by 1) as buckets on buckets.period = series.period
        order by 1 desc, 2`,
    );
  });
}

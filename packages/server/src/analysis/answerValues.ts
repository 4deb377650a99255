import type { Question } from '@loop/core';
import type { ValueCountsOverTime } from '@loop/core/analysis';
import { sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { queryRows } from '../results/resultsSql';

/**
 * The answers the survey counts do not keep, counted for the analysis (R-ANALYSIS-16): numbers per
 * number (stored as text), dates per month, and the places of a ranking with more than ten options
 * (the counts keep values 0–10). One aggregate query over just those questions' answers of the
 * last twelve months, and per window; never an answer itself.
 */

/** The places the survey counts keep; a ranking with more options is counted here. */
const COUNTED_PLACES = 10;

interface Target {
  readonly survey_id: number;
  readonly question_id: string;
  readonly type: 'number' | 'date' | 'ranking';
}

/** The questions of the surveys whose answers this counts. */
export function valueTargets(
  surveys: readonly { readonly id: number; readonly questions: readonly Question[] }[],
) {
  const targets: Target[] = [];
  for (const survey of surveys)
    for (const question of survey.questions)
      if (
        question.type === 'number' ||
        question.type === 'date' ||
        (question.type === 'ranking' && question.settings.options.length > COUNTED_PLACES)
      )
        targets.push({ survey_id: survey.id, question_id: question.id, type: question.type });
  return targets;
}

/**
 * Per survey: the answers of its number and date questions (item '') and long rankings (per
 * option) per value, in the last twelve months (from `first`: reading every year of answers would
 * grow without end), the last three (from `recent`) and the three before (from `previous`), months
 * starting on Amsterdam days like the survey counts.
 */
export async function answerValueCounts(
  db: Queryable,
  surveys: readonly { readonly id: number; readonly questions: readonly Question[] }[],
  windows: { readonly first: string; readonly recent: string; readonly previous: string },
): Promise<Map<number, ValueCountsOverTime[]>> {
  const targets = valueTargets(surveys);
  const bySurvey = new Map<number, ValueCountsOverTime[]>();
  if (targets.length === 0) return bySurvey;
  const first = sql`(${windows.first}::date)::timestamp at time zone 'Europe/Amsterdam'`;
  const recent = sql`(${windows.recent}::date)::timestamp at time zone 'Europe/Amsterdam'`;
  const previous = sql`(${windows.previous}::date)::timestamp at time zone 'Europe/Amsterdam'`;
  const bySurveyTargets = new Map<number, { questions: string[]; types: Record<string, string> }>();
  for (const target of targets) {
    const entry = bySurveyTargets.get(target.survey_id) ?? { questions: [], types: {} };
    entry.questions.push(target.question_id);
    entry.types[target.question_id] = target.type;
    bySurveyTargets.set(target.survey_id, entry);
  }
  // One small query per survey rather than one over all: each reads its survey's part of the
  // answers index from the window's first day on (survey, submitted_at, question, item), and a
  // single statement over fifty surveys was estimated costly enough for PostgreSQL to JIT-compile
  // it, which took longer (0.7 s) than the reading itself.
  const perSurvey = await Promise.all(
    [...bySurveyTargets].map(([surveyId, entry]) =>
      queryRows<{
        question_id: string;
        item_id: string;
        value: string;
        overall: number;
        recent: number;
        previous: number;
      }>(
        db,
        sql`select a.question_id, a.item_id,
            case ${JSON.stringify(entry.types)}::jsonb->>a.question_id when 'date' then left(a.text_value, 7)
              when 'ranking' then a.num_value::text else a.text_value end as value,
            count(*)::int as overall,
            (count(*) filter (where a.submitted_at >= ${recent}))::int as recent,
            (count(*) filter (where a.submitted_at >= ${previous} and a.submitted_at < ${recent}))::int as previous
          from survey_answers a
          where a.survey_id = ${surveyId} and a.submitted_at >= ${first}
            and a.question_id in (${sql.join(
              entry.questions.map((id) => sql`${id}`),
              sql`, `,
            )})
            and case ${JSON.stringify(entry.types)}::jsonb->>a.question_id
              when 'ranking' then a.item_id <> '' and a.num_value is not null
              else a.item_id = '' and a.text_value is not null end
          group by 1, 2, 3`,
      ).then((rows) => rows.map((row) => ({ ...row, survey_id: surveyId }))),
    ),
  );
  const rows = perSurvey.flat();
  const found = new Map<string, { surveyId: number; item: ValueCountsOverTime }>();
  for (const row of rows) {
    const key = `${row.survey_id}\u0000${row.question_id}\u0000${row.item_id}`;
    let entry = found.get(key);
    if (entry === undefined) {
      entry = {
        surveyId: Number(row.survey_id),
        item: { questionId: row.question_id, itemId: row.item_id, overall: {}, recent: {}, previous: {} },
      };
      found.set(key, entry);
    }
    const add = (counts: Record<string, number>, count: number) => {
      if (count > 0) counts[row.value] = (counts[row.value] ?? 0) + count;
    };
    add(entry.item.overall as Record<string, number>, Number(row.overall));
    add(entry.item.recent as Record<string, number>, Number(row.recent));
    add(entry.item.previous as Record<string, number>, Number(row.previous));
  }
  for (const { surveyId, item } of found.values()) {
    const list = bySurvey.get(surveyId);
    if (list === undefined) bySurvey.set(surveyId, [item]);
    else list.push(item);
  }
  return bySurvey;
}

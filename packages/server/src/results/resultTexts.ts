import type { OpenAnswer, OtherText, Question } from '@loop/core';
import { OTHER_ITEM_ID, QUESTION_ITEM_ID } from '@loop/core/surveys/model';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { matching } from './resultsFilterSql';
import type { DayFilter } from './resultsRange';
import { foldedText, isoTimestamp, queryRows, withinDays } from './resultsSql';

/** The newest open texts and the grouped 'anders, namelijk' texts of a survey's results. */

/** Texts shown per question on the results page; the question's own page has them all. */
export const LATEST_TEXTS = 20;
/** Different 'anders, namelijk' texts listed per question, most given first. */
export const OTHER_TEXTS_SHOWN = 20;

/** Which texts to show: a question id and the item the text is stored under. */
export interface TextTarget {
  readonly question_id: string;
  readonly item_id: string;
}

export const textKey = (target: TextTarget): string => `${target.question_id}\u0000${target.item_id}`;

interface TextRow extends TextTarget {
  readonly response_id: string;
  readonly text: string;
  readonly submitted_at: string;
}

/** The newest submitted texts of each target (open answers, 'anders' texts), at most `limit` each. */
export async function latestTexts(
  db: Queryable,
  surveyId: number,
  filter: DayFilter,
  targets: readonly TextTarget[],
  limit = LATEST_TEXTS,
): Promise<Map<string, OpenAnswer[]>> {
  const found = new Map<string, OpenAnswer[]>();
  if (targets.length === 0) return found;
  const values = sql.join(
    targets.map((target) => sql`(${target.question_id}::text, ${target.item_id}::text)`),
    sql`, `,
  );
  const rows = await queryRows<TextRow>(
    db,
    sql`select t.question_id, t.item_id, a.response_id::text as response_id, a.text_value as text,
        ${isoTimestamp(sql`a.submitted_at`)} as submitted_at
      from (values ${values}) as t(question_id, item_id)
      cross join lateral (
        select response_id, text_value, submitted_at from survey_answers
        where survey_id = ${surveyId} and submitted_at is not null and ${withinDays(sql`submitted_at`, filter)}${matching(sql`response_id`, filter)}
          and question_id = t.question_id and item_id = t.item_id and text_value is not null
        order by submitted_at desc, response_id desc
        limit ${limit}) as a
      order by a.submitted_at desc, a.response_id desc`,
  );
  for (const row of rows) {
    const key = textKey(row);
    const list = found.get(key) ?? [];
    list.push({ response_id: Number(row.response_id), text: row.text, submitted_at: row.submitted_at });
    found.set(key, list);
  }
  return found;
}

/** The newest texts worth fetching: those of every open question. */
export function textTargets(questions: readonly Question[]): TextTarget[] {
  return questions
    .filter((question) => question.type === 'open_short' || question.type === 'open_long')
    .map((question) => ({ question_id: question.id, item_id: QUESTION_ITEM_ID }));
}

/** A question's grouped 'anders' texts: the first `OTHER_TEXTS_SHOWN` and how many there are. */
export interface OtherTexts {
  readonly texts: readonly OtherText[];
  readonly count: number;
}

export const NO_OTHER_TEXTS: OtherTexts = { texts: [], count: 0 };

/** A run of white space (spaces, tabs, line breaks) in a PostgreSQL regular expression. */
const WHITESPACE_RUN = '\\s+';

/**
 * 'anders' rows named by a literal, not a parameter: the partial index `survey_answers_other_texts_idx`
 * (item_id = '_other') can only be proven to apply to a literal, also under a cached generic plan.
 */
const OTHER_ITEM_LITERAL = sql.raw(`'${OTHER_ITEM_ID.replaceAll("'", "''")}'`);

interface OtherTextRow {
  readonly question_id: string;
  readonly text: string;
  readonly count: number;
  readonly groups: number;
}

/**
 * The submitted 'anders, namelijk' texts of each question, grouped and counted in the database, so
 * the same answer typed by many respondents is listed once with its count, and the count and the
 * limit are right over all answers, not only over a page of them. Texts are one group when they are
 * equal after trimming, folding runs of spaces, tabs and line breaks into one space and lower case;
 * a group shows its most common spelling (`mode()`; of equally common ones the first in code point
 * order, capitals before small letters). Most given first; equal counts in Dutch alphabetical order,
 * which compares letters regardless of case and accents: on the folded text (core's foldForSearch
 * in SQL) in code point order, which for letters agrees with Intl.Collator('nl'), then on the text
 * itself. PGlite has no ICU collation, so `nl-x-icu` cannot be used; `collate "C"` makes both
 * databases sort alike. The texts come from the partial index `survey_answers_other_texts_idx`
 * (index-only); `offset 0` keeps PostgreSQL from flattening the subquery, which evaluated the
 * regular expression four times per text (41 → 16 ms for 4,622 texts).
 */
export async function otherTexts(
  db: Queryable,
  surveyId: number,
  filter: DayFilter,
  questionIds: readonly string[],
  limit = OTHER_TEXTS_SHOWN,
): Promise<Map<string, OtherTexts>> {
  const found = new Map<string, OtherTexts>();
  if (questionIds.length === 0) return found;
  const rows = await queryRows<OtherTextRow>(db, otherTextsSql(surveyId, filter, questionIds, limit));
  for (const row of rows) {
    const entry = found.get(row.question_id);
    found.set(row.question_id, {
      texts: [...(entry?.texts ?? []), { text: row.text, count: row.count }],
      count: row.groups,
    });
  }
  return found;
}

/** The statement of `otherTexts` (apart, so a test can check its plan). */
export function otherTextsSql(
  surveyId: number,
  filter: DayFilter,
  questionIds: readonly string[],
  limit = OTHER_TEXTS_SHOWN,
): SQL {
  const values = sql.join(
    questionIds.map((id) => sql`(${id}::text)`),
    sql`, `,
  );
  return sql`select t.question_id, g.text, g.count, g.groups
      from (values ${values}) as t(question_id)
      cross join lateral (
        select grouped.* from (
          select mode() within group (order by a.spelling collate "C") as text, count(*)::int as count,
            (count(*) over ())::int as groups, a.sort_key
          from (
            select s.spelling, lower(s.spelling) as key, ${foldedText(sql`s.spelling`)} as sort_key
            from (
              select btrim(regexp_replace(text_value, ${WHITESPACE_RUN}, ' ', 'g')) as spelling
              from survey_answers
              where survey_id = ${surveyId} and submitted_at is not null
                and ${withinDays(sql`submitted_at`, filter)}${matching(sql`response_id`, filter)} and question_id = t.question_id
                and item_id = ${OTHER_ITEM_LITERAL} and text_value is not null
              offset 0) as s
            where s.spelling <> '') as a
          group by a.key, a.sort_key) as grouped
        order by grouped.count desc, grouped.sort_key collate "C", grouped.text collate "C"
        limit ${limit}) as g
      order by t.question_id, g.count desc, g.sort_key collate "C", g.text collate "C"`;
}

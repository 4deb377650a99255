import type { ResultsCondition, ResultsFilter } from '@loop/core';
import { OTHER_ITEM_ID, QUESTION_ITEM_ID } from '@loop/core/surveys/model';
import { RESULTS_FILTER_MESSAGES, readResultsFilter } from '@loop/core/surveys/results';
import { type SQL, sql } from 'drizzle-orm';
import { findSegmentRow } from '../contacts/contactSegments';
import { filterConditions } from '../contacts/contactStore';
import type { Queryable } from '../db/database';
import type { SurveyRow } from '../db/schema';
import { ApiError, invalidInput } from '../http/apiError';
import { type DayFilter, parseDayFilter } from './resultsRange';
import { queryRows } from './resultsSql';

/**
 * The filter of the result routes (R-RES-8) as SQL: the ids of the survey's responses that meet
 * every condition, found once per request and handed to every result query as one array
 * parameter (`response_id = any(…)`, hashed by the database). Without conditions nothing is
 * added, so the unfiltered queries stay as they were.
 * Conditions on answers look the response's answer up by the primary key (response, question,
 * item); hidden fields and language are columns of the response; a contact's attribute or
 * segment goes through the personal link's invitation to the contact, always within the survey's
 * organisation (a segment of another organisation is a 404 before anything is read).
 */

/** The query of a result route with its filter. */
export interface FilteredQuery {
  readonly from?: string;
  readonly to?: string;
  readonly filter?: string;
}

const list = (values: readonly (string | number)[]): SQL =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** The contact of the response's personal link meets `conditions` (SQL on `contacts`). */
const contactMeets = (surveyId: number, conditions: readonly SQL[]): SQL =>
  sql`exists (select 1 from survey_invitations i join contacts on contacts.id = i.contact_id
    where i.survey_id = ${surveyId} and i.response_id = r.id and ${sql.join([...conditions], sql` and `)})`;

function answerMeets(condition: Extract<ResultsCondition, { source: 'question' }>, type: string): SQL {
  const on = sql`a.response_id = r.id and a.question_id = ${condition.question_id}`;
  if (type === 'single_choice' || type === 'multiple_choice') {
    const values = condition.operator === 'one_of' ? condition.values.map(String) : [];
    return sql`exists (select 1 from survey_answers a where ${on} and a.item_id in (${list(values.length > 0 ? values : [OTHER_ITEM_ID])}))`;
  }
  // A Likert statement's point, a ranking option's place (R-SURV-31), else the question's own row.
  const item = condition.statement_id ?? condition.option_id ?? QUESTION_ITEM_ID;
  const value =
    condition.operator === 'between'
      ? sql`a.num_value between ${condition.min} and ${condition.max}`
      : sql`a.num_value in (${list(condition.values)})`;
  return sql`exists (select 1 from survey_answers a where ${on} and a.item_id = ${item} and ${value})`;
}

/** One condition on the response `r`. */
async function conditionSql(db: Queryable, survey: SurveyRow, condition: ResultsCondition): Promise<SQL> {
  switch (condition.source) {
    case 'question': {
      const type = survey.questions.find((question) => question.id === condition.question_id)?.type ?? '';
      return answerMeets(condition, type);
    }
    case 'hidden_field':
      return sql`r.hidden_fields ->> ${condition.name} in (${list(condition.values)})`;
    case 'language':
      return sql`r.language in (${list(condition.values)})`;
    case 'contact_attribute':
      return contactMeets(survey.id, [
        sql`contacts.organization_id = ${survey.organizationId}`,
        sql`lower(contacts.attributes ->> ${condition.name}) in (${list(condition.values.map((value) => value.toLowerCase()))})`,
      ]);
    case 'segment': {
      const segment = await findSegmentRow(db, survey.organizationId, condition.segment_id);
      if (segment === null) throw new ApiError(404, RESULTS_FILTER_MESSAGES.segment);
      return contactMeets(survey.id, filterConditions(survey.organizationId, segment.filter));
    }
  }
}

/** The ids of the survey's responses that meet every condition; null without conditions. */
export async function filteredResponses(
  db: Queryable,
  survey: SurveyRow,
  filter: ResultsFilter,
): Promise<SQL | null> {
  if (filter.length === 0) return null;
  const conditions = [];
  for (const condition of filter) conditions.push(await conditionSql(db, survey, condition));
  return sql`select r.id from survey_responses r where r.survey_id = ${survey.id} and ${sql.join(conditions, sql` and `)}`;
}

/**
 * The period and filter of a result route's query, checked: Dutch 400s for a bad day or filter
 * (`filter`), 404 for a segment the organisation does not have.
 */
export async function parseResultsQuery(
  db: Queryable,
  survey: SurveyRow,
  query: FilteredQuery,
): Promise<DayFilter> {
  const days = parseDayFilter(query);
  const checked = readResultsFilter(query.filter, {
    questions: survey.questions,
    logic: survey.logic,
    anonymous: survey.anonymous,
  });
  if (!checked.ok) throw invalidInput({ filter: checked.message });
  const responses = await filteredResponses(db, survey, checked.value);
  if (responses === null) return days;
  // Found once per request, not once per result query: every query then only probes a hashed list
  // (the aggregate keeps its parallel scan; the subquery in each of them doubled the time).
  const [found] = await queryRows<{ ids: string }>(
    db,
    sql`select coalesce(array_agg(id order by id), '{}')::text as ids from (${responses}) as kept`,
  );
  return { ...days, responses: sql`${found?.ids ?? '{}'}::bigint[]` };
}

/** `and <column> = any(the filtered responses)`; nothing without a filter. */
export const matching = (column: SQL, filter: DayFilter): SQL =>
  filter.responses === undefined ? sql`` : sql` and ${column} = any(${filter.responses})`;

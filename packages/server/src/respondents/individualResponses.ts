import type {
  Page,
  Question,
  ResponseAnswerText,
  ResponseDetail,
  ResponseListItem,
  ResponseProgress,
} from '@loop/core';
import { searchTerms } from '@loop/core/contacts';
import { type AnswerItem, isAnswerable, renumberQuestions } from '@loop/core/surveys/model';
import { and, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { type SurveyResponseRow, type SurveyRow, surveyResponses } from '../db/schema';
import { offsetOf, type Paging, toPage } from '../http/paging';
import { savedItemsOf } from '../responses/responses';
import { answerText } from '../results/answerText';
import { likePattern } from '../surveys/surveys';
import { emitWebhookEvents } from '../webhooks/webhookEvents';
import { queueResponseWebhooks } from '../webhooks/webhookResponseJobs';
import { lacksNumber, numberResponses } from './responseOrdinals';

/**
 * One survey's responses one by one, for the organisation that owns them (issue 12): the list,
 * one response's answers as text, and erasing one. Every query names the survey and its
 * organisation, so an id of another survey or organisation finds nothing.
 */

export const RESPONSE_ERRORS = {
  notFound: 'Reactie niet gevonden.',
} as const;

/** The columns of a list row. */
const listColumns = {
  id: surveyResponses.id,
  ordinal: surveyResponses.ordinal,
  kind: surveyResponses.kind,
  label: surveyResponses.label,
  status: surveyResponses.status,
  startedAt: surveyResponses.startedAt,
  savedAt: surveyResponses.savedAt,
  completedAt: surveyResponses.completedAt,
  anonymisedAt: surveyResponses.anonymisedAt,
  // The invited contact (issue 16). An anonymous survey's invitations have no response id, and a
  // deleted contact leaves contact_id null: both give no name.
  contactName: sql<
    string | null
  >`(select c.name from survey_invitations i join contacts c on c.id = i.contact_id
    where i.response_id = survey_responses.id limit 1)`,
  contactEmail: sql<
    string | null
  >`(select c.email from survey_invitations i join contacts c on c.id = i.contact_id
    where i.response_id = survey_responses.id limit 1)`,
};

type ListRow = Pick<
  SurveyResponseRow,
  'id' | 'ordinal' | 'kind' | 'label' | 'status' | 'startedAt' | 'savedAt' | 'completedAt' | 'anonymisedAt'
> & { readonly contactName: string | null; readonly contactEmail: string | null };

const iso = (date: Date | null): string | null => (date === null ? null : date.toISOString());

export function toListItem(row: ListRow): ResponseListItem {
  return {
    id: row.id,
    ordinal: row.ordinal,
    kind: row.kind,
    label: row.label,
    status: row.status,
    started_at: iso(row.startedAt),
    saved_at: iso(row.savedAt),
    completed_at: iso(row.completedAt),
    anonymised: row.anonymisedAt !== null,
    contact_name: row.contactName,
    contact_email: row.contactEmail,
  };
}

const ofSurvey = (survey: SurveyRow): SQL =>
  and(
    eq(surveyResponses.surveyId, survey.id),
    eq(surveyResponses.organizationId, survey.organizationId),
  ) as SQL;

/**
 * Responses whose invited contact's search text (core's `contactSearchText`: name, e-mail,
 * organisation and place, folded) holds every word of `q`, as the contacts list searches.
 */
function contactMatches(q: string): SQL | null {
  const terms = searchTerms(q);
  if (terms.length === 0) return null;
  return sql`exists (select 1 from survey_invitations i join contacts c on c.id = i.contact_id
    where i.response_id = ${surveyResponses.id}
      and ${and(...terms.map((term) => sql`c.search_text like ${likePattern(term)}`))})`;
}

/**
 * The survey's responses, newest activity first. `q` is searched in the personal links' labels,
 * and with `searchContacts` (a role that may see contacts, a survey that is not anonymous) in who
 * was invited: the contact's name and e-mail address (and organisation and place).
 */
export async function listResponses(
  db: Queryable,
  survey: SurveyRow,
  filter: { readonly status?: ResponseProgress; readonly q?: string },
  paging: Paging,
  searchContacts = false,
): Promise<Page<ResponseListItem>> {
  const conditions: SQL[] = [ofSurvey(survey)];
  if (filter.status !== undefined) conditions.push(eq(surveyResponses.status, filter.status));
  const q = filter.q?.trim() ?? '';
  // PostgreSQL text cannot hold a NUL: no label contains one, and it may not be sent as a parameter.
  if (q.includes('\u0000')) conditions.push(sql`false`);
  else if (q !== '') {
    const byLabel = ilike(surveyResponses.label, likePattern(q));
    // An anonymous survey's responses are never found by who was invited (nothing links them anyway).
    const byContact = searchContacts && !survey.anonymous ? contactMatches(q) : null;
    conditions.push(byContact === null ? byLabel : (or(byLabel, byContact) as SQL));
  }
  const where = and(...conditions) as SQL;
  // The count also finds submissions without their number yet, in the same pass over the survey.
  const [counted] = await db
    .select({
      total: sql<number>`(count(*) filter (where ${where}))::int`,
      unnumbered: sql<number>`(count(*) filter (where ${surveyResponses.status} = 'completed' and ${surveyResponses.ordinal} is null))::int`,
    })
    .from(surveyResponses)
    .where(ofSurvey(survey));
  if ((counted?.unnumbered ?? 0) > 0) await numberResponses(db, survey.id);
  const rows = await db
    .select(listColumns)
    .from(surveyResponses)
    .where(where)
    .orderBy(
      desc(
        sql`coalesce(${surveyResponses.completedAt}, ${surveyResponses.savedAt}, ${surveyResponses.createdAt})`,
      ),
      desc(surveyResponses.id),
    )
    .limit(paging.pageSize)
    .offset(offsetOf(paging));
  return toPage(rows.map(toListItem), counted?.total ?? 0, paging);
}

/**
 * A response of the survey with its seconds per question and what its logic stored; null when the
 * survey has no such response.
 * A submission read for the first time gets its number ('Reactie N') first.
 */
export async function findResponse(db: Queryable, survey: SurveyRow, responseId: number) {
  const read = async () => {
    const [row] = await db
      .select({
        ...listColumns,
        questionSeconds: surveyResponses.questionSeconds,
        // What its path depended on (issue 26), for the export of a survey with logic.
        hiddenFields: surveyResponses.hiddenFields,
        language: surveyResponses.language,
        endScreenId: surveyResponses.endScreenId,
        unseenQuestionIds: surveyResponses.unseenQuestionIds,
      })
      .from(surveyResponses)
      .where(and(ofSurvey(survey), eq(surveyResponses.id, responseId)));
    return row ?? null;
  };
  const row = await read();
  if (row === null || !lacksNumber(row)) return row;
  await numberResponses(db, survey.id);
  return read();
}

export type FoundResponse = NonNullable<Awaited<ReturnType<typeof findResponse>>>;

/** One question's answer as text; null when it has none (or retention blanked its only text). */
export function answerOf(question: Question, items: readonly AnswerItem[]): string | null {
  if (items.length === 0) return null;
  return answerText(question, items) || null;
}

/** The response's stored items by question id. */
export async function responseItems(
  db: Queryable,
  responseId: number,
): Promise<ReadonlyMap<string, readonly AnswerItem[]>> {
  const items = await savedItemsOf(db, [responseId]);
  return items.get(responseId) ?? new Map();
}

/** An answer per question of the survey, in the survey's order. */
export function answersAsText(
  questions: readonly Question[],
  items: ReadonlyMap<string, readonly AnswerItem[]>,
): ResponseAnswerText[] {
  // A text block has no answer to show (R-SURV-23).
  return renumberQuestions(questions)
    .filter(isAnswerable)
    .map((question) => ({
      question_id: question.id,
      question: question.title,
      answer: answerOf(question, items.get(question.id) ?? []),
    }));
}

/** GET /surveys/:id/responses/:responseId. */
export async function responseDetail(
  db: Queryable,
  survey: SurveyRow,
  response: FoundResponse,
): Promise<ResponseDetail> {
  const items = await responseItems(db, response.id);
  return { ...toListItem(response), answers: answersAsText(survey.questions, items) };
}

/**
 * Erases a response of the survey: its row, with it its seconds per question, and through the
 * statement trigger `survey_responses_delete_answers` its answers. Totals, rates and medians are
 * counted from the rows that remain, so nothing else needs changing. The organisation's webhooks
 * hear of it in the same transaction (`response.deleted`, R-HOOK-3). False when it was not there.
 */
export async function eraseResponse(
  db: Queryable,
  survey: SurveyRow,
  responseId: number,
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // Its completion first, if still a job, so its receivers hear of it before of its deletion.
    await queueResponseWebhooks(tx, { responseId });
    const erased = await tx
      .delete(surveyResponses)
      .where(and(ofSurvey(survey), eq(surveyResponses.id, responseId)))
      .returning({ id: surveyResponses.id });
    if (erased.length === 0) return false;
    await emitWebhookEvents(tx, [
      {
        organizationId: survey.organizationId,
        type: 'response.deleted',
        subject: `response:${responseId}`,
        data: { survey_id: survey.id, response_id: responseId },
        at: now,
      },
    ]);
    return true;
  });
}

/** A response id from the path: digits only, within the safe integers; null otherwise. */
export function parseResponseId(raw: string): number | null {
  if (!/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id >= 1 ? id : null;
}

import type {
  ContactFilter,
  ContactLatestInvitation,
  ContactMapColouring,
  ContactMapData,
  ContactMapPoint,
  ContactMapSurveys,
  DeliveryStatus,
} from '@loop/core';
import { CONTACT_MAP_STATUSES } from '@loop/core';
import { colourByOf } from '@loop/core/contacts';
import { and, asc, eq, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { PgUpdateSetSource } from 'drizzle-orm/pg-core';
import type { Queryable } from '../db/database';
import { type ContactRow, contacts, type SurveyRow, surveyAnswers, surveys } from '../db/schema';
import { addressChanged, currentAddressDigest } from '../geocoding/contactGeocoding';
import { STATUS_SQL } from '../invitations/invitationStore';
import { isoTimestamp, queryRows } from '../results/resultsSql';
import { findSurvey } from '../surveys/surveys';
import { filterConditions } from './contactStore';

/**
 * The contacts map's queries: the placed contacts of a filter (coloured by a survey or not), why
 * the others are not placed, the surveys a map can be coloured by, a contact's latest invitation,
 * and a position written by hand.
 */

/** Degrees to 6 decimals (about 10 cm): a dragged pin's 15 digits say nothing more and cost a third of the answer. */
const degrees = (value: number): number => Math.round(value * 1e6) / 1e6;

/** The survey a map is coloured by, as the queries need it. */
export interface MapColourSurvey {
  readonly colouring: ContactMapColouring;
  /** The NPS question's id (`by` 'nps'). */
  readonly questionId: string | null;
}

/** What a survey colours the map by: its first NPS question, else the invitations' status. */
export const colourOf = (survey: Pick<SurveyRow, 'id' | 'title' | 'questions'>): MapColourSurvey => {
  const { by, question } = colourByOf(survey.questions);
  return {
    colouring: {
      survey_id: survey.id,
      survey_title: survey.title,
      by,
      question_title: question?.title ?? null,
    },
    questionId: question?.id ?? null,
  };
};

/**
 * Each contact's latest invitation to one survey, as `t(contact_id, value)`: the one not cancelled
 * (there is at most one: survey_invitations_survey_contact_unique), else the newest cancelled one.
 * `value` is the NPS score of its submitted response (by 'nps': the answer joined on the answers'
 * primary key, so at most one row per invitation), or the index of its status group in
 * CONTACT_MAP_STATUSES (by 'status': the response joined on its primary key). One pass over the
 * survey's invitations (survey_invitations_survey_idx), joined to the filter's contacts.
 */
function latestPerContact(colour: MapColourSurvey) {
  const surveyId = colour.colouring.survey_id;
  const nps = colour.colouring.by === 'nps';
  const joined = nps
    ? sql`left join survey_answers a on a.response_id = i.response_id and a.survey_id = ${surveyId}
          and a.question_id = ${colour.questionId ?? ''} and a.item_id = '' and a.submitted_at is not null`
    : sql`left join survey_responses r on r.id = i.response_id and r.survey_id = ${surveyId}`;
  const value = nps
    ? sql`a.num_value`
    : sql`case
            when i.cancelled_at is not null then 3
            when i.completed_at is not null or r.status = 'completed' then 0
            when i.opened_at is not null or r.status = 'in_progress' then 1
            else 2 end`;
  return sql`(select distinct on (i.contact_id) i.contact_id, (${value})::integer as value
    from survey_invitations i ${joined}
    where i.survey_id = ${surveyId} and i.contact_id is not null
    order by i.contact_id, (i.cancelled_at is not null), i.id desc) t`;
}

/** The placed contacts of `where` with their value of the colouring (`latestPerContact`), on id. */
export const colouredPointsQuery = (where: SQL | undefined, colour: MapColourSurvey): SQL =>
  sql`select ${contacts.id} as id, ${contacts.latitude} as lat, ${contacts.longitude} as lng, t.value
    from ${contacts} left join ${latestPerContact(colour)} on t.contact_id = ${contacts.id}
    where ${where}
    order by ${contacts.id}`;

/** The placed contacts of a filter as [id, lat, lng] (with a survey: and a value), and why the others are not on the map. */
export async function loadContactMap(
  db: Queryable,
  organizationId: number,
  filter: ContactFilter,
  colour: MapColourSurvey | null = null,
): Promise<Pick<ContactMapData, 'points' | 'not_placed'>> {
  const where = filterConditions(organizationId, filter);
  const unplacedWith = (condition: ReturnType<typeof sql>) =>
    sql<number>`(count(*) filter (where ${contacts.latitude} is null and ${condition}))::integer`;
  const settled = sql`${contacts.geocodedAddress} = ${currentAddressDigest}`;
  const placed = and(...where, isNotNull(contacts.latitude));
  const [points, [counts]] = await Promise.all([
    colour === null
      ? db
          .select({ id: contacts.id, lat: contacts.latitude, lng: contacts.longitude })
          .from(contacts)
          .where(placed)
          .orderBy(asc(contacts.id))
          .then((rows) =>
            rows.map((row): ContactMapPoint => [row.id, degrees(row.lat ?? 0), degrees(row.lng ?? 0)]),
          )
      : queryRows<{ id: number; lat: number; lng: number; value: number | null }>(
          db,
          colouredPointsQuery(placed, colour),
        ).then((rows) => {
          const none = colour.colouring.by === 'status' ? CONTACT_MAP_STATUSES.indexOf('not_invited') : null;
          return rows.map(
            (row): ContactMapPoint => [
              Number(row.id),
              degrees(Number(row.lat)),
              degrees(Number(row.lng)),
              row.value === null ? none : Number(row.value),
            ],
          );
        }),
    db
      .select({
        pending: unplacedWith(addressChanged),
        not_found: unplacedWith(sql`${settled} and ${contacts.geocodeState} = 'not_found'`),
        incomplete: unplacedWith(sql`${settled} and ${contacts.geocodeState} = 'incomplete'`),
      })
      .from(contacts)
      .where(and(...where)),
  ]);
  return {
    points,
    not_placed: {
      pending: Number(counts?.pending ?? 0),
      not_found: Number(counts?.not_found ?? 0),
      incomplete: Number(counts?.incomplete ?? 0),
    },
  };
}

/** GET /contacts/map/surveys: the organisation's surveys the map can be coloured by. */
export async function colourSurveys(db: Queryable, organizationId: number): Promise<ContactMapSurveys> {
  const rows = await db
    .select({ id: surveys.id, title: surveys.title, status: surveys.status, questions: surveys.questions })
    .from(surveys)
    .where(
      and(
        eq(surveys.organizationId, organizationId),
        eq(surveys.anonymous, false),
        sql`exists (select 1 from survey_invitations i where i.survey_id = ${surveys.id})`,
      ),
    )
    .orderBy(sql`${surveys.updatedAt} desc`, sql`${surveys.id} desc`)
    .limit(200);
  return {
    items: rows.map((row) => {
      const { colouring } = colourOf(row);
      return {
        id: row.id,
        title: row.title,
        status: row.status,
        by: colouring.by,
        question_title: colouring.question_title,
      };
    }),
  };
}

/**
 * A contact's latest invitation (to one survey, or to any of the organisation's): the newest one
 * not cancelled, else the newest cancelled one; its status as the invitation list derives it, since
 * when, and for a non-anonymous survey with an NPS question the submitted score.
 */
export async function latestInvitation(
  db: Queryable,
  organizationId: number,
  contactId: number,
  surveyId: number | null,
): Promise<ContactLatestInvitation | null> {
  const [row] = await queryRows<{
    survey_id: number;
    response_id: number | null;
    status: DeliveryStatus;
    at: string | null;
  }>(
    db,
    sql`select i.survey_id, i.response_id, ${STATUS_SQL} as status,
          ${isoTimestamp(sql`case ${STATUS_SQL}
            when 'completed' then coalesce(i.completed_at, r.completed_at)
            when 'opened' then coalesce(i.opened_at, r.started_at)
            when 'failed' then i.failed_at
            when 'sent' then i.sent_at
            when 'cancelled' then i.cancelled_at
            else i.planned_at end`)} as at
        from survey_invitations i
        left join survey_responses r on r.id = i.response_id
        where i.organization_id = ${organizationId} and i.contact_id = ${contactId}
          ${surveyId === null ? sql`` : sql`and i.survey_id = ${surveyId}`}
        order by (i.cancelled_at is not null), i.planned_at desc, i.id desc
        limit 1`,
  );
  if (row === undefined) return null;
  const survey = await findSurvey(db, organizationId, Number(row.survey_id));
  if (survey === null) return null;
  const { colouring, questionId } = colourOf(survey);
  let score: number | null = null;
  // An anonymous survey's invitation has no response (invitations.ts); never look for one.
  if (!survey.anonymous && questionId !== null && row.response_id !== null) {
    const [answer] = await db
      .select({ value: surveyAnswers.numValue })
      .from(surveyAnswers)
      .where(
        and(
          eq(surveyAnswers.responseId, Number(row.response_id)),
          eq(surveyAnswers.questionId, questionId),
          eq(surveyAnswers.itemId, ''),
          isNotNull(surveyAnswers.submittedAt),
        ),
      );
    score = answer?.value ?? null;
  }
  return {
    survey_id: survey.id,
    survey_title: survey.title,
    anonymous: survey.anonymous,
    status: row.status,
    at: row.at,
    question_title: survey.anonymous ? null : colouring.question_title,
    score,
  };
}

/** Whether the contact is one of the organisation's. */
export async function contactExists(db: Queryable, organizationId: number, id: number): Promise<boolean> {
  const [found] = await db
    .select({ id: contacts.id })
    .from(contacts)
    .where(and(eq(contacts.organizationId, organizationId), eq(contacts.id, id)));
  return found !== undefined;
}

/** Writes a contact's position columns, within the organisation; null when it is not one of theirs. */
export async function writePosition(
  db: Queryable,
  organizationId: number,
  id: number,
  columns: PgUpdateSetSource<typeof contacts>,
  now: Date,
): Promise<ContactRow | null> {
  const [row] = await db
    .update(contacts)
    .set({ ...columns, updatedAt: now })
    .where(and(eq(contacts.organizationId, organizationId), eq(contacts.id, id)))
    .returning();
  return row ?? null;
}

/** A position placed by hand: kept until the address changes. */
export const manualPosition = (lat: number, lng: number): PgUpdateSetSource<typeof contacts> => ({
  latitude: lat,
  longitude: lng,
  positionSource: 'manual',
  geocodeState: null,
  geocodedAddress: currentAddressDigest,
});

/** No position: the geocoder looks the address up again. */
export const NO_POSITION: PgUpdateSetSource<typeof contacts> = {
  latitude: null,
  longitude: null,
  positionSource: null,
  geocodeState: null,
  geocodedAddress: null,
};

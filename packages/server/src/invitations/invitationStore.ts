import type {
  ContactRules,
  DeliveryStatus,
  ReminderSettings,
  SurveyInvitation,
  SurveyInvitations,
} from '@loop/core';
import { DELIVERY_STATUSES } from '@loop/core';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { contacts, organizations, type SurveyRow, surveyInvitations, surveys } from '../db/schema';
import type { Paging } from '../http/paging';
import { isoTimestamp, queryRows } from '../results/resultsSql';

/**
 * An invitation's delivery status, derived where it is read (never stored, so it cannot go stale):
 * cancelled before anything else; completed when the invitation was marked so or its response is
 * submitted; opened when the link was opened or the response was started; failed when the
 * invitation mail could not be delivered; sent once the mail server accepted it; else planned
 * (queued, or waiting for its time). A reminder that fails leaves the status as it was.
 */
export const STATUS_SQL = sql<DeliveryStatus>`case
  when i.cancelled_at is not null then 'cancelled'
  when i.completed_at is not null or r.status = 'completed' then 'completed'
  when i.opened_at is not null or r.status = 'in_progress' then 'opened'
  when i.failed_at is not null then 'failed'
  when i.sent_at is not null then 'sent'
  else 'planned' end`;

/**
 * Whether a later round of the survey of the pulse round `roundId` (an invitation's `round_id`)
 * went: then that invitation gets no more reminders (R-ROUND-5, R-ROUND-9). False for an invitation
 * outside rounds (a null round).
 */
export const laterRoundSent = (roundId: SQL) => sql<boolean>`exists (
  select 1 from survey_rounds own join survey_rounds later
    on later.survey_id = own.survey_id and later.number > own.number and later.state = 'sent'
  where own.id = ${roundId})`;

/** The invitations of one survey with their response, as `i` and `r`. */
const invitationsOf = (surveyId: number) => sql`
  from survey_invitations i
  left join survey_responses r on r.id = i.response_id
  left join contacts c on c.id = i.contact_id
  where i.survey_id = ${surveyId}`;

export const reminderSettingsOf = (survey: SurveyRow): ReminderSettings => ({
  after_days: survey.reminderAfterDays,
  max_reminders: survey.reminderMax,
  stopped: survey.remindersStopped,
});

export async function contactRulesOf(db: Queryable, organizationId: number): Promise<ContactRules> {
  const [row] = await db
    .select({ days: organizations.contactMinDaysBetween })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return { min_days_between: row?.days ?? null };
}

export async function saveContactRules(
  db: Queryable,
  organizationId: number,
  rules: ContactRules,
): Promise<ContactRules> {
  await db
    .update(organizations)
    .set({ contactMinDaysBetween: rules.min_days_between })
    .where(eq(organizations.id, organizationId));
  return rules;
}

/** What `invitationSkip` needs of one selected contact, besides the contact itself. */
export interface ContactFactsRow {
  readonly id: number;
  readonly name: string;
  readonly email: string;
  /** The contact's language: its invitation uses the survey's translation in it when complete (R-SURV-19). */
  readonly language: string;
  readonly unsubscribedAt: Date | null;
  readonly lastMailAt: Date | null;
  readonly invitedToSurvey: boolean;
  readonly answered: boolean;
}

/**
 * The selected contacts (`where`: the selection's conditions on `contacts`, the organisation's
 * included) with the facts of the rules, in id order: when this organisation last mailed them
 * (any survey and any round, cancelled invitations not counted: the contact rule holds across
 * rounds, R-ROUND-4), and whether they have an invitation to this survey and answered it; for a
 * pulse round (`roundId`) whether they have one in this round and answered this round.
 */
export async function selectionFacts(
  db: Queryable,
  organizationId: number,
  surveyId: number,
  where: SQL[],
  roundId: number | null = null,
): Promise<ContactFactsRow[]> {
  const inRound = roundId === null ? sql`` : sql` and j.round_id = ${roundId}`;
  const rows = await db
    .select({
      id: contacts.id,
      name: contacts.name,
      email: contacts.email,
      language: contacts.language,
      unsubscribedAt: contacts.unsubscribedAt,
      lastMailAt: sql<string | null>`(
        select ${isoTimestamp(sql`max(j.last_mail_at)`)} from survey_invitations j
        where j.organization_id = ${organizationId} and j.contact_id = contacts.id and j.cancelled_at is null)`,
      invitedToSurvey: sql<boolean>`exists (
        select 1 from survey_invitations j
        where j.survey_id = ${surveyId} and j.contact_id = contacts.id and j.cancelled_at is null${inRound})`,
      answered: sql<boolean>`exists (
        select 1 from survey_invitations j left join survey_responses r on r.id = j.response_id
        where j.survey_id = ${surveyId} and j.contact_id = contacts.id${inRound}
          and (j.completed_at is not null or r.status = 'completed'))`,
    })
    .from(contacts)
    .where(and(eq(contacts.organizationId, organizationId), ...where))
    .orderBy(contacts.id);
  return rows.map((row) => ({
    ...row,
    lastMailAt: row.lastMailAt === null ? null : new Date(row.lastMailAt),
  }));
}

/** Whether a survey has invitations that were not cancelled (its anonymity is then fixed). */
export async function hasInvitations(db: Queryable, surveyId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: surveyInvitations.id })
    .from(surveyInvitations)
    .where(and(eq(surveyInvitations.surveyId, surveyId), sql`${surveyInvitations.cancelledAt} is null`))
    .limit(1);
  return row !== undefined;
}

/**
 * GET /surveys/:id/invitations: a page (newest first), optionally of one status, the counts, and how
 * many planned ones are due at `now` (their mails are on their way).
 */
export async function listInvitations(
  db: Queryable,
  survey: SurveyRow,
  status: DeliveryStatus | null,
  paging: Paging,
  now: Date,
): Promise<SurveyInvitations> {
  const filter = status === null ? sql`` : sql`and ${STATUS_SQL} = ${status}`;
  const [items, counted] = await Promise.all([
    queryRows<SurveyInvitation>(
      db,
      sql`select i.id, i.contact_id, c.name, c.email, ${STATUS_SQL} as status,
            case when ${STATUS_SQL} = 'failed' then i.failure end as failure,
            ${isoTimestamp(sql`i.planned_at`)} as planned_at,
            ${isoTimestamp(sql`i.sent_at`)} as sent_at,
            ${isoTimestamp(sql`coalesce(i.opened_at, r.started_at)`)} as opened_at,
            ${isoTimestamp(sql`coalesce(i.completed_at, r.completed_at)`)} as completed_at,
            i.reminders_sent::int as reminders_sent,
            ${isoTimestamp(sql`i.last_mail_at`)} as last_mail_at
          ${invitationsOf(survey.id)} ${filter}
          order by i.id desc
          limit ${paging.pageSize} offset ${(paging.page - 1) * paging.pageSize}`,
    ),
    queryRows<{ status: DeliveryStatus; count: number; due: number }>(
      db,
      sql`select ${STATUS_SQL} as status, count(*)::int as count,
            count(*) filter (where i.planned_at <= ${now.toISOString()}::timestamptz)::int as due
          ${invitationsOf(survey.id)} group by 1`,
    ),
  ]);
  const counts = Object.fromEntries(DELIVERY_STATUSES.map((each) => [each, 0])) as Record<
    DeliveryStatus,
    number
  >;
  for (const row of counted) counts[row.status] = Number(row.count);
  const total = status === null ? Object.values(counts).reduce((a, b) => a + b, 0) : counts[status];
  return {
    items: items.map(
      (row): SurveyInvitation => ({
        ...row,
        id: Number(row.id),
        contact_id: row.contact_id === null ? null : Number(row.contact_id),
        reminders_sent: Number(row.reminders_sent),
      }),
    ),
    total,
    page: paging.page,
    page_size: paging.pageSize,
    counts,
    sending: Number(counted.find((row) => row.status === 'planned')?.due ?? 0),
    reminders: reminderSettingsOf(survey),
  };
}

export async function saveReminderSettings(
  db: Queryable,
  survey: SurveyRow,
  settings: ReminderSettings,
): Promise<ReminderSettings> {
  await db
    .update(surveys)
    .set({
      reminderAfterDays: settings.after_days,
      reminderMax: settings.max_reminders,
      remindersStopped: settings.stopped,
    })
    .where(and(eq(surveys.id, survey.id), eq(surveys.organizationId, survey.organizationId)));
  return settings;
}

import type { Question, SurveyLogic } from '@loop/core';
import {
  type AlertRule,
  alertMatcher,
  alertRespondent,
  alertText,
  type WebhookSend,
} from '@loop/core/surveys/alerts';
import type { LogicAnswers } from '@loop/core/surveys/logic';
import { answerFromItems } from '@loop/core/surveys/model';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../appDeps';
import type { Queryable } from '../db/database';
import type { JobOutput } from '../housekeeping/periodicJob';
import type { OutboxMail } from '../outbox/outboxStore';
import { answersAsText } from '../respondents/individualResponses';
import { numberResponses } from '../respondents/responseOrdinals';
import { savedItemsOf } from '../responses/responses';
import { queryRows } from '../results/resultsSql';
import { alertOutboxMail, alertSettingsUrl, surveyResultsUrl } from './alertMail';

/** Jobs taken per transaction; a full batch goes on at once with the next. */
const BATCH = 20;
/** A job that fails this often (a fault in our code or data, never a mail server's) is dropped. */
const JOB_ATTEMPTS = 5;

export type AlertJobDeps = Pick<AppDeps, 'db' | 'config' | 'outbox'> & {
  /** Where a job given up after its last attempt is reported (ids only, R-ALERT-7); the worker's log. */
  readonly output?: Pick<JobOutput, 'error'>;
};

interface Job {
  readonly id: string;
  readonly response_id: string;
  readonly survey_id: number;
  readonly attempts: number;
}

interface AlertSource {
  readonly organization_id: number;
  readonly title: string;
  readonly anonymous: boolean;
  readonly questions: Question[];
  readonly logic: SurveyLogic;
  readonly rules: AlertRule[] | null;
  readonly webhook_send: WebhookSend | null;
  readonly has_webhook: boolean;
  readonly ordinal: number | null;
  readonly status: string;
  readonly label: string | null;
  readonly hidden_fields: Record<string, string> | null;
  readonly language: string | null;
  readonly contact_name: string | null;
  readonly contact_email: string | null;
}

/** The survey, its alert settings and the response with its invited contact (none for an anonymous survey). */
async function sourceOf(db: Queryable, responseId: number): Promise<AlertSource | null> {
  const [row] = await queryRows<AlertSource>(
    db,
    sql`select s.organization_id, s.title, s.anonymous, s.questions, s.logic, a.rules, a.webhook_send,
          (a.webhook_secret is not null) as has_webhook, r.ordinal, r.status, r.label, r.hidden_fields, r.language,
          c.name as contact_name, c.email as contact_email
        from survey_responses r
        join surveys s on s.id = r.survey_id
        left join survey_alerts a on a.survey_id = s.id
        left join lateral (
          select c.name, c.email from survey_invitations i join contacts c on c.id = i.contact_id
          where i.response_id = r.id and not s.anonymous limit 1
        ) c on true
        where r.id = ${responseId}`,
  );
  return row ?? null;
}

/** The members who get an e-mail about a response: the survey's organisation's, with their choice. */
async function recipientsOf(db: Queryable, surveyId: number) {
  return queryRows<{ user_id: number; email: string; mode: string; conditions: boolean }>(
    db,
    sql`select m.user_id, u.email, m.mode, m.conditions
        from survey_alert_members m
        join memberships ms on ms.user_id = m.user_id and ms.organization_id = m.organization_id
        join users u on u.id = m.user_id
        where m.survey_id = ${surveyId} and (m.mode = 'each' or m.conditions)
        order by m.user_id`,
  );
}

/**
 * The alerts of one submitted response, queued in the caller's transaction: an e-mail to each member
 * who chose every response or whose condition alerts it matches (R-ALERT-1, R-ALERT-2), through the
 * outbox as 'alert:<response>:<member>', and the channel's message as 'response:<response>'
 * (R-ALERT-6). What the alert says follows R-ALERT-3. Answers how many messages were queued.
 */
export async function makeResponseAlerts(
  deps: AlertJobDeps,
  db: Queryable,
  job: { readonly responseId: number; readonly surveyId: number },
): Promise<number> {
  let source = await sourceOf(db, job.responseId);
  if (source === null || source.status !== 'completed') return 0;
  if (source.ordinal === null) {
    await numberResponses(db, job.surveyId);
    source = (await sourceOf(db, job.responseId)) ?? source;
  }
  const recipients = await recipientsOf(db, job.surveyId);
  if (recipients.length === 0 && !source.has_webhook) return 0;
  const items = (await savedItemsOf(db, [job.responseId])).get(job.responseId) ?? new Map();
  const answers = new Map(
    source.questions.flatMap((question) => {
      const value = answerFromItems(question, items.get(question.id) ?? []);
      return value === null ? [] : [[question.id, value] as const];
    }),
  ) as LogicAnswers;
  const matched = alertMatcher(
    source.questions,
    source.logic,
    source.rules ?? [],
  )(answers, {
    hidden_fields: source.hidden_fields ?? {},
    language: source.language ?? '',
  }).map((rule) => rule.name);
  const message = alertText({
    surveyTitle: source.title,
    ordinal: source.ordinal,
    respondent: alertRespondent(source.anonymous, {
      name: source.contact_name,
      email: source.contact_email,
      label: source.label,
    }),
    anonymous: source.anonymous,
    matched,
    answers: answersAsText(source.questions, items).map(({ question, answer }) => ({ question, answer })),
    resultsUrl: surveyResultsUrl(deps.config.appUrl, job.surveyId),
  });
  const mails: OutboxMail[] = recipients
    .filter((member) => member.mode === 'each' || (member.conditions && matched.length > 0))
    .map((member) =>
      alertOutboxMail(message, {
        reference: `alert:${job.responseId}:${member.user_id}`,
        kind: 'response-alert',
        organizationId: source.organization_id,
        to: member.email,
        settingsUrl: alertSettingsUrl(deps.config.appUrl, job.surveyId),
      }),
    );
  const queued = mails.length === 0 ? 0 : await deps.outbox.enqueueMany(db, mails);
  if (source.has_webhook && (source.webhook_send === 'each' || matched.length > 0)) {
    await db.execute(sql`
      insert into alert_webhook_deliveries (survey_id, organization_id, reference, text)
      values (${job.surveyId}, ${source.organization_id}, ${`response:${job.responseId}`},
              ${`${message.subject}\n\n${message.text}`})
      on conflict do nothing`);
    return queued + 1;
  }
  return queued;
}

/**
 * One pass over the alert jobs (R-ALERT-7): due jobs are taken with `for update skip locked`, so two
 * servers never take the same one, and each job's alerts are queued and the job deleted in one
 * transaction: a crash leaves the job for the next pass, never half its alerts. A job that fails is
 * tried again later (`attempts`, `last_error`), at most JOB_ATTEMPTS times. Answers the jobs done.
 */
export async function runAlertJobs(deps: AlertJobDeps): Promise<number> {
  let done = 0;
  for (;;) {
    const taken = await deps.db.transaction(async (tx) => {
      const jobs = await queryRows<Job>(
        tx,
        sql`select id::text as id, response_id::text as response_id, survey_id, attempts from response_alert_jobs
            where not_before <= now() order by id limit ${BATCH} for update skip locked`,
      );
      for (const job of jobs) {
        try {
          await tx.transaction((savepoint) =>
            makeResponseAlerts(deps, savepoint, {
              responseId: Number(job.response_id),
              surveyId: job.survey_id,
            }),
          );
          await tx.execute(sql`delete from response_alert_jobs where id = ${job.id}`);
        } catch (error) {
          const message = error instanceof Error ? error.message : String(error);
          if (job.attempts + 1 >= JOB_ATTEMPTS)
            deps.output?.error(
              { survey_id: job.survey_id, response_id: Number(job.response_id), attempts: job.attempts + 1 },
              'Meldingen voor een reactie opgegeven na de laatste poging',
            );
          await tx.execute(
            job.attempts + 1 >= JOB_ATTEMPTS
              ? sql`delete from response_alert_jobs where id = ${job.id}`
              : sql`update response_alert_jobs set attempts = attempts + 1, last_error = ${message.slice(0, 500)},
                      not_before = now() + ${(job.attempts + 1) * 60} * interval '1 second' where id = ${job.id}`,
          );
        }
      }
      return jobs.length;
    });
    done += taken;
    if (taken < BATCH) return done;
  }
}

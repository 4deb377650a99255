import type { Question, SurveyLogic } from '@loop/core';
import {
  type AlertRule,
  alertMatcher,
  type DigestWindow,
  digestText,
  digestWindow,
} from '@loop/core/surveys/alerts';
import type { LogicAnswers } from '@loop/core/surveys/logic';
import { answerFromItems } from '@loop/core/surveys/model';
import { sql } from 'drizzle-orm';
import type { AppDeps } from '../appDeps';
import type { Queryable } from '../db/database';
import { savedItemsOf } from '../responses/responses';
import { queryRows } from '../results/resultsSql';
import { alertOutboxMail, alertSettingsUrl, surveyResultsUrl } from './alertMail';

/** Digests claimed per transaction. */
const BATCH = 50;
/** A digest counts its condition alerts over at most this many of the day's responses. */
export const DIGEST_MATCH_LIMIT = 1_000;

export type DigestDeps = Pick<AppDeps, 'db' | 'config' | 'outbox' | 'clock'>;

interface Claimed {
  readonly survey_id: number;
  readonly user_id: number;
  readonly organization_id: number;
  readonly email: string;
  readonly title: string;
  readonly questions: Question[];
  readonly logic: SurveyLogic;
  readonly rules: AlertRule[] | null;
}

/** Per condition alert, how many of the window's responses (up to DIGEST_MATCH_LIMIT) match it. */
async function matchedCounts(db: Queryable, survey: Claimed, window: DigestWindow) {
  const rules = survey.rules ?? [];
  if (rules.length === 0) return [];
  const responses = await queryRows<{
    id: string;
    hidden_fields: Record<string, string> | null;
    language: string | null;
  }>(
    db,
    sql`select id::text as id, hidden_fields, language from survey_responses
        where survey_id = ${survey.survey_id} and status = 'completed'
          and completed_at >= ${new Date(window.from).toISOString()}::timestamptz
          and completed_at < ${new Date(window.to).toISOString()}::timestamptz
        order by completed_at limit ${DIGEST_MATCH_LIMIT}`,
  );
  const items = await savedItemsOf(
    db,
    responses.map((response) => Number(response.id)),
  );
  const match = alertMatcher(survey.questions, survey.logic, rules);
  const counts = new Map(rules.map((rule) => [rule.id, 0]));
  for (const response of responses) {
    const saved = items.get(Number(response.id)) ?? new Map();
    const answers = new Map(
      survey.questions.flatMap((question) => {
        const value = answerFromItems(question, saved.get(question.id) ?? []);
        return value === null ? [] : [[question.id, value] as const];
      }),
    ) as LogicAnswers;
    for (const rule of match(answers, {
      hidden_fields: response.hidden_fields ?? {},
      language: response.language ?? '',
    }))
      counts.set(rule.id, (counts.get(rule.id) ?? 0) + 1);
  }
  return rules.map((rule) => ({ name: rule.name, count: counts.get(rule.id) ?? 0 }));
}

/**
 * One pass of daily digests (R-ALERT-5). From DIGEST_HOUR in the Netherlands, each member with
 * 'Dagelijks overzicht' is claimed for today by moving `last_digest_day` to today, in the statement
 * that picks the rows (`for update skip locked`), and the digest of yesterday's responses is queued
 * in the same transaction as 'digest:<survey>:<member>:<day>'. A second server skips the locked
 * rows and finds them claimed after the commit; a crash before the commit leaves them due: once per
 * member, survey and day. A day without responses sends nothing. Answers the digests queued.
 */
export async function sendDigests(deps: DigestDeps): Promise<number> {
  const window = digestWindow(deps.clock.now());
  if (window === null) return 0;
  let queued = 0;
  for (;;) {
    const claimed = await deps.db.transaction(async (tx) => {
      const rows = await queryRows<Claimed>(
        tx,
        sql`with due as materialized (
              select m.survey_id, m.user_id from survey_alert_members m
              join memberships ms on ms.user_id = m.user_id and ms.organization_id = m.organization_id
              where m.mode = 'digest' and (m.last_digest_day is null or m.last_digest_day < ${window.day})
              order by m.survey_id, m.user_id limit ${BATCH}
              for update of m skip locked
            ), claimed as (
              update survey_alert_members m set last_digest_day = ${window.day}
              from due where m.survey_id = due.survey_id and m.user_id = due.user_id
              returning m.survey_id, m.user_id, m.organization_id
            )
            select c.survey_id, c.user_id, c.organization_id, u.email, s.title, s.questions, s.logic, a.rules
            from claimed c join users u on u.id = c.user_id join surveys s on s.id = c.survey_id
            left join survey_alerts a on a.survey_id = c.survey_id`,
      );
      for (const row of rows) {
        const [count] = await queryRows<{ n: number }>(
          tx,
          sql`select count(*)::int as n from survey_responses
              where survey_id = ${row.survey_id} and status = 'completed'
                and completed_at >= ${new Date(window.from).toISOString()}::timestamptz
                and completed_at < ${new Date(window.to).toISOString()}::timestamptz`,
        );
        const responses = Number(count?.n ?? 0);
        if (responses === 0) continue;
        const message = digestText({
          surveyTitle: row.title,
          day: new Date(window.from),
          responses,
          matched: await matchedCounts(tx, row, window),
          resultsUrl: surveyResultsUrl(deps.config.appUrl, row.survey_id),
        });
        const mail = alertOutboxMail(message, {
          reference: `digest:${row.survey_id}:${row.user_id}:${window.day}`,
          kind: 'alert-digest',
          organizationId: row.organization_id,
          to: row.email,
          settingsUrl: alertSettingsUrl(deps.config.appUrl, row.survey_id),
        });
        if ((await deps.outbox.enqueue(tx, mail)).created) queued++;
      }
      return rows.length;
    });
    if (claimed < BATCH) return queued;
  }
}

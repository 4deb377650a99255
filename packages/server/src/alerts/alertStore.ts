import { randomUUID } from 'node:crypto';
import {
  type AlertRule,
  type MemberAlertSettings,
  NO_ALERTS,
  type SurveyAlerts,
  type WebhookKind,
  type WebhookSend,
  type WebhookView,
  webhookTestText,
} from '@loop/core/surveys/alerts';
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { alertWebhookDeliveries, surveyAlertMembers, surveyAlerts } from '../db/schema';
import { queryRows } from '../results/resultsSql';

/**
 * The alert settings of a survey (issue 27): a member's own choice, the survey's condition alerts and
 * its channel, and `surveys.alerts`, which every change here sets again in the same transaction
 * (R-ALERT-7): true while a member of the organisation receives something or a channel is set.
 */

/** Sets `surveys.alerts` from what is stored now. */
export async function refreshAlertFlag(db: Queryable, surveyId: number): Promise<void> {
  await db.execute(sql`
    update surveys s set alerts = (
      exists (select 1 from survey_alerts a where a.survey_id = s.id and a.webhook_secret is not null)
      or exists (
        select 1 from survey_alert_members m
        join memberships ms on ms.user_id = m.user_id and ms.organization_id = m.organization_id
        where m.survey_id = s.id and (m.mode <> 'none' or m.conditions)))
    where s.id = ${surveyId}`);
}

/** The channel as the screen shows it; null without one. */
export async function webhookView(db: Queryable, surveyId: number): Promise<WebhookView | null> {
  const [row] = await queryRows<{
    kind: WebhookKind;
    host: string;
    send: WebhookSend;
    last_delivery_at: string | null;
    last_error: string | null;
    last_error_at: string | null;
    pending: number;
  }>(
    db,
    sql`select a.webhook_kind as kind, a.webhook_host as host, a.webhook_send as send,
          to_char(a.webhook_last_delivery_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_delivery_at,
          a.webhook_last_error as last_error,
          to_char(a.webhook_last_error_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as last_error_at,
          (select count(*)::int from alert_webhook_deliveries d
           where d.survey_id = a.survey_id and d.state in ('queued', 'sending')) as pending
        from survey_alerts a where a.survey_id = ${surveyId} and a.webhook_secret is not null`,
  );
  return row === undefined ? null : { ...row, pending: Number(row.pending) };
}

/** Everything the 'Meldingen' section shows for a member. */
export async function surveyAlertsOf(db: Queryable, surveyId: number, userId: number): Promise<SurveyAlerts> {
  const [[mine], [settings], webhook] = await Promise.all([
    db
      .select({ mode: surveyAlertMembers.mode, conditions: surveyAlertMembers.conditions })
      .from(surveyAlertMembers)
      .where(and(eq(surveyAlertMembers.surveyId, surveyId), eq(surveyAlertMembers.userId, userId))),
    db.select({ rules: surveyAlerts.rules }).from(surveyAlerts).where(eq(surveyAlerts.surveyId, surveyId)),
    webhookView(db, surveyId),
  ]);
  return { mine: mine ?? NO_ALERTS, rules: settings?.rules ?? [], webhook };
}

export async function saveMemberAlerts(
  db: Queryable,
  survey: { readonly id: number; readonly organizationId: number },
  userId: number,
  settings: MemberAlertSettings,
  now: Date,
): Promise<MemberAlertSettings> {
  await db.transaction(async (tx) => {
    await tx
      .insert(surveyAlertMembers)
      .values({
        surveyId: survey.id,
        userId,
        organizationId: survey.organizationId,
        ...settings,
        updatedAt: now,
      })
      .onConflictDoUpdate({
        target: [surveyAlertMembers.surveyId, surveyAlertMembers.userId],
        set: { mode: settings.mode, conditions: settings.conditions, updatedAt: now },
      });
    await refreshAlertFlag(tx, survey.id);
  });
  return settings;
}

export async function saveAlertRules(
  db: Queryable,
  survey: { readonly id: number; readonly organizationId: number },
  rules: readonly AlertRule[],
  now: Date,
): Promise<readonly AlertRule[]> {
  await db
    .insert(surveyAlerts)
    .values({ surveyId: survey.id, organizationId: survey.organizationId, rules: [...rules], updatedAt: now })
    .onConflictDoUpdate({ target: surveyAlerts.surveyId, set: { rules: [...rules], updatedAt: now } });
  return rules;
}

/** Sets the channel: the address encrypted, its host and kind, what to send; its history starts afresh. */
export async function saveWebhook(
  db: Queryable,
  survey: { readonly id: number; readonly organizationId: number },
  webhook: {
    readonly secret: string;
    readonly host: string;
    readonly kind: WebhookKind;
    readonly send: WebhookSend;
  },
  now: Date,
): Promise<void> {
  const values = {
    webhookSecret: webhook.secret,
    webhookHost: webhook.host,
    webhookKind: webhook.kind,
    webhookSend: webhook.send,
    webhookLastDeliveryAt: null,
    webhookLastError: null,
    webhookLastErrorAt: null,
    updatedAt: now,
  };
  await db.transaction(async (tx) => {
    await tx
      .insert(surveyAlerts)
      .values({ surveyId: survey.id, organizationId: survey.organizationId, ...values })
      .onConflictDoUpdate({ target: surveyAlerts.surveyId, set: values });
    await refreshAlertFlag(tx, survey.id);
  });
}

/** Removes the channel; messages still waiting for it are dropped. Answers whether there was one. */
export async function removeWebhook(db: Queryable, surveyId: number, now: Date): Promise<boolean> {
  return db.transaction(async (tx) => {
    const removed = await tx
      .update(surveyAlerts)
      .set({ webhookSecret: null, webhookHost: null, webhookKind: null, updatedAt: now })
      .where(and(eq(surveyAlerts.surveyId, surveyId), sql`${surveyAlerts.webhookSecret} is not null`))
      .returning({ id: surveyAlerts.surveyId });
    await tx
      .delete(alertWebhookDeliveries)
      .where(
        and(
          eq(alertWebhookDeliveries.surveyId, surveyId),
          sql`${alertWebhookDeliveries.state} in ('queued', 'sending')`,
        ),
      );
    await refreshAlertFlag(tx, surveyId);
    return removed.length > 0;
  });
}

/** Queues the channel's test message (delivered like every other, R-ALERT-6). */
export async function queueTestMessage(
  db: Queryable,
  survey: { readonly id: number; readonly organizationId: number; readonly title: string },
): Promise<void> {
  await db.insert(alertWebhookDeliveries).values({
    surveyId: survey.id,
    organizationId: survey.organizationId,
    reference: `test:${randomUUID()}`,
    text: webhookTestText(survey.title),
  });
}

/** Whether the survey has a channel. */
export async function hasWebhook(db: Queryable, surveyId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: surveyAlerts.surveyId })
    .from(surveyAlerts)
    .where(and(eq(surveyAlerts.surveyId, surveyId), sql`${surveyAlerts.webhookSecret} is not null`));
  return row !== undefined;
}

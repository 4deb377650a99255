import type { SurveyRounds } from '@loop/core';
import { sql } from 'drizzle-orm';
import type { AppConfig } from '../config';
import type { Database } from '../db/database';
import { createOutbox } from '../outbox/outbox';
import { queryRows } from '../results/resultsSql';
import { runDueRounds } from '../rounds/roundScheduler';
import type { FakeClock } from './fakeClock';
import { type Caller, callAs } from './invitationTesting';
import type { TestContext } from './testApp';

export const DAY = 86_400_000;
export const WEEK = 7 * DAY;

/** One pass of the rounds scheduler on `db` (another handle is another server). */
export const roundPass = (db: Database, clock: FakeClock, config: AppConfig) =>
  runDueRounds({ db, clock, config, outbox: createOutbox(config) });

/** PUT /surveys/:id/rounds, expecting 200. */
export async function scheduleRounds(
  ctx: Pick<TestContext, 'app'>,
  caller: Caller,
  surveyId: number,
  input: Record<string, unknown>,
): Promise<SurveyRounds> {
  const response = await callAs(ctx, caller, 'PUT', `/surveys/${surveyId}/rounds`, input);
  if (response.statusCode !== 200) throw new Error(`PUT rounds: ${response.statusCode} ${response.body}`);
  return response.json<SurveyRounds>();
}

export async function roundsOf(ctx: Pick<TestContext, 'app'>, caller: Caller, surveyId: number) {
  const response = await callAs(ctx, caller, 'GET', `/surveys/${surveyId}/rounds`);
  if (response.statusCode !== 200) throw new Error(`GET rounds: ${response.statusCode} ${response.body}`);
  return response.json<SurveyRounds>();
}

/** Per contact and round of a survey: how many invitations (not cancelled) and outbox mails it has. */
export async function invitationsPerContact(db: Database, surveyId: number) {
  return queryRows<{ contact_id: number; round_number: number; invitations: number; mails: number }>(
    db,
    sql`select i.contact_id, r.number as round_number, count(*)::int as invitations, count(m.id)::int as mails
        from survey_invitations i join survey_rounds r on r.id = i.round_id
        left join mail_outbox m on m.reference = 'invitation:' || i.id
        where i.survey_id = ${surveyId} and i.cancelled_at is null
        group by i.contact_id, r.number order by r.number, i.contact_id`,
  );
}

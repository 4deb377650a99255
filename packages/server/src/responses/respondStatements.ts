import type { SurveyStatus } from '@loop/core';
import { eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import {
  branding,
  organizations,
  type ResponseStatus,
  surveyAnswers,
  surveyResponses,
  surveys,
} from '../db/schema';
import { ADD_COUNTS, bucketsOf, COUNT_COLUMNS, valueCounts } from './surveyCounts';

/**
 * Whether the survey's organisation has an endpoint on for `response.completed` (R-HOOK-3): read
 * with the target, so the submission knows which statement to run.
 */
const HOOKED = sql`exists (
  select 1 from webhook_endpoints e
  where e.organization_id = s.organization_id and e.enabled and 'response.completed' = any (e.events))`;

export const responseXmin = sql<string>`${surveyResponses}.xmin::text`;

/** The shard of the survey counts a write statement adds to (R-RESP-16; `countShard`). */
const SHARD = sql`${sql.placeholder('shard')}::smallint`;

/**
 * The answering routes' statements, prepared once per database: on PostgreSQL a parameterised
 * statement that is not prepared costs two round trips (the driver asks for the parameter types
 * first), a prepared one a single round trip after its first use on a connection.
 *
 * A prepared statement keeps the generic plan PostgreSQL made for it, possibly while the tables
 * were nearly empty, until the next ANALYZE. A join of a JSON parameter's rows (estimated at 100)
 * against a table that was small then becomes a sequential scan of the whole table later. So every
 * lookup of responses and answers here names its keys with `= any (array(…))`, which the planner
 * answers with an index scan at any table size; `respondPlans.test.ts` checks the plans.
 */
function respondStatements(db: Queryable) {
  // Every column is cast so both drivers hand back the same JavaScript types.
  const targets = db
    .$with('targets', {
      key: sql<string>`key`.as('key'),
      surveyId: sql<number>`survey_id`.as('survey_id'),
      organizationId: sql<number>`organization_id`.as('organization_id'),
      status: sql<SurveyStatus>`status`.as('status'),
      closeAt: sql<string | null>`close_at`.as('close_at'),
      version: sql<number>`version`.as('version'),
      responseId: sql<string | null>`response_id`.as('response_id'),
      responseStatus: sql<ResponseStatus | null>`response_status`.as('response_status'),
      responseXmin: sql<string | null>`response_xmin`.as('response_xmin'),
      capped: sql<boolean>`capped`.as('capped'),
      alerts: sql<boolean>`alerts`.as('alerts'),
      hooked: sql<boolean>`hooked`.as('hooked'),
    })
    .as(sql`
      select r.token_hash as key, s.id as survey_id, s.organization_id, s.status,
             to_char(s.close_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as close_at, s.version,
             r.id::text as response_id, r.status as response_status, r.xmin as response_xmin,
             (s.max_responses is not null or s.quotas <> '[]'::jsonb) as capped, s.alerts, ${HOOKED} as hooked
      -- One index lookup per token: a lateral with a limit is not flattened into a join the
      -- planner could answer with a sequential scan of a table that looks small.
      from jsonb_array_elements_text(${sql.placeholder('hashes')}::jsonb) as h(hash)
      cross join lateral (
        select x.token_hash, x.survey_id, x.id, x.status, x.xmin::text as xmin
        from survey_responses x where x.token_hash = h.hash limit 1
      ) r
      join surveys s on s.id = r.survey_id
      union all
      select s.public_token, s.id, s.organization_id, s.status,
             to_char(s.close_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), s.version, null, null, null,
             (s.max_responses is not null or s.quotas <> '[]'::jsonb), s.alerts, ${HOOKED}
      from surveys s
      where s.public_token = any (array(select jsonb_array_elements_text(${sql.placeholder('tokens')}::jsonb)))`);

  const input = db.$with('input', {}).as(sql`
    select * from jsonb_to_recordset(${sql.placeholder('writes')}::jsonb)
      as x(r bigint, x text, s integer, f boolean, fresh boolean, at timestamptz, sent jsonb, items jsonb, times jsonb,
           h jsonb, l text, u jsonb, e text, a boolean, w boolean, v text)`);
  // The response rows are matched with `= any(array[…])`, which no hash or merge join can use: the
  // planner has to look each one up through the primary key, also while the table looks small
  // (the survey logic columns made a sequential scan look cheaper on an empty table).
  const gate = db.$with('gate', { writtenId: sql<string>`written_id`.as('written_id') }).as(sql`
    update survey_responses r
    set status = case when input.f then 'completed' else 'in_progress' end,
        started_at = coalesce(r.started_at, input.at),
        saved_at = input.at,
        completed_at = case when input.f then input.at end,
        question_seconds = r.question_seconds || input.times,
        -- Survey logic (R-RESP-5, R-RESP-7): the hidden fields and language are fixed at the first
        -- write; a submission records the questions its path did not show and its end screen.
        hidden_fields = case when r.status = 'pending' then coalesce(input.h, r.hidden_fields) else r.hidden_fields end,
        language = case when r.status = 'pending' then input.l else r.language end,
        unseen_question_ids = case when input.f and input.u is not null
          then array(select jsonb_array_elements_text(input.u)) else r.unseen_question_ids end,
        end_screen_id = case when input.f then input.e else r.end_screen_id end
    from input
    where r.id = any (array[input.r]) and r.status <> 'completed' and r.xmin::text = any (array[input.x])
    returning r.id, r.id::text as written_id, r.survey_id, r.kind, r.completed_at`);
  const passed = db.$with('passed', {}).as(sql`select input.* from input join gate on gate.id = input.r`);
  const items = db.$with('items', {}).as(sql`
    select p.r, p.s, p.f, p.at, i.q, i.i, i.n, i.t
    from passed p, jsonb_to_recordset(p.items) as i(q text, i text, n smallint, t text)`);
  // Only responses saved before can hold answers to replace or stamp: a pending one (read at this
  // very version) has none, so a first write skips those steps. They find the rows through the
  // primary key's leading column with `= any(array)`, which keeps them index scans under a cached
  // generic plan, however small the table was when the plan was made.
  const sent = db
    .$with('sent', {})
    .as(sql`select p.r, jsonb_array_elements_text(p.sent) as q from passed p where not p.fresh`);
  // A submission's saved answers to questions its path did not show are never kept (R-RESP-7).
  const unseen = db
    .$with('unseen', {})
    .as(
      sql`select p.r, jsonb_array_elements_text(p.u) as q from passed p where p.f and not p.fresh and p.u is not null`,
    );
  const removed = db.$with('removed', {}).as(sql`
    delete from survey_answers a
    where a.response_id = any (array(select r from sent union select r from unseen))
      and ((exists (select 1 from sent where sent.r = a.response_id and sent.q = a.question_id)
            and not exists (
              select 1 from items where items.r = a.response_id and items.q = a.question_id and items.i = a.item_id
            ))
        or exists (select 1 from unseen where unseen.r = a.response_id and unseen.q = a.question_id))`);
  const upserted = db.$with('upserted', {}).as(sql`
    insert into survey_answers (response_id, survey_id, question_id, item_id, num_value, text_value, submitted_at)
    select r, s, q, i, n, t, case when f then at end from items
    on conflict (response_id, question_id, item_id) do update
      set num_value = excluded.num_value, text_value = excluded.text_value, submitted_at = excluded.submitted_at
    returning survey_id, question_id, item_id, num_value, submitted_at`);
  const stamped = db.$with('stamped', {}).as(sql`
    update survey_answers a set submitted_at = p.at from passed p
    where a.response_id = any (array(select r from passed where f and not fresh))
      and a.response_id = p.r
      and not exists (select 1 from sent where sent.r = p.r and sent.q = a.question_id)
      and not exists (select 1 from unseen where unseen.r = p.r and unseen.q = a.question_id)
    returning a.survey_id, a.question_id, a.item_id, a.num_value, a.submitted_at`);
  // The survey counts KPIs read (surveyCounts.ts): a submission adds its scored items and itself.
  // Only a submission stamps items and completes a response, once, so this only ever adds. Rows
  // are added in key order, so two statements that add to the same rows lock them in the same
  // order and cannot deadlock. Each statement adds to the shard it was given (R-RESP-16): two
  // batches in flight add to different rows, so the second does not wait for the first's commit.
  const counted = db.$with('counted', {}).as(sql`
    insert into survey_answer_counts (survey_id, question_id, item_id, grain, bucket, shard, ${COUNT_COLUMNS})
    select x.survey_id, x.question_id, x.item_id, g.grain, g.bucket, ${SHARD}, ${valueCounts(sql`x.num_value`)}
    from (select * from upserted where submitted_at is not null union all select * from stamped) x
    cross join lateral (${bucketsOf(sql`x.submitted_at`)}) as g(grain, bucket)
    where x.num_value between 0 and 10
    group by 1, 2, 3, 4, 5
    order by 1, 2, 3, 4, 5
    on conflict (survey_id, question_id, item_id, grain, bucket, shard) do update set ${ADD_COUNTS}`);
  const completions = db.$with('completions', {}).as(sql`
    insert into survey_response_counts (survey_id, grain, bucket, shard, completed, completed_personal)
    select gate.survey_id, g.grain, g.bucket, ${SHARD}, count(*)::int, (count(*) filter (where gate.kind = 'personal'))::int
    from gate cross join lateral (${bucketsOf(sql`gate.completed_at`)}) as g(grain, bucket)
    where gate.completed_at is not null
    group by 1, 2, 3
    order by 1, 2, 3
    on conflict (survey_id, grain, bucket, shard) do update
      set completed = survey_response_counts.completed + excluded.completed,
          completed_personal = survey_response_counts.completed_personal + excluded.completed_personal`);
  // A submission of a survey with alerts leaves its alert job in the same statement (R-ALERT-7); the
  // statement with this step is a variant of its own, used only by a batch that holds such a write,
  // so a submission of a survey without alerts runs exactly what it ran before.
  const alerted = db.$with('alerted', {}).as(sql`
    insert into response_alert_jobs (response_id, survey_id)
    select gate.id, gate.survey_id from gate join input on input.r = gate.id
    where input.a and gate.completed_at is not null
    on conflict (response_id) do nothing`);
  // A submission in an organisation with a webhook endpoint for `response.completed` leaves its
  // webhook job in the same statement (R-HOOK-3), a variant like the alert job's, so a submission of
  // an organisation without one runs what it ran before; the delivery pass makes the deliveries
  // (webhooks/webhookResponseJobs.ts), so the answer path pays one small row, not their join and body.
  const hooked = db.$with('hooked', {}).as(sql`
    insert into webhook_response_jobs (response_id, survey_id, completed_at)
    select gate.id, gate.survey_id, gate.completed_at from gate join input on input.r = gate.id
    where input.w and gate.completed_at is not null
    on conflict (response_id) do nothing`);
  // A submission on a personal link completes its invitation in the same statement (R-RESP-15): a
  // named survey's invitation is found by the response, an anonymous survey's by the hash it stores
  // of the link (`v`; the day only, like its opening). Both through their indexes with
  // `= any(array(…))`, and for a response without an invitation nothing is changed.
  const invited = db.$with('invited', {}).as(sql`
    update survey_invitations i
    set completed_at = case when i.response_id is null
      then (select date_trunc('day', input.at at time zone 'UTC') at time zone 'UTC' from input where input.v = i.invitation_token_hash limit 1)
      else (select gate.completed_at from gate where gate.id = i.response_id) end
    where i.completed_at is null
      and (i.response_id = any (array(select gate.id from gate where gate.completed_at is not null))
        or i.invitation_token_hash = any (array(
          select input.v from input join gate on gate.id = input.r
          where gate.completed_at is not null and input.v is not null)))`);
  // `= any(array(…))` keeps this an index scan on the primary key under a cached generic plan.
  const saved = db
    .select({
      responseId: surveyAnswers.responseId,
      questionId: surveyAnswers.questionId,
      item_id: surveyAnswers.itemId,
      num_value: surveyAnswers.numValue,
      text_value: surveyAnswers.textValue,
    })
    .from(surveyAnswers)
    .where(
      sql`${surveyAnswers.responseId} = any (array(select jsonb_array_elements_text(${sql.placeholder('ids')}::jsonb)::bigint))`,
    );

  // Public-link visitors' responses, made where missing and read where present, in one statement.
  // Rows are found through the unique (survey_id, respondent_key) index with `= any(array(…))`.
  const visitorInput = db.$with('visitor_input', {}).as(sql`
    select * from jsonb_to_recordset(${sql.placeholder('visitors')}::jsonb)
      as x(s integer, o integer, k text, h text, at timestamptz)`);
  const created = db.$with('created', {}).as(sql`
    insert into survey_responses (survey_id, organization_id, token_hash, kind, respondent_key, status, created_at)
    select s, o, h, 'public', k, 'pending', at from visitor_input
    on conflict do nothing
    returning survey_id, respondent_key, id, status, xmin`);
  const visitors = db
    .$with('visitors', {
      surveyId: sql<number>`survey_id`.as('survey_id'),
      key: sql<string>`key`.as('key'),
      id: sql<string>`id`.as('id'),
      status: sql<ResponseStatus>`status`.as('status'),
      xmin: sql<string>`xmin`.as('xmin'),
    })
    .as(sql`
      select survey_id, respondent_key as key, id::text as id, status, xmin::text as xmin from created
      union all
      select r.survey_id, r.respondent_key, r.id::text, r.status, r.xmin::text
      from survey_responses r join visitor_input v on r.survey_id = v.s and r.respondent_key = v.k
      where r.survey_id = any (array(select s from visitor_input))
        and r.respondent_key = any (array(select k from visitor_input))
        and not exists (select 1 from created c where c.survey_id = v.s and c.respondent_key = v.k)`);

  // What the answering page shows besides the questions: the survey's texts and the organisation's
  // name and look, in one round trip.
  const page = db
    .select({
      title: surveys.title,
      descriptionHtml: surveys.descriptionHtml,
      introductionHtml: surveys.introductionHtml,
      thankYouText: surveys.thankYouText,
      closeAt: surveys.closeAt,
      anonymous: surveys.anonymous,
      languages: surveys.languages,
      organizationName: organizations.name,
      branding,
    })
    .from(surveys)
    .innerJoin(organizations, eq(organizations.id, surveys.organizationId))
    .leftJoin(branding, eq(branding.organizationId, surveys.organizationId))
    .where(eq(surveys.id, sql.placeholder('surveyId')));
  // A response's seconds per question with what it fixed at its first write (R-RESP-5).
  const seconds = db
    .select({
      seconds: surveyResponses.questionSeconds,
      hiddenFields: surveyResponses.hiddenFields,
      language: surveyResponses.language,
    })
    .from(surveyResponses)
    .where(eq(surveyResponses.id, sql.placeholder('responseId')));

  // The write with the steps a batch needs besides the answers: alert jobs, webhook deliveries.
  const writeWith = (...steps: Array<typeof alerted | typeof hooked>) =>
    db
      .with(
        input,
        gate,
        passed,
        items,
        sent,
        unseen,
        removed,
        upserted,
        stamped,
        counted,
        completions,
        invited,
        ...steps,
      )
      .select({ id: gate.writtenId })
      .from(gate);

  const queries = {
    page,
    seconds,
    saved,
    visitors: db.with(visitorInput, created, visitors).select().from(visitors),
    targets: db.with(targets).select().from(targets),
    write: writeWith(),
    alertedWrite: writeWith(alerted),
    hookedWrite: writeWith(hooked),
    alertedHookedWrite: writeWith(alerted, hooked),
  };
  const prepared = {
    queries,
    page: queries.page.prepare('respond_page'),
    seconds: queries.seconds.prepare('respond_seconds'),
    saved: queries.saved.prepare('respond_saved'),
    visitors: queries.visitors.prepare('respond_visitors'),
    targets: queries.targets.prepare('respond_targets'),
    write: queries.write.prepare('respond_write'),
    alertedWrite: queries.alertedWrite.prepare('respond_write_alerted'),
    hookedWrite: queries.hookedWrite.prepare('respond_write_hooked'),
    alertedHookedWrite: queries.alertedHookedWrite.prepare('respond_write_alerted_hooked'),
  };
  return {
    ...prepared,
    /** The write with the steps a batch needs: alert jobs (R-ALERT-7), webhook deliveries (R-HOOK-3). */
    writeFor: (alerted: boolean, hooked: boolean) =>
      hooked
        ? alerted
          ? prepared.alertedHookedWrite
          : prepared.hookedWrite
        : alerted
          ? prepared.alertedWrite
          : prepared.write,
  };
}

/** The SQL of the answering statements, for the test that checks their generic plans. */
export function respondSqlForTests(db: Queryable): Record<string, string> {
  const statements = respondStatements(db);
  return Object.fromEntries(
    Object.entries(statements.queries).map(([name, query]) => [name, query.toSQL().sql]),
  );
}

const preparedStatements = new WeakMap<object, ReturnType<typeof respondStatements>>();

export function statementsOf(db: Queryable): ReturnType<typeof respondStatements> {
  let statements = preparedStatements.get(db);
  if (statements === undefined) {
    statements = respondStatements(db);
    preparedStatements.set(db, statements);
  }
  return statements;
}

import type { AnswerInput, Question, SurveyStatus } from '@loop/core';
import { type AnswerItem, answerFromItems } from '@loop/core/surveys/model';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import {
  branding,
  organizations,
  type ResponseStatus,
  surveyAnswers,
  surveyResponses,
  surveys,
} from '../db/schema';
import { hashToken } from './responseTokens';
import { ADD_COUNTS, bucketsOf, COUNT_COLUMNS, valueCounts } from './surveyCounts';

/** A response as the answering routes see it; `xmin` tells whether it changed since it was read. */
export interface ResponseState {
  readonly id: number;
  readonly status: ResponseStatus;
  /** The row version (Postgres' `xmin`): a write goes through only while it is still this one. */
  readonly xmin: string;
}

/** The survey a token in `/respond/:token` leads to, and the response when it is a response token. */
export interface RespondTarget {
  readonly surveyId: number;
  readonly organizationId: number;
  readonly status: SurveyStatus;
  readonly closeAt: Date | null;
  readonly version: number;
  /** null: the token is the survey's public link (a visitor's response starts at the first save). */
  readonly response: ResponseState | null;
}

const responseXmin = sql<string>`${surveyResponses}.xmin::text`;

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
    })
    .as(sql`
      select r.token_hash as key, s.id as survey_id, s.organization_id, s.status,
             to_char(s.close_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as close_at, s.version,
             r.id::text as response_id, r.status as response_status, r.xmin::text as response_xmin
      from survey_responses r join surveys s on s.id = r.survey_id
      where r.token_hash = any (array(select jsonb_array_elements_text(${sql.placeholder('hashes')}::jsonb)))
      union all
      select s.public_token, s.id, s.organization_id, s.status,
             to_char(s.close_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), s.version, null, null, null
      from surveys s
      where s.public_token = any (array(select jsonb_array_elements_text(${sql.placeholder('tokens')}::jsonb)))`);

  const input = db.$with('input', {}).as(sql`
    select * from jsonb_to_recordset(${sql.placeholder('writes')}::jsonb)
      as x(r bigint, x text, s integer, f boolean, fresh boolean, at timestamptz, sent jsonb, items jsonb, times jsonb)`);
  const gate = db.$with('gate', { writtenId: sql<string>`written_id`.as('written_id') }).as(sql`
    update survey_responses r
    set status = case when input.f then 'completed' else 'in_progress' end,
        started_at = coalesce(r.started_at, input.at),
        saved_at = input.at,
        completed_at = case when input.f then input.at end,
        question_seconds = r.question_seconds || input.times
    from input
    where r.id = any (array(select input.r from input))
      and r.id = input.r and r.status <> 'completed' and r.xmin::text = input.x
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
  const removed = db.$with('removed', {}).as(sql`
    delete from survey_answers a
    where a.response_id = any (array(select r from sent))
      and exists (select 1 from sent where sent.r = a.response_id and sent.q = a.question_id)
      and not exists (
        select 1 from items where items.r = a.response_id and items.q = a.question_id and items.i = a.item_id
      )`);
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
    returning a.survey_id, a.question_id, a.item_id, a.num_value, a.submitted_at`);
  // The survey counts KPIs read (surveyCounts.ts): a submission adds its scored items and itself.
  // Only a submission stamps items and completes a response, once, so this only ever adds. Rows
  // are added in key order, so two statements that add to the same rows lock them in the same
  // order and cannot deadlock.
  const counted = db.$with('counted', {}).as(sql`
    insert into survey_answer_counts (survey_id, question_id, item_id, grain, bucket, ${COUNT_COLUMNS})
    select x.survey_id, x.question_id, x.item_id, g.grain, g.bucket, ${valueCounts(sql`x.num_value`)}
    from (select * from upserted where submitted_at is not null union all select * from stamped) x
    cross join lateral (${bucketsOf(sql`x.submitted_at`)}) as g(grain, bucket)
    where x.num_value between 0 and 10
    group by 1, 2, 3, 4, 5
    order by 1, 2, 3, 4, 5
    on conflict (survey_id, question_id, item_id, grain, bucket) do update set ${ADD_COUNTS}`);
  const completions = db.$with('completions', {}).as(sql`
    insert into survey_response_counts (survey_id, grain, bucket, completed, completed_personal)
    select gate.survey_id, g.grain, g.bucket, count(*)::int, (count(*) filter (where gate.kind = 'personal'))::int
    from gate cross join lateral (${bucketsOf(sql`gate.completed_at`)}) as g(grain, bucket)
    where gate.completed_at is not null
    group by 1, 2, 3
    order by 1, 2, 3
    on conflict (survey_id, grain, bucket) do update
      set completed = survey_response_counts.completed + excluded.completed,
          completed_personal = survey_response_counts.completed_personal + excluded.completed_personal`);
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
      organizationName: organizations.name,
      branding,
    })
    .from(surveys)
    .innerJoin(organizations, eq(organizations.id, surveys.organizationId))
    .leftJoin(branding, eq(branding.organizationId, surveys.organizationId))
    .where(eq(surveys.id, sql.placeholder('surveyId')));
  const seconds = db
    .select({ seconds: surveyResponses.questionSeconds })
    .from(surveyResponses)
    .where(eq(surveyResponses.id, sql.placeholder('responseId')));

  const writeQuery = db
    .with(input, gate, passed, items, sent, removed, upserted, stamped, counted, completions)
    .select({ id: gate.writtenId })
    .from(gate);

  const queries = {
    page,
    seconds,
    saved,
    visitors: db.with(visitorInput, created, visitors).select().from(visitors),
    targets: db.with(targets).select().from(targets),
    write: writeQuery,
  };
  return {
    queries,
    page: queries.page.prepare('respond_page'),
    seconds: queries.seconds.prepare('respond_seconds'),
    saved: queries.saved.prepare('respond_saved'),
    visitors: queries.visitors.prepare('respond_visitors'),
    targets: queries.targets.prepare('respond_targets'),
    write: queries.write.prepare('respond_write'),
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

function statementsOf(db: Queryable): ReturnType<typeof respondStatements> {
  let statements = preparedStatements.get(db);
  if (statements === undefined) {
    statements = respondStatements(db);
    preparedStatements.set(db, statements);
  }
  return statements;
}

/**
 * The targets of many tokens in one query: each token as a response's own token (stored as its
 * SHA-256), else as a survey's public link. Unknown tokens are missing from the map.
 */
export async function findRespondTargets(
  db: Queryable,
  tokens: readonly string[],
): Promise<Map<string, RespondTarget>> {
  const hashes = tokens.map(hashToken);
  const rows = await statementsOf(db).targets.execute({
    hashes: JSON.stringify(hashes),
    tokens: JSON.stringify(tokens),
  });
  const byKey = new Map(rows.map((row) => [row.key, row]));
  const targets = new Map<string, RespondTarget>();
  tokens.forEach((token, index) => {
    const row = byKey.get(hashes[index] as string) ?? byKey.get(token);
    if (row === undefined) return;
    targets.set(token, {
      surveyId: Number(row.surveyId),
      organizationId: Number(row.organizationId),
      status: row.status,
      closeAt: row.closeAt === null ? null : new Date(row.closeAt),
      version: Number(row.version),
      response:
        row.responseId === null || row.responseStatus === null || row.responseXmin === null
          ? null
          : { id: Number(row.responseId), status: row.responseStatus, xmin: row.responseXmin },
    });
  });
  return targets;
}

/** The target of one token (see `findRespondTargets`); null for an unknown token. */
export async function findRespondTarget(db: Queryable, token: string): Promise<RespondTarget | null> {
  return (await findRespondTargets(db, [token])).get(token) ?? null;
}

/**
 * The response of a public-link visitor: made on their first save, found again by their respondent
 * key (unique per survey), so concurrent or retried first saves make one response.
 */
export async function publicResponseId(
  db: Queryable,
  values: {
    readonly surveyId: number;
    readonly organizationId: number;
    readonly respondentKey: string;
    readonly token: string;
    readonly now: Date;
  },
): Promise<ResponseState> {
  const [created] = await db
    .insert(surveyResponses)
    .values({
      surveyId: values.surveyId,
      organizationId: values.organizationId,
      tokenHash: hashToken(values.token),
      kind: 'public',
      respondentKey: values.respondentKey,
      status: 'pending',
      createdAt: values.now,
    })
    .onConflictDoNothing()
    .returning({ id: surveyResponses.id, status: surveyResponses.status, xmin: responseXmin });
  if (created !== undefined) return created;
  const [existing] = await db
    .select({ id: surveyResponses.id, status: surveyResponses.status, xmin: responseXmin })
    .from(surveyResponses)
    .where(
      and(
        eq(surveyResponses.surveyId, values.surveyId),
        eq(surveyResponses.respondentKey, values.respondentKey),
      ),
    );
  if (existing === undefined) throw new Error('Public response neither inserted nor found');
  return existing;
}

/** A public-link visitor whose response `ensurePublicResponses` makes or finds. */
export interface PublicVisitor {
  readonly surveyId: number;
  readonly organizationId: number;
  readonly respondentKey: string;
  /** The visitor's response token (derived from the key), stored as its hash. */
  readonly token: string;
  readonly now: Date;
}

/**
 * The responses of many public-link visitors in one statement: made (pending) where missing, read
 * where present. A visitor at most once per call. A visitor whose response another transaction
 * made while this statement ran is read again on its own (`publicResponseId`).
 */
export async function ensurePublicResponses(
  db: Queryable,
  visitors: readonly PublicVisitor[],
): Promise<ResponseState[]> {
  const rows = await statementsOf(db).visitors.execute({
    visitors: JSON.stringify(
      visitors.map((visitor) => ({
        s: visitor.surveyId,
        o: visitor.organizationId,
        k: visitor.respondentKey,
        h: hashToken(visitor.token),
        at: visitor.now.toISOString(),
      })),
    ),
  });
  const found = new Map(
    rows.map((row) => [
      `${Number(row.surveyId)}:${row.key}`,
      { id: Number(row.id), status: row.status, xmin: row.xmin },
    ]),
  );
  return Promise.all(
    visitors.map(
      (visitor) => found.get(`${visitor.surveyId}:${visitor.respondentKey}`) ?? publicResponseId(db, visitor),
    ),
  );
}

/** The texts, organisation name and branding row the answering page shows for a survey; null if gone. */
export async function respondPage(db: Queryable, surveyId: number) {
  const [row] = await statementsOf(db).page.execute({ surveyId });
  return row ?? null;
}

/** The answers saved on a response, as the answering page sends them (with their seconds). */
export async function savedAnswers(
  db: Queryable,
  responseId: number,
  questions: readonly Question[],
): Promise<AnswerInput[]> {
  const [items, [response]] = await Promise.all([
    savedItemsOf(db, [responseId]),
    statementsOf(db).seconds.execute({ responseId }),
  ]);
  const byQuestion = items.get(responseId) ?? new Map<string, AnswerItem[]>();
  const seconds = new Map(Object.entries(response?.seconds ?? {}));
  return questions.flatMap((question) => {
    const value = answerFromItems(question, byQuestion.get(question.id) ?? []);
    if (value === null) return [];
    const spent = seconds.get(question.id);
    return [
      spent === undefined
        ? { question_id: question.id, value }
        : { question_id: question.id, value, seconds_spent: spent },
    ];
  });
}

function groupItems(
  rows: readonly (AnswerItem & { readonly questionId: string })[],
): Map<string, AnswerItem[]> {
  const byQuestion = new Map<string, AnswerItem[]>();
  for (const { questionId, ...item } of rows) {
    const list = byQuestion.get(questionId);
    if (list) list.push(item);
    else byQuestion.set(questionId, [item]);
  }
  return byQuestion;
}

/** One stored answer item with its question. */
export interface QuestionItem {
  readonly question_id: string;
  readonly item_id: string;
  readonly num_value: number | null;
  readonly text_value: string | null;
}

/** What one save or submission writes. */
export interface ResponseWrite {
  readonly response: ResponseState;
  readonly surveyId: number;
  readonly final: boolean;
  readonly now: Date;
  /** Every question the request answered (also with an empty answer): their earlier items are replaced. */
  readonly questionIds: readonly string[];
  readonly items: readonly QuestionItem[];
  /** Running totals per question; they replace the stored ones. */
  readonly seconds: ReadonlyArray<{ readonly question_id: string; readonly seconds: number }>;
}

/**
 * The items saved on each of many responses, by response id and then by question, in one query (a
 * submission's required check runs over them; see `planAnswers`).
 */
export async function savedItemsOf(
  db: Queryable,
  responseIds: readonly number[],
): Promise<Map<number, Map<string, AnswerItem[]>>> {
  const rows = await statementsOf(db).saved.execute({ ids: JSON.stringify(responseIds) });
  const byResponse = new Map<number, Array<AnswerItem & { readonly questionId: string }>>();
  for (const { responseId, ...item } of rows) {
    const id = Number(responseId);
    const list = byResponse.get(id);
    if (list) list.push(item);
    else byResponse.set(id, [item]);
  }
  return new Map(responseIds.map((id) => [id, groupItems(byResponse.get(id) ?? [])]));
}

/**
 * Saves answers or submits for many responses at once, as one statement (one round trip, one
 * transaction). Each response row is updated first, and only while it is still the version its
 * request read (`xmin`) and not submitted; every other part of the statement works from the rows
 * that update returned, so a response whose update did not go through gets nothing written. That
 * keeps concurrent requests of one response apart although the statement reads the answers in its
 * own snapshot: whichever commits second finds the row changed and writes nothing, and its caller
 * reads again and retries (or answers "already submitted"). A response may occur only once per call.
 * Stale items of the sent questions are deleted and the rest upserted, so no key is deleted and
 * inserted in one statement; a submission stamps `submitted_at` on the items saved before. The
 * writes travel as one JSON parameter, on both drivers. Answers, per write, whether it was written.
 */
export async function writeResponses(db: Queryable, writes: readonly ResponseWrite[]): Promise<boolean[]> {
  if (writes.length === 0) return [];
  const rows = await statementsOf(db).write.execute({
    writes: JSON.stringify(
      writes.map((write) => ({
        r: write.response.id,
        x: write.response.xmin,
        s: write.surveyId,
        f: write.final,
        fresh: write.response.status === 'pending',
        at: write.now.toISOString(),
        sent: write.questionIds,
        items: write.items.map((item) => ({
          q: item.question_id,
          i: item.item_id,
          n: item.num_value,
          t: item.text_value,
        })),
        times: Object.fromEntries(write.seconds.map((entry) => [entry.question_id, entry.seconds])),
      })),
    ),
  });
  const written = new Set(rows.map((row) => String(row.id)));
  return writes.map((write) => written.has(String(write.response.id)));
}

/** One write (see `writeResponses`); true when it was written. */
export async function writeResponse(db: Queryable, write: ResponseWrite): Promise<boolean> {
  const [written] = await writeResponses(db, [write]);
  return written === true;
}

/**
 * Personal links of a survey: `count` new pending responses; only the hashes of their tokens are kept.
 * Answers the new responses' ids with their token hashes.
 */
export async function insertPersonalLinks(
  db: Queryable,
  values: {
    readonly surveyId: number;
    readonly organizationId: number;
    readonly tokens: readonly string[];
    readonly label: string | null;
    readonly now: Date;
  },
): Promise<Array<{ readonly id: number; readonly tokenHash: string }>> {
  return db.transaction(async (tx) => {
    const made = await tx
      .insert(surveyResponses)
      .values(
        values.tokens.map((token) => ({
          surveyId: values.surveyId,
          organizationId: values.organizationId,
          tokenHash: hashToken(token),
          kind: 'personal' as const,
          label: values.label,
          status: 'pending' as const,
          createdAt: values.now,
        })),
      )
      .returning({ id: surveyResponses.id, tokenHash: surveyResponses.tokenHash });
    // The links count towards the survey's response rate from the bucket they were made in.
    await tx.execute(sql`
      insert into survey_response_counts (survey_id, grain, bucket, personal_links)
      select ${values.surveyId}, g.grain, g.bucket, ${values.tokens.length}
      from (${bucketsOf(sql`${values.now.toISOString()}::timestamptz`)}) as g(grain, bucket)
      on conflict (survey_id, grain, bucket) do update
        set personal_links = survey_response_counts.personal_links + excluded.personal_links`);
    return made;
  });
}

/** How the personal links of a survey are used: handed out, started (not submitted), submitted. */
export async function personalLinkCounts(db: Queryable, surveyId: number) {
  const [row] = await db
    .select({
      total: sql<number>`count(*)::int`,
      started: sql<number>`(count(*) filter (where ${surveyResponses.status} = 'in_progress'))::int`,
      completed: sql<number>`(count(*) filter (where ${surveyResponses.status} = 'completed'))::int`,
    })
    .from(surveyResponses)
    .where(and(eq(surveyResponses.surveyId, surveyId), eq(surveyResponses.kind, 'personal')));
  return { total: row?.total ?? 0, started: row?.started ?? 0, completed: row?.completed ?? 0 };
}

/** Submitted responses of a survey. */
export async function submittedResponseCount(db: Queryable, surveyId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(surveyResponses)
    .where(and(eq(surveyResponses.surveyId, surveyId), eq(surveyResponses.status, 'completed')));
  return row?.count ?? 0;
}

/** The distinct items stored for some questions of a survey (what their answers use). */
export async function usedItems(
  db: Queryable,
  surveyId: number,
  questionIds: readonly string[],
): Promise<Array<{ readonly questionId: string; readonly itemId: string }>> {
  if (questionIds.length === 0) return [];
  return db
    .selectDistinct({ questionId: surveyAnswers.questionId, itemId: surveyAnswers.itemId })
    .from(surveyAnswers)
    .where(and(eq(surveyAnswers.surveyId, surveyId), inArray(surveyAnswers.questionId, [...questionIds])));
}

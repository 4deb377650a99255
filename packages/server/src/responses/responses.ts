import type { AnswerInput, Question, SurveyStatus } from '@loop/core';
import { type AnswerItem, answerFromItems } from '@loop/core/surveys/model';
import { and, eq, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { type ResponseStatus, surveyAnswers, surveyResponses } from '../db/schema';
import { queryRows } from '../results/resultsSql';
import { responseXmin, statementsOf } from './respondStatements';
import { hashToken } from './responseTokens';
import { bucketsOf, countShard } from './surveyCounts';

/** A response as the answering routes see it; `xmin` tells whether it changed since it was read. */
export interface ResponseState {
  readonly id: number;
  readonly status: ResponseStatus;
  /** The row version (Postgres' `xmin`): a write goes through only while it is still this one. */
  readonly xmin: string;
}

/** What a response fixed at its first write (R-RESP-5): its hidden fields and language. */
export interface StoredContext {
  readonly hidden_fields: Readonly<Record<string, string>>;
  readonly language: string | null;
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
  /** The survey has a cap or quotas: its submissions go through `submitCapped` (R-RESP-13). */
  readonly capped?: boolean;
  /** Someone gets alerts of the survey's responses: a submission leaves its alert job (R-ALERT-7). */
  readonly alerts?: boolean;
  /** The organisation has a webhook for `response.completed`: a submission queues it (R-HOOK-3). */
  readonly webhooks?: boolean;
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
      ...(row.capped === true ? { capped: true } : {}),
      ...(row.alerts === true ? { alerts: true } : {}),
      ...(row.hooked === true ? { webhooks: true } : {}),
    });
  });
  return targets;
}

/** The target of one token (see `findRespondTargets`); null for an unknown token. */
export async function findRespondTarget(db: Queryable, token: string): Promise<RespondTarget | null> {
  return (await findRespondTargets(db, [token])).get(token) ?? null;
}

const RESPONSE_STATE = { id: surveyResponses.id, status: surveyResponses.status, xmin: responseXmin };

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
    .returning(RESPONSE_STATE);
  if (created !== undefined) return created;
  const [existing] = await db
    .select(RESPONSE_STATE)
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

/**
 * The answers saved on a response, as the answering page sends them (with their seconds), and the
 * hidden fields and language it fixed at its first write, from the same row.
 */
export async function savedAnswers(
  db: Queryable,
  responseId: number,
  questions: readonly Question[],
): Promise<{ readonly answers: AnswerInput[]; readonly context: StoredContext }> {
  const [items, [response]] = await Promise.all([
    savedItemsOf(db, [responseId]),
    statementsOf(db).seconds.execute({ responseId }),
  ]);
  const byQuestion = items.get(responseId) ?? new Map<string, AnswerItem[]>();
  const seconds = new Map(Object.entries(response?.seconds ?? {}));
  const answers = questions.flatMap((question) => {
    const value = answerFromItems(question, byQuestion.get(question.id) ?? []);
    if (value === null) return [];
    const spent = seconds.get(question.id);
    return [
      spent === undefined
        ? { question_id: question.id, value }
        : { question_id: question.id, value, seconds_spent: spent },
    ];
  });
  return {
    answers,
    context: { hidden_fields: response?.hiddenFields ?? {}, language: response?.language ?? null },
  };
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
  /** The declared hidden fields and the language; written only by the response's first write (R-RESP-5). */
  readonly hiddenFields?: Readonly<Record<string, string>>;
  readonly language?: string | null;
  /**
   * A submission of a survey with rules (R-RESP-7): the questions its path did not show (their saved
   * answers are deleted) and the end screen it reached. Left out: nothing unseen, no end screen.
   */
  readonly unseenQuestionIds?: readonly string[];
  readonly endScreenId?: string | null;
  /** The survey has alerts: a submission leaves its alert job in the same statement (R-ALERT-7). */
  readonly alerts?: boolean;
  /** The organisation has a webhook for it: a submission queues `response.completed` (R-HOOK-3). */
  readonly webhooks?: boolean;
  /** A personal link's submission: the hash an anonymous survey's invitation keeps of it (R-RESP-15). */
  readonly invitationHash?: string;
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
  const statements = statementsOf(db);
  const alerted = writes.some((write) => write.alerts === true && write.final);
  const hooked = writes.some((write) => write.webhooks === true && write.final);
  const rows = await statements.writeFor(alerted, hooked).execute({
    shard: countShard(),
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
        // Left out when there is nothing to say, so a survey without logic sends what it did.
        ...(write.hiddenFields === undefined || Object.keys(write.hiddenFields).length === 0
          ? {}
          : { h: write.hiddenFields }),
        ...(write.language == null ? {} : { l: write.language }),
        ...(write.unseenQuestionIds === undefined ? {} : { u: write.unseenQuestionIds }),
        ...(write.endScreenId == null ? {} : { e: write.endScreenId }),
        ...(write.alerts === true ? { a: true } : {}),
        ...(write.webhooks === true ? { w: true } : {}),
        ...(write.invitationHash === undefined ? {} : { v: write.invitationHash }),
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
    /** The pulse round of the invitations these links are for (R-ROUND-5). */
    readonly roundId?: number | null;
  },
): Promise<Array<{ readonly id: number; readonly tokenHash: string }>> {
  return db.transaction(async (tx) => {
    // The hashes as one array parameter: a send of 10,000 built 80,000 parameters through drizzle.
    const made = (
      await queryRows<{ id: number; token_hash: string }>(
        tx,
        sql`insert into survey_responses (survey_id, organization_id, token_hash, kind, label, status, created_at, round_id)
            select ${values.surveyId}, ${values.organizationId}, h, 'personal', ${values.label}::text, 'pending',
              ${values.now.toISOString()}::timestamptz, ${values.roundId ?? null}::integer
            from unnest(${`{${values.tokens.map((token) => hashToken(token)).join(',')}}`}::text[]) with ordinality as t(h, n)
            order by n
            returning id, token_hash`,
      )
    ).map((row) => ({ id: Number(row.id), tokenHash: row.token_hash }));
    // The links count towards the survey's response rate from the bucket they were made in.
    await tx.execute(sql`
      insert into survey_response_counts (survey_id, grain, bucket, personal_links)
      select ${values.surveyId}, g.grain, g.bucket, ${values.tokens.length}
      from (${bucketsOf(sql`${values.now.toISOString()}::timestamptz`)}) as g(grain, bucket)
      on conflict (survey_id, grain, bucket, shard) do update
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

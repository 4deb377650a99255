/**
 * The bare durable write, bench/respond's second baseline (R-RESP-17): a bare Fastify route, POST /write/:token,
 * on the same `postgres` driver (postgres.js) and pool size (POOL_SIZE, default 10) as the app,
 * that stores the body the way the answering route must at the least: one transaction (one
 * statement, autocommit, synchronous_commit on) inserting a completed response row into
 * `survey_responses` and its answer rows into `survey_answers`, the app's own tables with all their
 * indexes, on a survey of its own (BARE_SURVEY, BARE_ORGANIZATION). It checks nothing, keeps no
 * counts, batches nothing and skips every other step of the app.
 */
import { randomUUID } from 'node:crypto';
import type { AnswerValue } from '@loop/core';
import { answerToItems } from '@loop/core/surveys/model';
import Fastify, { type FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { childDatabaseUrl } from '../serverKit';
import { QUESTIONS } from './fixtures';

interface Body {
  readonly answers: ReadonlyArray<{ question_id: string; value: AnswerValue; seconds_spent?: number }>;
}

const QUESTION_BY_ID = new Map(QUESTIONS.map((question) => [question.id, question]));

/**
 * The answer rows of a body: core's `answerToItems` per answer of bench/respond's survey, the rows the
 * app writes for it, without any of the app's checks (the bench checks both store as many per response).
 */
export function bareRows(body: Body): Array<{ q: string; i: string; n: number | null; t: string | null }> {
  return body.answers.flatMap((answer) => {
    const question = QUESTION_BY_ID.get(answer.question_id);
    if (question === undefined) return [];
    return answerToItems(question, answer.value).map((item) => ({
      q: answer.question_id,
      i: item.item_id,
      n: item.num_value,
      t: item.text_value,
    }));
  });
}

export async function bareWriteApp(): Promise<{ app: FastifyInstance; close: () => Promise<void> }> {
  const surveyId = Number(process.env.BARE_SURVEY);
  const organizationId = Number(process.env.BARE_ORGANIZATION);
  if (!surveyId || !organizationId) throw new Error('BARE_SURVEY and BARE_ORGANIZATION must be set');
  // As the app's pool (openPostgres): its size, no JIT.
  const sql = postgres(childDatabaseUrl(), {
    max: Number(process.env.POOL_SIZE ?? 10),
    onnotice: () => {},
    connection: { jit: 'off' },
  });
  const app = Fastify({ logger: false });
  app.post<{ Body: Body }>('/write/:token', async (request, reply) => {
    const body = request.body;
    const key = randomUUID();
    const seconds = Object.fromEntries(
      body.answers.map((answer) => [answer.question_id, answer.seconds_spent ?? 0]),
    );
    await sql`
      with response as (
        insert into survey_responses (survey_id, organization_id, token_hash, kind, respondent_key, status,
                                      started_at, saved_at, completed_at, question_seconds)
        values (${surveyId}, ${organizationId}, ${key}, 'public', ${key}, 'completed', now(), now(), now(),
                ${sql.json(seconds)})
        returning id)
      insert into survey_answers (response_id, survey_id, question_id, item_id, num_value, text_value, submitted_at)
      select response.id, ${surveyId}, i.q, i.i, i.n, i.t, now()
      from response, jsonb_to_recordset(${sql.json(bareRows(body))}) as i(q text, i text, n smallint, t text)`;
    return reply.code(200).send({ status: 'completed', response_token: key });
  });
  return {
    app,
    close: async () => {
      await app.close();
      await sql.end();
    },
  };
}

/**
 * The bare durable write, bench/respond's second baseline: a bare Fastify route, POST /write/:token,
 * on the same `postgres` driver (postgres.js) and pool size (POOL_SIZE, default 10) as the app,
 * that stores the body the way the answering route must at the least: one transaction (one
 * statement, autocommit, synchronous_commit on) inserting a completed response row into
 * `survey_responses` and its answer rows into `survey_answers`, the app's own tables with all their
 * indexes, on a survey of its own (BARE_SURVEY, BARE_ORGANIZATION). It checks nothing, keeps no
 * counts, batches nothing and skips every other step of the app.
 */
import { randomUUID } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import postgres from 'postgres';
import { childDatabaseUrl } from '../serverKit';

interface Row {
  readonly q: string;
  readonly i: string;
  readonly n: number | null;
  readonly t: string | null;
}

interface Body {
  readonly answers: ReadonlyArray<{ question_id: string; value: unknown; seconds_spent?: number }>;
}

/**
 * The answer rows of a body, without the app's rules: per key of a value a number or a text, per
 * element of a list a chosen item. For bench/respond's answers this makes as many rows as the app
 * writes (the bench prints both).
 */
export function bareRows(body: Body): Row[] {
  const rows: Row[] = [];
  for (const answer of body.answers) {
    const value = answer.value;
    if (value === null || typeof value !== 'object') continue;
    for (const [key, part] of Object.entries(value)) {
      if (typeof part === 'number') rows.push({ q: answer.question_id, i: key, n: part, t: null });
      else if (typeof part === 'string') rows.push({ q: answer.question_id, i: key, n: null, t: part });
      else if (Array.isArray(part))
        for (const item of part) rows.push({ q: answer.question_id, i: String(item), n: 1, t: null });
    }
  }
  return rows;
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
                ${JSON.stringify(seconds)}::jsonb)
        returning id)
      insert into survey_answers (response_id, survey_id, question_id, item_id, num_value, text_value, submitted_at)
      select response.id, ${surveyId}, i.q, i.i, i.n, i.t, now()
      from response, jsonb_to_recordset(${JSON.stringify(bareRows(body))}::jsonb) as i(q text, i text, n smallint, t text)`;
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

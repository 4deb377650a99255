/**
 * Results over 10 million answers (issue 29): the survey results screen's routes over HTTP on the
 * real server (a child process), each timed turn about with the bare aggregate a developer would
 * write (`select question_id, item_id, num_value, count(*) … group by`) over the same rows through
 * the same driver, so both see the same load. Budget: every route's p50 ≤ 1 s on PostgreSQL.
 *
 * The data: bench/analytics' survey of 10 questions with RESPONSES (1,000,000) submitted responses,
 * one every 63 s back from now (two years), their answers as the answering route stores them
 * (about 10.4 rows per response), generated in SQL with `generate_series`. Seeding takes minutes,
 * so the database `loop_bench_results_10m` is kept between runs: a marker table holds the
 * fingerprint of the generating statements, and a database whose marker matches is only migrated.
 * FRESH=1 seeds again; RUNS (default 9) sets the timed runs per route. The survey's result rollups
 * (R-RES-11) are made again before the server starts, as its job would have made them, and timed.
 *
 * Run: node scripts/pnpm.mjs bench:results-scale   (PostgreSQL at LOOP_TEST_POSTGRES_URL or
 * postgres://postgres@127.0.0.1:5432/test)
 */
import { createHash } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import type { Survey } from '@loop/core';
import { openPostgres } from '@loop/server/db';
import { rebuildResultRollups } from '@loop/server/internals';
import postgres from 'postgres';
import { generateAnswers, generateResponses, QUESTIONS } from '../analytics/fixtures';
import { ADMIN_URL, median, migrateAndSeed } from '../benchKit';
import { type Child, demoAdminOrganizationHeaders, startChild, stopChild } from '../serverKit';

const RESPONSES = Number(process.env.RESPONSES ?? 1_000_000);
const SPACING_SECONDS = 63;
const RUNS = Number(process.env.RUNS ?? 9);
const BUDGET_MS = 1000;
/** Named after its answer rows: about 10.4 per response. */
const DATABASE = RESPONSES === 1_000_000 ? 'loop_bench_results_10m' : `loop_bench_results_${RESPONSES}`;
const SERVER = 'bench/shared-results/server.ts';
const SURVEY_TITLE = 'Bench: resultaten over tien miljoen antwoorden';

const fingerprint = createHash('sha256')
  .update(
    JSON.stringify({
      QUESTIONS,
      answers: generateAnswers(0),
      responses: generateResponses({ id: 0, organization_id: 0 }, RESPONSES, SPACING_SECONDS),
      version: 1,
    }),
  )
  .digest('hex')
  .slice(0, 16);

const databaseUrl = () => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DATABASE}`;
  return url.toString();
};

/** The kept database if its marker matches, else a new one, seeded. Answers the survey's id. */
async function preparedDatabase(): Promise<{ surveyId: number; seeded: string }> {
  const admin = postgres(ADMIN_URL, { max: 1, onnotice: () => {} });
  try {
    const [exists] = await admin`select 1 from pg_database where datname = ${DATABASE}`;
    if (exists !== undefined && !process.env.FRESH) {
      const sql = postgres(databaseUrl(), { max: 1, onnotice: () => {} });
      try {
        const [marker] = await sql<{ fingerprint: string; survey_id: number }[]>`
          select fingerprint, survey_id from bench_marker`.catch(() => []);
        if (marker?.fingerprint === fingerprint) {
          // Migrations added since are applied; a kept database whose migrations were renumbered
          // (a merge) cannot be brought forward and is seeded again.
          const database = openPostgres(databaseUrl(), { max: 2 });
          const migrated = await database.migrate().then(
            () => true,
            (error: unknown) => {
              console.log(`kept database not migrated (${String(error).split('\n')[0]}): seeding again`);
              return false;
            },
          );
          await database.close();
          if (migrated) return { surveyId: Number(marker.survey_id), seeded: 'kept from an earlier run' };
        }
      } finally {
        await sql.end();
      }
    }
    await admin.unsafe(`drop database if exists ${DATABASE} with (force)`);
    await admin.unsafe(`create database ${DATABASE}`);
  } finally {
    await admin.end();
  }
  const started = performance.now();
  const database = openPostgres(databaseUrl(), { max: 2 });
  await migrateAndSeed(database);
  await database.close();
  const server = await startChild(SERVER, 'app', { DATABASE_URL: databaseUrl() });
  const sql = postgres(databaseUrl(), { max: 1, onnotice: () => {} });
  try {
    const headers = {
      ...(await demoAdminOrganizationHeaders(server.url)),
      'content-type': 'application/json',
    };
    const post = async <T>(path: string, body: unknown): Promise<T> => {
      const response = await fetch(`${server.url}/api/v1${path}`, {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
      });
      if (!response.ok) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    };
    const survey = await post<Survey>('/surveys', {
      title: SURVEY_TITLE,
      description_html: '',
      introduction_html: '',
      thank_you_text: 'Bedankt',
      close_at: null,
      questions: QUESTIONS,
    });
    await post(`/surveys/${survey.id}/status`, { status: 'open' });
    await stopChild(server);
    // Bulk load: the answer indexes are made once afterwards rather than kept row by row.
    const indexes = await sql<{ indexdef: string; indexname: string }[]>`
      select indexname, indexdef from pg_indexes where tablename = 'survey_answers' and indexname not like '%pk'`;
    for (const index of indexes) await sql.unsafe(`drop index ${index.indexname}`);
    for (const statement of generateResponses(survey, RESPONSES, SPACING_SECONDS))
      await sql.unsafe(statement);
    for (const statement of generateAnswers(survey.id)) await sql.unsafe(statement);
    await sql.unsafe(`set maintenance_work_mem = '512MB'`);
    for (const index of indexes) await sql.unsafe(index.indexdef);
    await sql.unsafe('vacuum analyze survey_answers');
    await sql.unsafe('vacuum analyze survey_responses');
    await sql.unsafe('create table bench_marker (fingerprint text not null, survey_id integer not null)');
    await sql`insert into bench_marker values (${fingerprint}, ${survey.id})`;
    return {
      surveyId: survey.id,
      seeded: `seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    };
  } finally {
    await sql.end();
  }
}

const percentile = (values: readonly number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
};

async function main() {
  const { surveyId, seeded } = await preparedDatabase();
  // JIT off, as the app's own connections have it (openPostgres).
  const sql = postgres(databaseUrl(), { max: 1, onnotice: () => {}, connection: { jit: 'off' } });
  const children: Child[] = [];
  try {
    const [counted] = await sql<{ rows: number }[]>`
      select count(*)::int as rows from survey_answers where survey_id = ${surveyId}`;
    const rows = counted?.rows ?? 0;
    const rollup = openPostgres(databaseUrl(), { max: 2 });
    const rolling = performance.now();
    await rebuildResultRollups(rollup.db, [surveyId]);
    const rolled = performance.now() - rolling;
    await rollup.close();
    console.log(
      `${DATABASE}: ${RESPONSES.toLocaleString('en')} submitted responses, ${rows.toLocaleString('en')} answer rows ` +
        `(${seeded}); the survey's rollup made in ${(rolled / 1000).toFixed(1)} s`,
    );
    const server = await startChild(SERVER, 'app', { DATABASE_URL: databaseUrl() });
    children.push(server);
    const headers = await demoAdminOrganizationHeaders(server.url);
    const bare = () =>
      sql.unsafe(`select question_id, item_id, num_value, count(*) from survey_answers
      where survey_id = ${surveyId} and submitted_at is not null group by question_id, item_id, num_value`);
    // The budget is the results, the question pages and /analytics (docs/architecture.md); filtered
    // results and the cross-tab count the answers themselves (R-RES-11) and are timed for information.
    const routes: [string, string, boolean][] = [
      ['results', `/surveys/${surveyId}/results`, true],
      [
        'results, last 30 days',
        `/surveys/${surveyId}/results?from=${new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10)}`,
        true,
      ],
      ['question: NPS (q2)', `/surveys/${surveyId}/questions/q2`, true],
      ['question: choice (q4)', `/surveys/${surveyId}/questions/q4`, true],
      ['question: open (q7)', `/surveys/${surveyId}/questions/q7`, true],
      ['analytics', '/analytics', true],
      [
        'results, filtered (q4 = a1)',
        `/surveys/${surveyId}/results?filter=${encodeURIComponent('q:q4:a1')}`,
        false,
      ],
      ['cross-tab q4 × q2', `/surveys/${surveyId}/results/crosstab?row=q4&col=q2`, false],
    ];
    const loadBefore = loadavg()[0] ?? 0;
    const lines: string[] = [];
    let met = true;
    for (const [name, path, budgeted] of routes) {
      const get = async () => {
        const response = await fetch(`${server.url}/api/v1${path}`, { headers });
        if (response.status !== 200) throw new Error(`${name}: ${response.status} ${await response.text()}`);
        await response.arrayBuffer();
      };
      const times: [number[], number[]] = [[], []];
      await get();
      await bare();
      for (let run = 0; run < RUNS; run++)
        for (const [index, action] of [get, bare].entries()) {
          const start = performance.now();
          await action();
          times[index]?.push(performance.now() - start);
        }
      const [route, floor] = times;
      const p50 = median(route);
      if (budgeted) met &&= p50 <= BUDGET_MS;
      lines.push(
        `${name.padEnd(30)} p50 ${p50.toFixed(0).padStart(5)} ms  p95 ${percentile(route, 95).toFixed(0).padStart(5)} ms` +
          `   bare aggregate p50 ${median(floor).toFixed(0).padStart(5)} ms  p95 ${percentile(floor, 95).toFixed(0).padStart(5)} ms` +
          `   ratio ${(p50 / median(floor)).toFixed(2)}×${budgeted ? '' : '   (no budget)'}`,
      );
      console.log(lines.at(-1));
    }
    console.log(
      `${RUNS} runs each after one warm-up, turn about; ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, ` +
        `Node ${process.version}, load average ${loadBefore.toFixed(1)} → ${(loadavg()[0] ?? 0).toFixed(1)}`,
    );
    console.log(
      `budget (results, question pages, analytics: p50 ≤ ${BUDGET_MS} ms): ${met ? 'met' : 'NOT met'}`,
    );
    if (!met) process.exitCode = 1;
  } finally {
    for (const child of children) await stopChild(child);
    await sql.end();
  }
}

await main();

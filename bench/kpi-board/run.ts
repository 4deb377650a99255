/**
 * The KPI board (issue 14, docs/architecture.md: GET of the board for 100 KPIs × 36 periods, a third
 * survey-sourced over 1,000,000 answers, ≤ 50 ms p99 at 20 concurrent requests on PostgreSQL).
 *
 * The data, in a PostgreSQL database of its own (dropped afterwards), in the demo organisation:
 * 11 open surveys of every question type with 125,000 submitted responses spread over the last
 * 36 months (a fifth on personal links, plus 20,000 unused personal links) and 8 answer rows each:
 * 1,000,000 answers, generated in SQL; the survey counts per week and month made from them
 * (`rebuildSurveyCounts`, timed). 100 KPIs on the organisation's default board: 33 survey-sourced
 * (NPS, Likert mean and top-2-box, rating mean, response rate, completed responses; per month, week
 * or quarter) and 67 manual ones with a value for each of their last 36 periods (months, weeks,
 * quarters), with targets and bands.
 *
 * The load: the real Loop server in a child process; autocannon sends GET /api/v1/kpis/board
 * (signed in as the demo admin, asking for brotli or gzip as Chromium does) from 20 keep-alive
 * connections for 10 s after 3 s of warm-up, with the default 12 periods per sparkline and with all
 * 36, and once more with 12 periods without compression (as curl asks). In the same run, a bare Fastify route that
 * runs one prepared, indexed query on the same database (a KPI's 12 newest values) gets the same
 * load: the floor under any route that asks the database anything.
 *
 * Run: node scripts/pnpm.mjs bench:kpi-board   (PostgreSQL at LOOP_TEST_POSTGRES_URL or
 * postgres://postgres@127.0.0.1:5432/test; CONNECTIONS, DURATION and POOL_SIZE may be set)
 */
import http from 'node:http';
import { cpus } from 'node:os';
import type { KpiBoard } from '@loop/core';
import { lastPeriods, type PeriodKind } from '@loop/core/periods';
import { rebuildSurveyCounts } from '@loop/server/internals';
import { everyTypeQuestions } from '@loop/server/testing';
import autocannon, { type Result } from 'autocannon';
import type postgres from 'postgres';
import { demoAdminOrganization, withBenchServer } from '../benchKit';
import { type Child, signInDemoAdmin, startChild, stopChild } from '../serverKit';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 20);
const DURATION = Number(process.env.DURATION ?? 10);
const WARM_UP_SECONDS = Number(process.env.WARM_UP ?? 3);
const SURVEYS = 11;
const RESPONSES = 125_000;
const UNUSED_LINKS = 20_000;
const SURVEY_KPIS = 33;
const MANUAL_KPIS = 67;
const PERIODS = 36;
const BUDGET_P99_MS = 50;
const SERVER = 'bench/kpi-board/server.ts';

type Sql = postgres.Sql;

/** The surveys, their responses and 1,000,000 answers, in a few SQL statements; answers the survey ids. */
async function generateSurveys(sql: Sql, organizationId: number): Promise<number[]> {
  const surveys = await sql<{ id: number }[]>`
    insert into surveys (organization_id, title, status, questions, public_token, published_at, created_at)
    select ${organizationId}, 'Benchpeiling ' || g, 'open', ${sql.json(everyTypeQuestions() as never)},
      md5(random()::text || g), now() - interval '3 years', now() - interval '3 years'
    from generate_series(1, ${SURVEYS}) g
    returning id`;
  const ids = surveys.map((row) => row.id);
  await sql`
    insert into survey_responses (survey_id, organization_id, token_hash, kind, status, created_at, started_at, saved_at, completed_at)
    select (${ids}::int[])[1 + g % ${SURVEYS}], ${organizationId}, md5('r' || g || random()::text),
      case when g % 5 = 0 then 'personal' else 'public' end, 'completed', t, t, t, t
    from generate_series(1, ${RESPONSES}) g, lateral (select now() - random() * interval '1095 days' + g * interval '0 s' as t) at`;
  await sql`
    insert into survey_responses (survey_id, organization_id, token_hash, kind, status, created_at)
    select (${ids}::int[])[1 + g % ${SURVEYS}], ${organizationId}, md5('p' || g || random()::text), 'personal', 'pending',
      now() - random() * interval '1095 days' + g * interval '0 s'
    from generate_series(1, ${UNUSED_LINKS}) g`;
  // Eight rows per response, as core's answerToItems writes them: NPS, Likert ('' and two
  // statements), rating, single choice, multiple choice ('' and an option).
  await sql`
    insert into survey_answers (response_id, survey_id, question_id, item_id, num_value, submitted_at)
    select r.id, r.survey_id, i.q, i.item,
      case i.kind
        when 'nps' then least(10, floor(random() * 11 + (r.id % 3)))::smallint
        when 'five' then (1 + floor(random() * 5))::smallint
        when 'one' then 1::smallint
      end,
      r.completed_at
    from survey_responses r
    cross join (values ('q-nps', '', 'nps'), ('q-likert', '', 'none'), ('q-likert', 's-plezier', 'five'),
      ('q-likert', 's-team', 'five'), ('q-rating', '', 'five'), ('q-single', 'o-thuis', 'one'),
      ('q-multi', '', 'none'), ('q-multi', 'o-laptop', 'one')) as i(q, item, kind)
    where r.survey_id = any (${ids}::int[]) and r.status = 'completed'`;
  return ids;
}

const SURVEY_METRICS = [
  { metric: 'nps', unit: 'number', question: 'q-nps', statement: null, target: 30, warning: 0 },
  {
    metric: 'likert_mean',
    unit: 'number',
    question: 'q-likert',
    statement: 's-plezier',
    target: 3.5,
    warning: 3,
  },
  {
    metric: 'likert_top2',
    unit: 'percentage',
    question: 'q-likert',
    statement: 's-team',
    target: 60,
    warning: 40,
  },
  { metric: 'rating_mean', unit: 'number', question: 'q-rating', statement: null, target: 4, warning: 3 },
  { metric: 'response_rate', unit: 'percentage', question: null, statement: null, target: 50, warning: 30 },
  {
    metric: 'completed_responses',
    unit: 'number',
    question: null,
    statement: null,
    target: 300,
    warning: 200,
  },
] as const;
const KINDS: readonly PeriodKind[] = ['month', 'week', 'quarter'];

/** 100 KPIs (a third survey-sourced), 36 periods of values for the manual ones, all on the default board. */
async function generateKpis(sql: Sql, organizationId: number, surveyIds: readonly number[], today: string) {
  const rows = [
    ...Array.from({ length: SURVEY_KPIS }, (_, i) => {
      const metric = SURVEY_METRICS[i % SURVEY_METRICS.length]!;
      return {
        organization_id: organizationId,
        name: `Survey-KPI ${i + 1}`,
        unit: metric.unit,
        direction: 'higher',
        period_kind: KINDS[i % KINDS.length]!,
        target: metric.target,
        warning: metric.warning,
        source_type: 'survey',
        source_metric: metric.metric,
        survey_id: surveyIds[i % surveyIds.length]!,
        question_id: metric.question,
        statement_id: metric.statement,
      };
    }),
    ...Array.from({ length: MANUAL_KPIS }, (_, i) => ({
      organization_id: organizationId,
      name: `Handmatige KPI ${i + 1}`,
      unit: i % 2 === 0 ? 'euro' : 'percentage',
      direction: i % 3 === 0 ? 'lower' : 'higher',
      period_kind: KINDS[i % KINDS.length]!,
      target: i % 2 === 0 ? 1_000_000 : 50,
      warning: i % 2 === 0 ? (i % 3 === 0 ? 1_200_000 : 800_000) : i % 3 === 0 ? 60 : 40,
      source_type: 'manual',
      source_metric: null,
      survey_id: null,
      question_id: null,
      statement_id: null,
    })),
  ];
  const kpis = await sql<{ id: number; unit: string; period_kind: PeriodKind; source_type: string }[]>`
    insert into kpis ${sql(rows)} returning id, unit, period_kind, source_type`;
  const values = kpis
    .filter((kpi) => kpi.source_type === 'manual')
    .flatMap((kpi) =>
      lastPeriods(kpi.period_kind, PERIODS, today).map((period, index) => ({
        kpi_id: kpi.id,
        period: period.key,
        value:
          kpi.unit === 'euro'
            ? 700_000 + ((index * 37_013 + kpi.id * 101) % 600_000)
            : 20 + ((index * 7 + kpi.id) % 60),
        note: index % 5 === 0 ? 'Toelichting bij deze periode' : '',
        origin: 'manual',
        entered_at: new Date(),
      })),
    );
  for (let start = 0; start < values.length; start += 1000)
    await sql`insert into kpi_values ${sql(values.slice(start, start + 1000))}`;
  await sql`insert into kpi_boards (organization_id, user_id, kpi_ids) values (${organizationId}, null, ${sql.json(kpis.map((kpi) => kpi.id))})`;
  return { kpis: kpis.length, values: values.length };
}

function load(url: string, path: string, headers: Record<string, string>, duration: number): Promise<Result> {
  return autocannon({ url: `${url}${path}`, connections: CONNECTIONS, duration, timeout: 10, headers });
}

/** What Chromium sends; the budget is about the board a browser gets. */
const BROWSER_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/** The answer's size as it travels (fetch would decompress it). */
function wireBytes(
  url: string,
  headers: Record<string, string>,
): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        let bytes = 0;
        response.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
        });
        response.on('end', () =>
          resolve({ bytes, encoding: String(response.headers['content-encoding'] ?? 'identity') }),
        );
      })
      .on('error', reject);
  });
}

const errorsOf = (result: Result) => result.errors + result.timeouts + result.non2xx;
const line = (name: string, result: Result) =>
  `${name.padEnd(30)} ${(result['2xx'] / result.duration).toFixed(0).padStart(6)} /s   p50 ${String(result.latency.p50).padStart(3)} ms` +
  `   p99 ${String(result.latency.p99).padStart(3)} ms   max ${String(result.latency.max).padStart(4)} ms   errors ${errorsOf(result)}`;

async function main() {
  await withBenchServer(
    'kpi_board',
    async (scratch) => {
      const databaseUrl = scratch.url;
      const setup = scratch.database;
      const sql = scratch.sql;
      const organizationId = await demoAdminOrganization(sql);
      const children: Child[] = [];
      try {
        const generating = performance.now();
        const surveyIds = await generateSurveys(sql, organizationId);
        const generated = performance.now() - generating;
        const rebuilding = performance.now();
        await rebuildSurveyCounts(setup.db, surveyIds);
        const rebuilt = performance.now() - rebuilding;
        const today = new Date().toISOString().slice(0, 10);
        const made = await generateKpis(sql, organizationId, surveyIds, today);
        await sql`vacuum analyze`;
        const [facts] = await sql<{ answers: number; counts: number; responses: number }[]>`
      select (select count(*)::int from survey_answers where survey_id = any (${surveyIds}::int[])) as answers,
             (select count(*)::int from survey_answer_counts where survey_id = any (${surveyIds}::int[])) as counts,
             (select count(*)::int from survey_responses where survey_id = any (${surveyIds}::int[]) and status = 'completed') as responses`;
        await scratch.closeConnections();

        const server = await startChild(SERVER, 'app', { DATABASE_URL: databaseUrl });
        children.push(server);
        const { token, organizationId: boardOrganization } = await signInDemoAdmin(server.url);
        const headers = { authorization: `Bearer ${token}`, 'x-organization-id': String(boardOrganization) };
        const check = await fetch(`${server.url}/api/v1/kpis/board?periods=${PERIODS}`, { headers });
        // The JSON's own size (the answer itself may travel compressed, without a content-length).
        const text = await check.text();
        const board = JSON.parse(text) as KpiBoard;
        const computedCards = board.cards.filter(
          (card) => card.kpi.source.type === 'survey' && card.current !== null,
        ).length;
        const bytes = Buffer.byteLength(text);
        // As Chromium asks: the board then travels brotli-compressed (compressed once, kept with it).
        const browser = { ...headers, 'accept-encoding': BROWSER_ACCEPT_ENCODING };
        const wire = await wireBytes(`${server.url}/api/v1/kpis/board?periods=${PERIODS}`, browser);
        await load(server.url, '/api/v1/kpis/board', browser, WARM_UP_SECONDS);
        const board12 = await load(server.url, '/api/v1/kpis/board', browser, DURATION);
        const board36 = await load(server.url, `/api/v1/kpis/board?periods=${PERIODS}`, browser, DURATION);
        const plain12 = await load(server.url, '/api/v1/kpis/board', headers, DURATION);
        await stopChild(server);
        children.pop();

        const bare = await startChild(SERVER, 'query', { DATABASE_URL: databaseUrl });
        children.push(bare);
        await load(bare.url, '/query/1', {}, WARM_UP_SECONDS);
        const baseline = await load(bare.url, '/query/1', {}, DURATION);

        console.log(
          `GET /api/v1/kpis/board, ${board.cards.length} KPIs (${SURVEY_KPIS} survey-sourced over ${facts?.answers.toLocaleString('en')} answers ` +
            `of ${facts?.responses.toLocaleString('en')} responses, ${made.values.toLocaleString('en')} manual values), ${CONNECTIONS} connections, ` +
            `${DURATION} s, loopback, ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}`,
        );
        console.log(
          `data: generated in ${(generated / 1000).toFixed(1)} s; survey counts rebuilt in ${(rebuilt / 1000).toFixed(1)} s ` +
            `(${facts?.counts.toLocaleString('en')} rows); board of ${PERIODS} periods ${(bytes / 1024).toFixed(0)} kB JSON ` +
            `(${(wire.bytes / 1024).toFixed(0)} kB on the wire, ${wire.encoding}), ` +
            `${computedCards} of ${SURVEY_KPIS} survey cards with a current value`,
        );
        console.log(line('board, 12 periods', board12));
        console.log(line(`board, ${PERIODS} periods`, board36));
        console.log(line('board, 12, uncompressed', plain12));
        console.log(line('bare indexed query (Fastify)', baseline));
        const ratio = (result: Result) =>
          `${(result.latency.p99 / Math.max(baseline.latency.p99, 1)).toFixed(1)}× p99, ` +
          `${(result['2xx'] / Math.max(baseline['2xx'], 1)).toFixed(2)}× throughput`;
        console.log(
          `ratio to the bare query: 12 periods ${ratio(board12)}; ${PERIODS} periods ${ratio(board36)}`,
        );
        const met = (result: Result) => result.latency.p99 <= BUDGET_P99_MS && errorsOf(result) === 0;
        console.log(
          `budget (p99 ≤ ${BUDGET_P99_MS} ms at ${CONNECTIONS} connections, 0 errors): 12 periods ${met(board12) ? 'met' : 'NOT met'}, ` +
            `${PERIODS} periods ${met(board36) ? 'met' : 'NOT met'}`,
        );
        if (board.cards.length !== SURVEY_KPIS + MANUAL_KPIS || computedCards !== SURVEY_KPIS)
          process.exitCode = 1;
      } finally {
        for (const child of children) await stopChild(child);
      }
    },
    { pool: 2 },
  );
}

await main();

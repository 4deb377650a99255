/**
 * Response submissions (issue 5, docs/architecture.md: ≥ 2,000/s on PostgreSQL, p99 ≤ 50 ms, 0 errors): the
 * real Loop server on a PostgreSQL database of its own gets final submissions of an open survey with
 * 8 questions of mixed types, each on another personal link (so every request stores a real response),
 * from 50 keep-alive connections on loopback for 10 s (autocannon). In the same run, a bare Fastify
 * route answering its body gets the same requests, and so does the bare durable write (bareWrite.ts: one
 * statement storing the response row and its answer rows, nothing else), each once before the app's
 * runs and once after them; the app's ratios are to both, side by side (R-RESP-17). The servers run in a child process of their own,
 * apart from the load generator. Afterwards the database must hold exactly one completed response per
 * 2xx answer, each with all its answer rows.
 * A second run follows respondents the way the answering page does: a save of the first half of the
 * answers on a new link, then the submission of the rest (which checks the required answers over
 * what was saved, replaces and stamps). It reports submissions per second (two requests each).
 * A third sends complete submissions on a survey's public link, each from another visitor key, so
 * each request creates its response first.
 * A fourth loads the answering page (GET /respond/:token) on personal links, what every respondent
 * does first.
 * A fifth repeats the first on the same survey with 50 logic conditions (issue 26: every submission's
 * path is evaluated on the server), between the second and third thirds of the first: its ratio to the
 * echo route may be at most 10 % below the mean of the plain runs just before and after it.
 * A sixth repeats the first on a survey with alerts on (issue 27: a member's e-mail per response and a
 * 'Criticaster' alert), between the first and second thirds of the first: each submission also leaves its alert job in
 * the same statement; the alert worker is not running (its work is off the request path), and its
 * ratio to the echo route may be at most 10 % below the mean of the plain runs just before and after it.
 * A seventh repeats the first on a survey of an organisation with a webhook endpoint for
 * `response.completed` (issue 28), after the plain run that follows the logic run and before a fourth
 * plain run: each submission also leaves its webhook job in the same statement (the webhook worker is not
 * running; the endpoint is made before the run and deleted after it, as it holds for every survey of
 * the organisation), with the same 10 % budget against the plain runs around it.
 * Run: pnpm bench:respond   (PostgreSQL at LOOP_TEST_POSTGRES_URL or postgres://postgres@127.0.0.1:5432/test;
 * CONNECTIONS, DURATION and POOL_SIZE may be set in the environment)
 */
import { cpus } from 'node:os';
import { DEMO_ADMIN } from '@loop/server';
import autocannon, { type Result } from 'autocannon';
import postgres from 'postgres';
import { type BenchServer, withBenchServer } from '../benchKit';
import { type Child, startChild, stopChild } from '../serverKit';
import { ANSWERS, CRITICASTER, LOGIC, LOGIC_CONDITIONS, QUESTIONS } from './fixtures';

const CONNECTIONS = Number(process.env.CONNECTIONS ?? 50);
const DURATION = Number(process.env.DURATION ?? 10);
const WARM_UP = 3;
/** Personal links made up front: more than the fastest run can use. */
const TOKENS = Number(process.env.TOKENS ?? 125_000);

const BODY = JSON.stringify({ final: true, answers: ANSWERS });
const HALF = Math.ceil(ANSWERS.length / 2);
/** The respondent journey: save the first half, then submit the rest. */
const JOURNEY = [
  JSON.stringify({ final: false, answers: ANSWERS.slice(0, HALF) }),
  JSON.stringify({ final: true, answers: ANSWERS.slice(HALF) }),
];
const JOURNEY_TOKENS = Number(process.env.JOURNEY_TOKENS ?? 40_000);
const LOGIC_TOKENS = Number(process.env.LOGIC_TOKENS ?? 40_000);
const ALERT_TOKENS = Number(process.env.ALERT_TOKENS ?? 40_000);
const WEBHOOK_TOKENS = Number(process.env.WEBHOOK_TOKENS ?? 40_000);
/** Links for the warm-up of the logic and alerts runs: more than 3 s can use, so none is submitted twice. */
const WARM_UP_TOKENS = 10_000;
/** A public-link visitor's submission: every request another visitor key, so another new response. */
const publicBody = (visitor: number) =>
  `${BODY.slice(0, -1)},"respondent_key":"bench-visitor-${String(visitor).padStart(12, '0')}"}`;

/** The server side: the real app or a bare echo route, in a child process. */
const SERVER = 'bench/respond/server.ts';

async function json<T>(response: Response): Promise<T> {
  if (!response.ok) throw new Error(`${response.url}: ${response.status} ${await response.text()}`);
  return (await response.json()) as T;
}

/** Signs in as the demo admin, opens a survey and makes `count` personal links. */
async function prepare(
  url: string,
  count: number,
  logic?: unknown,
  alerts = false,
): Promise<{
  surveyId: number;
  tokens: string[];
  publicToken: string;
  api: <T>(method: string, path: string, body?: unknown) => Promise<T>;
}> {
  const login = await json<{ access_token: string }>(
    await fetch(`${url}/api/v1/auth/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: DEMO_ADMIN.email, password: DEMO_ADMIN.password }),
    }),
  );
  const headers = { authorization: `Bearer ${login.access_token}`, 'content-type': 'application/json' };
  const api = async <T>(method: string, path: string, body?: unknown): Promise<T> =>
    json<T>(
      await fetch(`${url}/api/v1${path}`, {
        method,
        headers,
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      }),
    );
  const survey = await api<{ id: number }>('POST', '/surveys', {
    title: 'Bench: medewerkerspeiling',
    description_html: '',
    introduction_html: '<p>Fijn dat je meedoet.</p>',
    thank_you_text: 'Bedankt!',
    close_at: null,
    questions: QUESTIONS,
    ...(logic === undefined ? {} : { logic }),
  });
  await api('POST', `/surveys/${survey.id}/status`, { status: 'open' });
  if (alerts) {
    await api('PUT', `/surveys/${survey.id}/alerts/mine`, { mode: 'each', conditions: true });
    await api('PUT', `/surveys/${survey.id}/alerts/rules`, { rules: [CRITICASTER] });
  }
  const tokens: string[] = [];
  const batches = Math.ceil(count / 500);
  for (let start = 0; start < batches; start += 8) {
    const made = await Promise.all(
      Array.from({ length: Math.min(8, batches - start) }, () =>
        api<{ tokens: string[] }>('POST', `/surveys/${survey.id}/personal-links`, { count: 500 }),
      ),
    );
    for (const batch of made) tokens.push(...batch.tokens);
  }
  const links = await api<{ public_token: string }>('GET', `/surveys/${survey.id}/links`);
  return { surveyId: survey.id, tokens, publicToken: links.public_token, api };
}

interface Run {
  readonly result: Result;
  /** Requests sent (answered or still in flight when the run ended). */
  readonly sent: number;
  /** Whether tokens ran out and were used again (a repeated submission stores nothing). */
  readonly reused: boolean;
}

/**
 * POSTs of `bodies` in turn on `url + prefix + token`, on each connection: the first body on a new
 * token, the others on that same token (one final submission per token by default).
 */
async function load(
  url: string,
  prefix: string,
  tokens: readonly string[],
  duration: number,
  bodies: ReadonlyArray<string | ((visitor: number) => string)> = [BODY],
): Promise<Run> {
  let next = 0;
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    timeout: 10,
    requests: bodies.map((body, step) => ({
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      ...(typeof body === 'string' ? { body } : {}),
      setupRequest: (request, context) => {
        // Throwing here would stall autocannon: running out wraps around, and the run says so.
        if (step === 0) context.token = tokens[next++ % tokens.length];
        const path = `${prefix}${String(context.token)}`;
        return typeof body === 'string' ? { ...request, path } : { ...request, path, body: body(next) };
      },
    })),
  });
  return { result, sent: next, reused: next > tokens.length };
}

/** GET /respond/:token, the answering page's first request, on personal links in turn. */
async function loadPages(url: string, tokens: readonly string[], duration: number): Promise<Result> {
  let next = 0;
  return autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    timeout: 10,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => ({
          ...request,
          path: `/api/v1/respond/${tokens[next++ % tokens.length]}`,
        }),
      },
    ],
  });
}

/**
 * Two runs as one: their answers and durations added, so its rate is theirs together; its p99 is
 * the higher of the two (a bound, not a merged distribution).
 */
function both(first: Result, second: Result): Result {
  return {
    ...first,
    '2xx': first['2xx'] + second['2xx'],
    duration: first.duration + second.duration,
    errors: first.errors + second.errors,
    timeouts: first.timeouts + second.timeouts,
    non2xx: first.non2xx + second.non2xx,
    latency: { ...first.latency, p99: Math.max(first.latency.p99, second.latency.p99) },
  };
}

const errorsOf = (result: Result) => result.errors + result.timeouts + result.non2xx;
const perSecond = (result: Result) => result['2xx'] / result.duration;

/** One result line; `perSubmission` requests make one submission (the journey: 2). */
function line(name: string, result: Result, perSubmission = 1): string {
  return (
    `${name.padEnd(22)} ${(perSecond(result) / perSubmission).toFixed(0).padStart(6)} /s   p50 ${String(result.latency.p50).padStart(3)} ms` +
    `   p99 ${String(result.latency.p99).padStart(3)} ms   errors ${errorsOf(result)}   (${result['2xx']} answered 2xx)`
  );
}

async function main() {
  await withBenchServer('respond', bench, { pool: 2 });
}

/** The runs against the migrated and seeded scratch database. */
async function bench(scratch: BenchServer) {
  const databaseUrl = scratch.url;
  const children: Child[] = [];
  try {
    await scratch.closeConnections();

    const server = await startChild(SERVER, 'app', { DATABASE_URL: databaseUrl });
    children.push(server);
    const { surveyId, tokens } = await prepare(server.url, TOKENS);
    const journeySurvey = await prepare(server.url, JOURNEY_TOKENS);
    const publicSurvey = await prepare(server.url, 0);
    const pageSurvey = await prepare(server.url, 5_000);
    const logicSurvey = await prepare(server.url, LOGIC_TOKENS, LOGIC);
    const alertSurvey = await prepare(server.url, ALERT_TOKENS, undefined, true);
    const webhookSurvey = await prepare(server.url, WEBHOOK_TOKENS);
    // The two baselines, in children of their own beside the app (idle while another one runs): the
    // bare echo route and the bare durable write, on a survey of its own in the same database.
    const bareSurvey = await prepare(server.url, 0);
    const check = postgres(databaseUrl, { max: 1, onnotice: () => {} });
    const [bareOrganization] = await check<{ id: number }[]>`
      select organization_id as id from surveys where id = ${bareSurvey.surveyId}`;
    const echo = await startChild(SERVER, 'echo', {});
    children.push(echo);
    const bare = await startChild(SERVER, 'write', {
      DATABASE_URL: databaseUrl,
      BARE_SURVEY: String(bareSurvey.surveyId),
      BARE_ORGANIZATION: String(bareOrganization?.id ?? 0),
    });
    children.push(bare);
    await load(echo.url, '/echo/', tokens, WARM_UP);
    await load(bare.url, '/write/', tokens, WARM_UP);
    const warmUpTokens = tokens.splice(0, Math.floor(tokens.length / 5));
    const warmUp = await load(server.url, '/api/v1/respond/', warmUpTokens, WARM_UP);
    // The plain survey's links in three parts: the alerts run and the logic run each go between two
    // plain runs, so neither is compared with a run on a database that grew less or more than it did.
    const fourthTokens = tokens.splice(Math.floor((tokens.length * 3) / 4));
    const lastTokens = tokens.splice(Math.floor((tokens.length * 2) / 3));
    const laterTokens = tokens.splice(Math.floor(tokens.length / 2));
    // Baselines before and after the app's runs (A B … B A), so each is measured on both sides of them.
    const echoBefore = (await load(echo.url, '/echo/', tokens, DURATION)).result;
    const bareBefore = (await load(bare.url, '/write/', tokens, DURATION)).result;
    const run = await load(server.url, '/api/v1/respond/', tokens, DURATION);
    const submissions = run.result;
    // Side by side: the same submissions on the survey with alerts on, then the plain survey again.
    const alertWarmUp = await load(
      server.url,
      '/api/v1/respond/',
      alertSurvey.tokens.splice(0, WARM_UP_TOKENS),
      WARM_UP,
    );
    const alertRun = await load(server.url, '/api/v1/respond/', alertSurvey.tokens, DURATION);
    const withAlerts = alertRun.result;
    const againRun = await load(server.url, '/api/v1/respond/', laterTokens, DURATION);
    const again = againRun.result;
    // Then the same submissions on the survey with logic, and the plain survey a third time.
    const logicWarmUp = await load(
      server.url,
      '/api/v1/respond/',
      logicSurvey.tokens.splice(0, WARM_UP_TOKENS),
      WARM_UP,
    );
    const logicRun = await load(server.url, '/api/v1/respond/', logicSurvey.tokens, DURATION);
    const withLogic = logicRun.result;
    const lastRun = await load(server.url, '/api/v1/respond/', lastTokens, DURATION);
    const last = lastRun.result;
    // Then the same submissions with a webhook endpoint for them, and the plain survey a fourth time.
    // The endpoint's public address is never called: the webhook worker does not run here.
    const { endpoint } = await webhookSurvey.api<{ endpoint: { id: number } }>('POST', '/webhooks', {
      url: 'https://93.184.216.34/loop-bench',
      events: ['response.completed'],
    });
    const webhookWarmUp = await load(
      server.url,
      '/api/v1/respond/',
      webhookSurvey.tokens.splice(0, WARM_UP_TOKENS),
      WARM_UP,
    );
    const webhookRun = await load(server.url, '/api/v1/respond/', webhookSurvey.tokens, DURATION);
    const withWebhooks = webhookRun.result;
    const deliveryLog = await webhookSurvey.api<{ deliveries: unknown[] }>(
      'GET',
      `/webhooks/${endpoint.id}/deliveries`,
    );
    await webhookSurvey.api('PATCH', `/webhooks/${endpoint.id}`, { enabled: false });
    const fourthRun = await load(server.url, '/api/v1/respond/', fourthTokens, DURATION);
    const fourth = fourthRun.result;
    const journeyRun = await load(server.url, '/api/v1/respond/', journeySurvey.tokens, DURATION, JOURNEY);
    const journey = journeyRun.result;
    const publicRun = await load(server.url, '/api/v1/respond/', [publicSurvey.publicToken], DURATION, [
      publicBody,
    ]);
    const publicLink = publicRun.result;
    const pageLoads = await loadPages(server.url, pageSurvey.tokens, DURATION);
    const bareAfter = (await load(bare.url, '/write/', tokens, DURATION)).result;
    const echoAfter = (await load(echo.url, '/echo/', tokens, DURATION)).result;
    // The echo route's figures for the comparisons below: the run before and the run after, summed.
    const baseline = both(echoBefore, echoAfter);
    const bareBaseline = both(bareBefore, bareAfter);
    const [bareStored] = await check<{ completed: number; rows: number }[]>`
      select (select count(*)::int from survey_responses where survey_id = ${bareSurvey.surveyId}) as completed,
             (select count(*)::int from survey_answers where survey_id = ${bareSurvey.surveyId}) as rows`;

    // Every 2xx answer must be one stored response with all its answer rows.
    const [stored] = await check<{ completed: number; answers: number; rows: number; times: number }[]>`
      select (select count(*)::int from survey_responses where survey_id = ${surveyId} and status = 'completed') as completed,
             (select count(*)::int from survey_answers where survey_id = ${surveyId}) as rows,
             (select count(distinct response_id)::int from survey_answers where survey_id = ${surveyId} and submitted_at is not null) as answers,
             (select count(*)::int from survey_responses, jsonb_object_keys(question_seconds) where survey_id = ${surveyId}) as times`;
    // The journey: every completed response has all its answers stamped, none is left unstamped.
    const [journeyStored] = await check<{ completed: number; stamped: number; unstamped: number }[]>`
      select (select count(*)::int from survey_responses where survey_id = ${journeySurvey.surveyId} and status = 'completed') as completed,
             (select count(*)::int from survey_answers where survey_id = ${journeySurvey.surveyId} and submitted_at is not null) as stamped,
             (select count(*)::int from survey_answers a join survey_responses r on r.id = a.response_id
               where a.survey_id = ${journeySurvey.surveyId} and r.status = 'completed' and a.submitted_at is null) as unstamped`;
    // The survey with logic keeps every question on the path: each submission stores all its rows.
    const [logicStored] = await check<{ completed: number; answers: number; unseen: number }[]>`
      select (select count(*)::int from survey_responses where survey_id = ${logicSurvey.surveyId} and status = 'completed') as completed,
             (select count(distinct response_id)::int from survey_answers where survey_id = ${logicSurvey.surveyId} and submitted_at is not null) as answers,
             (select count(*)::int from survey_responses where survey_id = ${logicSurvey.surveyId} and cardinality(unseen_question_ids) > 0) as unseen`;
    // The public link: one completed response with its answers per visitor answered 2xx.
    const [publicStored] = await check<{ completed: number; answers: number }[]>`
      select (select count(*)::int from survey_responses where survey_id = ${publicSurvey.surveyId} and status = 'completed') as completed,
             (select count(distinct response_id)::int from survey_answers where survey_id = ${publicSurvey.surveyId} and submitted_at is not null) as answers`;
    // The survey counts the KPIs read (migration 0013) must equal a count of what was stored: the
    // submissions added to them concurrently, in batches, two statements at a time.
    const surveyIds = [surveyId, journeySurvey.surveyId, publicSurvey.surveyId];
    const [counts] = await check<{ answers: number; responses: number }[]>`
      with built_answers as (
        select a.survey_id, a.question_id, a.item_id, g.grain, g.bucket,
          array[${check.unsafe(Array.from({ length: 11 }, (_, n) => `count(*) filter (where a.num_value = ${n})`).join(', '))}]::int[] as c
        from survey_answers a cross join lateral (values
          ('week', date_trunc('week', a.submitted_at at time zone 'Europe/Amsterdam')::date),
          ('month', date_trunc('month', a.submitted_at at time zone 'Europe/Amsterdam')::date)) as g(grain, bucket)
        where a.survey_id = any (${surveyIds}::int[]) and a.submitted_at is not null and a.num_value between 0 and 10
        group by 1, 2, 3, 4, 5
      ), kept_answers as (
        -- A key's count is the sum of its shards.
        select survey_id, question_id, item_id, grain, bucket,
          array[${check.unsafe(Array.from({ length: 11 }, (_, n) => `sum(c${n})::int`).join(', '))}]::int[] as c
        from survey_answer_counts where survey_id = any (${surveyIds}::int[])
        group by 1, 2, 3, 4, 5
      ), built_responses as (
        select r.survey_id, g.grain, g.bucket, count(*)::int as completed
        from survey_responses r cross join lateral (values
          ('week', date_trunc('week', r.completed_at at time zone 'Europe/Amsterdam')::date),
          ('month', date_trunc('month', r.completed_at at time zone 'Europe/Amsterdam')::date)) as g(grain, bucket)
        where r.survey_id = any (${surveyIds}::int[]) and r.status = 'completed'
        group by 1, 2, 3
      ), kept_responses as (
        select survey_id, grain, bucket, sum(completed)::int as completed from survey_response_counts
        where survey_id = any (${surveyIds}::int[])
        group by 1, 2, 3 having sum(completed) > 0
      )
      select (select count(*)::int from ((select * from built_answers except select * from kept_answers)
               union all (select * from kept_answers except select * from built_answers)) x) as answers,
             (select count(*)::int from ((select * from built_responses except select * from kept_responses)
               union all (select * from kept_responses except select * from built_responses)) y) as responses`;
    // The survey with alerts: exactly one alert job per completed response, written with it.
    const [alertStored] = await check<{ completed: number; jobs: number }[]>`
      select (select count(*)::int from survey_responses where survey_id = ${alertSurvey.surveyId} and status = 'completed') as completed,
             (select count(*)::int from response_alert_jobs where survey_id = ${alertSurvey.surveyId}) as jobs`;
    // The survey with a webhook: exactly one delivery per completed response, queued with it.
    const [hookStored] = await check<{ completed: number; deliveries: number }[]>`
      select (select count(*)::int from survey_responses where survey_id = ${webhookSurvey.surveyId} and status = 'completed') as completed,
             (select count(*)::int from webhook_response_jobs where survey_id = ${webhookSurvey.surveyId})
             + (select count(*)::int from webhook_deliveries where subject in (
               select 'response:' || id from survey_responses where survey_id = ${webhookSurvey.surveyId})) as deliveries`;
    await check.end();
    const answered = warmUp.result['2xx'] + submissions['2xx'] + again['2xx'] + last['2xx'] + fourth['2xx'];
    const sent = warmUp.sent + run.sent + againRun.sent + lastRun.sent + fourthRun.sent;

    console.log(
      `POST /api/v1/respond/:token, final submission of ${ANSWERS.length} answers, ${CONNECTIONS} connections, ` +
        `${DURATION} s, loopback, ${cpus().length} × ${cpus()[0]?.model.trim() ?? 'CPU'}, Node ${process.version}`,
    );
    console.log(line('Loop (PostgreSQL)', submissions));
    console.log(line('journey (save + submit)', journey, JOURNEY.length));
    console.log(line('public link', publicLink));
    console.log(line('page load (GET)', pageLoads));
    console.log(line(`with logic (${LOGIC_CONDITIONS} cond.)`, withLogic));
    console.log(line('with alerts on', withAlerts));
    console.log(line('plain again', again));
    console.log(line('plain a third time', last));
    console.log(line('with a webhook', withWebhooks));
    console.log(line('plain a fourth time', fourth));
    console.log(line('bare Fastify echo', echoBefore));
    console.log(line('bare durable write', bareBefore));
    console.log(line('bare write after', bareAfter));
    console.log(line('bare echo after', echoAfter));
    const plainRuns = both(both(submissions, again), both(last, fourth));
    const ratios = (name: string, result: Result) =>
      `${name}: ${(perSecond(result) / perSecond(baseline)).toFixed(3)}× the echo route, ` +
      `${(perSecond(result) / perSecond(bareBaseline)).toFixed(3)}× the bare durable write (throughput; ` +
      `p99 ${result.latency.p99} ms against ${baseline.latency.p99} ms and ${bareBaseline.latency.p99} ms)`;
    console.log(ratios('ratio of the first plain run', submissions));
    console.log(ratios('ratio of the four plain runs', plainRuns));
    console.log(
      `the bare durable write: ${(perSecond(bareBaseline) / perSecond(baseline)).toFixed(3)}× the echo route; ` +
        `${bareStored?.completed} responses with ${bareStored?.rows} answer rows ` +
        `(${((bareStored?.rows ?? 0) / Math.max(bareStored?.completed ?? 0, 1)).toFixed(1)} each)`,
    );
    // Against the mean of the plain runs just before and just after it.
    const logicRatio = perSecond(withLogic) / perSecond(baseline);
    const plainRatio = (perSecond(again) + perSecond(last)) / 2 / perSecond(baseline);
    console.log(
      `with logic: ${logicRatio.toFixed(3)}× the echo route against ${plainRatio.toFixed(3)}× without (the plain ` +
        `runs before and after) (${((logicRatio / plainRatio - 1) * 100).toFixed(1)} %; budget: not below by more than 10 %: ` +
        `${logicRatio >= plainRatio * 0.9 ? 'met' : 'NOT met'})`,
    );
    // Against the mean of the plain runs just before and just after it.
    const alertRatio = perSecond(withAlerts) / perSecond(baseline);
    const aroundRatio = (perSecond(submissions) + perSecond(again)) / 2 / perSecond(baseline);
    console.log(
      `with alerts: ${alertRatio.toFixed(3)}× the echo route against ${aroundRatio.toFixed(3)}× without (the plain ` +
        `runs before and after) (${((alertRatio / aroundRatio - 1) * 100).toFixed(1)} %; budget: not below by more ` +
        `than 10 %: ${alertRatio >= aroundRatio * 0.9 ? 'met' : 'NOT met'}); alert jobs: ${alertStored?.jobs} for ` +
        `${alertStored?.completed} completed responses (${withAlerts['2xx'] + alertWarmUp.result['2xx']} answered 2xx)`,
    );
    const hookRatio = perSecond(withWebhooks) / perSecond(baseline);
    const hookAround = (perSecond(last) + perSecond(fourth)) / 2 / perSecond(baseline);
    console.log(
      `with a webhook: ${hookRatio.toFixed(3)}× the echo route against ${hookAround.toFixed(3)}× without (the plain ` +
        `runs before and after) (${((hookRatio / hookAround - 1) * 100).toFixed(1)} %; budget: not below by more ` +
        `than 10 %: ${hookRatio >= hookAround * 0.9 ? 'met' : 'NOT met'}); response.completed queued (as jobs or deliveries): ${hookStored?.deliveries} for ` +
        `${hookStored?.completed} completed responses (the log shows the latest ${deliveryLog.deliveries.length})`,
    );
    console.log(
      `logic stored: ${logicStored?.completed} completed responses, ${logicStored?.answers} with answer rows, ` +
        `${logicStored?.unseen} with unseen questions, for ${withLogic['2xx'] + logicWarmUp.result['2xx']} answered 2xx`,
    );
    console.log(
      `stored: ${stored?.completed} completed responses, ${stored?.answers} with answer rows and ` +
        `${stored?.times} timings, for ${answered} submissions answered 2xx of ${sent} sent (warm-up included; ` +
        'the last ones of each run are answered after the load generator stopped counting)',
    );
    // Both runs send the same answers, so a journey's response must hold as many rows as a direct one.
    const rowsEach = (stored?.rows ?? 0) / Math.max(stored?.completed ?? 0, 1);
    const journeyCompleted = journeyStored?.completed ?? 0;
    const publicCompleted = publicStored?.completed ?? 0;
    console.log(
      `public link stored: ${publicCompleted} completed responses, ${publicStored?.answers} with answer rows, ` +
        `for ${publicLink['2xx']} answered 2xx of ${publicRun.sent} sent`,
    );
    console.log(
      `journey stored: ${journeyCompleted} completed responses, ${journeyStored?.stamped} stamped answer rows ` +
        `(${rowsEach} per response expected), ${journeyStored?.unstamped} unstamped, for ${journeyRun.sent} links used`,
    );
    console.log(
      `survey counts: ${counts?.answers} answer-count rows and ${counts?.responses} response-count rows differ from a recount`,
    );
    if (warmUp.reused || run.reused || againRun.reused || lastRun.reused || journeyRun.reused)
      console.log('tokens ran out and were used again: raise TOKENS or JOURNEY_TOKENS');
    const withinBudget = (result: Result, perSubmission: number) =>
      perSecond(result) / perSubmission >= 2000 && result.latency.p99 <= 50 && errorsOf(result) === 0;
    const budget = withinBudget(submissions, 1);
    const journeyBudget = withinBudget(journey, JOURNEY.length);
    const publicBudget = withinBudget(publicLink, 1);
    const completed = stored?.completed ?? 0;
    const consistent =
      !warmUp.reused &&
      !run.reused &&
      !againRun.reused &&
      !lastRun.reused &&
      completed >= answered &&
      completed <= sent &&
      stored?.answers === completed &&
      Number.isInteger(rowsEach) &&
      !journeyRun.reused &&
      journeyCompleted >= journey['2xx'] - journeyRun.sent &&
      journeyCompleted <= journeyRun.sent &&
      journeyStored?.stamped === journeyCompleted * rowsEach &&
      journeyStored?.unstamped === 0 &&
      publicCompleted >= publicLink['2xx'] &&
      publicCompleted <= publicRun.sent &&
      publicStored?.answers === publicCompleted &&
      counts?.answers === 0 &&
      counts?.responses === 0 &&
      !logicRun.reused &&
      !logicWarmUp.reused &&
      (logicStored?.completed ?? 0) >= withLogic['2xx'] + logicWarmUp.result['2xx'] &&
      logicStored?.answers === logicStored?.completed &&
      logicStored?.unseen === 0 &&
      !alertRun.reused &&
      !alertWarmUp.reused &&
      (alertStored?.completed ?? 0) >= withAlerts['2xx'] + alertWarmUp.result['2xx'] &&
      alertStored?.jobs === alertStored?.completed &&
      !webhookRun.reused &&
      !webhookWarmUp.reused &&
      !fourthRun.reused &&
      (hookStored?.completed ?? 0) >= withWebhooks['2xx'] + webhookWarmUp.result['2xx'] &&
      hookStored?.deliveries === hookStored?.completed &&
      // The bare durable write stored as many answer rows per response as the app.
      (bareStored?.completed ?? 0) >= bareBaseline['2xx'] &&
      bareStored?.rows === (bareStored?.completed ?? 0) * rowsEach;
    console.log(
      `budget (≥ 2,000 submissions/s, p99 ≤ 50 ms, 0 errors): ${budget ? 'met' : 'NOT met'}, journey ${journeyBudget ? 'met' : 'NOT met'}, ` +
        `public link ${publicBudget ? 'met' : 'NOT met'}; ` +
        `storage ${consistent ? 'consistent' : 'INCONSISTENT'}`,
    );
    if (!consistent) process.exitCode = 1;
  } finally {
    for (const child of children) await stopChild(child);
  }
}

await main();

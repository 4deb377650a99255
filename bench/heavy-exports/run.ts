/**
 * Heavy exports and the rest of the server (issue 29, R-HEAVY-8): while one organisation downloads
 * a large XLSX or ZIP export, how quickly does the same server answer everyone else? The real
 * server (../heavy-imports/server.ts) on PostgreSQL in a child process; the probes of
 * bench/heavy-imports meanwhile (GET /api/v1/health and the signed-in GET /api/v1/users/me, one
 * request after another every PROBE_MS), with the server's event-loop delay. Three phases, one
 * download each: the responses of a survey with RESPONSES (50,000) submissions to 10 questions as
 * XLSX, RECORDS (100,000) finance records as XLSX, and the organisation's data export (a ZIP of
 * every table and a CSV per survey, so the 50,000 responses once more). A few quiet seconds before
 * give the idle figures.
 *
 * BASELINE_DIR=/path/to/a/checkout-of-main runs the same first on that tree's server (server.ts
 * copied there; its dependencies installed), so the run prints the ratios.
 *
 * Run: node scripts/pnpm.mjs bench:heavy-exports   (PostgreSQL at LOOP_TEST_POSTGRES_URL or
 * postgres://postgres@127.0.0.1:5432/test; a database of its own, dropped afterwards)
 */
import { cpus, loadavg } from 'node:os';
import { resolve } from 'node:path';
import type { Question, Survey } from '@loop/core';
import { type BenchServer, demoAdminHeaders, withBenchServer } from '../benchKit';
import {
  figures,
  type Latencies,
  type LoopDelay,
  loopDelay,
  PROBE_MS,
  probing,
  ROOT,
  sleep,
  startServer,
} from '../heavy-imports/probes';
import { demoAdminOrganizationHeaders, stopChild } from '../serverKit';

const RESPONSES = Number(process.env.RESPONSES ?? 50_000);
const RECORDS = Number(process.env.RECORDS ?? 100_000);
const QUIET_MS = Number(process.env.QUIET_MS ?? 3_000);

/** Ten questions: a score, a rating, a choice and seven open texts. */
function questions(): Question[] {
  const open = (n: number): Question => ({
    id: `q${n}`,
    type: 'open_short',
    title: `Open vraag ${n}`,
    required: false,
    position: n - 1,
    settings: { max_length: 500 },
  });
  return [
    { id: 'q1', type: 'nps', title: 'Aanbevelen?', required: true, position: 0, settings: {} },
    {
      id: 'q2',
      type: 'rating',
      title: 'Cijfer',
      required: false,
      position: 1,
      settings: { scale: 5, style: 'stars' },
    },
    {
      id: 'q3',
      type: 'single_choice',
      title: 'Afdeling',
      required: false,
      position: 2,
      settings: {
        options: ['a1', 'a2', 'a3'].map((id, i) => ({ id, label: `Afdeling ${i + 1}` })),
        allow_other: false,
      },
    },
    ...[4, 5, 6, 7, 8, 9, 10].map(open),
  ] as Question[];
}

/** A survey with RESPONSES submissions and RECORDS finance records in the demo organisation. */
async function seed(scratch: BenchServer): Promise<{ surveyId: number }> {
  const app = await scratch.app();
  const auth = await demoAdminHeaders(app);
  const organizations = await app.inject({ method: 'GET', url: '/api/v1/organizations', headers: auth });
  const organizationId = organizations.json<Array<{ id: number }>>()[0]!.id;
  const headers = { ...auth, 'x-organization-id': String(organizationId) };
  const created = await app.inject({
    method: 'POST',
    url: '/api/v1/surveys',
    headers,
    payload: {
      title: 'Grote export',
      description_html: '',
      introduction_html: '',
      thank_you_text: 'Bedankt!',
      close_at: null,
      questions: questions(),
    },
  });
  if (created.statusCode !== 201) throw new Error(`survey: ${created.statusCode} ${created.body}`);
  const survey = created.json<Survey>();
  const { sql } = scratch;
  await sql.unsafe(`
    insert into survey_responses (survey_id, organization_id, token_hash, kind, status, created_at, started_at, saved_at, completed_at, ordinal)
    select ${survey.id}, ${organizationId}, 'export-' || g, 'public', 'completed', t, t, t, t, g
    from (select g, now() - g * interval '97 seconds' as t from generate_series(1, ${RESPONSES}) as g) as x`);
  const from = `from survey_responses d where d.survey_id = ${survey.id}`;
  const insert = (select: string) =>
    sql.unsafe(
      `insert into survey_answers (response_id, survey_id, question_id, item_id, num_value, text_value, submitted_at) ${select}`,
    );
  await insert(`select d.id, ${survey.id}, 'q1', '', d.id % 11, null, d.completed_at ${from}`);
  await insert(`select d.id, ${survey.id}, 'q2', '', 1 + d.id % 5, null, d.completed_at ${from}`);
  await insert(`select d.id, ${survey.id}, 'q3', 'a' || (1 + d.id % 3), 1, null, d.completed_at ${from}`);
  for (let n = 4; n <= 10; n++)
    await insert(
      `select d.id, ${survey.id}, 'q${n}', '', null, 'Antwoord ' || d.id || ' op vraag ${n}: ' || repeat('tekst ', (1 + d.id % 8)::int), d.completed_at ${from}`,
    );
  await sql.unsafe(`
    insert into finance_records (organization_id, date, direction, amount_cents, btw_rate, btw_cents, category, description, counterparty, source)
    select ${organizationId}, date '2024-01-01' + (g % 1096), case when g % 3 = 0 then 'income' else 'cost' end,
      1000 + (g * 7919) % 500000, '21', ((1000 + (g * 7919) % 500000) * 21) / 121,
      (array['Omzet','Inkoop','Huisvesting','Software'])[1 + g % 4], 'Boeking ' || g, 'Relatie ' || (g % 997), 'manual'
    from generate_series(1, ${RECORDS}) as g`);
  await sql.unsafe('vacuum analyze survey_answers');
  await sql.unsafe('vacuum analyze finance_records');
  return { surveyId: survey.id };
}

/** Downloads `path` to its end: its status, size and time. */
async function download(url: string, headers: Record<string, string>, path: string) {
  const start = performance.now();
  const response = await fetch(`${url}/api/v1${path}`, { headers });
  const bytes = (await response.arrayBuffer()).byteLength;
  if (!response.ok) throw new Error(`${path}: ${response.status}`);
  return { bytes, ms: Math.round(performance.now() - start) };
}

async function measure(tree: string, databaseUrl: string, surveyId: number) {
  const server = await startServer(tree, databaseUrl);
  try {
    const headers = await demoAdminOrganizationHeaders(server.url);
    const paths = { '/api/v1/health': {}, '/api/v1/users/me': headers };
    const perPath = (samples: Record<string, Parameters<typeof figures>[0]>) =>
      Object.fromEntries(Object.entries(samples).map(([path, list]) => [path, figures(list)]));
    const quiet = perPath((await probing(server.url, paths, () => sleep(QUIET_MS))).samples);
    const exports = {
      survey: `/surveys/${surveyId}/export?format=xlsx`,
      finance: '/finance/records/export?format=xlsx',
      organization: '/organization/export',
    };
    const phases: Record<
      string,
      { probes: Record<string, Latencies>; loop: LoopDelay; file: { bytes: number; ms: number } }
    > = {};
    for (const [name, path] of Object.entries(exports)) {
      await loopDelay(server);
      const during = await probing(server.url, paths, () => download(server.url, headers, path));
      phases[name] = { probes: perPath(during.samples), loop: await loopDelay(server), file: during.result };
    }
    return { quiet, phases };
  } finally {
    await stopChild(server);
  }
}

async function bench(scratch: BenchServer) {
  const { surveyId } = await seed(scratch);
  await scratch.closeConnections();
  console.log(
    `${RESPONSES} responses × 10 questions, ${RECORDS} finance records; ${cpus().length} cores, ` +
      `load ${loadavg()[0]?.toFixed(2)}; probes every ${PROBE_MS} ms`,
  );
  const runs: Array<[string, string]> = [];
  if (process.env.BASELINE_DIR) runs.push(['baseline', resolve(process.env.BASELINE_DIR)]);
  runs.push(['this tree', ROOT]);
  const results: Record<string, Awaited<ReturnType<typeof measure>>> = {};
  for (const [label, tree] of runs) {
    results[label] = await measure(tree, scratch.url, surveyId);
    console.log(`\n${label} (${tree}), load ${loadavg()[0]?.toFixed(2)}`);
    console.log(JSON.stringify(results[label], null, 1));
  }
  const now = results['this tree'];
  const base = results.baseline;
  if (now === undefined) return;
  const line = (f: Latencies | undefined) =>
    f ? `p50 ${f.p50} ms, p99 ${f.p99} ms, max ${f.max} ms (${f.count})` : '-';
  for (const [phase, after] of Object.entries(now.phases)) {
    const before = base?.phases[phase];
    const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
    console.log(
      `\n${phase}: ${mb(after.file.bytes)} MB in ${after.file.ms} ms` +
        (before ? `; baseline ${mb(before.file.bytes)} MB in ${before.file.ms} ms` : ''),
    );
    for (const [path, figures] of Object.entries(after.probes)) {
      const old = before?.probes[path];
      const ratio = old ? `; p99 ratio ${(figures.p99 / old.p99).toFixed(3)}` : '';
      console.log(`  ${path}: ${line(figures)}${old ? `; baseline ${line(old)}${ratio}` : ''}`);
    }
    console.log(
      `  event-loop delay: p99 ${after.loop.p99} ms, max ${after.loop.max} ms` +
        (before ? `; baseline p99 ${before.loop.p99} ms, max ${before.loop.max} ms` : ''),
    );
  }
}

await withBenchServer('heavy_exports', bench, { pool: 2 });

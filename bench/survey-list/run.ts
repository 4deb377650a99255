/**
 * The survey list (GET /api/v1/surveys) over 120 surveys with 156,680 submitted responses (issue 13):
 * through the whole server (auth, organisation, closing expired surveys, the count, the page, the
 * response columns and the time estimates, JSON), page 1 and 3 of 25 and one page of 100, median of
 * 15 after two warm-up requests; and the statement of observed medians a page adds when all of its
 * surveys got new responses since the list was last read.
 *
 * The data: 120 open surveys of 10 questions in the demo organisation, with 0, 4, 30, 300, 1,500
 * or 6,000 submitted responses in turn (every page holds each size), each with seconds for all 10
 * questions, plus 10 unused personal links per survey; generated in SQL, then VACUUM ANALYZE.
 *
 * Run: node scripts/pnpm.mjs bench:survey-list                          (PostgreSQL at
 * LOOP_TEST_POSTGRES_URL or postgres://postgres@127.0.0.1:5432/test; a database of its own)
 *      LOOP_BENCH_DB=pglite node scripts/pnpm.mjs bench:survey-list     (PGlite in a temp folder)
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page, Question, SurveySummary } from '@loop/core';
import { type DatabaseHandle, openPglite, openPostgres } from '@loop/server/db';
import { questionTimingsOf } from '@loop/server/internals';
import {
  benchPasswords,
  buildBenchApp,
  demoAdminHeaders,
  migrateAndSeed,
  scratchDatabase,
  timed,
} from '../benchKit';

const SURVEYS = 120;
const SIZES = [0, 4, 30, 300, 1500, 6000];
const QUESTION_COUNT = 10;
const RUNS = 15;
const ON_PGLITE = process.env.LOOP_BENCH_DB === 'pglite';

const QUESTIONS: Question[] = Array.from(
  { length: QUESTION_COUNT },
  (_, i): Question =>
    i % 2 === 0
      ? { id: `q${i + 1}`, type: 'nps', title: `Vraag ${i + 1}`, required: false, position: i, settings: {} }
      : {
          id: `q${i + 1}`,
          type: 'open_short',
          title: `Vraag ${i + 1}`,
          required: false,
          position: i,
          settings: { max_length: 200 },
        },
);

async function openBenchDatabase(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  if (ON_PGLITE) {
    const dir = await mkdtemp(join(tmpdir(), 'loop-bench-list-pglite-'));
    return { handle: await openPglite(dir), drop: () => rm(dir, { recursive: true, force: true }) };
  }
  const { url, drop } = await scratchDatabase('list');
  return { handle: openPostgres(url), drop };
}

async function main() {
  const { handle, drop } = await openBenchDatabase();
  const dataDir = await mkdtemp(join(tmpdir(), 'loop-bench-list-'));
  const run = (text: string) => handle.db.execute(text);
  try {
    const passwords = benchPasswords();
    await migrateAndSeed(handle, passwords);
    const app = await buildBenchApp(handle.db, { DATA_DIR: dataDir }, passwords);
    try {
      const headers = await demoAdminHeaders(app);
      const generating = performance.now();
      const questions = JSON.stringify(QUESTIONS).replaceAll("'", "''");
      await run(`
        insert into surveys (organization_id, title, status, questions, version, created_at, updated_at, published_at)
        select o.id, 'Bench ' || i, 'open', '${questions}'::jsonb, 1, now() - i * interval '1 hour',
          now() - i * interval '1 hour', now() - interval '30 days'
        from organizations o, generate_series(1, ${SURVEYS}) as i
        where o.id = (select organization_id from surveys order by id limit 1)`);
      const seconds = QUESTIONS.map(
        (question, i) => `'${question.id}', 5 + (hashint4(s.id * 7919 + g * 31 + ${i}) & 2147483647) % 60`,
      ).join(', ');
      await run(`
        insert into survey_responses (survey_id, organization_id, token_hash, kind, status, created_at,
          started_at, saved_at, completed_at, question_seconds)
        select s.id, s.organization_id, 'bench-' || s.id || '-' || g,
          case when g % 4 = 0 then 'personal' else 'public' end, 'completed', t, t, t, t,
          jsonb_build_object(${seconds})
        from (select id, organization_id,
                (array[${SIZES.join(', ')}])[1 + (row_number() over (order by id) - 1)::int % ${SIZES.length}] as n
              from surveys where title like 'Bench %') as s
        cross join lateral generate_series(1, s.n) as g
        cross join lateral (select now() - g * interval '7 minutes' as t) as x`);
      await run(`
        insert into survey_responses (survey_id, organization_id, token_hash, kind, status)
        select s.id, s.organization_id, 'bench-link-' || s.id || '-' || g, 'personal', 'pending'
        from surveys s, generate_series(1, 10) as g where s.title like 'Bench %'`);
      await run('vacuum analyze surveys');
      await run('vacuum analyze survey_responses');
      console.log(
        `${ON_PGLITE ? 'PGlite' : 'PostgreSQL'}: ${SURVEYS} surveys, responses ${SIZES.join('/')} in turn, ` +
          `generated in ${((performance.now() - generating) / 1000).toFixed(1)} s`,
      );

      // What a page adds when every one of its surveys got new responses since the list was last
      // read (or right after a start): the medians statement for all of its surveys.
      for (const size of [25, 100]) {
        const ids = (await run(
          `select id from surveys order by updated_at desc, id desc limit ${size}`,
        )) as unknown as { id: number }[] | { rows: { id: number }[] } as
          | { id: number }[]
          | { rows: { id: number }[] };
        const list = Array.isArray(ids) ? ids : ids.rows;
        const statement = await timed(RUNS, () =>
          questionTimingsOf(
            handle.db,
            list.map((row) => Number(row.id)),
          ),
        );
        console.log(
          `  medians of ${size} surveys in one statement (a page whose surveys all changed): ` +
            `${statement.median.toFixed(1)} ms median (min ${statement.min.toFixed(1)})`,
        );
      }
      for (const query of ['', '?page=3', '?page_size=100']) {
        let page: Page<SurveySummary> | null = null;
        const list = await timed(RUNS, async () => {
          const response = await app.inject({ method: 'GET', url: `/api/v1/surveys${query}`, headers });
          if (response.statusCode !== 200) throw new Error(`list: ${response.statusCode} ${response.body}`);
          page = response.json<Page<SurveySummary>>();
        });
        const rows = (page as Page<SurveySummary> | null)?.items ?? [];
        const responses = rows.reduce((sum, row) => sum + row.response_count, 0);
        console.log(
          `GET /surveys${query || ' (page 1 of 25)'}: ${list.median.toFixed(1)} ms median ` +
            `(min ${list.min.toFixed(1)}) of ${RUNS}; ${rows.length} rows, ${responses.toLocaleString('en')} ` +
            `submitted responses; estimates ${[...new Set(rows.map((row) => row.estimated_seconds))].join(', ')} s`,
        );
      }
    } finally {
      await app.close();
    }
  } finally {
    await handle.close();
    await drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();

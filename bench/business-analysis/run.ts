/**
 * The built-in analyst over a large organisation (issue 15): 100 KPIs (60 entered by hand with 36
 * months of values, 25 fed by surveys, 15 by finance), 50 surveys with 1,000,000 answer rows over
 * two years (2,240,000 since the number, date, dropdown and ranking questions were added), and three years of finance records, on PostgreSQL. Timed end to end as the route runs
 * it (gather the aggregates with SQL, then write the Markdown report), turn about with the bare
 * query a developer would write first: one GROUP BY over the organisation's answers. Budget: 1 s.
 * Also POST /organization/business-analysis through the whole server (auth, claim, store, audit),
 * for information.
 *
 * The data is generated in SQL (`generate_series`, a deterministic hash per response), the survey
 * counts rebuilt as after any bulk load (`rebuildSurveyCounts`), then VACUUM ANALYZE.
 *
 * Run: node scripts/pnpm.mjs bench:business-analysis   (PostgreSQL at LOOP_TEST_POSTGRES_URL or
 * postgres://postgres@127.0.0.1:5432/test; a database of its own is created and dropped)
 */
import { loadavg } from 'node:os';
import type { Question } from '@loop/core';
import { builtinAnalysis } from '@loop/core/analysis';
import { LIKERT_DEFAULT_LABELS } from '@loop/core/surveys/model';
import { gatherAnalysisInput, rebuildSurveyCounts, SurveyQuestionsCache } from '@loop/server/internals';
import { demoAdminHeaders, demoOrganization, sideBySide, timed, withBenchServer } from '../benchKit';

const SURVEYS = 50;
const RESPONSES_PER_SURVEY = 2_750;
const MANUAL_KPIS = 60;
const SURVEY_KPIS = 25;
const FINANCE_KPIS = 15;
const FINANCE_RECORDS = 36_000;
const RUNS = 15;
const BUDGET_MS = 1_000;

const QUESTIONS: Question[] = [
  {
    id: 'q1',
    type: 'likert',
    title: 'Stellingen over het werk',
    required: true,
    position: 0,
    settings: {
      points: 5,
      labels: [...LIKERT_DEFAULT_LABELS[5]],
      neutral_middle: true,
      statements: [1, 2, 3].map((i) => ({ id: `s${i}`, text: `Stelling ${i}` })),
    },
  },
  { id: 'q2', type: 'nps', title: 'Zou je ons aanbevelen?', required: true, position: 1, settings: {} },
  {
    id: 'q3',
    type: 'rating',
    title: 'Tevredenheid',
    required: true,
    position: 2,
    settings: { scale: 5, style: 'stars' },
  },
  {
    id: 'q4',
    type: 'single_choice',
    title: 'Afdeling',
    required: true,
    position: 3,
    settings: {
      options: [1, 2, 3].map((i) => ({ id: `a${i}`, label: `Afdeling ${i}` })),
      allow_other: false,
    },
  },
  {
    id: 'q5',
    type: 'open_long',
    title: 'Wat kan beter?',
    required: false,
    position: 4,
    settings: { max_length: 2000 },
  }, // The newer types the analysis reads (R-ANALYSIS-16): number and date from the answers, dropdown
  // and ranking from the survey counts.
  {
    id: 'q6',
    type: 'number',
    title: 'Hoeveel uur werk je thuis per week?',
    required: false,
    position: 5,
    settings: { min: 0, max: 200, step: 0.5, unit: 'uur' },
  },
  { id: 'q7', type: 'date', title: 'Wanneer begon je?', required: false, position: 6, settings: {} },
  {
    id: 'q8',
    type: 'dropdown',
    title: 'Vestiging',
    required: false,
    position: 7,
    settings: { options: [1, 2, 3, 4, 5, 6].map((i) => ({ id: `d${i}`, label: `Vestiging ${i}` })) },
  },
  {
    id: 'q9',
    type: 'ranking',
    title: 'Wat is het belangrijkst?',
    required: false,
    position: 8,
    settings: { options: [1, 2, 3, 4, 5].map((i) => ({ id: `r${i}`, label: `Thema ${i}` })) },
  },
];

/** The answer rows of every completed response of the organisation's bench surveys. */
function answerStatements(organizationId: number): string[] {
  const h = (c: number | string) => `(hashint4(d.id::int * 31 + ${c}) & 2147483647)`;
  const insert = (select: string) => `
    with d as (select r.id, r.survey_id, r.completed_at from survey_responses r
      where r.organization_id = ${organizationId} and r.status = 'completed' and r.token_hash like 'bench-%')
    insert into survey_answers (response_id, survey_id, question_id, item_id, num_value, text_value, submitted_at)
    ${select}`;
  // A trend: later responses score a little higher (the hash plus the response's age in months).
  const lift = `(extract(epoch from now() - d.completed_at) < 86400 * 120)::int`;
  return [
    insert(`select d.id, d.survey_id, 'q1', '', null, null, d.completed_at from d`),
    insert(
      `select d.id, d.survey_id, 'q1', 's' || s, least(5, 1 + ${h('s')} % 5 + ${lift}), null, d.completed_at
        from d, generate_series(1, 3) as s`,
    ),
    insert(
      `select d.id, d.survey_id, 'q2', '', least(10, ${h(4)} % 11 + ${lift}), null, d.completed_at from d`,
    ),
    insert(`select d.id, d.survey_id, 'q3', '', 1 + ${h(5)} % 5, null, d.completed_at from d`),
    insert(`select d.id, d.survey_id, 'q4', 'a' || (1 + ${h(7)} % 3), 1, null, d.completed_at from d`),
    insert(
      `select d.id, d.survey_id, 'q5', '', null, 'Minder vergaderen, antwoord ' || d.id, d.completed_at
        from d where ${h(9)} % 10 < 3`,
    ),
    // Hours as JavaScript writes them ('12.5'), a little more lately; days over three years.
    insert(
      `select d.id, d.survey_id, 'q6', '', null, trim_scale((${h(11)} % 80 + 20 * ${lift}) / 2.0)::text, d.completed_at from d`,
    ),
    insert(
      `select d.id, d.survey_id, 'q7', '', null, (date '2023-01-01' + ${h(12)} % 1095)::text, d.completed_at from d`,
    ),
    insert(`select d.id, d.survey_id, 'q8', 'd' || (1 + ${h(13)} % 6), 1, null, d.completed_at from d`),
    insert(`select d.id, d.survey_id, 'q9', '', null, null, d.completed_at from d`),
    insert(
      `select d.id, d.survey_id, 'q9', 'r' || (k + 1), 1 + (k + ${h(14)}) % 5, null, d.completed_at
        from d, generate_series(0, 4) as k`,
    ),
  ];
}

const BARE = (organizationId: number) => `select a.survey_id, a.question_id, a.item_id, a.num_value, count(*)
  from survey_answers a
  where a.survey_id in (select id from surveys where organization_id = ${organizationId})
    and a.submitted_at is not null
  group by 1, 2, 3, 4`;

async function main() {
  await withBenchServer('business_analysis', async (server) => {
    const raw = server.sql;
    const pg = server.database;
    const organization = await demoOrganization(raw);
    const org = organization.id;

    const generating = performance.now();
    const surveyRows = (await raw.unsafe(`
      insert into surveys (organization_id, title, status, questions, published_at)
      select ${org}, 'Peiling ' || g, 'open', '${JSON.stringify(QUESTIONS)}'::jsonb, now() - interval '2 years'
      from generate_series(1, ${SURVEYS}) as g
      returning id`)) as unknown as { id: number }[];
    const surveyIds = surveyRows.map((row) => row.id);
    await raw.unsafe(`
      insert into survey_responses (survey_id, organization_id, token_hash, kind, status, created_at, started_at, saved_at, completed_at)
      select s.id, ${org}, 'bench-' || s.id || '-' || g, case when g % 4 = 0 then 'personal' else 'public' end,
        'completed', t - interval '6 minutes', t - interval '6 minutes', t, t
      from (select id from surveys where organization_id = ${org} and title like 'Peiling %') as s,
        lateral (select g, now() - (g * 730.0 / ${RESPONSES_PER_SURVEY}) * interval '1 day' as t
          from generate_series(1, ${RESPONSES_PER_SURVEY}) as g) as x`);
    // Personal links nobody used yet.
    await raw.unsafe(`
      insert into survey_responses (survey_id, organization_id, token_hash, kind, status, created_at)
      select s.id, ${org}, 'link-' || s.id || '-' || g, 'personal', 'pending', now() - interval '30 days'
      from unnest(array[${surveyIds.join(',')}]) as s(id), generate_series(1, 400) as g`);
    for (const statement of answerStatements(org)) await raw.unsafe(statement);
    await rebuildSurveyCounts(pg.db, surveyIds);

    const months = `(select to_char(date_trunc('month', now()) - m * interval '1 month', 'YYYY-MM') as period, m
      from generate_series(0, 35) as m)`;
    const manual = (await raw.unsafe(`
      insert into kpis (organization_id, name, unit, direction, period_kind, target, warning)
      select ${org}, 'Handmatige KPI ' || g, case when g % 3 = 0 then 'euro' when g % 3 = 1 then 'percentage' else 'number' end,
        case when g % 4 = 0 then 'lower' else 'higher' end, 'month', 50 + g % 30, 40 + g % 30
      from generate_series(1, ${MANUAL_KPIS}) as g returning id`)) as unknown as { id: number }[];
    await raw.unsafe(`
      insert into kpi_values (kpi_id, period, value)
      select k.id, p.period, 30 + (hashint4(k.id * 100 + p.m) & 2147483647) % 50
      from unnest(array[${manual.map((row) => row.id).join(',')}]) as k(id), ${months} as p`);
    const metrics = [
      ['nps', 'q2', null],
      ['likert_mean', 'q1', 's1'],
      ['likert_top2', 'q1', 's2'],
      ['rating_mean', 'q3', null],
      ['response_rate', null, null],
      ['completed_responses', null, null],
    ] as const;
    for (let i = 0; i < SURVEY_KPIS; i++) {
      const [metric, question, statement] = metrics[i % metrics.length]!;
      const unit = metric === 'likert_top2' || metric === 'response_rate' ? 'percentage' : 'number';
      await raw`insert into kpis (organization_id, name, unit, direction, period_kind, target, warning, source_type,
          source_metric, survey_id, question_id, statement_id)
        values (${org}, ${`Survey-KPI ${i + 1}`}, ${unit}, 'higher', ${i % 5 === 0 ? 'quarter' : 'month'}, 30, 20, 'survey',
          ${metric}, ${surveyIds[i % surveyIds.length]!}, ${question}, ${statement})`;
    }
    const financeMetrics = ['revenue', 'costs', 'result', 'margin'] as const;
    for (let i = 0; i < FINANCE_KPIS; i++) {
      const metric = financeMetrics[i % financeMetrics.length]!;
      await raw`insert into kpis (organization_id, name, unit, direction, period_kind, target, warning, source_type, source_metric)
        values (${org}, ${`Financiële KPI ${i + 1}`}, ${metric === 'margin' ? 'percentage' : 'euro'},
          ${metric === 'costs' ? 'lower' : 'higher'}, ${i % 3 === 0 ? 'quarter' : 'month'}, 1000000, 800000, 'finance', ${metric})`;
    }
    await raw.unsafe(`
      insert into finance_records (organization_id, date, direction, amount_cents, btw_rate, btw_cents, category, description, source)
      select ${org}, (now() - (g * 1095.0 / ${FINANCE_RECORDS}) * interval '1 day')::date,
        case when g % 3 = 0 then 'cost' else 'income' end, 10000 + (hashint4(g) & 2147483647) % 500000, '21',
        0, case when g % 3 = 0 then 'Inkoop' else 'Omzet' end, 'Boeking ' || g, 'manual'
      from generate_series(1, ${FINANCE_RECORDS}) as g`);
    for (const table of [
      'survey_answers',
      'survey_responses',
      'survey_answer_counts',
      'survey_response_counts',
      'kpis',
      'kpi_values',
      'finance_records',
      'finance_month_totals',
    ])
      await raw.unsafe(`vacuum analyze ${table}`);
    const [{ answers }] = (await raw.unsafe(
      `select count(*)::int as answers from survey_answers where survey_id in (select id from surveys where organization_id = ${org})`,
    )) as unknown as [{ answers: number }];
    const [{ kpis }] = (await raw.unsafe(
      `select count(*)::int as kpis from kpis where organization_id = ${org}`,
    )) as unknown as [{ kpis: number }];
    console.log(
      `Generated ${kpis} KPIs, ${SURVEYS} surveys (+ the demo's), ${answers.toLocaleString('en')} answer rows, ` +
        `${FINANCE_RECORDS.toLocaleString('en')} finance records in ${((performance.now() - generating) / 1000).toFixed(1)} s`,
    );

    const deps = { db: pg.db, questions: new SurveyQuestionsCache() };
    let report = '';
    let facts = { kpis: 0, surveys: 0, finance: false };
    console.log(
      `Load average before: ${loadavg()
        .map((value) => value.toFixed(2))
        .join(', ')} (2 cores, shared)`,
    );
    const [analyst, bare] = await sideBySide(
      RUNS,
      async () => {
        const input = await gatherAnalysisInput(deps, organization, new Date());
        report = builtinAnalysis(input);
        facts = { kpis: input.kpis.length, surveys: input.surveys.length, finance: input.finance !== null };
      },
      () => raw.unsafe(BARE(org)),
    );
    console.log(
      `Built-in analyst (gather + write): ${analyst.median.toFixed(0)} ms median (min ${analyst.min.toFixed(0)}) of ${RUNS}; ` +
        `bare GROUP BY over the answers ${bare.median.toFixed(0)} ms (min ${bare.min.toFixed(0)}), timed turn about; ` +
        `ratio ${(analyst.median / bare.median).toFixed(2)}×; budget ${BUDGET_MS} ms: ${analyst.median <= BUDGET_MS ? 'met' : 'MISSED'}`,
    );
    console.log(
      `  the report: ${facts.kpis} KPIs, ${facts.surveys} surveys, finance ${facts.finance ? 'yes' : 'no'}; ` +
        `${(report.length / 1024).toFixed(0)} kB of Markdown, ${report.split('\n').length} lines`,
    );

    const app = await server.app();
    const headers = await demoAdminHeaders(app);
    const route = await timed(7, async () => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/organization/business-analysis',
        headers,
      });
      if (response.statusCode !== 200) throw new Error(`analysis: ${response.statusCode} ${response.body}`);
    });
    console.log(
      `POST /organization/business-analysis (whole server, stored): ${route.median.toFixed(0)} ms median (min ${route.min.toFixed(0)}) of 7`,
    );
    console.log(
      `Load average after: ${loadavg()
        .map((value) => value.toFixed(2))
        .join(', ')}`,
    );
  });
}

await main();

import type { KpiDirection, KpiMetric, KpiPeriodTarget, KpiSourceType, KpiUnit } from '@loop/core';
import { lastPeriods, PERIOD_KINDS, type Period, type PeriodKind } from '@loop/core/periods';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import type { KpiCardSource } from './kpiStore';

/**
 * What the board reads, in prepared statements (each one round trip, planned once per
 * connection):
 *
 * - the index: the caller's board choice (else the organisation's default, else its first 100
 *   KPIs) and those KPIs, with their owner's name, their survey's title and version, their
 *   revision and a stamp of their survey's counts, which together say whether values computed
 *   before still hold (boardCache.ts), and an md5 stamp of what the board depends on;
 * - the stamp alone, when a whole board answer is kept: equal stamps mean an equal board, so the
 *   index's rows need not travel and be parsed on every request;
 * - the rows of the KPIs whose values must be computed: manual values of their windows, survey
 *   counts of their windows summed per period (a quarter or a year adds up its months in SQL),
 *   responses per period and the surveys' personal links.
 *
 * Finance KPIs are computed apart (their table belongs to the finance feature, financeSource.ts).
 */

/** The window of every period kind: the periods of the sparkline plus the one before, oldest first. */
export type BoardWindows = Readonly<Record<PeriodKind, readonly Period[]>>;

export function boardWindows(count: number, today: string): BoardWindows {
  return Object.fromEntries(
    PERIOD_KINDS.map((kind) => [kind, lastPeriods(kind, count + 1, today)]),
  ) as Record<PeriodKind, Period[]>;
}

/** One KPI of the index, positional (see the statement's `json_build_array`). */
type KpiRow = [
  id: number,
  name: string,
  unit: KpiUnit,
  direction: KpiDirection,
  periodKind: PeriodKind,
  target: number | null,
  warning: number | null,
  periodTargets: KpiPeriodTarget[],
  ownerId: number | null,
  ownerName: string | null,
  sourceType: KpiSourceType,
  sourceMetric: KpiMetric | null,
  surveyId: number | null,
  questionId: string | null,
  statementId: string | null,
  surveyTitle: string | null,
  surveyVersion: number | null,
  revision: number,
  countsStamp: string | null,
];

/** [kpi id, period key, value] */
export type ValueRow = readonly [number, string, number];
/** [kpi id, period start, c0 … c10] */
export type AnswerRow = readonly [number, string, ...number[]];
/** [kpi id, period start, completed, completed personal] */
export type ResponseRow = readonly [number, string, number, number];

/** A board KPI and what its computed values depend on besides its own row. */
export interface BoardKpi {
  readonly kpi: KpiCardSource;
  /** The survey counts' stamp (the newest row version of its survey's counts); null without survey. */
  readonly countsStamp: string | null;
}

export interface BoardIndex {
  /** The chosen KPIs in the order of the choice (every KPI, oldest first, without one). */
  readonly kpis: readonly BoardKpi[];
  readonly personal: boolean;
  /**
   * The board's stamp (see stampExpression): equal stamps on an equal day make an equal board
   * (BoardResponseCache); loadBoardStamp reads it alone.
   */
  readonly key: string;
}

export interface BoardRows {
  readonly values: readonly ValueRow[];
  readonly answers: readonly AnswerRow[];
  readonly responses: readonly ResponseRow[];
  /** Personal links per survey. */
  readonly links: ReadonlyMap<number, number>;
}

function toBoardKpi(row: KpiRow, organizationId: number): BoardKpi {
  const [id, name, unit, direction, periodKind, target, warning, periodTargets, ownerId, ownerName] = row;
  const [
    sourceType,
    sourceMetric,
    surveyId,
    questionId,
    statementId,
    surveyTitle,
    surveyVersion,
    revision,
    stamp,
  ] = row.slice(10) as [
    KpiSourceType,
    KpiMetric | null,
    number | null,
    string | null,
    string | null,
    string | null,
    number | null,
    number,
    string | null,
  ];
  return {
    kpi: {
      id,
      organizationId,
      name,
      unit,
      direction,
      periodKind,
      target,
      warning,
      periodTargets,
      owner: ownerId === null || ownerName === null ? null : { id: ownerId, name: ownerName },
      source: {
        type: sourceType,
        metric: sourceMetric,
        survey_id: surveyId,
        question_id: questionId,
        statement_id: statementId,
      },
      survey:
        surveyTitle === null || surveyVersion === null
          ? null
          : { title: surveyTitle, version: surveyVersion },
      revision,
    },
    countsStamp: stamp,
  };
}

const placeholder = (name: string) => sql.placeholder(name);

/** `case period_kind when 'week' then $week… end`: the window's first key or day of the KPI's kind. */
const byKind = (field: 'key' | 'start'): SQL =>
  sql`(case k.period_kind when 'week' then ${placeholder(`week_${field}`)}::text
    when 'month' then ${placeholder(`month_${field}`)}::text when 'quarter' then ${placeholder(`quarter_${field}`)}::text
    else ${placeholder(`year_${field}`)}::text end)`;

/** The first day of the KPI's period a bucket lies in, as the periods write it ('YYYY-MM-DD'). */
const PERIOD_START = sql.raw(`to_char(case k.period_kind when 'quarter' then date_trunc('quarter', c.bucket)
  when 'year' then date_trunc('year', c.bucket) else c.bucket end, 'YYYY-MM-DD')`);

/**
 * The board's stamp: md5 over everything a card depends on besides today, read straight from the
 * tables without the index's joins, sorting and JSON (about half its database time): the member's
 * and the organisation's choice, every KPI of the organisation with its revision (raised by every
 * change of its definition or values), owner and survey, the owners' names, and per survey of a
 * survey KPI its version, title and counts' stamp. It covers every KPI, not only the chosen ones,
 * so a change elsewhere only costs a recomputation. Equal stamps on an equal day make an equal
 * board.
 */
function stampExpression(): SQL {
  const org = placeholder('org');
  return sql`md5(concat_ws('|',
    coalesce((select kpi_ids::text from kpi_boards where organization_id = ${org} and user_id = ${placeholder('user')}), '-'),
    coalesce((select kpi_ids::text from kpi_boards where organization_id = ${org} and user_id is null), '-'),
    coalesce((select string_agg(k.id || '.' || k.revision || '.' || coalesce(k.owner_id, 0) || '.' || coalesce(k.survey_id, 0),
        ',' order by k.id) from kpis k where k.organization_id = ${org}), '-'),
    coalesce((select string_agg(json_build_array(u.id, u.name)::text, ',' order by u.id) from users u
        where u.id in (select owner_id from kpis where organization_id = ${org})), '-'),
    -- Every change of a survey's counts writes one of its response-count rows (responses.ts, the
    -- erase trigger, the rebuild), a week's and a month's together, so the newest row version of
    -- its month rows stamps them all.
    coalesce((select string_agg(json_build_array(s.id, s.version, s.title, (select max(c.xmin::text::bigint)
          from survey_response_counts c where c.survey_id = s.id and c.grain = 'month'))::text, ',' order by s.id)
        from surveys s where s.organization_id = ${org}
          and s.id in (select survey_id from kpis where organization_id = ${org} and source_type = 'survey')), '-')))`;
}

/** The index's common table expressions (chosen, sv, k, stamps) before `select`. */
function indexQuery(select: SQL): SQL {
  return sql`
      with chosen as (
        select coalesce(
            (select kpi_ids from kpi_boards where organization_id = ${placeholder('org')} and user_id = ${placeholder('user')}),
            (select kpi_ids from kpi_boards where organization_id = ${placeholder('org')} and user_id is null)) as ids,
          exists (select 1 from kpi_boards where organization_id = ${placeholder('org')} and user_id = ${placeholder('user')}) as personal
      ), sv as materialized (
        select id, title, version from surveys where organization_id = ${placeholder('org')}
      ), k as (
        select k.id, k.name, k.unit, k.direction, k.period_kind, k.target::float8 as target,
          k.warning::float8 as warning, k.period_targets, k.owner_id, u.name as owner_name, k.source_type,
          k.source_metric, k.survey_id, k.question_id, k.statement_id, sv.title as survey_title,
          sv.version as survey_version, k.revision
        from kpis k
        left join users u on u.id = k.owner_id
        left join sv on sv.id = k.survey_id
        where k.organization_id = ${placeholder('org')}
          and ((select ids from chosen) is null
            or k.id in (select jsonb_array_elements_text((select ids from chosen))::int))
        order by k.id
        limit (select case when ids is null then 100 else 1000 end from chosen)
      ), stamps as materialized (
        -- Every change of a survey's counts writes one of its response-count rows (responses.ts,
        -- the erase trigger, the rebuild), so their newest row version stamps them all. Each writes
        -- a week's and a month's row together, so the month rows (a fifth of them) are enough.
        select x.survey_id, (select max(c.xmin::text::bigint) from survey_response_counts c
          where c.survey_id = x.survey_id and c.grain = 'month')::text as counts_stamp
        from (select distinct survey_id from k where source_type = 'survey' and survey_title is not null) x
      )
${select}`;
}

function indexStatement(db: Queryable) {
  const data = db
    .$with('data', {
      kpis: sql<KpiRow[] | null>`kpis`.as('kpis'),
      personal: sql<boolean>`personal`.as('personal'),
      ids: sql<number[] | null>`ids`.as('ids'),
      stamp: sql<string>`stamp`.as('stamp'),
    })
    .as(
      indexQuery(sql`
      select (select json_agg(json_build_array(k.id, k.name, k.unit, k.direction, k.period_kind, k.target, k.warning,
          k.period_targets, k.owner_id, k.owner_name, k.source_type, k.source_metric, k.survey_id, k.question_id,
          k.statement_id, k.survey_title, k.survey_version, k.revision, stamps.counts_stamp))
          from k left join stamps on stamps.survey_id = k.survey_id) as kpis,
        (select personal from chosen) as personal, (select ids from chosen) as ids, ${stampExpression()} as stamp`),
    );
  return db.with(data).select().from(data).prepare('kpi_board_index');
}

/** Only the board's stamp: whether a board answer kept earlier still holds, without the index. */
function stampStatement(db: Queryable) {
  const data = db
    .$with('data', { stamp: sql<string>`stamp`.as('stamp') })
    .as(sql`select ${stampExpression()} as stamp`);
  return db.with(data).select().from(data).prepare('kpi_board_stamp');
}

function rowsStatement(db: Queryable) {
  const data = db
    .$with('data', {
      vals: sql<ValueRow[] | null>`vals`.as('vals'),
      answers: sql<AnswerRow[] | null>`answers`.as('answers'),
      responses: sql<ResponseRow[] | null>`responses`.as('responses'),
      links: sql<Array<[number, number]> | null>`links`.as('links'),
    })
    .as(sql`
      with k as (
        select id, period_kind, source_type, source_metric, survey_id, question_id, statement_id from kpis
        where organization_id = ${placeholder('org')}
          and id = any (array(select jsonb_array_elements_text(${placeholder('ids')}::jsonb)::int))
      ), v as (
        select json_build_array(v.kpi_id, v.period, v.value::float8) as row
        from k join kpi_values v on v.kpi_id = k.id and v.period >= ${byKind('key')}
        where k.source_type = 'manual'
      ), a as (
        select json_build_array(k.id, p.start, sum(c.c0), sum(c.c1), sum(c.c2), sum(c.c3), sum(c.c4), sum(c.c5),
          sum(c.c6), sum(c.c7), sum(c.c8), sum(c.c9), sum(c.c10)) as row
        from k join survey_answer_counts c on c.survey_id = k.survey_id and c.question_id = k.question_id
          and c.item_id = coalesce(k.statement_id, '')
          and c.grain = (case k.period_kind when 'week' then 'week' else 'month' end)
          and c.bucket >= ${byKind('start')}::date
        cross join lateral (select ${PERIOD_START} as start) p
        where k.source_type = 'survey' and k.question_id is not null
        group by k.id, p.start
      ), r as (
        select json_build_array(k.id, p.start, sum(c.completed), sum(c.completed_personal)) as row
        from k join survey_response_counts c on c.survey_id = k.survey_id
          and c.grain = (case k.period_kind when 'week' then 'week' else 'month' end)
          and c.bucket >= ${byKind('start')}::date
        cross join lateral (select ${PERIOD_START} as start) p
        where k.source_type = 'survey' and k.source_metric in ('response_rate', 'completed_responses')
        group by k.id, p.start
      ), l as (
        select json_build_array(c.survey_id, sum(c.personal_links)) as row
        from survey_response_counts c
        where c.grain = 'month'
          and c.survey_id in (select survey_id from k where source_type = 'survey' and source_metric = 'response_rate')
        group by c.survey_id
      )
      select (select json_agg(row) from v) as vals, (select json_agg(row) from a) as answers,
        (select json_agg(row) from r) as responses, (select json_agg(row) from l) as links`);
  return db.with(data).select().from(data).prepare('kpi_board_rows');
}

const prepared = new WeakMap<
  object,
  {
    readonly index: ReturnType<typeof indexStatement>;
    readonly stamp: ReturnType<typeof stampStatement>;
    readonly rows: ReturnType<typeof rowsStatement>;
  }
>();

function statementsOf(db: Queryable) {
  let statements = prepared.get(db);
  if (statements === undefined) {
    statements = { index: indexStatement(db), stamp: stampStatement(db), rows: rowsStatement(db) };
    prepared.set(db, statements);
  }
  return statements;
}

/** The board's KPIs for a member (see the module comment). */
export async function loadBoardIndex(
  db: Queryable,
  organizationId: number,
  userId: number,
): Promise<BoardIndex> {
  const [row] = await statementsOf(db).index.execute({ org: organizationId, user: userId });
  const byId = new Map((row?.kpis ?? []).map((each) => [each[0], toBoardKpi(each, organizationId)]));
  const ids = row?.ids ?? null;
  const kpis =
    ids === null
      ? [...byId.values()]
      : [...new Set(ids)].flatMap((id) => {
          const kpi = byId.get(id);
          return kpi === undefined ? [] : [kpi];
        });
  return { kpis: kpis.slice(0, 100), personal: row?.personal ?? false, key: row?.stamp ?? '' };
}

/** The stamp loadBoardIndex would give as `key` now, read without the index itself. */
export async function loadBoardStamp(db: Queryable, organizationId: number, userId: number): Promise<string> {
  const [row] = await statementsOf(db).stamp.execute({ org: organizationId, user: userId });
  return row?.stamp ?? '';
}

/** The rows the values of these board KPIs are computed from, over the windows. */
export async function loadBoardRows(
  db: Queryable,
  organizationId: number,
  kpiIds: readonly number[],
  windows: BoardWindows,
): Promise<BoardRows> {
  if (kpiIds.length === 0) return { values: [], answers: [], responses: [], links: new Map() };
  const first = (kind: PeriodKind) => windows[kind][0] as Period;
  const [row] = await statementsOf(db).rows.execute({
    org: organizationId,
    ids: JSON.stringify(kpiIds),
    week_key: first('week').key,
    month_key: first('month').key,
    quarter_key: first('quarter').key,
    year_key: first('year').key,
    week_start: first('week').start,
    month_start: first('month').start,
    quarter_start: first('quarter').start,
    year_start: first('year').start,
  });
  return {
    values: row?.vals ?? [],
    answers: row?.answers ?? [],
    responses: row?.responses ?? [],
    links: new Map((row?.links ?? []).map(([surveyId, count]) => [Number(surveyId), Number(count)])),
  };
}

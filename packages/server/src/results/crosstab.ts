import type { Crosstab, CrosstabAxis, CrosstabDimension, ExportFormat } from '@loop/core';
import { logDateOf } from '@loop/core/logs';
import {
  type CheckedDimension,
  CROSSTAB_MESSAGES,
  crosstabSheet,
  hideSmallCounts,
  readDimension,
  SMALL_COUNT,
  sameDimension,
  shareText,
} from '@loop/core/surveys/results';
import { type SQL, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import type { SurveyRow } from '../db/schema';
import { heavyStream } from '../heavy/heavyStreams';
import type { XlsxInput } from '../heavy/heavyStreamTasks';
import { invalidInput } from '../http/apiError';
import { matching } from './resultsFilterSql';
import type { DayFilter } from './resultsRange';
import { queryRows, withinDays } from './resultsSql';
import { csvLine } from './surveyExport';

/**
 * The cross-tab of two dimensions of a survey (R-RES-9), counted in the database: each dimension
 * is a list of (response, value) pairs of the submitted responses in the period and filter (a
 * question's answer rows, a Likert statement's points, a hidden field or the language of the
 * response), the two are joined on the response and counted once per response in every cell, row,
 * column and in all (`grouping sets`, `count(distinct …)`, so a respondent who ticked two options
 * counts once in the row total). An anonymous survey hides small counts (R-RES-10).
 */

const list = (values: readonly string[]): SQL =>
  sql.join(
    values.map((value) => sql`${value}`),
    sql`, `,
  );

/** The (response_id, value) pairs of a dimension. */
function pairsOf(surveyId: number, checked: CheckedDimension, filter: DayFilter): SQL {
  const dimension = checked.dimension;
  if (dimension.source === 'question') {
    const answers = sql`survey_id = ${surveyId} and submitted_at is not null and ${withinDays(sql`submitted_at`, filter)}${matching(sql`response_id`, filter)}
      and question_id = ${dimension.question_id}`;
    const values = checked.axis.values.map((value) => value.value);
    if (!checked.numeric)
      return sql`select response_id, item_id as value from survey_answers where ${answers} and item_id in (${list(values)})`;
    return sql`select response_id, num_value::text as value from survey_answers
      where ${answers} and item_id = ${dimension.statement_id ?? ''} and num_value is not null`;
  }
  const value = dimension.source === 'language' ? sql`language` : sql`hidden_fields ->> ${dimension.name}`;
  return sql`select id as response_id, ${value} as value from survey_responses
    where survey_id = ${surveyId} and status = 'completed' and ${withinDays(sql`completed_at`, filter)}${matching(sql`id`, filter)}
      and ${value} is not null and ${value} <> ''`;
}

interface CellRow {
  readonly row_value: string | null;
  readonly col_value: string | null;
  readonly by_row: number;
  readonly by_col: number;
  readonly count: number;
}

/** A hidden field's or language's axis lists the values given, most given first. */
const givenValues = (rows: readonly CellRow[], side: 'row' | 'col'): string[] =>
  rows
    .filter((row) =>
      side === 'row' ? row.by_row === 0 && row.by_col === 1 : row.by_row === 1 && row.by_col === 0,
    )
    .sort((a, b) => b.count - a.count || String(a[`${side}_value`]).localeCompare(String(b[`${side}_value`])))
    .map((row) => String(row[`${side}_value`]));

const isOpenAxis = (dimension: CrosstabDimension) => dimension.source !== 'question';

/** The value that stands for the hidden field's or language's rare values in an anonymous survey. */
export const RARE_VALUES = { value: '_rare', label: 'Overige waarden (elk minder dan 5 keer)' } as const;

/**
 * An axis with, per value, the raw values it counts. A question's axis lists every option or
 * score. A hidden field's or the language's lists the values given, most given first; in an
 * anonymous survey those given by fewer than 5 respondents are counted together under one value
 * without their names (R-RES-10), as a rare value (an employee number, a small team) could tell
 * who answered. One response has one value of each, so their counts add up exactly.
 */
function axisOf(
  checked: CheckedDimension,
  rows: readonly CellRow[],
  side: 'row' | 'col',
  anonymous: boolean,
): { axis: CrosstabAxis; members: ReadonlySet<string>[] } {
  if (!isOpenAxis(checked.dimension))
    return { axis: checked.axis, members: checked.axis.values.map((value) => new Set([value.value])) };
  const labels = new Map(checked.axis.values.map((value) => [value.value, value.label]));
  const totals = new Map(
    rows
      .filter((row) =>
        side === 'row' ? row.by_row === 0 && row.by_col === 1 : row.by_row === 1 && row.by_col === 0,
      )
      .map((row) => [String(row[`${side}_value`]), row.count]),
  );
  const given = givenValues(rows, side);
  const rare = anonymous ? given.filter((value) => (totals.get(value) ?? 0) < SMALL_COUNT) : [];
  const shown = given.filter((value) => !rare.includes(value));
  const values = shown.map((value) => ({ value, label: labels.get(value) ?? value }));
  const members = shown.map((value) => new Set([value]));
  if (rare.length > 0) {
    values.push({ ...RARE_VALUES });
    members.push(new Set(rare));
  }
  return { axis: { ...checked.axis, values }, members };
}

/** GET /surveys/:id/results/crosstab: 400 when a dimension cannot be counted or both are the same. */
export async function loadCrosstab(
  db: Queryable,
  survey: SurveyRow,
  query: { readonly row?: string; readonly col?: string },
  filter: DayFilter,
): Promise<Crosstab> {
  const row = readDimension(query.row, survey);
  const col = readDimension(query.col, survey);
  if (row === null || col === null)
    throw invalidInput({
      ...(row === null ? { row: CROSSTAB_MESSAGES.dimension } : {}),
      ...(col === null ? { col: CROSSTAB_MESSAGES.dimension } : {}),
    });
  if (sameDimension(row.dimension, col.dimension)) throw invalidInput({ col: CROSSTAB_MESSAGES.same });
  const rows = await queryRows<CellRow>(
    db,
    sql`select r.value as row_value, c.value as col_value,
        grouping(r.value)::int as by_row, grouping(c.value)::int as by_col,
        count(distinct r.response_id)::int as count
      from (${pairsOf(survey.id, row, filter)}) as r
      join (${pairsOf(survey.id, col, filter)}) as c on c.response_id = r.response_id
      group by grouping sets ((r.value, c.value), (r.value), (c.value), ())`,
  );
  const rowAxis = axisOf(row, rows, 'row', survey.anonymous);
  const colAxis = axisOf(col, rows, 'col', survey.anonymous);
  const sum = (keep: (each: CellRow) => boolean) =>
    rows.filter(keep).reduce((total, each) => total + each.count, 0);
  const exact = {
    counts: rowAxis.members.map((r) =>
      colAxis.members.map((c) =>
        sum(
          (each) =>
            each.by_row === 0 &&
            each.by_col === 0 &&
            r.has(String(each.row_value)) &&
            c.has(String(each.col_value)),
        ),
      ),
    ),
    rowTotals: rowAxis.members.map((r) =>
      sum((each) => each.by_row === 0 && each.by_col === 1 && r.has(String(each.row_value))),
    ),
    colTotals: colAxis.members.map((c) =>
      sum((each) => each.by_row === 1 && each.by_col === 0 && c.has(String(each.col_value))),
    ),
    total: sum((each) => each.by_row === 1 && each.by_col === 1),
  };
  return {
    survey_id: survey.id,
    row: rowAxis.axis,
    col: colAxis.axis,
    ...hideSmallCounts(exact, survey.anonymous),
    small_counts_hidden: survey.anonymous,
  };
}

/** The cross-tab as a CSV for a Dutch spreadsheet (R-RES-2): BOM, `;`, percentages as '42%'. */
export function crosstabCsv(table: Crosstab): string {
  // The sheet's columns: the row's label, per column value its count and row share, the total.
  const isShare = (column: number, width: number) => column >= 2 && column % 2 === 0 && column < width - 1;
  const lines = crosstabSheet(table).map((cells, index) =>
    csvLine(
      cells.map((cell, column) =>
        index > 0 && typeof cell === 'number' && isShare(column, cells.length) ? shareText(cell) : cell,
      ),
    ),
  );
  return `\uFEFF${lines.join('')}`;
}

/**
 * The cross-tab as XLSX (exceljs on a worker thread, as the exports: R-HEAVY-8): counts as
 * numbers, row percentages as 0%, the header row and the first column frozen.
 */
export async function crosstabXlsx(table: Crosstab): Promise<Buffer> {
  const [header = [], ...rows] = crosstabSheet(table);
  // The percentage columns: every second column after the first, before 'Totaal'.
  const shares = new Set(table.col.values.map((_, c) => 2 + c * 2));
  const columns = header.map((_, index) => ({
    ...(index === 0 ? { width: 30 } : {}),
    ...(shares.has(index) ? { numFmt: '0%' } : {}),
  }));
  async function* inputs(): AsyncGenerator<XlsxInput> {
    yield { kind: 'sheet', name: 'Kruistabel', columns, header: header.map(String), frozenColumns: 1 };
    yield { kind: 'rows', rows };
  }
  return Buffer.concat(await heavyStream('xlsx', inputs()).toArray());
}

/** `survey-12-kruistabel-2026-11-21.csv` (the day in Europe/Amsterdam). */
export const crosstabFileName = (surveyId: number, format: ExportFormat, now: Date): string =>
  `survey-${surveyId}-kruistabel-${logDateOf(now)}.${format}`;

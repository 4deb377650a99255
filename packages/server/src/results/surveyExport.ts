import { Readable } from 'node:stream';
import type { ExportFormat, Question } from '@loop/core';
import { formatTimestamp, wallClock } from '@loop/core/format';
import { type AnswerItem, renumberQuestions } from '@loop/core/surveys/model';
import { logicExportCells, logicExportHeaders, surveyHasLogic } from '@loop/core/surveys/results';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Queryable } from '../db/database';
import { type SurveyRow, surveyAnswers, surveyResponses } from '../db/schema';
import { heavyStream } from '../heavy/heavyStreams';
import type { XlsxInput } from '../heavy/heavyStreamTasks';
import { numberResponses } from '../respondents/responseOrdinals';
import { answerText, likertCells } from './answerText';
import type { DayFilter } from './resultsRange';
import { withinDays } from './resultsSql';

/**
 * The export of a survey's submitted responses: one row per response (oldest first), a column per
 * question and one per Likert statement, and for a survey with logic one per hidden field, its
 * language and its end screen. Responses are read in chunks, so 10,000 responses never
 * sit in memory as one result, and the file streams out while the next chunk is read.
 */

/** Responses whose answers are read per query. */
export const EXPORT_CHUNK = 1_000;

export const EXPORT_HEADERS = {
  ordinal: 'Reactie',
  submittedAt: 'Ingestuurd op',
  name: 'Naam',
  email: 'E-mail',
} as const;

/**
 * Whether the export names who answered (issue 16): for a survey sent to contacts as invitations
 * and not anonymous, the contact's name and address, or the link's label where there is no
 * contact (any more). Other surveys keep the columns they always had.
 */
export async function exportNamesRespondents(db: Queryable, survey: SurveyRow): Promise<boolean> {
  if (survey.anonymous) return false;
  const rows = await db.execute(sql`select 1 from survey_invitations where survey_id = ${survey.id} limit 1`);
  const list = Array.isArray(rows) ? rows : ((rows as { rows?: unknown[] }).rows ?? []);
  return list.length > 0;
}

type Cell = string | number | null;

interface Column {
  readonly header: string;
  /** The cell of one response, from its answers per question id. */
  readonly cell: (answers: ReadonlyMap<string, readonly AnswerItem[]>) => Cell;
}

/** The question columns: Likert one per statement (the point's label), scores as numbers, else text. */
export function exportColumns(questions: readonly Question[]): Column[] {
  const columns: Column[] = [];
  for (const question of questions) {
    const itemsOf = (answers: ReadonlyMap<string, readonly AnswerItem[]>) => answers.get(question.id) ?? [];
    switch (question.type) {
      case 'likert':
        for (const statement of question.settings.statements)
          columns.push({
            header: `${question.title} – ${statement.text}`,
            cell: (answers) => likertCells(question, itemsOf(answers)).get(statement.id) ?? null,
          });
        break;
      case 'nps':
      case 'rating':
        columns.push({
          header: question.title,
          cell: (answers) => itemsOf(answers).find((item) => item.num_value !== null)?.num_value ?? null,
        });
        break;
      case 'text_block':
        // No answer, so no column (R-SURV-23).
        break;
      case 'date':
        // The day as 'YYYY-MM-DD': sorts as text and every spreadsheet reads it (R-SURV-24).
        columns.push({
          header: question.title,
          cell: (answers) => itemsOf(answers).find((item) => item.text_value !== null)?.text_value ?? null,
        });
        break;
      case 'number':
        // A number cell, so a spreadsheet sums it (R-SURV-24).
        columns.push({
          header: question.settings.unit ? `${question.title} (${question.settings.unit})` : question.title,
          cell: (answers) => {
            const text = itemsOf(answers).find((item) => item.text_value !== null)?.text_value;
            return text == null ? null : Number(text);
          },
        });
        break;
      default:
        columns.push({
          header: question.title,
          cell: (answers) => {
            const items = itemsOf(answers);
            return items.length === 0 ? null : answerText(question, items, '; ');
          },
        });
    }
  }
  return columns;
}

/** One exported response: its number in the survey ('Reactie 3'), when it was submitted and its cells. */
export interface ExportRow {
  readonly ordinal: number;
  readonly submittedAt: Date;
  readonly cells: readonly Cell[];
}

/** The submitted responses within the days as rows, a chunk at a time, oldest first. */
export async function* exportRows(
  db: Queryable,
  survey: SurveyRow,
  filter: DayFilter,
  chunkSize = EXPORT_CHUNK,
  namesRespondents = false,
): AsyncGenerator<ExportRow[]> {
  const columns = exportColumns(renumberQuestions(survey.questions));
  // A survey with logic exports its hidden fields, language and end screen too (R-RES-7).
  const withLogic = surveyHasLogic(survey.logic);
  const contactOf = (column: 'name' | 'email') =>
    sql<
      string | null
    >`(select c.${sql.raw(column)} from survey_invitations i join contacts c on c.id = i.contact_id
      where i.response_id = survey_responses.id limit 1)`;
  // Only ids, numbers and times: 100,000 of them are a few MB; the answers come per chunk.
  const read = () =>
    db
      .select({
        id: surveyResponses.id,
        ordinal: surveyResponses.ordinal,
        completedAt: surveyResponses.completedAt,
        ...(namesRespondents
          ? { label: surveyResponses.label, name: contactOf('name'), email: contactOf('email') }
          : {}),
        ...(withLogic
          ? {
              hiddenFields: surveyResponses.hiddenFields,
              language: surveyResponses.language,
              endScreenId: surveyResponses.endScreenId,
            }
          : {}),
      })
      .from(surveyResponses)
      .where(
        and(
          eq(surveyResponses.surveyId, survey.id),
          eq(surveyResponses.status, 'completed'),
          withinDays(sql`${surveyResponses.completedAt}`, filter),
          filter.responses === undefined ? undefined : sql`${surveyResponses.id} = any(${filter.responses})`,
        ),
      )
      .orderBy(asc(surveyResponses.completedAt), asc(surveyResponses.id));
  let fetched = await read();
  // Submissions since the responses were last read get their number first ('Reactie N'); one that
  // arrives while they are numbered is left for the next export, as if it came after this one.
  if (fetched.some((response) => response.ordinal === null)) {
    await numberResponses(db, survey.id);
    fetched = await read();
  }
  const responses = fetched.flatMap((response) =>
    response.ordinal === null ? [] : [{ ...response, ordinal: response.ordinal }],
  );
  for (let start = 0; start < responses.length; start += chunkSize) {
    const chunk = responses.slice(start, start + chunkSize);
    const items = await db
      .select({
        responseId: surveyAnswers.responseId,
        questionId: surveyAnswers.questionId,
        itemId: surveyAnswers.itemId,
        numValue: surveyAnswers.numValue,
        textValue: surveyAnswers.textValue,
      })
      .from(surveyAnswers)
      // By response id alone (the ids are this survey's): the primary key serves it. With the
      // survey id too, PostgreSQL may walk the survey's whole aggregate index once per chunk.
      .where(
        inArray(
          surveyAnswers.responseId,
          chunk.map((response) => response.id),
        ),
      );
    const byResponse = new Map<number, Map<string, AnswerItem[]>>();
    for (const item of items) {
      const answers = byResponse.get(item.responseId) ?? new Map<string, AnswerItem[]>();
      const list = answers.get(item.questionId) ?? [];
      list.push({ item_id: item.itemId, num_value: item.numValue, text_value: item.textValue });
      answers.set(item.questionId, list);
      byResponse.set(item.responseId, answers);
    }
    yield chunk.map((response) => {
      const answers = byResponse.get(response.id) ?? new Map<string, AnswerItem[]>();
      const who: Cell[] = namesRespondents
        ? [
            ('name' in response ? response.name : null) ??
              ('label' in response ? response.label : null) ??
              null,
            ('email' in response ? response.email : null) ?? null,
          ]
        : [];
      const path: Cell[] =
        'hiddenFields' in response
          ? logicExportCells(survey.logic, {
              hidden_fields: response.hiddenFields ?? {},
              language: response.language ?? null,
              end_screen_id: response.endScreenId ?? null,
            })
          : [];
      return {
        ordinal: response.ordinal,
        submittedAt: response.completedAt ?? new Date(0),
        // A question the respondent's path did not show has no answer rows: its cell stays empty.
        cells: [...who, ...path, ...columns.map((column) => column.cell(answers))],
      };
    });
  }
}

/** '21-11-2026 14:05' in Europe/Amsterdam, as Dutch spreadsheets show a moment. */
export const dutchDateTime = (moment: Date): string => formatTimestamp(moment, { seconds: false });

/** The same wall-clock time as a date without zone: spreadsheets have no time zones. */
function amsterdamWallClock(moment: Date): Date {
  const clock = wallClock(moment);
  return clock === null
    ? moment
    : new Date(Date.UTC(clock.year, clock.month - 1, clock.day, clock.hour, clock.minute));
}

/**
 * One CSV cell: text that a spreadsheet would run as a formula (starting with = + - @, a tab or a
 * carriage return) gets a leading apostrophe (OWASP's advice against CSV injection), and a cell
 * with the separator, a quote or a line break is quoted as RFC 4180 says.
 */
export function csvCell(value: Cell): string {
  if (value === null) return '';
  // Dutch Excel reads ';'-separated files with a decimal comma (a number question's 2.5).
  let text = typeof value === 'number' ? String(value).replace('.', ',') : String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** One CSV line, ';'-separated as Dutch Excel expects, ending in CRLF. */
export const csvLine = (cells: readonly Cell[]): string => `${cells.map(csvCell).join(';')}\r\n`;

/** A UTF-8 byte order mark, so Excel reads the file as UTF-8 rather than Windows-1252. */
const BOM = '\uFEFF';

/**
 * The header row: the response's number ('Reactie'), submission time, who answered (see
 * exportNamesRespondents), a survey's logic columns (its hidden fields, 'Taal' and 'Eindscherm';
 * none without logic), then the question columns.
 */
export const exportHeader = (survey: SurveyRow, namesRespondents = false): string[] => [
  EXPORT_HEADERS.ordinal,
  EXPORT_HEADERS.submittedAt,
  ...(namesRespondents ? [EXPORT_HEADERS.name, EXPORT_HEADERS.email] : []),
  ...logicExportHeaders(survey.logic),
  ...exportColumns(renumberQuestions(survey.questions)).map((column) => column.header),
];

/** The CSV file as a stream of UTF-8 chunks. */
export function csvStream(rows: AsyncIterable<ExportRow[]>, header: readonly string[]): Readable {
  async function* lines(): AsyncGenerator<Buffer> {
    yield Buffer.from(BOM + csvLine(header), 'utf8');
    for await (const chunk of rows) {
      let text = '';
      for (const row of chunk) text += csvLine([row.ordinal, dutchDateTime(row.submittedAt), ...row.cells]);
      yield Buffer.from(text, 'utf8');
    }
  }
  return Readable.from(lines(), { objectMode: false });
}

/**
 * The XLSX file as a stream, written row by row with exceljs' streaming writer on a worker thread
 * (R-HEAVY-8): this thread reads the rows and turns them into cells.
 */
export function xlsxStream(rows: AsyncIterable<ExportRow[]>, header: readonly string[]): Readable {
  async function* inputs(): AsyncGenerator<XlsxInput> {
    const columns = header.map((_, index) => ({
      width: index === 0 ? 12 : index === 1 ? 18 : 30,
      ...(index === 1 ? { numFmt: 'dd-mm-yyyy hh:mm' } : {}),
    }));
    yield { kind: 'sheet', name: 'Antwoorden', columns, header };
    for await (const chunk of rows)
      yield {
        kind: 'rows',
        rows: chunk.map((row) => [row.ordinal, amsterdamWallClock(row.submittedAt), ...row.cells]),
      };
  }
  return heavyStream('xlsx', inputs());
}

/** Core's name of the export, which the command-line client saves it under too. */
export { responsesExportFileName as exportFileName } from '@loop/core/surveys/results';

export const EXPORT_CONTENT_TYPES: Readonly<Record<ExportFormat, string>> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

import type { KpiImportRefusal, KpiStatus, KpiUnit } from '../contract';
import { calendarDay, type PeriodKind, parsePeriodKey, periodName, periodOf } from '../periods';
import { decodeTextBytes } from '../shared';
import { csvCell } from '../surveys/results';
import { KPI_MESSAGES, KPI_NOTE_MAX_LENGTH } from './kpiDefinition';
import { KPI_STATUS_VIEWS } from './kpiStatus';
import { kpiValueText, parseKpiValue } from './kpiValues';

/**
 * KPI values as CSV, both ways. Import: a period key ('2026-03') or a day ('31-03-2026',
 * '2026-03-31') per line, the value in Dutch notation, an optional note; the separator is ';', ','
 * or a tab (the one of the first line); a header row is optional and names its columns. Every
 * refused line is reported with its number and reason. Export: what import reads back, plus the
 * period's name, target, status and who entered it, for a Dutch Excel.
 */

/** Value lines in one file at most. */
export const KPI_CSV_LINES_MAX = 10_000;

export const KPI_CSV_MESSAGES = {
  empty: 'Het bestand bevat geen regels met waarden.',
  tooManyLines: `Het bestand heeft meer dan ${KPI_CSV_LINES_MAX.toLocaleString('nl-NL')} regels met waarden.`,
  header: "De kopregel mist een kolom 'Periode' (of 'Datum') of 'Waarde'.",
  unclosedQuote: 'Een aanhalingsteken wordt niet gesloten.',
  noValue: 'Er staat geen waarde.',
  noPeriod: 'Er staat geen periode.',
} as const;

/** One record of a CSV file and the line it starts on (1-based). */
interface CsvRecord {
  readonly line: number;
  readonly cells: string[];
}

/** The separator of the first line, outside quotes: ';' unless ',' or a tab is there and ';' is not. */
function separatorOf(text: string): string {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const unquoted = firstLine.replace(/"[^"]*"/g, '');
  if (unquoted.includes(';')) return ';';
  if (unquoted.includes('\t')) return '\t';
  return unquoted.includes(',') ? ',' : ';';
}

/** RFC 4180 records (quotes, doubled quotes, line breaks inside quotes), with their first line number. */
function csvRecords(
  text: string,
): { readonly ok: true; readonly records: CsvRecord[] } | { readonly ok: false; readonly line: number } {
  const separator = separatorOf(text);
  const records: CsvRecord[] = [];
  let cells: string[] = [];
  let cell = '';
  let line = 1;
  let recordLine = 1;
  let quoted = false;
  let quoteLine = 1;
  for (let i = 0; i < text.length; i++) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (char === '"') quoted = false;
      else {
        if (char === '\n') line++;
        cell += char;
      }
      continue;
    }
    if (char === '"' && cell.trim() === '') {
      quoted = true;
      quoteLine = line;
      cell = '';
    } else if (char === separator) {
      cells.push(cell);
      cell = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && text[i + 1] === '\n') i++;
      cells.push(cell);
      records.push({ line: recordLine, cells });
      cells = [];
      cell = '';
      line++;
      recordLine = line;
    } else cell += char;
  }
  if (quoted) return { ok: false, line: quoteLine };
  if (cell !== '' || cells.length > 0) {
    cells.push(cell);
    records.push({ line: recordLine, cells });
  }
  return { ok: true, records: records.filter((record) => record.cells.some((each) => each.trim() !== '')) };
}

/** '31-03-2026', '31-3-2026', '31/03/2026' or '2026-03-31' as 'YYYY-MM-DD'; null for anything else. */
function dayOf(text: string): string | null {
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(text);
  const dutch = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text);
  const parts = iso ? [iso[1], iso[2], iso[3]] : dutch ? [dutch[3], dutch[2], dutch[1]] : null;
  if (parts === null) return null;
  const day = `${parts[0]}-${(parts[1] as string).padStart(2, '0')}-${(parts[2] as string).padStart(2, '0')}`;
  return calendarDay(day) === null ? null : day;
}

const PERIOD_HEADERS = /^(periode|period|datum|date|dag|week|maand|kwartaal|jaar)$/;
const VALUE_HEADERS = /^(waarde|value|bedrag|aantal|score)$/;
const NOTE_HEADERS = /^(notitie|opmerking|toelichting|note|notes)$/;

/** A line read and checked: the period's key, the value in the unit's measure, the note. */
export interface KpiCsvLine {
  readonly line: number;
  readonly period: string;
  readonly value: number;
  readonly note: string;
}

export type KpiCsvRead =
  | {
      readonly ok: true;
      /** Value lines (header and empty lines not counted). */
      readonly lines: number;
      readonly accepted: readonly KpiCsvLine[];
      readonly refused: readonly KpiImportRefusal[];
    }
  | { readonly ok: false; readonly detail: string };

/** How a KPI reads its CSV: its unit and period kind, and today (no values for periods not begun). */
export interface KpiCsvContext {
  readonly unit: KpiUnit;
  readonly periodKind: PeriodKind;
  /** 'YYYY-MM-DD' in the Netherlands. */
  readonly today: string;
}

/** The period of a cell: a key of the KPI's kind, or a day within it. */
function periodOfCell(kind: PeriodKind, text: string) {
  const byKey = parsePeriodKey(kind, text);
  if (byKey !== null) return byKey;
  const day = dayOf(text);
  return day === null ? null : periodOf(kind, day);
}

const PERIOD_EXAMPLES: Readonly<Record<PeriodKind, string>> = {
  week: '2026-W05',
  month: '2026-03',
  quarter: '2026-Q1',
  year: '2026',
};

/**
 * Reads a KPI's values from CSV text (see the module comment). Answers every good line and every
 * refused one with its number and reason; a file that cannot be read at all (empty, too long, an
 * unclosed quote, a header without the needed columns) is refused as a whole.
 */
export function readKpiCsv(text: string, context: KpiCsvContext): KpiCsvRead {
  const parsed = csvRecords(text.replace(/^\uFEFF/, ''));
  if (!parsed.ok) return { ok: false, detail: `Regel ${parsed.line}: ${KPI_CSV_MESSAGES.unclosedQuote}` };
  const { records } = parsed;
  if (records.length === 0) return { ok: false, detail: KPI_CSV_MESSAGES.empty };
  const first = records[0] as CsvRecord;
  const firstCell = (first.cells[0] ?? '').trim();
  let columns = { period: 0, value: 1, note: 2 };
  let body = records;
  if (periodOfCell(context.periodKind, firstCell) === null) {
    const names = first.cells.map((cell) => cell.trim().toLowerCase());
    const period = names.findIndex((name) => PERIOD_HEADERS.test(name));
    const value = names.findIndex((name) => VALUE_HEADERS.test(name));
    if (period < 0 || value < 0)
      return { ok: false, detail: `Regel ${first.line}: ${KPI_CSV_MESSAGES.header}` };
    columns = { period, value, note: names.findIndex((name) => NOTE_HEADERS.test(name)) };
    body = records.slice(1);
  }
  if (body.length === 0) return { ok: false, detail: KPI_CSV_MESSAGES.empty };
  if (body.length > KPI_CSV_LINES_MAX) return { ok: false, detail: KPI_CSV_MESSAGES.tooManyLines };

  const accepted: KpiCsvLine[] = [];
  const refused: KpiImportRefusal[] = [];
  const seen = new Map<string, number>();
  for (const record of body) {
    const cell = (index: number) => (index < 0 ? '' : (record.cells[index] ?? '').trim());
    const reason = (() => {
      const periodText = cell(columns.period);
      if (periodText === '') return KPI_CSV_MESSAGES.noPeriod;
      const period = periodOfCell(context.periodKind, periodText);
      if (period === null)
        return `'${periodText}' is geen ${PERIOD_NAMES[context.periodKind]} of datum (bijvoorbeeld ${PERIOD_EXAMPLES[context.periodKind]} of 31-03-2026).`;
      if (period.start > context.today)
        return `${capitalise(periodName(period))}: ${KPI_MESSAGES.periodFuture.toLowerCase()}`;
      const earlier = seen.get(period.key);
      if (earlier !== undefined) return `${capitalise(periodName(period))} staat ook op regel ${earlier}.`;
      const valueText = cell(columns.value);
      if (valueText === '') return KPI_CSV_MESSAGES.noValue;
      const value = parseKpiValue(context.unit, valueText);
      if (!value.ok) return `Waarde '${valueText}': ${value.reason}.`;
      // The export writes a note that starts like a formula with a ' before it (csvCell); read back, it is the note.
      const note = cell(columns.note).replace(/^'(?=[=+\-@])/, '');
      if (note.length > KPI_NOTE_MAX_LENGTH) return KPI_MESSAGES.noteTooLong;
      seen.set(period.key, record.line);
      accepted.push({ line: record.line, period: period.key, value: value.value, note });
      return null;
    })();
    if (reason !== null) refused.push({ line: record.line, reason });
  }
  return { ok: true, lines: body.length, accepted, refused };
}

const PERIOD_NAMES: Readonly<Record<PeriodKind, string>> = {
  week: 'week',
  month: 'maand',
  quarter: 'kwartaal',
  year: 'jaar',
};

const capitalise = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/**
 * The text of a file's bytes as the server reads an upload (shared `decodeTextBytes`): UTF-8 (with
 * or without a byte-order mark) when it is valid UTF-8, UTF-16 after its byte-order mark, else
 * Windows-1252, which is what a Dutch Excel saves as 'CSV (gescheiden door lijstscheidingsteken)'.
 */
export const decodeCsvBytes = (bytes: Uint8Array): string => decodeTextBytes(bytes).text;

/** The summary sentence of an import report. */
export function importSummary(report: {
  readonly stored: boolean;
  readonly dryRun: boolean;
  readonly created: number;
  readonly updated: number;
  readonly unchanged: number;
  readonly refused: number;
}): string {
  const values = (count: number) => (count === 1 ? '1 waarde' : `${count} waarden`);
  const lines = (count: number) => (count === 1 ? '1 regel' : `${count} regels`);
  const same = report.unchanged > 0 ? `, ${values(report.unchanged)} ongewijzigd` : '';
  const changes = `${values(report.created)} nieuw, ${values(report.updated)} bijgewerkt${same}`;
  if (report.dryRun)
    return report.refused === 0
      ? `Controle: ${changes}. Er is nog niets opgeslagen.`
      : `Controle: ${changes}; ${lines(report.refused)} geweigerd. Er is nog niets opgeslagen.`;
  if (!report.stored)
    return `Niets geïmporteerd: ${lines(report.refused)} geweigerd. Verbeter ${report.refused === 1 ? 'die regel' : 'die regels'} of sla foute regels over.`;
  return report.refused === 0
    ? `Geïmporteerd: ${changes}.`
    : `Geïmporteerd: ${changes}; ${lines(report.refused)} overgeslagen.`;
}

/** One row of the export. */
export interface KpiCsvRow {
  readonly period: string;
  readonly periodName: string;
  readonly value: number | null;
  readonly target: number | null;
  readonly status: KpiStatus;
  readonly note: string;
  readonly enteredBy: string | null;
  /** Already written for people ('24-11-2026 07:22'), or null. */
  readonly enteredAt: string | null;
}

export const KPI_CSV_HEADER = [
  'Periode',
  'Naam van de periode',
  'Waarde',
  'Doel',
  'Status',
  'Notitie',
  'Ingevoerd door',
  'Ingevoerd op',
] as const;

/**
 * The export: a byte-order mark and ';' for a Dutch Excel, CRLF, values as `kpiValueText` writes
 * them (what import reads back), text cells neutralised against formulas. Rows as given.
 */
export function kpiCsv(unit: KpiUnit, rows: readonly KpiCsvRow[]): string {
  const number = (value: number | null) => (value === null ? '' : kpiValueText(unit, value));
  const lines = [
    KPI_CSV_HEADER.join(';'),
    ...rows.map((row) =>
      [
        row.period,
        csvCell(row.periodName),
        number(row.value),
        number(row.target),
        csvCell(KPI_STATUS_VIEWS[row.status].label),
        csvCell(row.note),
        csvCell(row.enteredBy ?? ''),
        csvCell(row.enteredAt ?? ''),
      ].join(';'),
    ),
  ];
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

import {
  CONTACT_LANGUAGE_NAMES,
  CONTACT_LANGUAGES,
  type Crosstab,
  type CrosstabAxis,
  type CrosstabDimension,
  type Question,
  type SurveyLogic,
} from '../../contract';
import { formatRate } from '../../format';
import { OTHER_ITEM_ID } from '../model';
import { encodeFilterPart } from './resultsConditions';

/**
 * A cross-tab of two questions (issue 26, R-RES-9): submitted responses counted per pair of values
 * of a row and a column dimension (a choice, NPS or rating question, a Likert statement, a hidden
 * field or the language), with row percentages. In an anonymous survey counts of 1–4 are hidden,
 * and so is whatever would give them away (R-RES-10).
 */

/** Counts of 1 up to this minus one are hidden in an anonymous survey. */
export const SMALL_COUNT = 5;
export const SMALL_COUNT_TEXT = '< 5';

export const CROSSTAB_MESSAGES = {
  dimension: 'Kies voor rij en kolom een keuzevraag, score, Likert-stelling, verborgen veld of de taal.',
  same: 'Kies voor rij en kolom twee verschillende vragen.',
} as const;

/** A dimension as its query value: `q:<question>[.<statement>]`, `h:<name>` or `lang`. */
export function dimensionKey(dimension: CrosstabDimension): string {
  if (dimension.source === 'language') return 'lang';
  if (dimension.source === 'hidden_field') return `h:${encodeFilterPart(dimension.name)}`;
  return `q:${encodeFilterPart(dimension.question_id)}${
    dimension.statement_id === undefined ? '' : `.${encodeFilterPart(dimension.statement_id)}`
  }`;
}

const decode = (part: string | undefined): string | null => {
  if (part === undefined || part === '') return null;
  try {
    return decodeURIComponent(part);
  } catch {
    return null;
  }
};

/** What a dimension's values are: in order, with their Dutch labels. */
export interface CheckedDimension {
  readonly dimension: CrosstabDimension;
  readonly axis: CrosstabAxis;
  /** Numbers (scores, points) or text (choice ids, hidden field values, language codes). */
  readonly numeric: boolean;
}

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

function questionAxis(
  key: string,
  question: Question,
  statementId: string | undefined,
): CheckedDimension | null {
  const dimension: CrosstabDimension = {
    source: 'question',
    question_id: question.id,
    ...(statementId === undefined ? {} : { statement_id: statementId }),
  };
  const axis = (label: string, values: { value: string; label: string }[], numeric: boolean) => ({
    dimension,
    axis: { key, label, values },
    numeric,
  });
  switch (question.type) {
    case 'single_choice':
    case 'multiple_choice':
      if (statementId !== undefined) return null;
      return axis(
        question.title,
        [
          ...question.settings.options.map((option) => ({ value: option.id, label: option.label })),
          ...(question.settings.allow_other ? [{ value: OTHER_ITEM_ID, label: 'Anders, namelijk' }] : []),
        ],
        false,
      );
    case 'nps':
    case 'rating': {
      if (statementId !== undefined) return null;
      const scores = question.type === 'nps' ? range(0, 10) : range(1, question.settings.scale);
      return axis(
        question.title,
        scores.map((score) => ({ value: String(score), label: String(score) })),
        true,
      );
    }
    case 'likert': {
      const statement = question.settings.statements.find((each) => each.id === statementId);
      if (statement === undefined) return null;
      return axis(
        `${question.title}: ${statement.text}`,
        range(1, question.settings.points).map((point) => ({
          value: String(point),
          label: question.settings.labels[point - 1] ?? String(point),
        })),
        true,
      );
    }
    default:
      return null;
  }
}

/**
 * A dimension of the query read and checked against the survey; null when it names nothing that
 * can be counted. A hidden field's values are those the responses hold (`hiddenValues`, most given
 * first, as the server found them); the language's are Loop's languages.
 */
export function readDimension(
  raw: string | undefined,
  survey: { readonly questions: readonly Question[]; readonly logic: SurveyLogic },
  hiddenValues: (name: string) => readonly string[] = () => [],
): CheckedDimension | null {
  if (raw === undefined) return null;
  if (raw === 'lang')
    return {
      dimension: { source: 'language' },
      axis: {
        key: raw,
        label: 'Taal',
        values: CONTACT_LANGUAGES.map((code) => ({ value: code, label: CONTACT_LANGUAGE_NAMES[code] })),
      },
      numeric: false,
    };
  const [kind, target, ...rest] = raw.split(':');
  if (rest.length > 0) return null;
  if (kind === 'h') {
    const name = decode(target);
    if (name === null || !survey.logic.hidden_fields.includes(name)) return null;
    return {
      dimension: { source: 'hidden_field', name },
      axis: { key: raw, label: name, values: hiddenValues(name).map((value) => ({ value, label: value })) },
      numeric: false,
    };
  }
  // A bare question id is a question too, as the issue's `row=<qid>` writes it.
  const [questionPart, statementPart, ...more] = (kind === 'q' ? (target ?? '') : raw).split('.');
  if (more.length > 0 || (kind !== 'q' && target !== undefined)) return null;
  const questionId = decode(questionPart);
  const statementId = statementPart === undefined ? undefined : decode(statementPart);
  if (questionId === null || statementId === null) return null;
  const question = survey.questions.find((each) => each.id === questionId);
  return question === undefined ? null : questionAxis(raw, question, statementId);
}

/** Whether two dimensions count the same thing. */
export const sameDimension = (a: CrosstabDimension, b: CrosstabDimension): boolean =>
  dimensionKey(a) === dimensionKey(b);

/** The exact counts, before hiding. */
export interface CrosstabCounts {
  readonly counts: readonly (readonly number[])[];
  readonly rowTotals: readonly number[];
  readonly colTotals: readonly number[];
  readonly total: number;
}

/**
 * The counts to send (R-RES-10). Shown as they are, unless small counts are hidden: then every
 * count of 1–4 is null, and so is whatever would give one away by subtraction. A line (a row
 * with its total, a column with its total, the row totals with the grand total, the column totals
 * with it) whose total is shown and that hides exactly one count would: there the smallest other
 * non-zero count is hidden too, or, when the others are all 0, the line's total. Repeated until
 * nothing changes. A respondent may count in several cells of a multiple-choice line; hiding more
 * there costs nothing but detail.
 */
export function hideSmallCounts(
  exact: CrosstabCounts,
  hide: boolean,
): Pick<Crosstab, 'counts' | 'row_totals' | 'col_totals' | 'total'> {
  if (!hide)
    return {
      counts: exact.counts,
      row_totals: exact.rowTotals,
      col_totals: exact.colTotals,
      total: exact.total,
    };
  const small = (n: number) => n > 0 && n < SMALL_COUNT;
  const counts = exact.counts.map((row) => row.map((n) => (small(n) ? null : n)));
  const rowTotals: (number | null)[] = exact.rowTotals.map((n) => (small(n) ? null : n));
  const colTotals: (number | null)[] = exact.colTotals.map((n) => (small(n) ? null : n));
  let total: number | null = small(exact.total) ? null : exact.total;
  type Slot = { get: () => number | null; exact: number; hide: () => void };
  const cell = (r: number, c: number): Slot => ({
    get: () => counts[r]?.[c] ?? null,
    exact: exact.counts[r]?.[c] ?? 0,
    hide: () => {
      const row = counts[r];
      if (row !== undefined) row[c] = null;
    },
  });
  const rowTotal = (r: number): Slot => ({
    get: () => rowTotals[r] ?? null,
    exact: exact.rowTotals[r] ?? 0,
    hide: () => {
      rowTotals[r] = null;
    },
  });
  const colTotal = (c: number): Slot => ({
    get: () => colTotals[c] ?? null,
    exact: exact.colTotals[c] ?? 0,
    hide: () => {
      colTotals[c] = null;
    },
  });
  const grand: Slot = {
    get: () => total,
    exact: exact.total,
    hide: () => {
      total = null;
    },
  };
  const lines: { parts: Slot[]; sum: Slot }[] = [
    ...exact.counts.map((row, r) => ({ parts: row.map((_, c) => cell(r, c)), sum: rowTotal(r) })),
    ...exact.colTotals.map((_, c) => ({ parts: exact.counts.map((_, r) => cell(r, c)), sum: colTotal(c) })),
    { parts: exact.rowTotals.map((_, r) => rowTotal(r)), sum: grand },
    { parts: exact.colTotals.map((_, c) => colTotal(c)), sum: grand },
  ];
  for (let changed = true; changed; ) {
    changed = false;
    for (const line of lines) {
      if (line.sum.get() === null) continue;
      const hidden = line.parts.filter((part) => part.get() === null && part.exact > 0);
      if (hidden.length !== 1) continue;
      const next = line.parts
        .filter((part) => part.get() !== null && part.exact > 0)
        .sort((a, b) => a.exact - b.exact)[0];
      (next ?? line.sum).hide();
      changed = true;
    }
  }
  return { counts, row_totals: rowTotals, col_totals: colTotals, total };
}

/** A cell's row percentage (0..1): of the row's total; null when either is hidden or the row is empty. */
export function rowShare(table: Crosstab, row: number, col: number): number | null {
  const count = table.counts[row]?.[col] ?? null;
  const whole = table.row_totals[row] ?? null;
  return count === null || whole === null || whole === 0 ? null : count / whole;
}

/** A count as the table shows it: the number, or '< 5' when hidden. */
export const countText = (count: number | null): string =>
  count === null ? SMALL_COUNT_TEXT : String(count);

/** A row percentage as text ('42%'), '–' when it cannot be given. */
export const shareText = (share: number | null): string => formatRate(share);

/**
 * The cross-tab as rows of cells for a file (R-RES-9): a header of the column values, then per row
 * value its count and row percentage per column and its total, then the column totals. Hidden
 * counts are '< 5'; percentages are numbers 0..1 so a spreadsheet can format them.
 */
export function crosstabSheet(table: Crosstab): (string | number | null)[][] {
  const header = [
    `${table.row.label} \\ ${table.col.label}`,
    ...table.col.values.flatMap((value) => [value.label, `${value.label} (% van rij)`]),
    'Totaal',
  ];
  const cell = (count: number | null | undefined): string | number => count ?? SMALL_COUNT_TEXT;
  const rows = table.row.values.map((value, r) => [
    value.label,
    ...table.col.values.flatMap((_, c) => [cell(table.counts[r]?.[c]), rowShare(table, r, c)]),
    cell(table.row_totals[r]),
  ]);
  const totals = [
    'Totaal',
    ...table.col.values.flatMap((_, c) => [cell(table.col_totals[c]), null]),
    cell(table.total),
  ];
  return [header, ...rows, totals];
}

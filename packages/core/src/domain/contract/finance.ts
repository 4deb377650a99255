// Finance: the income and costs of the current organisation (X-Organization-Id), their overviews
// (per month, per category, BTW per quarter), bank statement imports and exports. Routes under
// /finance; reading needs `finance.read`, changing and importing `finance.manage`, and every
// route the plan feature `analytics`. Amounts are whole cents; an amount is what was paid or
// received, BTW included (see core `finance/btw.ts`).

export const FINANCE_DIRECTIONS = ['income', 'cost'] as const;
/** Income (money in, BTW on it is to pay) or a cost (money out, BTW on it can be reclaimed). */
export type FinanceDirection = (typeof FINANCE_DIRECTIONS)[number];

export const BTW_RATES = ['21', '9', '0', 'exempt'] as const;
/** The Dutch BTW rates: 21 % (general), 9 % (reduced), 0 % (zero rate) and exempt ('vrijgesteld'). */
export type BtwRate = (typeof BTW_RATES)[number];

export const FINANCE_SOURCES = ['manual', 'import'] as const;
export type FinanceSource = (typeof FINANCE_SOURCES)[number];

export const IMPORT_FORMATS = ['camt053', 'mt940', 'csv'] as const;
/** CAMT.053 (ISO 20022 XML), SWIFT MT940, or CSV with a column mapping. */
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const FINANCE_SORTS = [
  '-date',
  'date',
  '-amount',
  'amount',
  'counterparty',
  '-counterparty',
  'category',
  '-category',
] as const;
/** A column to sort on; '-' first is descending. Ties go newest id first. */
export type FinanceSort = (typeof FINANCE_SORTS)[number];

/** One record of income or costs. */
export interface FinanceRecord {
  readonly id: number;
  /** The booking day, 'YYYY-MM-DD'. */
  readonly date: string;
  readonly direction: FinanceDirection;
  /** What was received or paid, BTW included, in cents; always above 0 (`direction` gives the sign). */
  readonly amount_cents: number;
  /** null: no rate chosen yet (bank lines arrive without one); counts as no BTW in the overviews. */
  readonly btw_rate: BtwRate | null;
  /** The BTW part of `amount_cents` at `btw_rate`, rounded half up to a cent. */
  readonly btw_cents: number;
  /** `amount_cents` − `btw_cents`. */
  readonly net_cents: number;
  /** '' for none. */
  readonly category: string;
  readonly description: string;
  readonly counterparty: string;
  /** A reference to a receipt or invoice kept elsewhere (a document number or a link); null for none. */
  readonly attachment_ref: string | null;
  readonly source: FinanceSource;
  /** The import that brought the record in; null for records entered by hand. */
  readonly import_id: number | null;
  /** The own bank account of an imported line (IBAN or account number as the bank wrote it). */
  readonly bank_account: string | null;
  /** The bank's reference of an imported line, when the file had one. */
  readonly bank_reference: string | null;
  /** Who entered or imported it; null when that account is gone. */
  readonly created_by_name: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}

/** POST /finance/records. Texts may be omitted ('' and null). */
export interface FinanceRecordInput {
  readonly date: string;
  readonly direction: FinanceDirection;
  readonly amount_cents: number;
  readonly btw_rate: BtwRate | null;
  readonly category?: string;
  readonly description?: string;
  readonly counterparty?: string;
  readonly attachment_ref?: string | null;
}

/** PATCH /finance/records/:id: only the fields sent change; the result is checked as a whole. */
export type FinanceRecordPatch = Partial<FinanceRecordInput>;

/** One category the organisation uses, with how many records have it. */
export interface FinanceCategoryUse {
  readonly name: string;
  readonly record_count: number;
}

/** GET /finance/categories */
export interface FinanceCategories {
  /** Categories in use, most used first; '' (no category) is left out. */
  readonly used: readonly FinanceCategoryUse[];
  /** Common Dutch categories not in use yet, for a new organisation's picker. */
  readonly suggestions: readonly string[];
}

/** Income, costs and result of one month of the range. */
export interface FinanceMonth {
  /** 'YYYY-MM'. */
  readonly month: string;
  readonly income_cents: number;
  readonly cost_cents: number;
  /** income − costs. */
  readonly result_cents: number;
  readonly record_count: number;
}

/** The total of one category on one side (income or costs) over the range. */
export interface FinanceCategoryTotal {
  /** '' is 'Zonder categorie'. */
  readonly category: string;
  readonly direction: FinanceDirection;
  readonly amount_cents: number;
  readonly net_cents: number;
  readonly record_count: number;
  /** Share of this side's total, 0..1. */
  readonly share: number;
}

/** What one BTW rate contributes to a quarter. */
export interface FinanceBtwRateTotal {
  readonly btw_rate: BtwRate;
  /** Turnover excluding BTW (income) and the BTW on it. */
  readonly income_net_cents: number;
  readonly income_btw_cents: number;
  /** Costs excluding BTW and the BTW on them (voorbelasting). */
  readonly cost_net_cents: number;
  readonly cost_btw_cents: number;
}

/** BTW of one quarter (within the range). */
export interface FinanceBtwQuarter {
  /** 'YYYY-Q1'. */
  readonly quarter: string;
  /** First and last day counted: the quarter, clipped to the range. */
  readonly start: string;
  readonly end: string;
  /** BTW on income: to pay. */
  readonly btw_to_pay_cents: number;
  /** BTW on costs: to reclaim. */
  readonly btw_to_reclaim_cents: number;
  /** To pay − to reclaim; below 0 means money back. */
  readonly balance_cents: number;
  /** Per rate with any records, in the order 21, 9, 0, exempt. */
  readonly by_rate: readonly FinanceBtwRateTotal[];
  /** Records in the quarter without a BTW rate (not counted above). */
  readonly unrated_count: number;
}

export interface FinanceTotals {
  readonly income_cents: number;
  readonly cost_cents: number;
  readonly result_cents: number;
  readonly btw_to_pay_cents: number;
  readonly btw_to_reclaim_cents: number;
  readonly record_count: number;
  readonly unrated_count: number;
}

/** GET /finance/overview?from&to: every month and quarter of the range, gaps included. */
export interface FinanceOverview {
  readonly from: string;
  readonly to: string;
  readonly months: readonly FinanceMonth[];
  /** Largest first: income categories, then cost categories. */
  readonly categories: readonly FinanceCategoryTotal[];
  readonly quarters: readonly FinanceBtwQuarter[];
  readonly totals: FinanceTotals;
}

export const CSV_DATE_FORMATS = ['auto', 'dd-mm-jjjj', 'jjjj-mm-dd', 'jjjjmmdd'] as const;
export type CsvDateFormat = (typeof CSV_DATE_FORMATS)[number];

export const CSV_DELIMITERS = [';', ',', '\t', '|'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

/**
 * Which column of a CSV holds what. A column is named by its header (case and spaces around it do
 * not matter) or, without a header row, by its number from 1 ('3'). The amount is one signed column
 * (`amount`, optionally with a `direction` column such as ING's 'Af Bij'), or two columns `debit`
 * and `credit`.
 */
export interface CsvMapping {
  /** Omitted: detected from the first line. */
  readonly delimiter?: CsvDelimiter;
  /** Default true: the first row names the columns. */
  readonly has_header?: boolean;
  readonly date: string;
  /** Default 'auto': each cell's shape decides (dd-mm-jjjj, jjjj-mm-dd, jjjjmmdd). */
  readonly date_format?: CsvDateFormat;
  readonly amount?: string;
  /** A column saying 'Af'/'Bij' (or debit/credit, D/C, -/+): gives the sign of `amount`. */
  readonly direction?: string;
  readonly debit?: string;
  readonly credit?: string;
  /** Default ',' (Dutch); '.' for exports in English notation. */
  readonly decimal_separator?: ',' | '.';
  readonly description?: string;
  readonly counterparty?: string;
  readonly reference?: string;
  /** The own account (for the duplicate check); omitted: none. */
  readonly account?: string;
  /** The currency ('EUR', as Rabobank's 'Munt'); a line in another currency is refused. Omitted: euro. */
  readonly currency?: string;
}

/** A refused line of an import: its line number in the file and why, in Dutch. */
export interface ImportRefusal {
  readonly line: number;
  readonly reason: string;
}

/** How the file's bytes were read as text. */
export const IMPORT_ENCODINGS = ['utf-8', 'windows-1252', 'utf-16le', 'utf-16be'] as const;
export type ImportEncoding = (typeof IMPORT_ENCODINGS)[number];

/**
 * The answer of POST /finance/imports: 201 when stored, 200 for a dry run, 422 when lines were
 * refused and nothing was stored (all or nothing unless `skip_invalid`).
 */
export interface FinanceImportReport {
  /** One Dutch sentence saying what happened. */
  readonly detail: string;
  /** The import's id when stored; null when nothing was stored or none of its lines was new (such an import is not kept). */
  readonly import_id: number | null;
  readonly stored: boolean;
  readonly dry_run: boolean;
  readonly format: ImportFormat;
  readonly file_name: string;
  readonly encoding: ImportEncoding;
  /** Bank lines found in the file. */
  readonly lines: number;
  /** Stored as new records (for a dry run or a refused file: what would have been stored). */
  readonly imported: number;
  /** Skipped because an earlier import (or an earlier line of this file) has them. */
  readonly duplicates: number;
  readonly refused: number;
  /** The first 200 refused lines, in file order. */
  readonly refusals: readonly ImportRefusal[];
  /** For CSV: the columns found and the mapping used (given or recognised). */
  readonly csv: FinanceCsvReport | null;
}

export interface FinanceCsvReport {
  readonly delimiter: CsvDelimiter;
  readonly headers: readonly string[];
  readonly mapping: CsvMapping;
}

/** One import in GET /finance/imports, newest first. */
export interface FinanceImport {
  readonly id: number;
  readonly file_name: string;
  readonly format: ImportFormat;
  readonly lines: number;
  readonly imported: number;
  readonly duplicates: number;
  readonly refused: number;
  /** Records of this import that still exist. */
  readonly record_count: number;
  readonly created_by_name: string | null;
  readonly created_at: string;
}

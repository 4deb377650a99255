// The finance feature: Dutch amounts, BTW, record rules, overviews from summed rows, and bank statement
// lines (CSV column mapping, duplicate keys). What other features and packages use of it; the wire
// types are in the contract feature (contract/finance.ts).
export type { DecimalSeparator } from './amount';
export { AMOUNT_MESSAGES, formatAmount, MAX_AMOUNT_CENTS, parseAmount, parseDecimalCents } from './amount';
export type { BankLine, BankLineRecord, ImportDefaults, LineRefusal, ParsedBankLine } from './bankLines';
export {
  BANK_LINE_MESSAGES,
  bankLineProblem,
  bankLineRecord,
  duplicateKeyMaterial,
  isEuro,
  normaliseAccount,
} from './bankLines';
export {
  BTW_PERCENT,
  BTW_RATE_LABELS,
  btwOnNet,
  btwPart,
  btwRateLabel,
  btwSide,
  isBtwRate,
  NO_BTW_RATE_LABEL,
  splitBtw,
} from './btw';
export type { CheckedMapping, CsvColumns, ResolvedColumns } from './csvMapping';
export {
  CSV_MESSAGES,
  checkCsvMapping,
  readCsvRow,
  resolveCsvColumns,
  suggestCsvMapping,
} from './csvMapping';
export { DATE_MESSAGES, parseDate } from './dates';
export type { CheckedFinanceForm, FinanceRecordForm } from './financeForm';
export {
  BTW_RATE_CHOICES,
  emptyFinanceForm,
  FINANCE_FORM_MESSAGES,
  financeFormInput,
  financeFormOf,
} from './financeForm';
export type { CsvPreview, CsvPreviewLine, CsvPreviewResult } from './financeImportRules';
export {
  csvPreview,
  detectImportFormat,
  IMPORT_FORMAT_LABELS,
  importReportLines,
  previewCsvLines,
} from './financeImportRules';
export type {
  FinanceGateway,
  FinanceImportUpload,
  FinanceRangeQuery,
  FinanceRecordFilter,
  FinanceRecordQuery,
} from './financePorts';
export type { MonthChartView, MonthColumnView } from './financeView';
export {
  categoryBars,
  dayText,
  euro,
  monthChart,
  monthLongLabel,
  quarterLabel,
  quarterView,
  recordRow,
  resultText,
  signedAmountText,
  yearRange,
} from './financeView';
export type { CheckedRange, FinanceAggregateRow, FinanceRange } from './overview';
export { buildFinanceOverview, financeRange, MAX_RANGE_YEARS, RANGE_MESSAGES } from './overview';
export type { CheckedFinanceRecord, CheckedRecord, FinanceRecordDraft } from './records';
export {
  checkFinanceRecord,
  clip,
  DEFAULT_FINANCE_CATEGORIES,
  FINANCE_DIRECTION_LABELS,
  FINANCE_LIMITS,
  FINANCE_MESSAGES,
  NO_CATEGORY_LABEL,
  normaliseCategory,
  patchedInput,
} from './records';
export type { StatementBalance } from './statementBalance';
export { BALANCE_MESSAGES, balanceProblem } from './statementBalance';

import {
  BTW_RATES,
  CSV_DATE_FORMATS,
  CSV_DELIMITERS,
  type CsvMapping,
  FINANCE_DIRECTIONS,
  FINANCE_SOURCES,
  type FinanceBtwQuarter,
  type FinanceBtwRateTotal,
  type FinanceCategories,
  type FinanceCategoryTotal,
  type FinanceCategoryUse,
  type FinanceCsvReport,
  type FinanceImport,
  type FinanceImportReport,
  type FinanceMonth,
  type FinanceOverview,
  type FinanceRecord,
  type FinanceTotals,
  IMPORT_ENCODINGS,
  IMPORT_FORMATS,
  type ImportRefusal,
} from '@loop/core';
import type { FinanceRecordDraft } from '@loop/core/finance';
import { pagingQueryProperties } from '../http/paging';
import { array, boolean, integer, nullable, number, object, oneOf, string } from '../http/schema';

const day = (description: string) => string({ maxLength: 20, description });
const cents = (description: string) => integer({ description: `${description} In centen.` });
const timestamp = (description: string) => string({ format: 'date-time', description });

const direction = oneOf(FINANCE_DIRECTIONS, { description: 'income (inkomsten) of cost (kosten).' });
const btwRate = oneOf(BTW_RATES, { description: "Btw-tarief: '21', '9', '0' of 'exempt' (vrijgesteld)." });

export const financeRecordSchema = object<FinanceRecord>(
  {
    id: integer(),
    date: day('Boekdatum, JJJJ-MM-DD.'),
    direction,
    amount_cents: cents('Ontvangen of betaald bedrag inclusief btw, altijd groter dan 0.'),
    btw_rate: nullable(btwRate),
    btw_cents: cents('Het btw-deel van het bedrag, afgerond op een cent (half naar boven).'),
    net_cents: cents('Bedrag zonder btw.'),
    category: string({ description: "Categorie; '' voor geen." }),
    description: string(),
    counterparty: string({ description: 'Tegenpartij.' }),
    attachment_ref: nullable(string({ description: 'Verwijzing naar een bon of factuur (nummer of link).' })),
    source: oneOf(FINANCE_SOURCES, { description: 'manual (ingevoerd) of import (bankafschrift).' }),
    import_id: nullable(integer({ description: 'De import die de boeking bracht.' })),
    bank_account: nullable(string({ description: 'Eigen rekening van een geïmporteerde regel.' })),
    bank_reference: nullable(string({ description: 'Referentie van de bank.' })),
    created_by_name: nullable(string({ description: 'Wie de boeking invoerde of importeerde.' })),
    created_at: timestamp('Ingevoerd.'),
    updated_at: timestamp('Laatst gewijzigd.'),
  },
  { description: 'Een boeking: inkomsten of kosten.' },
);

/** Generous caps; the precise limits and Dutch messages come from core's checkFinanceRecord. */
const recordProperties = {
  date: day('JJJJ-MM-DD; de dag moet bestaan.'),
  direction: string({ maxLength: 20, description: 'income of cost.' }),
  amount_cents: integer({ description: 'Bedrag inclusief btw in centen, groter dan 0.' }),
  btw_rate: nullable(
    string({ maxLength: 20, description: "'21', '9', '0', 'exempt' of null (geen tarief)." }),
  ),
  category: string({ maxLength: 1000, description: 'Hoogstens 60 tekens.' }),
  description: string({ maxLength: 5000, description: 'Hoogstens 500 tekens.' }),
  counterparty: string({ maxLength: 2000, description: 'Hoogstens 200 tekens.' }),
  attachment_ref: nullable(string({ maxLength: 5000, description: 'Hoogstens 500 tekens; null voor geen.' })),
} as const;

// The direction and rate are checked in core (a Dutch message naming the field), so the schemas
// take any short text for them (core's FinanceRecordDraft).
export const financeRecordInputSchema = object<FinanceRecordDraft>(recordProperties, {
  optional: ['category', 'description', 'counterparty', 'attachment_ref'],
});

export const financeRecordPatchSchema = object<Partial<FinanceRecordDraft>>(recordProperties, {
  optional: [
    'date',
    'direction',
    'amount_cents',
    'btw_rate',
    'category',
    'description',
    'counterparty',
    'attachment_ref',
  ],
});

/** The filters of the list and the records export; checked in code for Dutch messages. */
export interface FinanceRecordQuery {
  readonly q?: string;
  readonly from?: string;
  readonly to?: string;
  readonly direction?: string;
  readonly category?: string;
  readonly btw_rate?: string;
  readonly source?: string;
  readonly import_id?: string;
  readonly sort?: string;
}

const filterProperties = {
  q: string({
    maxLength: 200,
    description:
      'Zoek in omschrijving en tegenpartij (elk woord moet voorkomen); een bedrag (12,50) vindt ook dat bedrag.',
  }),
  from: day('Eerste dag, JJJJ-MM-DD, inclusief.'),
  to: day('Laatste dag, JJJJ-MM-DD, inclusief.'),
  direction: string({ maxLength: 20, description: 'income of cost.' }),
  category: string({
    maxLength: 200,
    description: "Precies deze categorie; '' (leeg) voor zonder categorie.",
  }),
  btw_rate: string({ maxLength: 20, description: "'21', '9', '0', 'exempt' of 'none' (zonder tarief)." }),
  source: string({ maxLength: 20, description: 'manual of import.' }),
  import_id: string({ maxLength: 20, description: 'Alleen de boekingen van deze import (id).' }),
  sort: string({
    maxLength: 20,
    description:
      "Sorteer op date, amount, counterparty of category; met '-' ervoor aflopend (standaard -date, nieuwste eerst).",
  }),
} as const;

const FILTER_KEYS = Object.keys(filterProperties) as (keyof FinanceRecordQuery)[];

export const financeRecordQuerySchema = object<FinanceRecordQuery & { page?: string; page_size?: string }>(
  { ...filterProperties, ...pagingQueryProperties },
  { optional: [...FILTER_KEYS, 'page', 'page_size'] },
);

export interface ExportQuery extends FinanceRecordQuery {
  readonly format?: string;
}

export const recordExportQuerySchema = object<ExportQuery>(
  { ...filterProperties, format: string({ maxLength: 20, description: 'csv (standaard) of xlsx.' }) },
  { optional: [...FILTER_KEYS, 'format'] },
);

export interface RangeQuery {
  readonly from?: string;
  readonly to?: string;
}

const rangeProperties = {
  from: day('Eerste dag, JJJJ-MM-DD (standaard 1 januari van het jaar van `to`, of van dit jaar).'),
  to: day('Laatste dag, JJJJ-MM-DD (standaard 31 december van dat jaar); hoogstens 10 jaar na `from`.'),
} as const;

export const rangeQuerySchema = object<RangeQuery>(rangeProperties, { optional: ['from', 'to'] });

export const overviewExportQuerySchema = object<RangeQuery & { readonly format?: string }>(
  { ...rangeProperties, format: string({ maxLength: 20, description: 'csv (standaard) of xlsx.' }) },
  { optional: ['from', 'to', 'format'] },
);

export const recordIdParams = object<{ readonly id: string }>({
  id: string({ maxLength: 20, description: 'Id van de boeking of import.' }),
});

const categoryUseSchema = object<FinanceCategoryUse>({
  name: string(),
  record_count: integer({ description: 'Aantal boekingen met deze categorie.' }),
});

export const categoriesSchema = object<FinanceCategories>({
  used: array(categoryUseSchema, { description: 'In gebruik, meest gebruikt eerst.' }),
  suggestions: array(string(), { description: 'Gangbare categorieën die nog niet in gebruik zijn.' }),
});

const monthSchema = object<FinanceMonth>({
  month: string({ description: 'JJJJ-MM.' }),
  income_cents: cents('Inkomsten.'),
  cost_cents: cents('Kosten.'),
  result_cents: cents('Inkomsten min kosten.'),
  record_count: integer(),
});

const categoryTotalSchema = object<FinanceCategoryTotal>({
  category: string({ description: "'' is zonder categorie." }),
  direction,
  amount_cents: cents('Totaal inclusief btw.'),
  net_cents: cents('Totaal zonder btw.'),
  record_count: integer(),
  share: number({ description: 'Aandeel in de inkomsten of kosten, 0..1.' }),
});

const rateTotalSchema = object<FinanceBtwRateTotal>({
  btw_rate: btwRate,
  income_net_cents: cents('Omzet zonder btw.'),
  income_btw_cents: cents('Btw op de omzet.'),
  cost_net_cents: cents('Kosten zonder btw.'),
  cost_btw_cents: cents('Btw op de kosten (voorbelasting).'),
});

const quarterSchema = object<FinanceBtwQuarter>({
  quarter: string({ description: 'JJJJ-Q1 … JJJJ-Q4.' }),
  start: day('Eerste dag (het kwartaal, begrensd door de periode).'),
  end: day('Laatste dag.'),
  btw_to_pay_cents: cents('Btw op inkomsten: te betalen.'),
  btw_to_reclaim_cents: cents('Btw op kosten: terug te vragen.'),
  balance_cents: cents('Te betalen min terug te vragen; onder 0 krijg je geld terug.'),
  by_rate: array(rateTotalSchema, { description: 'Per tarief met boekingen (21, 9, 0, vrijgesteld).' }),
  unrated_count: integer({ description: 'Boekingen zonder btw-tarief (niet meegeteld).' }),
});

const totalsSchema = object<FinanceTotals>({
  income_cents: cents('Inkomsten.'),
  cost_cents: cents('Kosten.'),
  result_cents: cents('Resultaat.'),
  btw_to_pay_cents: cents('Te betalen btw.'),
  btw_to_reclaim_cents: cents('Terug te vragen btw.'),
  record_count: integer(),
  unrated_count: integer(),
});

export const overviewSchema = object<FinanceOverview>({
  from: day('Eerste dag.'),
  to: day('Laatste dag.'),
  months: array(monthSchema, { description: 'Elke maand van de periode, ook lege.' }),
  categories: array(categoryTotalSchema, {
    description: 'Inkomsten- en daarna kostencategorieën, grootste eerst.',
  }),
  quarters: array(quarterSchema, { description: 'Btw per kwartaal van de periode.' }),
  totals: totalsSchema,
});

const column = (description: string) => string({ description });

export const csvMappingSchema = object<CsvMapping>(
  {
    delimiter: oneOf(CSV_DELIMITERS, { description: 'Scheidingsteken.' }),
    has_header: boolean({ description: 'De eerste regel bevat kolomkoppen.' }),
    date: column('Kolom met de datum (kop of nummer vanaf 1).'),
    date_format: oneOf(CSV_DATE_FORMATS),
    amount: column('Kolom met het bedrag (met teken, of met een kolom Af/Bij).'),
    direction: column("Kolom met 'Af'/'Bij'."),
    debit: column('Kolom met bedragen af.'),
    credit: column('Kolom met bedragen bij.'),
    decimal_separator: oneOf([',', '.'] as const),
    description: column('Kolom met de omschrijving.'),
    counterparty: column('Kolom met de tegenpartij.'),
    reference: column('Kolom met de referentie van de bank.'),
    account: column('Kolom met de eigen rekening.'),
    currency: column("Kolom met de valuta ('EUR'); een regel in een andere valuta wordt geweigerd."),
  },
  {
    optional: [
      'delimiter',
      'has_header',
      'date_format',
      'amount',
      'direction',
      'debit',
      'credit',
      'decimal_separator',
      'description',
      'counterparty',
      'reference',
      'account',
      'currency',
    ],
  },
);

const csvReportSchema = object<FinanceCsvReport>({
  delimiter: oneOf(CSV_DELIMITERS),
  headers: array(string(), { description: 'De kolomkoppen van het bestand (leeg zonder koppen).' }),
  mapping: csvMappingSchema,
});

const refusalSchema = object<ImportRefusal>({
  line: integer({ description: 'Regelnummer in het bestand (vanaf 1).' }),
  reason: string({ description: 'Waarom de regel geweigerd is.' }),
});

export const importReportSchema = object<FinanceImportReport>(
  {
    detail: string({ description: 'Wat er gebeurde, in één zin.' }),
    import_id: nullable(integer({ description: 'Id van de import als die is opgeslagen.' })),
    stored: boolean({ description: 'Of de boekingen zijn opgeslagen.' }),
    dry_run: boolean({ description: 'Alleen gecontroleerd, niets opgeslagen.' }),
    format: oneOf(IMPORT_FORMATS),
    file_name: string(),
    encoding: oneOf(IMPORT_ENCODINGS, { description: 'Hoe de tekst van het bestand is gelezen.' }),
    lines: integer({ description: 'Gevonden bankregels.' }),
    imported: integer({ description: 'Nieuw opgeslagen (of: zouden worden opgeslagen).' }),
    duplicates: integer({ description: 'Overgeslagen omdat ze er al waren.' }),
    refused: integer({ description: 'Geweigerde regels.' }),
    refusals: array(refusalSchema, { description: 'De eerste 200 geweigerde regels.' }),
    csv: nullable(csvReportSchema),
  },
  { description: 'Verslag van een import.' },
);

export const importSchema = object<FinanceImport>({
  id: integer(),
  file_name: string(),
  format: oneOf(IMPORT_FORMATS),
  lines: integer(),
  imported: integer(),
  duplicates: integer(),
  refused: integer(),
  record_count: integer({ description: 'Boekingen van deze import die er nog zijn.' }),
  created_by_name: nullable(string()),
  created_at: timestamp('Geïmporteerd.'),
});

import type { ContactCsvMapping, ContactImportPreview, CsvDelimiter, ImportEncoding } from '@loop/core';
import type { FieldErrors } from '@loop/core/auth';
import {
  type ContactColumns,
  type FileDuplicateGroup,
  fileDuplicatesSummary,
  findFileDuplicates,
  resolveContactColumns,
  suggestContactMapping,
} from '@loop/core/contacts';
import { type CsvRow, readCsvRows } from '../import/csvRows';
import { DECODE_MESSAGES, type DecodeMessages, decodeText } from '../import/decodeText';
import type { CsvRowList } from '../import/packedRows';

/**
 * Reading a contacts CSV file for an import: its limits, Dutch messages, the file decoded and read
 * with a mapping, and what a dry run answers (contactImport.ts runs a real import).
 */

export const CONTACT_IMPORT_MAX_BYTES = 32 * 1024 * 1024;
export const CONTACT_IMPORT_MAX_ROWS = 200_000;
export const IMPORT_CHUNK = 1_000;
export const REFUSALS_KEPT = 200;
const SAMPLE_ROWS = 10;
/** A running import shows progress at least every chunk; this long without means it was cut off. */
export const IMPORT_STALE_MS = 60_000;

export const CONTACT_IMPORT_MESSAGES = {
  noRows: 'Het CSV-bestand bevat geen regels.',
  noDataRows: 'Het CSV-bestand bevat geen contacten: alleen de regel met kolomkoppen.',
  tooManyRows: `Een import is hoogstens ${CONTACT_IMPORT_MAX_ROWS.toLocaleString('nl-NL')} contacten. Splits het bestand.`,
  notRecognised: (headers: readonly string[]) =>
    `De kolommen van dit CSV-bestand zijn niet herkend (${headers.map((header) => `'${header}'`).join(', ')}). Geef aan welke kolom het e-mailadres en welke de naam bevat.`,
  /** A real import of a file with addresses on several rows, without the choice which row counts. */
  fileDuplicatesUnchosen: (addresses: number, example: FileDuplicateGroup) => {
    const [a, b, c] = example.lines;
    const count = example.lines.length;
    const lines =
      count === 2 ? `${a} en ${b}` : count === 3 ? `${a}, ${b} en ${c}` : `${a}, ${b}, ${c} en verder`;
    const which =
      addresses === 1 ? 'Eén e-mailadres staat' : `${addresses.toLocaleString('nl-NL')} e-mailadressen staan`;
    return (
      `${which} op meer dan één regel (bijvoorbeeld ${example.email} op regel ${lines}). ` +
      'Kies welke regel telt: first (de eerste) of last (de laatste).'
    );
  },
  interrupted:
    "De import is onderbroken (de server stopte). De contacten tot de laatst gemelde voortgang zijn opgeslagen; importeer het bestand opnieuw met 'bijwerken' of 'overslaan' om de rest toe te voegen.",
  failed:
    'De import is mislukt door een fout op de server. De contacten tot de laatst gemelde voortgang zijn opgeslagen; probeer het opnieuw.',
} as const;

/** decodeText's messages, naming the files a contacts import takes. */
export const CONTACT_DECODE_MESSAGES: DecodeMessages = {
  ...DECODE_MESSAGES,
  pdf: "Dit is een PDF. Importeer contacten als CSV-bestand (in Excel: Opslaan als 'CSV (gescheiden door lijstscheidingsteken)').",
  binary: 'Dit bestand bevat geen tekst (het lijkt een programma of afbeelding). Kies een CSV-bestand.',
};

type Failure = { readonly ok: false; readonly detail: string; readonly fields?: FieldErrors };

/** A contacts file read: its rows and how to read them. */
export interface ContactFile {
  readonly encoding: ImportEncoding;
  readonly delimiter: CsvDelimiter;
  readonly headers: readonly string[];
  readonly mapping: ContactCsvMapping;
  readonly columns: ContactColumns | null;
  /** The data rows (the header row left out when there is one). */
  readonly rows: CsvRowList;
  /** Addresses on more than one row (read with `columns`; none without them). */
  readonly duplicates: readonly FileDuplicateGroup[];
}

/**
 * Decodes and reads a contacts file with the requested mapping or, without one, the mapping its
 * headers suggest. `columns` is null when the mapping does not name the e-mail and name columns
 * (a dry run still answers; a real import refuses).
 */
export function readContactFile(
  bytes: Uint8Array,
  requested: ContactCsvMapping | null,
): ({ readonly ok: true; readonly rows: readonly CsvRow[] } & ContactFile) | Failure {
  const decoded = decodeText(bytes, CONTACT_DECODE_MESSAGES);
  if (!decoded.ok) return decoded;
  // The header and one row over the limit are enough to refuse a file (R-HEAVY-2).
  const parsed = readCsvRows(decoded.text, requested?.delimiter, CONTACT_IMPORT_MAX_ROWS + 1);
  const [first, ...rest] = parsed.rows;
  if (first === undefined) return { ok: false, detail: CONTACT_IMPORT_MESSAGES.noRows };
  const hasHeader = requested?.has_header !== false;
  const headers = hasHeader ? first.cells.map((cell) => cell.trim()) : [];
  const mapping: ContactCsvMapping = {
    ...(requested ?? suggestContactMapping(headers)),
    delimiter: parsed.delimiter,
  };
  const rows = hasHeader ? rest : parsed.rows;
  if (parsed.cut || rows.length > CONTACT_IMPORT_MAX_ROWS)
    return { ok: false, detail: CONTACT_IMPORT_MESSAGES.tooManyRows };
  const complete =
    mapping.fields.email !== undefined &&
    (mapping.fields.name !== undefined ||
      mapping.fields.first_name !== undefined ||
      mapping.fields.last_name !== undefined);
  let columns: ContactColumns | null = null;
  if (complete) {
    const resolved = resolveContactColumns(mapping, first.cells);
    if (!resolved.ok) {
      const detail = Object.values(resolved.fields)[0] ?? CONTACT_IMPORT_MESSAGES.notRecognised(headers);
      return { ok: false, detail, fields: resolved.fields };
    }
    columns = resolved.value;
  } else if (requested !== null) {
    // A checked mapping always names both; only a suggestion can lack them.
    throw new Error('contact mapping without e-mail or name column');
  }
  return {
    ok: true,
    encoding: decoded.encoding,
    delimiter: parsed.delimiter,
    headers,
    mapping,
    columns,
    rows,
    duplicates: columns === null ? [] : findFileDuplicates(rows, columns),
  };
}

/** What a dry run answers: the headers, the mapping and the first rows. */
export const previewOf = (fileName: string, file: ContactFile): ContactImportPreview => ({
  file_name: fileName,
  encoding: file.encoding,
  delimiter: file.delimiter,
  headers: file.headers,
  mapping: file.mapping,
  sample: file.rows.slice(0, SAMPLE_ROWS).map((row) => row.cells),
  rows: file.rows.length,
  duplicates: file.columns === null ? null : fileDuplicatesSummary(file.duplicates),
});

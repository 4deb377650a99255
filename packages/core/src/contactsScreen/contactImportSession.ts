import type {
  ContactCsvMapping,
  ContactImport,
  ContactImportField,
  ContactImportPreview,
  DuplicatePolicy,
} from '../contract';
import { formatCount } from '../format';
import type { FileContent } from '../shared';

/**
 * The CSV import of contacts as a state machine: choose a file → the server reads it in a dry run
 * (separator, encoding, headers, the first rows and a suggested mapping) → the person checks the
 * column mapping and chooses what happens to addresses that are already contacts → the import runs
 * at the server, followed with its progress (rows handled of all rows) → the report (created,
 * updated, skipped, refused with each refused line's number and reason). The screen keeps this state
 * (`useReducer`) and calls the use-cases on 'reading', 'starting' and 'running'; what it offers
 * follows from the state alone.
 */

/** A chosen file: its name and its bytes (the browser's File). */
export interface ChosenContactFile {
  readonly name: string;
  readonly content: FileContent;
}

/** Bytes of one file at most (the server's limit too): 50,000 contacts of a few hundred bytes. */
export const CONTACT_IMPORT_BYTES_MAX = 20 * 1024 * 1024;

export const CONTACT_IMPORT_MESSAGES = {
  emptyFile: 'Het bestand is leeg.',
  tooLarge: 'Het bestand is groter dan 20 MB. Splits het in kleinere bestanden.',
  emailMissing: 'Kies de kolom met het e-mailadres.',
  nameMissing: 'Kies de kolom met de naam, of de kolommen met voornaam en achternaam.',
} as const;

export type ContactImportSession =
  | { readonly step: 'choose'; readonly error: string | null }
  | { readonly step: 'reading'; readonly file: ChosenContactFile }
  | {
      readonly step: 'mapping' | 'starting';
      readonly file: ChosenContactFile;
      readonly preview: ContactImportPreview;
      readonly mapping: ContactCsvMapping;
      readonly onDuplicate: DuplicatePolicy;
      readonly error: string | null;
    }
  | { readonly step: 'running' | 'done'; readonly file: ChosenContactFile; readonly run: ContactImport };

export type ContactImportEvent =
  | { readonly type: 'file'; readonly file: ChosenContactFile }
  | { readonly type: 'previewed'; readonly preview: ContactImportPreview }
  | { readonly type: 'mapping'; readonly mapping: ContactCsvMapping }
  | { readonly type: 'duplicates'; readonly policy: DuplicatePolicy }
  | { readonly type: 'start' }
  /** The import's state from the start's answer and each poll; running until it is no longer. */
  | { readonly type: 'progress'; readonly run: ContactImport }
  | { readonly type: 'failed'; readonly message: string }
  | { readonly type: 'reset' };

export const CONTACT_IMPORT_START: ContactImportSession = { step: 'choose', error: null };

/** What stops a mapping from being sent: the e-mail column, and a name or first and last name. */
export function contactMappingProblem(mapping: ContactCsvMapping): string | null {
  const fields = mapping.fields;
  if (!fields.email) return CONTACT_IMPORT_MESSAGES.emailMissing;
  if (!fields.name && !fields.first_name && !fields.last_name) return CONTACT_IMPORT_MESSAGES.nameMissing;
  return null;
}

/** The next state; an event that does not fit the current step leaves it as it is. */
export function contactImportStep(
  state: ContactImportSession,
  event: ContactImportEvent,
): ContactImportSession {
  switch (event.type) {
    case 'reset':
      return CONTACT_IMPORT_START;
    case 'file': {
      if (state.step === 'reading' || state.step === 'starting' || state.step === 'running') return state;
      if (event.file.content.size === 0) return { step: 'choose', error: CONTACT_IMPORT_MESSAGES.emptyFile };
      if (event.file.content.size > CONTACT_IMPORT_BYTES_MAX)
        return { step: 'choose', error: CONTACT_IMPORT_MESSAGES.tooLarge };
      return { step: 'reading', file: event.file };
    }
    case 'previewed':
      return state.step === 'reading'
        ? {
            step: 'mapping',
            file: state.file,
            preview: event.preview,
            mapping: { ...event.preview.mapping, delimiter: event.preview.delimiter },
            onDuplicate: 'update',
            error: null,
          }
        : state;
    case 'mapping':
      return state.step === 'mapping' ? { ...state, mapping: event.mapping, error: null } : state;
    case 'duplicates':
      return state.step === 'mapping' ? { ...state, onDuplicate: event.policy } : state;
    case 'start': {
      if (state.step !== 'mapping') return state;
      const problem = contactMappingProblem(state.mapping);
      return problem === null ? { ...state, step: 'starting', error: null } : { ...state, error: problem };
    }
    case 'progress':
      if (state.step !== 'starting' && state.step !== 'running') return state;
      return { step: event.run.state === 'running' ? 'running' : 'done', file: state.file, run: event.run };
    case 'failed':
      if (state.step === 'reading') return { step: 'choose', error: event.message };
      if (state.step === 'starting') return { ...state, step: 'mapping', error: event.message };
      // A poll that failed: the import runs on at the server; the report shows what is known.
      if (state.step === 'running')
        return { ...state, step: 'done', run: { ...state.run, error: event.message } };
      return state;
  }
}

/** Whether the file input and the choices are open (nothing is on its way to the server). */
export const isContactImportBusy = (state: ContactImportSession): boolean =>
  state.step === 'reading' || state.step === 'starting' || state.step === 'running';

/** The progress bar's numbers and its text: '120 van 200 rijen verwerkt'. */
export function contactImportProgress(run: ContactImport): {
  readonly value: number;
  readonly max: number;
  readonly text: string;
} {
  const max = Math.max(1, run.rows);
  const value = Math.min(run.processed, max);
  return { value, max, text: `${formatCount(run.processed)} van ${formatCount(run.rows)} rijen verwerkt` };
}

const rowsText = (count: number): string => (count === 1 ? '1 rij' : `${formatCount(count)} rijen`);

/** The report's headline and its lines, in Dutch. */
export function contactImportReport(run: ContactImport): {
  readonly headline: string;
  readonly lines: readonly string[];
} {
  const headline =
    run.state === 'failed'
      ? `De import van ${run.file_name} is mislukt.`
      : run.state === 'running'
        ? `De import van ${run.file_name} loopt nog.`
        : `De import van ${run.file_name} is klaar.`;
  const lines = [
    `${formatCount(run.created)} ${run.created === 1 ? 'contact' : 'contacten'} toegevoegd.`,
    `${formatCount(run.updated)} ${run.updated === 1 ? 'contact' : 'contacten'} bijgewerkt.`,
    `${rowsText(run.skipped)} overgeslagen (het e-mailadres was al een contact).`,
    `${rowsText(run.refused)} geweigerd.`,
  ];
  if (run.refused > run.refusals.length)
    lines.push(`Hieronder staan de eerste ${formatCount(run.refusals.length)} geweigerde rijen.`);
  if (run.error !== null) lines.push(run.error);
  return { headline, lines };
}

/** Dutch names of the fields a column can be mapped to, in the mapping screen's order. */
export const CONTACT_IMPORT_FIELD_LABELS: Readonly<Record<ContactImportField, string>> = {
  email: 'E-mailadres',
  name: 'Naam (volledig)',
  first_name: 'Voornaam',
  last_name: 'Achternaam',
  phone: 'Telefoon',
  company: 'Organisatie',
  street: 'Straat',
  house_number: 'Huisnummer',
  postcode: 'Postcode',
  city: 'Plaats',
  language: 'Taal',
  tags: 'Tags (gescheiden door komma of puntkomma)',
};

export const DELIMITER_LABELS: Readonly<Record<ContactImportPreview['delimiter'], string>> = {
  ';': 'puntkomma (;)',
  ',': 'komma (,)',
  '\t': 'tab',
  '|': 'verticale streep (|)',
};

export const ENCODING_LABELS: Readonly<Record<ContactImportPreview['encoding'], string>> = {
  'utf-8': 'UTF-8',
  'windows-1252': 'Windows-1252 (Excel)',
  'utf-16le': 'UTF-16',
  'utf-16be': 'UTF-16 (big-endian)',
};

/** A mapping with one field's column set ('' unmaps it). */
export function withMappedField(
  mapping: ContactCsvMapping,
  field: ContactImportField,
  column: string,
): ContactCsvMapping {
  const fields: Partial<Record<ContactImportField, string>> = { ...mapping.fields };
  if (column === '') delete fields[field];
  else fields[field] = column;
  return { ...mapping, fields };
}

/**
 * The first rows as the chosen mapping reads them (name, e-mail, organisation, place), so a wrong
 * column shows before the import starts. Columns are named by header (case and spaces do not matter)
 * or by number from 1 without a header row, as the server reads them.
 */
export function mappedSample(
  preview: ContactImportPreview,
  mapping: ContactCsvMapping,
): readonly {
  readonly name: string;
  readonly email: string;
  readonly company: string;
  readonly city: string;
}[] {
  const hasHeader = mapping.has_header !== false;
  const headers = preview.headers.map((header) => header.trim().toLowerCase());
  const indexOf = (column: string | undefined): number => {
    if (column === undefined || column === '') return -1;
    if (!hasHeader) return /^\d+$/.test(column) ? Number(column) - 1 : -1;
    return headers.indexOf(column.trim().toLowerCase());
  };
  const rows = hasHeader ? preview.sample : [preview.headers, ...preview.sample];
  const cell = (row: readonly string[], field: ContactImportField) => {
    const index = indexOf(mapping.fields[field]);
    return index < 0 ? '' : (row[index] ?? '').trim();
  };
  return rows.slice(0, 5).map((row) => ({
    name: cell(row, 'name') || [cell(row, 'first_name'), cell(row, 'last_name')].filter(Boolean).join(' '),
    email: cell(row, 'email'),
    company: cell(row, 'company'),
    city: cell(row, 'city'),
  }));
}

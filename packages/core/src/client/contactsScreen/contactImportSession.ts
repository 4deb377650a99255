import type {
  ContactCsvMapping,
  ContactImport,
  ContactImportDuplicate,
  ContactImportDuplicates,
  ContactImportField,
  ContactImportPreview,
  DuplicatePolicy,
  FileDuplicateChoice,
} from '../../domain/contract';
import { formatCount } from '../../domain/format';
import type { FileContent } from '../../domain/shared';

/**
 * The CSV import of contacts as a state machine: choose a file → the server reads it in a dry run
 * (separator, encoding, headers, the first rows and a suggested mapping) → the person checks the
 * column mapping and chooses what happens to addresses that are already contacts and, when an address
 * is on more than one row of the file, which of those rows counts (the dry run lists them with their
 * lines, found again whenever another e-mail column is chosen) → the import runs at the server,
 * followed with its progress (rows handled of all rows) → the report (created, updated, skipped,
 * repeated in the file, refused with each refused line's number and reason). The screen keeps this state
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
  checking:
    'Het bestand wordt nog nagekeken op e-mailadressen die op meer dan één regel staan. Een ogenblik.',
  chooseRow: 'Kies welke regel telt bij een e-mailadres dat op meer dan één regel staat.',
} as const;

/** The choice which row of a repeated address counts, as the screen offers it. */
export const FILE_DUPLICATE_LABELS: Readonly<Record<FileDuplicateChoice, string>> = {
  first: 'Eerste regel telt',
  last: 'Laatste regel telt',
};

export type ContactImportSession =
  | { readonly step: 'choose'; readonly error: string | null }
  | { readonly step: 'reading'; readonly file: ChosenContactFile }
  | {
      readonly step: 'mapping' | 'starting';
      readonly file: ChosenContactFile;
      readonly preview: ContactImportPreview;
      readonly mapping: ContactCsvMapping;
      readonly onDuplicate: DuplicatePolicy;
      /** The addresses on more than one row, found with the mapping `duplicatesFor` names. */
      readonly duplicates: ContactImportDuplicates | null;
      /** `duplicatesKey` of the mapping they were looked for with; null: not looked for yet. */
      readonly duplicatesFor: string | null;
      /** Which row of a repeated address counts; null until chosen (no default: the person decides). */
      readonly fileDuplicates: FileDuplicateChoice | null;
      readonly error: string | null;
    }
  | { readonly step: 'running' | 'done'; readonly file: ChosenContactFile; readonly run: ContactImport };

export type ContactImportEvent =
  | { readonly type: 'file'; readonly file: ChosenContactFile }
  | { readonly type: 'previewed'; readonly preview: ContactImportPreview }
  | { readonly type: 'mapping'; readonly mapping: ContactCsvMapping }
  | { readonly type: 'duplicates'; readonly policy: DuplicatePolicy }
  | { readonly type: 'fileDuplicates'; readonly choice: FileDuplicateChoice }
  /** A dry run with the mapping `for` names answered its repeated addresses (or failed: `failed`). */
  | {
      readonly type: 'duplicatesFound';
      readonly for: string;
      readonly duplicates: ContactImportDuplicates | null;
      readonly failed?: string;
    }
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

/**
 * What the repeated addresses of a file depend on in a mapping: the e-mail column and whether the
 * first line holds headers (then it is no row). Another key means they must be looked for again.
 */
export const duplicatesKey = (mapping: ContactCsvMapping): string =>
  `${mapping.has_header === false ? 'rows' : 'headers'}:${mapping.fields.email ?? ''}`;

/**
 * The key of the mapping whose repeated addresses the screen must ask the server for now (a dry
 * run with that mapping), or null: known already, or the mapping is not complete yet.
 */
export function duplicatesToFind(state: ContactImportSession): string | null {
  if (state.step !== 'mapping' || contactMappingProblem(state.mapping) !== null) return null;
  const key = duplicatesKey(state.mapping);
  return state.duplicatesFor === key ? null : key;
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
    case 'previewed': {
      if (state.step !== 'reading') return state;
      const mapping = { ...event.preview.mapping, delimiter: event.preview.delimiter };
      return {
        step: 'mapping',
        file: state.file,
        preview: event.preview,
        mapping,
        onDuplicate: 'update',
        duplicates: event.preview.duplicates,
        duplicatesFor: event.preview.duplicates === null ? null : duplicatesKey(mapping),
        fileDuplicates: null,
        error: null,
      };
    }
    case 'mapping':
      return state.step === 'mapping' ? { ...state, mapping: event.mapping, error: null } : state;
    case 'duplicates':
      return state.step === 'mapping' ? { ...state, onDuplicate: event.policy } : state;
    case 'fileDuplicates':
      return state.step === 'mapping' ? { ...state, fileDuplicates: event.choice, error: null } : state;
    case 'duplicatesFound':
      // An answer for a mapping that has changed since is of no use.
      if (state.step !== 'mapping' || duplicatesKey(state.mapping) !== event.for) return state;
      return {
        ...state,
        duplicates: event.duplicates,
        duplicatesFor: event.for,
        error: event.failed ?? null,
      };
    case 'start': {
      if (state.step !== 'mapping') return state;
      const problem =
        contactMappingProblem(state.mapping) ??
        (state.duplicatesFor !== duplicatesKey(state.mapping)
          ? CONTACT_IMPORT_MESSAGES.checking
          : (state.duplicates?.addresses ?? 0) > 0 && state.fileDuplicates === null
            ? CONTACT_IMPORT_MESSAGES.chooseRow
            : null);
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
  ];
  if (run.duplicates > 0)
    lines.push(
      `${rowsText(run.duplicates)} overgeslagen: het e-mailadres stond ook op een andere regel van het bestand (de ${run.file_duplicates === 'last' ? 'laatste' : 'eerste'} regel telde).`,
    );
  lines.push(`${rowsText(run.refused)} geweigerd.`);
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

/** Line numbers in Dutch: '4', '4 en 17', '4, 17 en 230'. */
const lineList = (lines: readonly number[]): string =>
  lines.length <= 1
    ? lines.map(formatCount).join('')
    : `${lines.slice(0, -1).map(formatCount).join(', ')} en ${formatCount(lines.at(-1) ?? 0)}`;

/**
 * One repeated address with its lines: 'jan@example.nl staat op regel 4, 17 en 230'; with more
 * lines than the dry run lists, 'jan@example.nl staat op 25 regels, de eerste zijn 4, 17, … en 41'.
 */
export function duplicateLinesText(duplicate: ContactImportDuplicate): string {
  if (duplicate.count <= duplicate.lines.length)
    return `${duplicate.email} staat op regel ${lineList(duplicate.lines)}`;
  return `${duplicate.email} staat op ${formatCount(duplicate.count)} regels, de eerste zijn ${lineList(duplicate.lines)}`;
}

/** What the list of repeated addresses says above it, or null when the file has none. */
export function duplicatesIntro(duplicates: ContactImportDuplicates | null): string | null {
  if (duplicates === null || duplicates.addresses === 0) return null;
  const addresses =
    duplicates.addresses === 1
      ? 'Eén e-mailadres staat'
      : `${formatCount(duplicates.addresses)} e-mailadressen staan`;
  const shown =
    duplicates.items.length < duplicates.addresses ? ` Hieronder de eerste ${duplicates.items.length}.` : '';
  const others =
    duplicates.rows === 1
      ? 'de andere regel wordt'
      : `de andere ${formatCount(duplicates.rows)} regels worden`;
  return `${addresses} op meer dan één regel van het bestand. Per adres telt één regel; ${others} overgeslagen.${shown}`;
}

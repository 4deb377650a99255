// Contacts of the current organisation (X-Organization-Id): the people a survey is sent to, their
// saved filters (segments) and CSV imports. Every id of another organisation answers 404.

/**
 * Languages a contact can be written to in; 'nl' unless the contact says otherwise (R-CONT-6). The
 * database's `contacts_language_check` lists the same codes (server schema and migration 0031).
 */
export const CONTACT_LANGUAGES = ['nl', 'en', 'de', 'fr', 'pl', 'tr', 'ar', 'uk'] as const;
export type ContactLanguage = (typeof CONTACT_LANGUAGES)[number];

/**
 * The Dutch name of each contact language: the one list the contact form's select, the CSV import
 * and the survey logic's sentences name languages by.
 */
export const CONTACT_LANGUAGE_NAMES: Readonly<Record<ContactLanguage, string>> = {
  nl: 'Nederlands',
  en: 'Engels',
  de: 'Duits',
  fr: 'Frans',
  pl: 'Pools',
  tr: 'Turks',
  ar: 'Arabisch',
  uk: 'Oekraïens',
};

/** Where a contact's position on the map came from: the geocoder, or a person dragging the marker. */
export const POSITION_SOURCES = ['geocoder', 'manual'] as const;
export type PositionSource = (typeof POSITION_SOURCES)[number];

/** A contact's place on the map (WGS84 degrees). */
export interface ContactPosition {
  readonly lat: number;
  readonly lng: number;
  readonly source: PositionSource;
}

/** One contact as every contacts route answers it. Optional text fields are null when unknown. */
export interface Contact {
  readonly id: number;
  readonly name: string;
  /** Unique within the organisation, compared case-insensitively; stored as typed (trimmed). */
  readonly email: string;
  readonly phone: string | null;
  /** The organisation the contact works for (shown as 'Organisatie'). */
  readonly company: string | null;
  readonly street: string | null;
  readonly house_number: string | null;
  /** Dutch postcodes normalised to '1234 AB'; other countries' as typed. */
  readonly postcode: string | null;
  readonly city: string | null;
  readonly language: ContactLanguage;
  /** Free attributes, key → value (for example 'afdeling' → 'Inkoop'); keys are lower case. */
  readonly attributes: Readonly<Record<string, string>>;
  /** Sorted, unique, lower case. */
  readonly tags: readonly string[];
  /** Null: not placed on the map (yet). */
  readonly position: ContactPosition | null;
  /** When the contact unsubscribed from this organisation's invitations; null when subscribed. */
  readonly unsubscribed_at: string | null;
  readonly created_at: string;
  readonly updated_at: string;
}

/** POST /contacts, PUT-like PATCH /contacts/:id (every field omitted in a PATCH stays as it is). */
export interface ContactInput {
  readonly name: string;
  readonly email: string;
  readonly phone?: string | null;
  readonly company?: string | null;
  readonly street?: string | null;
  readonly house_number?: string | null;
  readonly postcode?: string | null;
  readonly city?: string | null;
  readonly language?: ContactLanguage;
  readonly attributes?: Readonly<Record<string, string>>;
  readonly tags?: readonly string[];
}
export type ContactPatch = Partial<ContactInput>;

/**
 * Which contacts a list, segment, export or bulk action is about. Every part given must hold (AND):
 * `q` searches name, e-mail, organisation and place (case- and accent-insensitive, parts of words);
 * every tag in `tags` must be on the contact; every attribute in `attributes` must have that value
 * (case-insensitive); `subscribed` false keeps only unsubscribed contacts, true only subscribed ones.
 */
export interface ContactFilter {
  readonly q?: string;
  readonly tags?: readonly string[];
  readonly attributes?: Readonly<Record<string, string>>;
  readonly subscribed?: boolean;
  /** true: only contacts on the map; false: only those not placed. */
  readonly placed?: boolean;
}

export const CONTACT_SORTS = ['name', 'email', 'company', 'city', 'created_at', 'updated_at'] as const;
export type ContactSort = (typeof CONTACT_SORTS)[number];

/**
 * GET /contacts query string: `q`, `tag` (repeated), `attr` (repeated, 'key:value'), `subscribed`
 * ('true'/'false'), `placed`, `segment_id` (the segment's filter, combined with the rest), `sort`
 * (default 'name'), `order` ('asc' default, 'desc'), `page` (from 1) and `page_size` (default 50,
 * at most 200). The answer is a `Page<Contact>` with the total of the whole filter.
 */
export interface ContactListQuery extends ContactFilter {
  readonly segment_id?: number;
  readonly sort?: ContactSort;
  readonly order?: 'asc' | 'desc';
  readonly page?: number;
  readonly page_size?: number;
}

/** GET /contacts/facets: what the filter pickers offer (tags and attribute keys in use, with counts). */
export interface ContactFacets {
  readonly tags: readonly { readonly tag: string; readonly count: number }[];
  readonly attribute_keys: readonly { readonly key: string; readonly count: number }[];
  readonly total: number;
}

/** A saved filter: GET/POST /contacts/segments, PATCH/DELETE /contacts/segments/:id. */
export interface ContactSegment {
  readonly id: number;
  /** Unique within the organisation (case-insensitive). */
  readonly name: string;
  readonly filter: ContactFilter;
  /** Contacts the filter matches now. */
  readonly contact_count: number;
  readonly created_at: string;
  readonly updated_at: string;
}

export interface ContactSegmentInput {
  readonly name: string;
  readonly filter: ContactFilter;
}

/** Which contacts a bulk action or export is about: chosen ids, or everything a filter matches. */
export type ContactSelection =
  | { readonly ids: readonly number[] }
  | { readonly filter: ContactFilter }
  | { readonly segment_id: number };

/** POST /contacts/bulk: add or remove tags, or delete (the AVG erase of each contact). */
export type ContactBulkRequest =
  | {
      readonly action: 'add_tags' | 'remove_tags';
      readonly tags: readonly string[];
      readonly selection: ContactSelection;
    }
  | { readonly action: 'delete'; readonly selection: ContactSelection };

export interface ContactBulkResult {
  /** Contacts changed or deleted. */
  readonly affected: number;
}

/** The contact fields a CSV column can be mapped to. */
export const CONTACT_IMPORT_FIELDS = [
  'name',
  'first_name',
  'last_name',
  'email',
  'phone',
  'company',
  'street',
  'house_number',
  'postcode',
  'city',
  'language',
  'tags',
] as const;
export type ContactImportField = (typeof CONTACT_IMPORT_FIELDS)[number];

/** What to do with a row whose e-mail address is already a contact. */
export const DUPLICATE_POLICIES = ['update', 'skip'] as const;
export type DuplicatePolicy = (typeof DUPLICATE_POLICIES)[number];

/**
 * Which row counts when one e-mail address is on several rows of the file: the first or the last
 * (the others are skipped and counted apart). A file with such addresses is imported only once
 * the person has chosen.
 */
export const FILE_DUPLICATE_CHOICES = ['first', 'last'] as const;
export type FileDuplicateChoice = (typeof FILE_DUPLICATE_CHOICES)[number];

/** One e-mail address on more than one row of the file. */
export interface ContactImportDuplicate {
  /** As written on its first row. */
  readonly email: string;
  /** How many rows have it. */
  readonly count: number;
  /** The first ten of those rows' line numbers (1 is the file's first line). */
  readonly lines: readonly number[];
}

/** The addresses on more than one row of a file, as the dry run found them with its mapping. */
export interface ContactImportDuplicates {
  /** Addresses on more than one row. */
  readonly addresses: number;
  /** Rows that will be skipped (all rows of those addresses but the one that counts). */
  readonly rows: number;
  /** The first 50 of those addresses, in the order of their first row. */
  readonly items: readonly ContactImportDuplicate[];
}

/**
 * The column mapping of a contacts CSV. Columns are named by header (case and surrounding spaces do
 * not matter) or, without a header row, by number from 1. Unmapped columns are ignored unless listed
 * in `attributes` (column → attribute key). `tags` is one column of tags separated by ',' or ';'.
 */
export interface ContactCsvMapping {
  /** Omitted: detected from the first line. */
  readonly delimiter?: ';' | ',' | '\t' | '|';
  /** Default true. */
  readonly has_header?: boolean;
  readonly fields: Readonly<Partial<Record<ContactImportField, string>>>;
  readonly attributes?: Readonly<Record<string, string>>;
  /** Tags put on every imported contact (besides the file's own). */
  readonly add_tags?: readonly string[];
}

/**
 * POST /contacts/imports (multipart: `file`, `mapping` JSON, `on_duplicate`, `file_duplicates`,
 * `dry_run`). A dry run reads the file and answers 200 with a `ContactImportPreview` (headers, the
 * suggested mapping, the first rows, the addresses on more than one row); otherwise 202 with the
 * `ContactImport`, which runs on and is followed with GET /contacts/imports/:id until it is no
 * longer 'running'. A file with an address on more than one row needs `file_duplicates` (400 without).
 */
export interface ContactImportPreview {
  readonly file_name: string;
  readonly encoding: 'utf-8' | 'windows-1252' | 'utf-16le' | 'utf-16be';
  readonly delimiter: ';' | ',' | '\t' | '|';
  readonly headers: readonly string[];
  /** The mapping recognised from the headers (Dutch and English names). */
  readonly mapping: ContactCsvMapping;
  /** The first rows as cells, for the mapping screen. */
  readonly sample: readonly (readonly string[])[];
  /** Data rows in the file. */
  readonly rows: number;
  /** Addresses on more than one row, read with `mapping`; null while it names no e-mail column. */
  readonly duplicates: ContactImportDuplicates | null;
}

export const CONTACT_IMPORT_STATES = ['running', 'done', 'failed'] as const;
export type ContactImportState = (typeof CONTACT_IMPORT_STATES)[number];

export interface ContactImport {
  readonly id: number;
  readonly file_name: string;
  readonly state: ContactImportState;
  readonly on_duplicate: DuplicatePolicy;
  /** Which row of an address on several rows counted; null when the file had none. */
  readonly file_duplicates: FileDuplicateChoice | null;
  /** Data rows in the file, and how many are handled so far (the progress bar). */
  readonly rows: number;
  readonly processed: number;
  readonly created: number;
  /** Contacts that existed before the import and were updated ('update'). */
  readonly updated: number;
  /** Rows whose address was already a contact before the import, with `on_duplicate` 'skip'. */
  readonly skipped: number;
  /** Rows skipped because another row of the file with the same address counted (`file_duplicates`). */
  readonly duplicates: number;
  readonly refused: number;
  /** The first 200 refused rows, in file order, each with its line number and a Dutch reason. */
  readonly refusals: readonly { readonly line: number; readonly reason: string }[];
  /** When state is 'failed': why, in Dutch. */
  readonly error: string | null;
  readonly created_at: string;
  readonly finished_at: string | null;
}

/**
 * GET /contacts/export takes the list's query (filter, `segment_id`, `sort`, `order`; no paging) and
 * answers `text/csv; charset=utf-8` with a BOM and ';' separators, as Dutch Excel opens it, named
 * 'contacten-<segment or "selectie">-<date>.csv'. Cells that would start a formula are neutralised.
 */
export type ContactExportQuery = Omit<ContactListQuery, 'page' | 'page_size'>;

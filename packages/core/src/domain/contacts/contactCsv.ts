import {
  CONTACT_IMPORT_FIELDS,
  CONTACT_LANGUAGE_NAMES,
  CONTACT_LANGUAGES,
  type ContactCsvMapping,
  type ContactImportField,
  type ContactLanguage,
  CSV_DELIMITERS,
  type CsvDelimiter,
} from '../contract';
import type { FieldErrors } from '../shared';
import {
  alternatives,
  CONTACT_LIMITS,
  type ContactValues,
  checkContact,
  isAttributeKey,
  normaliseAttributeKey,
  normaliseTags,
  tagsProblem,
} from './contactRules';

/**
 * Contacts from a CSV file: which column holds what (recognised from Dutch and English headers, or
 * given by the person importing), and one row of cells read into a contact or refused with a
 * Dutch reason.
 */

/** 'Nederlands, Engels, … of Oekraïens': the Dutch names of the contact languages. */
const LANGUAGE_CHOICES = alternatives(CONTACT_LANGUAGES.map((code) => CONTACT_LANGUAGE_NAMES[code]));

export const CONTACT_CSV_MESSAGES = {
  notAnObject:
    'De kolomindeling moet een object zijn, bijvoorbeeld {"fields": {"email": "E-mail", "name": "Naam"}}.',
  fields: 'Geef in "fields" per contactveld de kolom, bijvoorbeeld {"email": "E-mail"}.',
  unknownField: (field: string) =>
    `Onbekend contactveld '${field}'. Kies uit ${CONTACT_IMPORT_FIELDS.join(', ')}.`,
  column: 'Noem een kolom met de kop of het nummer (vanaf 1), hoogstens 100 tekens.',
  emailMissing: 'Kies de kolom met het e-mailadres.',
  nameMissing: 'Kies de kolom met de naam, of die met de voornaam en de achternaam.',
  delimiter: 'Kies als scheidingsteken ; , | of een tab.',
  hasHeader: 'Geef met true of false aan of de eerste regel kolomkoppen bevat.',
  attributes:
    'Geef in "attributes" per kolom de naam van het kenmerk, bijvoorbeeld {"Afdeling": "afdeling"}.',
  attributeKey: `De naam van een kenmerk is 1 tot ${CONTACT_LIMITS.attributeKey} tekens: letters, cijfers, spatie, '-', '_' of '.'.`,
  addTags: 'Geef in "add_tags" een lijst met tags.',
  unknownColumn: (name: string, headers: readonly string[]) =>
    `De kolom '${name}' staat niet in het bestand. Gevonden: ${headers.map((header) => `'${header}'`).join(', ') || 'geen kolommen'}.`,
  noColumnNumber: (name: string, count: number) =>
    `Kolom ${name} bestaat niet: de eerste regel heeft ${count} kolommen.`,
  noEmail: 'Geen e-mailadres.',
  badEmail: (email: string) => `'${email}' is geen geldig e-mailadres.`,
  noName: 'Geen naam.',
  language: (value: string) => `Onbekende taal '${value}' (verwacht ${LANGUAGE_CHOICES}).`,
  field: (label: string, message: string) => `${label}: ${message}`,
} as const;

/** The Dutch column names in refusals. */
const FIELD_LABELS: Readonly<Record<string, string>> = {
  name: 'Naam',
  email: 'E-mailadres',
  phone: 'Telefoon',
  company: 'Organisatie',
  street: 'Straat',
  house_number: 'Huisnummer',
  postcode: 'Postcode',
  city: 'Plaats',
  language: 'Taal',
  tags: 'Tags',
  attributes: 'Kenmerken',
};

export type CheckedContactMapping =
  | { readonly ok: true; readonly value: ContactCsvMapping }
  | { readonly ok: false; readonly fields: FieldErrors };

const isColumn = (value: unknown): value is string =>
  typeof value === 'string' && value.trim() !== '' && value.length <= 100;

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** Checks a mapping as it arrives from a client (parsed JSON): messages under `mapping.*`. */
export function checkContactMapping(raw: unknown): CheckedContactMapping {
  if (!isObject(raw)) return { ok: false, fields: { mapping: CONTACT_CSV_MESSAGES.notAnObject } };
  const errors: Record<string, string> = {};
  const fields: Partial<Record<ContactImportField, string>> = {};
  if (!isObject(raw.fields)) {
    errors['mapping.fields'] = CONTACT_CSV_MESSAGES.fields;
  } else {
    for (const [key, value] of Object.entries(raw.fields)) {
      if (!(CONTACT_IMPORT_FIELDS as readonly string[]).includes(key)) {
        errors[`mapping.fields.${key}`] = CONTACT_CSV_MESSAGES.unknownField(key);
        continue;
      }
      if (value === undefined || value === null || value === '') continue;
      if (isColumn(value)) fields[key as ContactImportField] = value.trim();
      else errors[`mapping.fields.${key}`] = CONTACT_CSV_MESSAGES.column;
    }
    if (fields.email === undefined && errors['mapping.fields.email'] === undefined)
      errors['mapping.fields.email'] = CONTACT_CSV_MESSAGES.emailMissing;
    if (fields.name === undefined && fields.first_name === undefined && fields.last_name === undefined)
      errors['mapping.fields.name'] = CONTACT_CSV_MESSAGES.nameMissing;
  }
  const attributes: Record<string, string> = {};
  if (raw.attributes !== undefined && raw.attributes !== null) {
    if (!isObject(raw.attributes)) errors['mapping.attributes'] = CONTACT_CSV_MESSAGES.attributes;
    else
      for (const [column, key] of Object.entries(raw.attributes)) {
        const normalised = typeof key === 'string' ? normaliseAttributeKey(key) : '';
        if (!isColumn(column)) errors['mapping.attributes'] = CONTACT_CSV_MESSAGES.column;
        else if (!isAttributeKey(normalised))
          errors['mapping.attributes'] = CONTACT_CSV_MESSAGES.attributeKey;
        else attributes[column.trim()] = normalised;
      }
  }
  let addTags: string[] = [];
  if (raw.add_tags !== undefined && raw.add_tags !== null) {
    if (!Array.isArray(raw.add_tags) || raw.add_tags.some((tag) => typeof tag !== 'string')) {
      errors['mapping.add_tags'] = CONTACT_CSV_MESSAGES.addTags;
    } else {
      addTags = normaliseTags(raw.add_tags as string[]);
      const problem = tagsProblem(addTags);
      if (problem !== null) errors['mapping.add_tags'] = problem;
    }
  }
  const delimiter = raw.delimiter;
  if (
    delimiter !== undefined &&
    delimiter !== null &&
    !(CSV_DELIMITERS as readonly unknown[]).includes(delimiter)
  )
    errors['mapping.delimiter'] = CONTACT_CSV_MESSAGES.delimiter;
  const hasHeader = raw.has_header;
  if (hasHeader !== undefined && hasHeader !== null && typeof hasHeader !== 'boolean')
    errors['mapping.has_header'] = CONTACT_CSV_MESSAGES.hasHeader;
  if (Object.keys(errors).length > 0) return { ok: false, fields: errors };
  return {
    ok: true,
    value: {
      ...(typeof delimiter === 'string' ? { delimiter: delimiter as CsvDelimiter } : {}),
      has_header: hasHeader !== false,
      fields,
      ...(Object.keys(attributes).length > 0 ? { attributes } : {}),
      ...(addTags.length > 0 ? { add_tags: addTags } : {}),
    },
  };
}

const headerKey = (text: string): string =>
  text
    .replace(/^\uFEFF/, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();

/** Header names per field, Dutch and English, compared after `headerKey`. */
const KNOWN_HEADERS: Readonly<Record<ContactImportField, readonly string[]>> = {
  name: ['naam', 'volledige naam', 'name', 'full name', 'contactpersoon', 'contact'],
  first_name: ['voornaam', 'roepnaam', 'first name', 'firstname', 'given name'],
  last_name: ['achternaam', 'familienaam', 'last name', 'lastname', 'surname', 'family name'],
  email: [
    'e-mail',
    'e-mailadres',
    'email',
    'emailadres',
    'e-mail adres',
    'email address',
    'e-mail address',
    'mail',
  ],
  phone: [
    'telefoon',
    'telefoonnummer',
    'tel',
    'tel.',
    'mobiel',
    'mobiele telefoon',
    'phone',
    'phone number',
    'mobile',
  ],
  company: ['organisatie', 'bedrijf', 'bedrijfsnaam', 'company', 'organization', 'organisation', 'firma'],
  street: ['straat', 'straatnaam', 'adres', 'street', 'address'],
  house_number: ['huisnummer', 'huisnr', 'huisnr.', 'nummer', 'house number', 'number'],
  postcode: ['postcode', 'zip', 'zipcode', 'zip code', 'postal code', 'postalcode'],
  city: ['plaats', 'woonplaats', 'stad', 'vestigingsplaats', 'city', 'town'],
  language: ['taal', 'voorkeurstaal', 'language'],
  tags: ['tags', 'labels', 'tag', 'label', 'groepen'],
};

/**
 * The mapping recognised from a header row: every field whose column has a known Dutch or English
 * name; every other named column becomes an attribute of the same name (the person importing
 * removes what they do not want). Fields without a recognised column are left out.
 */
export function suggestContactMapping(headerRow: readonly string[]): ContactCsvMapping {
  const headers = headerRow.map(headerKey);
  const fields: Partial<Record<ContactImportField, string>> = {};
  const used = new Set<number>();
  for (const field of CONTACT_IMPORT_FIELDS) {
    for (const name of KNOWN_HEADERS[field]) {
      const index = headers.findIndex((header, i) => header === name && !used.has(i));
      if (index >= 0) {
        fields[field] = headerRow[index]?.trim() ?? name;
        used.add(index);
        break;
      }
    }
  }
  const attributes: Record<string, string> = {};
  headerRow.forEach((header, index) => {
    const key = normaliseAttributeKey(header.replace(/^\uFEFF/, ''));
    if (!used.has(index) && key !== '' && isAttributeKey(key) && header.trim().length <= 100)
      attributes[header.trim()] = key;
  });
  return {
    has_header: true,
    fields,
    ...(Object.keys(attributes).length > 0 ? { attributes } : {}),
  };
}

/** Where each mapped column is in a row. */
export interface ContactColumns {
  readonly fields: Readonly<Partial<Record<ContactImportField, number>>>;
  /** Column index → attribute key. */
  readonly attributes: readonly (readonly [number, string])[];
  readonly addTags: readonly string[];
}

export type ResolvedContactColumns =
  | { readonly ok: true; readonly value: ContactColumns }
  | { readonly ok: false; readonly fields: FieldErrors };

/** Finds the mapped columns in the file's first row, by header (case and spacing ignored) or number. */
export function resolveContactColumns(
  mapping: ContactCsvMapping,
  firstRow: readonly string[],
): ResolvedContactColumns {
  const headers = mapping.has_header === false ? [] : firstRow.map(headerKey);
  const errors: Record<string, string> = {};
  const find = (reference: string, errorKey: string): number | null => {
    const byHeader = headers.indexOf(headerKey(reference));
    if (byHeader >= 0) return byHeader;
    const trimmed = reference.trim();
    if (/^\d{1,3}$/.test(trimmed)) {
      const index = Number(trimmed) - 1;
      if (index >= 0 && index < firstRow.length) return index;
      errors[errorKey] = CONTACT_CSV_MESSAGES.noColumnNumber(trimmed, firstRow.length);
      return null;
    }
    errors[errorKey] = CONTACT_CSV_MESSAGES.unknownColumn(
      reference,
      firstRow.map((cell) => cell.trim()),
    );
    return null;
  };
  const fields: Partial<Record<ContactImportField, number>> = {};
  for (const field of CONTACT_IMPORT_FIELDS) {
    const reference = mapping.fields[field];
    if (reference === undefined) continue;
    const index = find(reference, `mapping.fields.${field}`);
    if (index !== null) fields[field] = index;
  }
  const attributes: [number, string][] = [];
  for (const [column, key] of Object.entries(mapping.attributes ?? {})) {
    const index = find(column, 'mapping.attributes');
    if (index !== null) attributes.push([index, key]);
  }
  if (Object.keys(errors).length > 0) return { ok: false, fields: errors };
  return { ok: true, value: { fields, attributes, addTags: mapping.add_tags ?? [] } };
}

/**
 * Language names people write in a spreadsheet, lower case, to the language codes of the contract:
 * every code and its Dutch name (CONTACT_LANGUAGE_NAMES), and these other ways of writing them.
 */
const OTHER_LANGUAGE_NAMES: Readonly<Record<ContactLanguage, readonly string[]>> = {
  nl: ['dutch', 'vlaams'],
  en: ['english'],
  de: ['deutsch', 'german'],
  fr: ['français', 'francais', 'french'],
  pl: ['polski', 'polish'],
  tr: ['türkçe', 'turkce', 'turkish'],
  ar: ['العربية', 'arabic'],
  uk: ['oekraiens', 'українська', 'ukrainian'],
};

const LANGUAGE_BY_NAME: ReadonlyMap<string, ContactLanguage> = new Map(
  CONTACT_LANGUAGES.flatMap((code) =>
    [code, CONTACT_LANGUAGE_NAMES[code], ...OTHER_LANGUAGE_NAMES[code]].map(
      (name) => [name.toLowerCase(), code] as const,
    ),
  ),
);

export type ReadContactRow =
  | { readonly ok: true; readonly value: ContactValues }
  | { readonly ok: false; readonly refusal: { readonly line: number; readonly reason: string } };

/** One data row of cells as a contact, or refused with its line and a Dutch reason. */
export function readContactRow(
  cells: readonly string[],
  line: number,
  columns: ContactColumns,
): ReadContactRow {
  const cell = (field: ContactImportField): string => {
    const index = columns.fields[field];
    return index === undefined ? '' : (cells[index] ?? '').trim();
  };
  const refuse = (reason: string): ReadContactRow => ({ ok: false, refusal: { line, reason } });
  const email = cell('email');
  if (email === '') return refuse(CONTACT_CSV_MESSAGES.noEmail);
  const name =
    cell('name') || [cell('first_name'), cell('last_name')].filter((part) => part !== '').join(' ');
  if (name === '') return refuse(CONTACT_CSV_MESSAGES.noName);
  const languageCell = cell('language');
  const language =
    languageCell === '' ? 'nl' : LANGUAGE_BY_NAME.get(languageCell.normalize('NFC').toLowerCase());
  if (language === undefined) return refuse(CONTACT_CSV_MESSAGES.language(languageCell));
  const tags = [
    ...cell('tags')
      .split(/[,;]/)
      .filter((tag) => tag.trim() !== ''),
    ...columns.addTags,
  ];
  const attributes: Record<string, string> = {};
  for (const [index, key] of columns.attributes) {
    const value = (cells[index] ?? '').trim();
    if (value !== '') attributes[key] = value;
  }
  const checked = checkContact({
    name,
    email,
    phone: cell('phone'),
    company: cell('company'),
    street: cell('street'),
    house_number: cell('house_number'),
    postcode: cell('postcode'),
    city: cell('city'),
    language,
    tags,
    attributes,
  });
  if (checked.ok) return checked;
  const [field, message] = Object.entries(checked.fields)[0] ?? ['contact', ''];
  if (field === 'email') return refuse(CONTACT_CSV_MESSAGES.badEmail(email));
  const label = FIELD_LABELS[field.split('.')[0] ?? field] ?? field;
  return refuse(CONTACT_CSV_MESSAGES.field(label, message));
}

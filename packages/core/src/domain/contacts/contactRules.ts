import {
  CONTACT_LANGUAGE_NAMES,
  CONTACT_LANGUAGES,
  type ContactInput,
  type ContactLanguage,
  type ContactPatch,
} from '../contract';
import { type FieldErrors, singleLine } from '../shared';

/**
 * The rules of one contact, shared by the server (API and CSV import) and the screens: every text
 * trimmed, the e-mail address checked, Dutch postcodes written '1234 AB', tags lower case, unique
 * and sorted, attribute keys lower case. Each broken rule is a Dutch message under the field's name.
 */

export const CONTACT_LIMITS = {
  name: 200,
  email: 254,
  phone: 40,
  company: 200,
  street: 200,
  house_number: 20,
  postcode: 20,
  city: 100,
  tag: 50,
  tags: 50,
  attributeKey: 50,
  attributeValue: 500,
  attributes: 50,
} as const;

/** 'a', 'a of b', 'a, b of c': alternatives in a Dutch sentence. */
export const alternatives = (parts: readonly string[]): string =>
  parts.length <= 1 ? (parts[0] ?? '') : `${parts.slice(0, -1).join(', ')} of ${parts.at(-1)}`;

/** 'nl (Nederlands), en (Engels), … of uk (Oekraïens)': every language code with its Dutch name. */
const LANGUAGE_CHOICES = alternatives(
  CONTACT_LANGUAGES.map((code) => `${code} (${CONTACT_LANGUAGE_NAMES[code]})`),
);

export const CONTACT_MESSAGES = {
  notAnObject: 'Stuur de contactgegevens als object.',
  nameMissing: 'Vul de naam in.',
  emailMissing: 'Vul het e-mailadres in.',
  emailInvalid: 'Vul een geldig e-mailadres in, zoals naam@voorbeeld.nl.',
  tooLong: (max: number) => `Hoogstens ${max} tekens.`,
  text: 'Vul tekst in of laat het veld leeg.',
  language: `Kies als taal ${LANGUAGE_CHOICES}.`,
  tags: 'Geef de tags als lijst met tekst.',
  tagTooLong: `Een tag is hoogstens ${CONTACT_LIMITS.tag} tekens.`,
  tagCharacters: 'Een tag mag geen komma of puntkomma bevatten.',
  tooManyTags: `Hoogstens ${CONTACT_LIMITS.tags} tags per contact.`,
  attributes: 'Geef de kenmerken als object van naam naar tekst, bijvoorbeeld {"afdeling": "Inkoop"}.',
  attributeKey: `De naam van een kenmerk is 1 tot ${CONTACT_LIMITS.attributeKey} tekens: letters, cijfers, spatie, '-', '_' of '.'.`,
  attributeValue: `De waarde van een kenmerk is tekst van hoogstens ${CONTACT_LIMITS.attributeValue} tekens.`,
  tooManyAttributes: `Hoogstens ${CONTACT_LIMITS.attributes} kenmerken per contact.`,
} as const;

/** A contact's fields as they are stored: trimmed and normalised, empty optional texts null. */
export interface ContactValues {
  readonly name: string;
  readonly email: string;
  readonly phone: string | null;
  readonly company: string | null;
  readonly street: string | null;
  readonly house_number: string | null;
  readonly postcode: string | null;
  readonly city: string | null;
  readonly language: ContactLanguage;
  readonly attributes: Readonly<Record<string, string>>;
  readonly tags: readonly string[];
}

export type CheckedContact =
  | { readonly ok: true; readonly value: ContactValues }
  | { readonly ok: false; readonly fields: FieldErrors };

// Deliberately simple, as for accounts: one @, no spaces, a dot in the domain.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Whether a (trimmed) text is an e-mail address as Loop accepts it. */
export const isContactEmail = (email: string): boolean =>
  email.length <= CONTACT_LIMITS.email && EMAIL_PATTERN.test(email);

/** A Dutch postcode ('1234ab', '1234 AB ') as '1234 AB'; any other postcode trimmed, as typed. */
export function normalisePostcode(postcode: string): string {
  const dutch = /^([1-9][0-9]{3})\s*([a-zA-Z]{2})$/.exec(postcode.trim());
  return dutch === null ? postcode.trim() : `${dutch[1]} ${dutch[2]?.toUpperCase()}`;
}

/** One tag as stored: trimmed, inner spaces collapsed, lower case. */
export const normaliseTag = (tag: string): string => tag.trim().replace(/\s+/g, ' ').toLowerCase();

/** Tags as stored: normalised, empty ones dropped, unique, sorted (by code point, as the database's "C" order). */
export const normaliseTags = (tags: readonly string[]): string[] =>
  [...new Set(tags.map(normaliseTag).filter((tag) => tag !== ''))].sort((a, b) =>
    a < b ? -1 : a > b ? 1 : 0,
  );

/** The problem with a list of normalised tags, or null. */
export function tagsProblem(tags: readonly string[]): string | null {
  if (tags.some((tag) => /[,;]/.test(tag))) return CONTACT_MESSAGES.tagCharacters;
  if (tags.some((tag) => [...tag].length > CONTACT_LIMITS.tag)) return CONTACT_MESSAGES.tagTooLong;
  if (tags.length > CONTACT_LIMITS.tags) return CONTACT_MESSAGES.tooManyTags;
  return null;
}

/** An attribute key as stored: trimmed, inner spaces collapsed, lower case. */
export const normaliseAttributeKey = (key: string): string => key.trim().replace(/\s+/g, ' ').toLowerCase();

const ATTRIBUTE_KEY = /^[\p{L}\p{N}][\p{L}\p{N} _.-]*$/u;

/** Whether a normalised key is a valid attribute name. */
export const isAttributeKey = (key: string): boolean =>
  [...key].length <= CONTACT_LIMITS.attributeKey && ATTRIBUTE_KEY.test(key);

/**
 * Text folded for search: lower case, accents and other marks removed ('José' → 'jose',
 * 'Müller' → 'muller'), a few letters without a decomposition spelled out ('ß' → 'ss'). The one
 * function for both the stored search text and the words searched for, so they always agree.
 */
export function foldForSearch(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .replace(/[øØ]/g, 'o')
    .replace(/æ/g, 'ae')
    .replace(/œ/g, 'oe')
    .replace(/ł/g, 'l')
    .replace(/đ/g, 'd')
    .replace(/\s+/g, ' ')
    .trim();
}

/**
 * The stored search text and sort keys are cut to these lengths: they live in a B-tree index,
 * whose entries may not exceed 2,704 bytes (500 + 100 characters of at most 4 bytes stay under).
 * Real contacts come nowhere near; only the order among names alike in their first 100 letters
 * and searches past the 500th letter are given up.
 */
export const SEARCH_TEXT_MAX = 500;
export const SORT_KEY_MAX = 100;

/** What a contact is found by: name, e-mail address, organisation and place, folded. */
export const contactSearchText = (
  contact: Pick<ContactValues, 'name' | 'email' | 'company' | 'city'>,
): string =>
  foldForSearch([contact.name, contact.email, contact.company ?? '', contact.city ?? ''].join(' ')).slice(
    0,
    SEARCH_TEXT_MAX,
  );

/**
 * What the list sorts by, per sortable field: the text folded as for search ('Émile' sorts with
 * the e's), '' when empty (so contacts without a place come first in ascending order).
 */
export const contactSortKeys = (
  contact: Pick<ContactValues, 'name' | 'email' | 'company' | 'city'>,
): { readonly name: string; readonly email: string; readonly company: string; readonly city: string } => ({
  name: foldForSearch(contact.name).slice(0, SORT_KEY_MAX),
  email: foldForSearch(contact.email).slice(0, SORT_KEY_MAX),
  company: foldForSearch(contact.company ?? '').slice(0, SORT_KEY_MAX),
  city: foldForSearch(contact.city ?? '').slice(0, SORT_KEY_MAX),
});

/** The words of a search, folded; a contact matches when its search text holds every one. */
export const searchTerms = (q: string): string[] =>
  foldForSearch(q)
    .split(' ')
    .filter((term) => term !== '');

const OPTIONAL_TEXTS = ['phone', 'company', 'street', 'house_number', 'postcode', 'city'] as const;

/** Checks a whole contact (a POST body, a PATCH applied to the stored contact, or a CSV row). */
export function checkContact(raw: unknown): CheckedContact {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return { ok: false, fields: { contact: CONTACT_MESSAGES.notAnObject } };
  const input = raw as Record<string, unknown>;
  const fields: Record<string, string> = {};
  const required = (key: 'name' | 'email', missing: string): string => {
    const value = input[key];
    if (typeof value !== 'string' || value.trim() === '') {
      fields[key] = missing;
      return '';
    }
    const text = singleLine(value);
    if (text === '') {
      fields[key] = missing;
      return '';
    }
    if ([...text].length > CONTACT_LIMITS[key]) fields[key] = CONTACT_MESSAGES.tooLong(CONTACT_LIMITS[key]);
    return text;
  };
  const name = required('name', CONTACT_MESSAGES.nameMissing);
  const email = required('email', CONTACT_MESSAGES.emailMissing);
  if (fields.email === undefined && !isContactEmail(email)) fields.email = CONTACT_MESSAGES.emailInvalid;
  const texts: Partial<Record<(typeof OPTIONAL_TEXTS)[number], string | null>> = {};
  for (const key of OPTIONAL_TEXTS) {
    const value = input[key];
    if (value === undefined || value === null) {
      texts[key] = null;
      continue;
    }
    if (typeof value !== 'string') {
      fields[key] = CONTACT_MESSAGES.text;
      continue;
    }
    // Every contact text is one line (R-TEXT-2), the CSV import's rows included (R-TEXT-4).
    const text = key === 'postcode' ? normalisePostcode(singleLine(value)) : singleLine(value);
    if ([...text].length > CONTACT_LIMITS[key]) fields[key] = CONTACT_MESSAGES.tooLong(CONTACT_LIMITS[key]);
    texts[key] = text === '' ? null : text;
  }
  const languageInput = input.language ?? 'nl';
  const language = typeof languageInput === 'string' ? languageInput.trim().toLowerCase() : '';
  if (!(CONTACT_LANGUAGES as readonly string[]).includes(language))
    fields.language = CONTACT_MESSAGES.language;
  let tags: string[] = [];
  const tagsInput = input.tags ?? [];
  if (!Array.isArray(tagsInput) || tagsInput.some((tag) => typeof tag !== 'string')) {
    fields.tags = CONTACT_MESSAGES.tags;
  } else {
    tags = normaliseTags(tagsInput as string[]);
    const problem = tagsProblem(tags);
    if (problem !== null) fields.tags = problem;
  }
  const attributes: Record<string, string> = {};
  const attributesInput = input.attributes ?? {};
  if (typeof attributesInput !== 'object' || attributesInput === null || Array.isArray(attributesInput)) {
    fields.attributes = CONTACT_MESSAGES.attributes;
  } else {
    for (const [rawKey, rawValue] of Object.entries(attributesInput)) {
      const key = normaliseAttributeKey(rawKey);
      if (!isAttributeKey(key)) {
        fields.attributes = CONTACT_MESSAGES.attributeKey;
        break;
      }
      if (typeof rawValue !== 'string' || [...rawValue.trim()].length > CONTACT_LIMITS.attributeValue) {
        fields[`attributes.${key}`] = CONTACT_MESSAGES.attributeValue;
        continue;
      }
      const value = rawValue.trim();
      if (value !== '') attributes[key] = value;
    }
    if (Object.keys(attributes).length > CONTACT_LIMITS.attributes)
      fields.attributes = CONTACT_MESSAGES.tooManyAttributes;
  }
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return {
    ok: true,
    value: {
      name,
      email,
      phone: texts.phone ?? null,
      company: texts.company ?? null,
      street: texts.street ?? null,
      house_number: texts.house_number ?? null,
      postcode: texts.postcode ?? null,
      city: texts.city ?? null,
      language: language as ContactLanguage,
      attributes: Object.fromEntries(Object.entries(attributes).sort(([a], [b]) => (a < b ? -1 : 1))),
      tags,
    },
  };
}

/** A PATCH applied to the stored contact: every field the patch leaves out stays as it is. */
export const patchedContact = (current: ContactValues, patch: ContactPatch): ContactInput => {
  const given = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined));
  return { ...current, ...given } as ContactInput;
};

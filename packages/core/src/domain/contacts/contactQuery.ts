import type { FieldErrors } from '../auth';
import { CONTACT_SORTS, type ContactFilter, type ContactListQuery, type ContactSort } from '../contract';
import {
  CONTACT_LIMITS,
  isAttributeKey,
  normaliseAttributeKey,
  normaliseTag,
  normaliseTags,
} from './contactRules';

/**
 * The filters of the contacts list, a segment, an export and a bulk action: read from a query string
 * (`tag` and `attr` repeated) or from a JSON body, checked, with a Dutch message per parameter.
 */

export const CONTACT_PAGE_SIZE_DEFAULT = 50;
export const CONTACT_PAGE_SIZE_MAX = 200;
const PAGE_MAX = 1_000_000;
const Q_MAX = 200;
const FILTER_TAGS_MAX = 20;
const FILTER_ATTRIBUTES_MAX = 20;

export const CONTACT_QUERY_MESSAGES = {
  q: `Zoek met hoogstens ${Q_MAX} tekens.`,
  tag: `Een tag is 1 tot ${CONTACT_LIMITS.tag} tekens; filter op hoogstens ${FILTER_TAGS_MAX} tags.`,
  attr: `Filter op een kenmerk als 'naam:waarde', bijvoorbeeld 'afdeling:Inkoop' (hoogstens ${FILTER_ATTRIBUTES_MAX}).`,
  flag: (name: string) => `De parameter "${name}" moet true of false zijn.`,
  segment: 'De parameter "segment_id" moet het nummer van een segment zijn.',
  sort: `Sorteer op ${CONTACT_SORTS.join(', ')}.`,
  order: 'Kies als volgorde asc (oplopend) of desc (aflopend).',
  page: 'De parameter "page" moet een geheel getal van 1 of meer zijn.',
  pageSize: `De parameter "page_size" moet een geheel getal van 1 tot en met ${CONTACT_PAGE_SIZE_MAX} zijn.`,
  filter: 'Geef het filter als object met q, tags, attributes, subscribed en placed.',
  tags: 'Geef de tags van het filter als lijst met tekst.',
  attributes: 'Geef de kenmerken van het filter als object van naam naar waarde.',
  boolean: 'Geef true of false.',
} as const;

/** A query string as a server parses it: a repeated parameter arrives as a list. */
export type RawQuery = Readonly<Record<string, string | readonly string[] | undefined>>;

export type CheckedListQuery =
  | {
      readonly ok: true;
      readonly value: Required<Pick<ContactListQuery, 'sort' | 'order' | 'page' | 'page_size'>> &
        ContactListQuery;
    }
  | { readonly ok: false; readonly fields: FieldErrors };

export type CheckedFilter =
  | { readonly ok: true; readonly value: ContactFilter }
  | { readonly ok: false; readonly fields: FieldErrors };

const list = (value: string | readonly string[] | undefined): readonly string[] =>
  value === undefined ? [] : typeof value === 'string' ? [value] : value;
const single = (value: string | readonly string[] | undefined): string | undefined =>
  value === undefined ? undefined : typeof value === 'string' ? value : value.at(-1);

function filterTags(tags: readonly string[]): string[] | null {
  const normalised = normaliseTags(tags);
  if (tags.some((tag) => normaliseTag(tag) === '')) return null;
  if (normalised.length > FILTER_TAGS_MAX || normalised.some((tag) => [...tag].length > CONTACT_LIMITS.tag))
    return null;
  return normalised;
}

/** Attribute filters: keys normalised, values trimmed; null when one is not valid. */
function filterAttributes(entries: readonly (readonly [string, unknown])[]): Record<string, string> | null {
  const attributes: Record<string, string> = {};
  for (const [rawKey, rawValue] of entries) {
    const key = normaliseAttributeKey(rawKey);
    if (!isAttributeKey(key) || typeof rawValue !== 'string') return null;
    const value = rawValue.trim();
    if (value === '' || [...value].length > CONTACT_LIMITS.attributeValue) return null;
    attributes[key] = value;
  }
  return Object.keys(attributes).length > FILTER_ATTRIBUTES_MAX ? null : attributes;
}

const definedOnly = (filter: Record<string, unknown>): ContactFilter =>
  Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined)) as ContactFilter;

/** GET /contacts (and the export): the query string as a ContactListQuery with its defaults. */
export function parseContactListQuery(query: RawQuery): CheckedListQuery {
  const fields: Record<string, string> = {};
  const q = single(query.q)?.trim();
  if (q !== undefined && [...q].length > Q_MAX) fields.q = CONTACT_QUERY_MESSAGES.q;
  const tags = filterTags(list(query.tag));
  if (tags === null) fields.tag = CONTACT_QUERY_MESSAGES.tag;
  const pairs: [string, string][] = [];
  for (const raw of list(query.attr)) {
    const colon = raw.indexOf(':');
    if (colon <= 0) {
      fields.attr = CONTACT_QUERY_MESSAGES.attr;
      break;
    }
    pairs.push([raw.slice(0, colon), raw.slice(colon + 1)]);
  }
  const attributes = fields.attr === undefined ? filterAttributes(pairs) : null;
  if (attributes === null) fields.attr = CONTACT_QUERY_MESSAGES.attr;
  const flag = (name: 'subscribed' | 'placed'): boolean | undefined => {
    const raw = single(query[name])?.trim().toLowerCase();
    if (raw === undefined || raw === '') return undefined;
    if (raw === 'true') return true;
    if (raw === 'false') return false;
    fields[name] = CONTACT_QUERY_MESSAGES.flag(name);
    return undefined;
  };
  const subscribed = flag('subscribed');
  const placed = flag('placed');
  const whole = (name: string, fallback: number | undefined, max: number, message: string) => {
    const raw = single(query[name])?.trim();
    if (raw === undefined || raw === '') return fallback;
    const value = /^\d{1,10}$/.test(raw) ? Number(raw) : Number.NaN;
    if (!(value >= 1 && value <= max)) fields[name] = message;
    return value;
  };
  const segmentId = whole('segment_id', undefined, 2_147_483_647, CONTACT_QUERY_MESSAGES.segment);
  const page = whole('page', 1, PAGE_MAX, CONTACT_QUERY_MESSAGES.page) ?? 1;
  const pageSize =
    whole('page_size', CONTACT_PAGE_SIZE_DEFAULT, CONTACT_PAGE_SIZE_MAX, CONTACT_QUERY_MESSAGES.pageSize) ??
    CONTACT_PAGE_SIZE_DEFAULT;
  const sort = single(query.sort)?.trim() || 'name';
  if (!(CONTACT_SORTS as readonly string[]).includes(sort)) fields.sort = CONTACT_QUERY_MESSAGES.sort;
  const order = single(query.order)?.trim().toLowerCase() || 'asc';
  if (order !== 'asc' && order !== 'desc') fields.order = CONTACT_QUERY_MESSAGES.order;
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return {
    ok: true,
    value: {
      ...definedOnly({
        q: q === '' ? undefined : q,
        tags: tags !== null && tags.length > 0 ? tags : undefined,
        attributes: attributes !== null && Object.keys(attributes).length > 0 ? attributes : undefined,
        subscribed,
        placed,
        segment_id: segmentId,
      }),
      sort: sort as ContactSort,
      order: order as 'asc' | 'desc',
      page,
      page_size: pageSize,
    },
  };
}

/** A filter as JSON (a segment's, a bulk action's), checked; messages under `prefix.*`. */
export function checkContactFilter(raw: unknown, prefix = 'filter'): CheckedFilter {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return { ok: false, fields: { [prefix]: CONTACT_QUERY_MESSAGES.filter } };
  const input = raw as Record<string, unknown>;
  const fields: Record<string, string> = {};
  let q: string | undefined;
  if (input.q !== undefined && input.q !== null) {
    if (typeof input.q !== 'string' || [...input.q.trim()].length > Q_MAX)
      fields[`${prefix}.q`] = CONTACT_QUERY_MESSAGES.q;
    else if (input.q.trim() !== '') q = input.q.trim();
  }
  let tags: string[] | undefined;
  if (input.tags !== undefined && input.tags !== null) {
    const checked =
      Array.isArray(input.tags) && input.tags.every((tag) => typeof tag === 'string')
        ? filterTags(input.tags as string[])
        : null;
    if (checked === null) fields[`${prefix}.tags`] = CONTACT_QUERY_MESSAGES.tag;
    else if (checked.length > 0) tags = checked;
  }
  let attributes: Record<string, string> | undefined;
  if (input.attributes !== undefined && input.attributes !== null) {
    const value = input.attributes;
    const checked =
      typeof value === 'object' && !Array.isArray(value) ? filterAttributes(Object.entries(value)) : null;
    if (checked === null) fields[`${prefix}.attributes`] = CONTACT_QUERY_MESSAGES.attributes;
    else if (Object.keys(checked).length > 0) attributes = checked;
  }
  const flag = (name: 'subscribed' | 'placed'): boolean | undefined => {
    const value = input[name];
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'boolean') return value;
    fields[`${prefix}.${name}`] = CONTACT_QUERY_MESSAGES.boolean;
    return undefined;
  };
  const subscribed = flag('subscribed');
  const placed = flag('placed');
  if (Object.keys(fields).length > 0) return { ok: false, fields };
  return { ok: true, value: definedOnly({ q, tags, attributes, subscribed, placed }) };
}

/** The filter part of a list query (what a segment saves). */
export const filterOfQuery = (query: ContactListQuery): ContactFilter =>
  definedOnly({
    q: query.q,
    tags: query.tags,
    attributes: query.attributes,
    subscribed: query.subscribed,
    placed: query.placed,
  });

/**
 * Two filters together (a segment's and the list's own): every part of both must hold. A tag or
 * attribute in both is required once; where both set the same flag or attribute differently,
 * nothing can match, which `impossible` says.
 */
export function combineFilters(
  a: ContactFilter,
  b: ContactFilter,
): { readonly filter: ContactFilter; readonly impossible: boolean } {
  let impossible = false;
  const attributes: Record<string, string> = { ...a.attributes };
  for (const [key, value] of Object.entries(b.attributes ?? {})) {
    const existing = attributes[key];
    if (existing !== undefined && existing.toLowerCase() !== value.toLowerCase()) impossible = true;
    attributes[key] = value;
  }
  const flag = (x: boolean | undefined, y: boolean | undefined) => {
    if (x !== undefined && y !== undefined && x !== y) impossible = true;
    return x ?? y;
  };
  const tags = normaliseTags([...(a.tags ?? []), ...(b.tags ?? [])]);
  const qs = [a.q, b.q].filter((q): q is string => q !== undefined && q !== '');
  return {
    filter: definedOnly({
      // Every word of a search must be found, so two searches together are their words together.
      q: qs.length > 0 ? qs.join(' ') : undefined,
      tags: tags.length > 0 ? tags : undefined,
      attributes: Object.keys(attributes).length > 0 ? attributes : undefined,
      subscribed: flag(a.subscribed, b.subscribed),
      placed: flag(a.placed, b.placed),
    }),
    impossible,
  };
}

import {
  CONTACT_SORTS,
  type ContactExportQuery,
  type ContactFilter,
  type ContactListQuery,
  type ContactSegment,
  type ContactSelection,
  type ContactSort,
} from '../../domain/contract';
import { formatCount } from '../../domain/format';

/**
 * The contacts list's state as rules: what the address holds (`/contacten?q=jan&tag=klant&sort=city`)
 * so a filtered list can be bookmarked and survives a reload, how it becomes the list's query, the
 * export's query and a segment's filter, and the selection of a bulk action: chosen rows, or every
 * contact of the filter ('alle N contacten'). Either the address names a saved segment (and the
 * segment's filter applies), or it holds a filter of its own; changing a segment's filter makes it
 * the address's own filter, so what is listed is always what a bulk action or an export affects.
 */

export interface ContactListAddress {
  /** The search as typed; trimmed when sent. */
  readonly q: string;
  /** Sorted, unique, lower case. */
  readonly tags: readonly string[];
  /** Attribute key (lower case) → value, sorted by key. */
  readonly attributes: Readonly<Record<string, string>>;
  /** false: only unsubscribed contacts; null: everyone. */
  readonly subscribed: boolean | null;
  /** false: only contacts not on the map; null: everyone. */
  readonly placed: boolean | null;
  /** A saved segment whose filter is listed; null: the filter above. */
  readonly segment: number | null;
  readonly sort: ContactSort;
  readonly order: 'asc' | 'desc';
  readonly page: number;
}

export const DEFAULT_CONTACT_LIST: ContactListAddress = {
  q: '',
  tags: [],
  attributes: {},
  subscribed: null,
  placed: null,
  segment: null,
  sort: 'name',
  order: 'asc',
  page: 1,
};

/** Rows per page of the list (the server's default). */
export const CONTACT_PAGE_SIZE = 50;

/** The filter parts of an address, as they can be changed one at a time. */
export type ContactFilterPatch = Partial<
  Pick<ContactListAddress, 'q' | 'tags' | 'attributes' | 'subscribed' | 'placed'>
>;

const isId = (text: string): boolean => /^[1-9]\d{0,15}$/.test(text);
const normaliseTag = (tag: string): string => tag.trim().toLowerCase();
const uniqueSorted = (values: readonly string[]): string[] =>
  [...new Set(values.map(normaliseTag).filter((tag) => tag !== ''))].sort();
const sortedAttributes = (attributes: Readonly<Record<string, string>>): Record<string, string> =>
  Object.fromEntries(
    Object.entries(attributes)
      .map(([key, value]) => [key.trim().toLowerCase(), value.trim()] as const)
      .filter(([key, value]) => key !== '' && value !== '')
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
  );

/** The name/value pairs of a query string, repeated names kept in order; malformed escapes left out. */
function searchPairs(search: string): [string, string][] {
  const pairs: [string, string][] = [];
  for (const pair of search.replace(/^\?/, '').split('&')) {
    if (pair === '') continue;
    const at = pair.indexOf('=');
    const [rawName, rawValue] = at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
    try {
      pairs.push([
        decodeURIComponent(rawName.replace(/\+/g, ' ')),
        decodeURIComponent(rawValue.replace(/\+/g, ' ')),
      ]);
    } catch {
      // A hand-edited address with a malformed escape (%zz): that parameter is left out.
    }
  }
  return pairs;
}

const booleanOf = (value: string | undefined): boolean | null =>
  value === 'true' ? true : value === 'false' ? false : null;

/** The address's state; anything unknown or malformed falls back to the default, never an error. */
export function readContactListAddress(search: string): ContactListAddress {
  const pairs = searchPairs(search);
  const first = (name: string): string | undefined => pairs.find(([key]) => key === name)?.[1];
  const all = (name: string): string[] => pairs.filter(([key]) => key === name).map(([, value]) => value);
  const attributes: Record<string, string> = {};
  for (const raw of all('attr')) {
    const colon = raw.indexOf(':');
    if (colon > 0) attributes[raw.slice(0, colon)] = raw.slice(colon + 1);
  }
  const segment = first('segment') ?? '';
  const sort = first('sort') ?? '';
  const page = first('page') ?? '';
  const base: ContactListAddress = {
    ...DEFAULT_CONTACT_LIST,
    sort: (CONTACT_SORTS as readonly string[]).includes(sort) ? (sort as ContactSort) : 'name',
    order: first('order') === 'desc' ? 'desc' : 'asc',
    page: isId(page) ? Number(page) : 1,
  };
  // A segment's address holds no filter of its own (see above): a hand-made mix keeps the segment.
  if (isId(segment)) return { ...base, segment: Number(segment) };
  return {
    ...base,
    q: first('q') ?? '',
    tags: uniqueSorted(all('tag')),
    attributes: sortedAttributes(attributes),
    subscribed: booleanOf(first('subscribed')),
    placed: booleanOf(first('placed')),
  };
}

/** The query string of an address ('' for the default list), the inverse of `readContactListAddress`. */
export function contactListSearch(address: ContactListAddress): string {
  const pairs: [string, string][] = [];
  if (address.segment !== null) pairs.push(['segment', String(address.segment)]);
  else {
    if (address.q.trim() !== '') pairs.push(['q', address.q]);
    for (const tag of uniqueSorted(address.tags)) pairs.push(['tag', tag]);
    for (const [key, value] of Object.entries(sortedAttributes(address.attributes)))
      pairs.push(['attr', `${key}:${value}`]);
    if (address.subscribed !== null) pairs.push(['subscribed', String(address.subscribed)]);
    if (address.placed !== null) pairs.push(['placed', String(address.placed)]);
  }
  if (address.sort !== 'name') pairs.push(['sort', address.sort]);
  if (address.order !== 'asc') pairs.push(['order', address.order]);
  if (address.page > 1) pairs.push(['page', String(address.page)]);
  return pairs.length === 0
    ? ''
    : `?${pairs.map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(value)}`).join('&')}`;
}

/** The address's own filter, as the server and a segment take it (parts not set left out). */
export function contactFilterOf(address: ContactListAddress): ContactFilter {
  const q = address.q.trim();
  const tags = uniqueSorted(address.tags);
  const attributes = sortedAttributes(address.attributes);
  return {
    ...(q === '' ? {} : { q }),
    ...(tags.length === 0 ? {} : { tags }),
    ...(Object.keys(attributes).length === 0 ? {} : { attributes }),
    ...(address.subscribed === null ? {} : { subscribed: address.subscribed }),
    ...(address.placed === null ? {} : { placed: address.placed }),
  };
}

/** A filter as the address's filter parts (the controls show a segment's filter this way). */
export function filterPartsOf(filter: ContactFilter): Required<ContactFilterPatch> {
  return {
    q: filter.q ?? '',
    tags: uniqueSorted(filter.tags ?? []),
    attributes: sortedAttributes(filter.attributes ?? {}),
    subscribed: filter.subscribed ?? null,
    placed: filter.placed ?? null,
  };
}

/** The export's query: the segment or the filter, and the order of the list. */
export function contactExportQuery(address: ContactListAddress): ContactExportQuery {
  return {
    ...(address.segment === null ? contactFilterOf(address) : { segment_id: address.segment }),
    sort: address.sort,
    order: address.order,
  };
}

/** GET /contacts's query for the address's page. */
export function contactListQuery(
  address: ContactListAddress,
  pageSize = CONTACT_PAGE_SIZE,
): ContactListQuery {
  return { ...contactExportQuery(address), page: address.page, page_size: pageSize };
}

/** Whether the list is narrowed: an empty answer then means "nobody matches", not "no contacts yet". */
export const isContactListFiltered = (address: ContactListAddress): boolean =>
  address.segment !== null || Object.keys(contactFilterOf(address)).length > 0;

/** Names what the list is about, without order and page: a selection belongs to one filter. */
export const contactFilterKey = (address: ContactListAddress): string =>
  address.segment !== null ? `segment:${address.segment}` : JSON.stringify(contactFilterOf(address));

/**
 * One filter part changed: a new address from page 1. Within a segment the segment's filter
 * (`segmentFilter`) becomes the address's own, with the change on top.
 */
export function changeContactFilter(
  address: ContactListAddress,
  patch: ContactFilterPatch,
  segmentFilter: ContactFilter | null,
): ContactListAddress {
  const own = address.segment !== null && segmentFilter !== null ? filterPartsOf(segmentFilter) : address;
  return {
    ...address,
    q: own.q,
    tags: own.tags,
    attributes: own.attributes,
    subscribed: own.subscribed,
    placed: own.placed,
    ...patch,
    ...(patch.tags === undefined ? {} : { tags: uniqueSorted(patch.tags) }),
    ...(patch.attributes === undefined ? {} : { attributes: sortedAttributes(patch.attributes) }),
    segment: null,
    page: 1,
  };
}

/** A saved segment chosen (null: none): its filter is listed from page 1, the order kept. */
export function chooseSegment(address: ContactListAddress, segment: number | null): ContactListAddress {
  return { ...DEFAULT_CONTACT_LIST, sort: address.sort, order: address.order, segment };
}

/** A column header pressed: that column ascending, or the other way round when it already sorts. */
export function sortContactsBy(address: ContactListAddress, sort: ContactSort): ContactListAddress {
  return {
    ...address,
    sort,
    order: address.sort === sort && address.order === 'asc' ? 'desc' : 'asc',
    page: 1,
  };
}

/** 'ascending' / 'descending' for the sorted column's aria-sort, 'none' for the others. */
export const ariaSortOf = (
  address: ContactListAddress,
  column: ContactSort,
): 'ascending' | 'descending' | 'none' =>
  address.sort !== column ? 'none' : address.order === 'asc' ? 'ascending' : 'descending';

/** The segment an address lists, when the segments are known. */
export const segmentOf = (
  address: ContactListAddress,
  segments: readonly ContactSegment[] | null,
): ContactSegment | null =>
  address.segment === null ? null : (segments?.find((segment) => segment.id === address.segment) ?? null);

// --- Selection for bulk actions ---------------------------------------------------------------------

/** Rows ticked one by one, or every contact of the list's filter (also those on other pages). */
export type ContactListSelection =
  | { readonly kind: 'rows'; readonly ids: readonly number[] }
  | { readonly kind: 'all' };

export const NO_SELECTION: ContactListSelection = { kind: 'rows', ids: [] };

export const isRowSelected = (selection: ContactListSelection, id: number): boolean =>
  selection.kind === 'all' || selection.ids.includes(id);

/** One row ticked or unticked; unticking a row of 'all' leaves the other rows of this page ticked. */
export function toggleRow(
  selection: ContactListSelection,
  id: number,
  pageIds: readonly number[],
): ContactListSelection {
  if (selection.kind === 'all') return { kind: 'rows', ids: pageIds.filter((other) => other !== id) };
  return selection.ids.includes(id)
    ? { kind: 'rows', ids: selection.ids.filter((other) => other !== id) }
    : { kind: 'rows', ids: [...selection.ids, id] };
}

/** Whether every row of the page is ticked (the header's checkbox). */
export const isPageSelected = (selection: ContactListSelection, pageIds: readonly number[]): boolean =>
  pageIds.length > 0 && pageIds.every((id) => isRowSelected(selection, id));

/** The header's checkbox: ticks the page's rows, or unticks them all. */
export function togglePage(
  selection: ContactListSelection,
  pageIds: readonly number[],
): ContactListSelection {
  if (isPageSelected(selection, pageIds)) return NO_SELECTION;
  const ids = selection.kind === 'rows' ? selection.ids : [];
  return { kind: 'rows', ids: [...new Set([...ids, ...pageIds])] };
}

/** How many contacts a bulk action would affect. */
export const selectedCount = (selection: ContactListSelection, total: number): number =>
  selection.kind === 'all' ? total : selection.ids.length;

/** The selection as POST /contacts/bulk takes it: the ids, or the segment or filter of the list. */
export function bulkSelectionOf(
  selection: ContactListSelection,
  address: ContactListAddress,
): ContactSelection {
  if (selection.kind === 'rows') return { ids: selection.ids };
  return address.segment !== null ? { segment_id: address.segment } : { filter: contactFilterOf(address) };
}

/** '1 contact', '12 contacten' (Dutch thousands: '1.250 contacten'). */
export const contactCount = (count: number): string =>
  count === 1 ? '1 contact' : `${formatCount(count)} contacten`;

/** Tags typed in one field, separated by commas or semicolons: lower case, unique, sorted. */
export const tagsOfText = (text: string): string[] => uniqueSorted(text.split(/[,;]/));

/** What deleting contacts means (the AVG erase), for the confirmation of one or of many. */
export const contactEraseText = (count: number): string =>
  `Alles wat Loop van ${count === 1 ? 'deze persoon' : 'deze personen'} bewaart wordt gewist (AVG): de gegevens, tags, kenmerken en de plaats op de kaart. Dit kan niet ongedaan worden gemaakt.`;

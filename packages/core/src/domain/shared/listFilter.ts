/**
 * The search and status filter above a paged list (the surveys list, a survey's respondents): the
 * server matches the search in the list's text (a title, a link's label) and keeps one status, or
 * all when none is chosen.
 */
export interface ListFilter<S extends string> {
  /** The search as it is sent: trimmed, '' for none. */
  readonly q: string;
  /** One status, '' for all statuses. */
  readonly status: S | '';
}

/** What is typed in the search field, as it is searched for. */
export const listSearchText = (typed: string): string => typed.trim();

/** A status select's value as one of `statuses`; anything else ('' included) means all statuses. */
export function listStatusOf<S extends string>(statuses: readonly S[], value: string): S | '' {
  return statuses.find((status) => status === value) ?? '';
}

/** Whether the filter narrows the list: an empty list then means "nothing found", not "nothing yet". */
export const isListFiltered = (filter: ListFilter<string>): boolean =>
  filter.q !== '' || filter.status !== '';

/** Names the filter: a page belongs to one filter, so another filter starts again at page 1. */
export const listFilterKey = (filter: ListFilter<string>): string => `${filter.q}|${filter.status}`;

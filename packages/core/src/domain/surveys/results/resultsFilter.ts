import type { ResultsQuery } from '../../contract';
import { parseResultsFilter } from './resultsConditions';
import { parseDay } from './resultsFormat';

/**
 * The date filter of the results, question and analytics pages ('Vanaf' / 'Tot en met'). It lives
 * in the address (`?from=2025-11-01&to=2025-11-30`), so the results page and a question's page share
 * it, and a filtered view can be bookmarked or sent to a colleague.
 */

/**
 * Both days as `YYYY-MM-DD`, '' when not set; `conditions`: the results filter's conditions in their
 * compact form (`resultsConditions.ts`, R-RES-8), '' or absent without.
 */
export interface DateFilter {
  readonly from: string;
  readonly to: string;
  readonly conditions?: string;
}

export const EMPTY_DATE_FILTER: DateFilter = { from: '', to: '' };

export const DATE_FILTER_MESSAGES = {
  invalidDate: 'Vul een geldige datum in.',
  fromAfterTo: 'De datum bij "Vanaf" ligt na de datum bij "Tot en met".',
} as const;

/** What is wrong with a filter, by field; null when it can be applied. */
export function dateFilterError(
  filter: DateFilter,
): { readonly field: 'from' | 'to'; readonly message: string } | null {
  if (filter.from !== '' && !parseDay(filter.from))
    return { field: 'from', message: DATE_FILTER_MESSAGES.invalidDate };
  if (filter.to !== '' && !parseDay(filter.to))
    return { field: 'to', message: DATE_FILTER_MESSAGES.invalidDate };
  // Both are YYYY-MM-DD here, so comparing the strings compares the days.
  if (filter.from !== '' && filter.to !== '' && filter.from > filter.to) {
    return { field: 'to', message: DATE_FILTER_MESSAGES.fromAfterTo };
  }
  return null;
}

/** The parameters of a query string (`?a=1&b=2` or `a=1&b=2`); the first of a repeated name wins. */
export function readSearch(search: string): Readonly<Record<string, string>> {
  const params: Record<string, string> = {};
  for (const pair of search.replace(/^\?/, '').split('&')) {
    if (pair === '') continue;
    const at = pair.indexOf('=');
    const [rawName, rawValue] = at < 0 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)];
    try {
      const name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      if (!(name in params)) params[name] = decodeURIComponent(rawValue.replace(/\+/g, ' '));
    } catch {
      // A malformed escape (%zz) in a hand-edited address: that parameter is left out.
    }
  }
  return params;
}

/**
 * The filter in an address. A day that is not a real day is left out, and a range that runs
 * backwards is dropped whole, so a hand-edited address shows unfiltered results, never an error.
 */
export function dateFilterFromSearch(search: string): DateFilter {
  const params = readSearch(search);
  const day = (value: string | undefined) => (value !== undefined && parseDay(value) ? value : '');
  const dates = { from: day(params.from), to: day(params.to) };
  const conditions = params.filter !== undefined && parseResultsFilter(params.filter).ok ? params.filter : '';
  const filter = dateFilterError(dates) ? EMPTY_DATE_FILTER : dates;
  return conditions === '' ? filter : { ...filter, conditions };
}

/** A query string of the given parameters ('' when all are empty), e.g. '?from=2025-11-01'. */
export function searchString(params: Readonly<Record<string, string | number | undefined>>): string {
  const pairs = Object.entries(params)
    .filter((entry): entry is [string, string | number] => entry[1] !== undefined && entry[1] !== '')
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeURIComponent(String(value))}`);
  return pairs.length === 0 ? '' : `?${pairs.join('&')}`;
}

/** The filter as an address's query string. */
export const dateFilterSearch = (filter: DateFilter): string =>
  searchString({ from: filter.from, to: filter.to, filter: filter.conditions });

/** The filter as the query of the result routes (unset days left out). */
export function resultsQueryOf(filter: DateFilter): ResultsQuery {
  return {
    ...(filter.from === '' ? {} : { from: filter.from }),
    ...(filter.to === '' ? {} : { to: filter.to }),
    ...(filter.conditions ? { filter: filter.conditions } : {}),
  };
}

export const isDateFilterActive = (filter: DateFilter): boolean => filter.from !== '' || filter.to !== '';

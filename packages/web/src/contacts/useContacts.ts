import type { Contact, ContactFacets, ContactSegment, Page } from '@loop/core';
import {
  type ContactListAddress,
  contactListQuery,
  contactListSearch,
  readContactListAddress,
  readContactsView,
  readMapColour,
  withContactsView,
} from '@loop/core/contactsScreen';
import { useCallback, useMemo, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useAsyncInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { type Remote, useInvalidate, useQuery } from '../shared/useQuery';

/** Every cached answer of the contacts screen starts with this; a change forgets them all. */
export const CONTACTS_QUERY_PREFIX = 'contacts:';

/** The screen's use-cases (their code loads with the screen). */
export const useContactsUseCases = () => useAsyncInjection(TOKENS.ContactsUseCases);

/**
 * The list's filter, order and page in the address (`/contacten?tag=klant&sort=city`), so a
 * filtered list can be bookmarked and survives a reload; a change replaces the history entry.
 */
export function useContactListAddress(): readonly [ContactListAddress, (next: ContactListAddress) => void] {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const address = useMemo(() => readContactListAddress(search), [search]);
  // The view (list or map) is kept: a filter changed on the map stays on the map, in its colours.
  const view = readContactsView(search);
  const colour = readMapColour(search);
  const change = useCallback(
    (next: ContactListAddress) =>
      navigate(`${path}${withContactsView(contactListSearch(next), view, colour)}`, { replace: true }),
    [path, navigate, view, colour],
  );
  return [address, change] as const;
}

/**
 * The address's page; while another order, page or filter loads, the page before stays on screen
 * (the table does not flicker away on every click of a column header).
 */
export function useContactList(address: ContactListAddress): Remote<Page<Contact>> {
  const contacts = useContactsUseCases();
  const list = useQuery(`${CONTACTS_QUERY_PREFIX}list:${JSON.stringify(contactListQuery(address))}`, () =>
    contacts.list(address),
  );
  const shown = useRef<Page<Contact> | null>(null);
  if (list.value !== null) shown.current = list.value;
  return list.value === null && list.error === null ? { ...list, value: shown.current } : list;
}

export function useContactFacets(): Remote<ContactFacets> {
  const contacts = useContactsUseCases();
  return useQuery(`${CONTACTS_QUERY_PREFIX}facets`, () => contacts.facets());
}

export function useContactSegments(): Remote<readonly ContactSegment[]> {
  const contacts = useContactsUseCases();
  return useQuery(`${CONTACTS_QUERY_PREFIX}segments`, () => contacts.segments());
}

/** After a change on the server: every list, facet and segment count is asked for again. */
export function useContactsChanged(): () => void {
  const invalidate = useInvalidate();
  return useCallback(() => invalidate(CONTACTS_QUERY_PREFIX), [invalidate]);
}

import type { Contact, Page } from '@loop/core';
import {
  type ContactListAddress,
  type ContactMapScreen,
  type ContactsView,
  contactListSearch,
  contactMapQuery,
  readContactListAddress,
  readContactsView,
  withContactsView,
} from '@loop/core/contactsScreen';
import { useCallback } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useAsyncInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { type Remote, useQuery } from '../shared/useQuery';
import { CONTACTS_QUERY_PREFIX } from './useContacts';

/** The map's use-cases (their code loads with /contacten; Leaflet only with the map itself). */
export const useContactMapUseCases = () => useAsyncInjection(TOKENS.ContactMapUseCases);

/** Draws the map (its code loads with the map view, Leaflet with the first map). */
export const useCreateContactMap = () => useAsyncInjection(TOKENS.CreateContactMap);

/** 'Lijst' or 'Kaart' in the address (`?weergave=kaart`), so a reload keeps the view; the filter stays. */
export function useContactsView(): readonly [ContactsView, (view: ContactsView) => void] {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const view = readContactsView(search);
  const change = useCallback(
    (next: ContactsView) =>
      navigate(`${path}${withContactsView(contactListSearch(readContactListAddress(search)), next)}`, {
        replace: true,
      }),
    [path, navigate, search],
  );
  return [view, change] as const;
}

/** The map of the address's filter or segment (forgotten with every contacts change). */
export function useContactMap(address: ContactListAddress): Remote<ContactMapScreen> {
  const useCases = useContactMapUseCases();
  return useQuery(`${CONTACTS_QUERY_PREFIX}map:${JSON.stringify(contactMapQuery(address))}`, () =>
    useCases.load(address),
  );
}

/** A page of the filter's contacts that are not on the map. */
export function useNotPlaced(address: ContactListAddress, page: number): Remote<Page<Contact>> {
  const useCases = useContactMapUseCases();
  return useQuery(
    `${CONTACTS_QUERY_PREFIX}not-placed:${JSON.stringify(contactMapQuery(address))}:${page}`,
    () => useCases.notPlaced(address, page),
  );
}

import type { Contact, ContactMapSurvey, Page } from '@loop/core';
import {
  type ContactListAddress,
  type ContactMapScreen,
  type ContactsView,
  contactListSearch,
  contactMapQuery,
  readContactListAddress,
  readContactsView,
  readMapColour,
  withContactsView,
} from '@loop/core/contactsScreen';
import { useCallback, useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useAsyncInjection, useInjection } from '../app/ContainerProvider';
import { TOKENS } from '../app/tokens';
import { type Remote, useQuery } from '../shared/useQuery';
import { CONTACTS_QUERY_PREFIX } from './useContacts';

/** The map's use-cases (their code loads with /contacten; Leaflet only with the map itself). */
export const useContactMapUseCases = () => useAsyncInjection(TOKENS.ContactMapUseCases);

/** Draws the map (its code loads with the map view, Leaflet with the first map). */
export const useCreateContactMap = () => useAsyncInjection(TOKENS.CreateContactMap);

/**
 * 'Lijst' or 'Kaart' in the address (`?weergave=kaart`), so a reload keeps the view; the filter and
 * the survey the map is coloured by stay.
 */
export function useContactsView(): readonly [ContactsView, (view: ContactsView) => void] {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const view = readContactsView(search);
  const change = useCallback(
    (next: ContactsView) =>
      navigate(
        `${path}${withContactsView(contactListSearch(readContactListAddress(search)), next, readMapColour(search))}`,
        { replace: true },
      ),
    [path, navigate, search],
  );
  return [view, change] as const;
}

/** The survey the map is coloured by ('Kleur op') in the address (`&kleur=12`); null: one colour. */
export function useMapColour(): readonly [number | null, (colour: number | null) => void] {
  const search = useSearch();
  const [path, navigate] = useLocation();
  const colour = readMapColour(search);
  const change = useCallback(
    (next: number | null) =>
      navigate(`${path}${withContactsView(contactListSearch(readContactListAddress(search)), 'map', next)}`, {
        replace: true,
      }),
    [path, navigate, search],
  );
  return [colour, change] as const;
}

/**
 * The map of the address's filter or segment, coloured by a survey (forgotten with every contacts
 * change). While another filter or colouring loads, the map before stays (Leaflet is not torn down
 * and rebuilt for a new colour). While contacts wait for the address service it is asked for again
 * when the view says (soon while they are placed, just after the next try when the service is out).
 */
export function useContactMap(address: ContactListAddress, colour: number | null): Remote<ContactMapScreen> {
  const useCases = useContactMapUseCases();
  const timer = useInjection(TOKENS.Timer);
  const map = useQuery(
    `${CONTACTS_QUERY_PREFIX}map:${JSON.stringify(contactMapQuery(address, colour))}`,
    () => useCases.load(address, colour),
  );
  const { value, reload } = map;
  useEffect(() => {
    const wait = value?.view.refreshInMs ?? null;
    // Each answer schedules the next ask, so a new answer (or leaving the map) cancels the old one.
    return wait === null ? undefined : timer.after(wait, reload);
  }, [value, reload, timer]);
  const shown = useRef<ContactMapScreen | null>(null);
  if (map.value !== null) shown.current = map.value;
  return map.value === null && map.error === null ? { ...map, value: shown.current } : map;
}

/** The surveys the map can be coloured by (never anonymous ones). */
export function useMapSurveys(): Remote<readonly ContactMapSurvey[]> {
  const useCases = useContactMapUseCases();
  return useQuery(`${CONTACTS_QUERY_PREFIX}map-surveys`, () => useCases.surveys());
}

/** A page of the filter's contacts that are not on the map. */
export function useNotPlaced(address: ContactListAddress, page: number): Remote<Page<Contact>> {
  const useCases = useContactMapUseCases();
  return useQuery(
    `${CONTACTS_QUERY_PREFIX}not-placed:${JSON.stringify(contactMapQuery(address))}:${page}`,
    () => useCases.notPlaced(address, page),
  );
}

/**
 * What the contacts screen (/contacten) needs, loaded by the container with that screen instead of
 * with every page. Nothing here knows inversify.
 */
import { type ApiClient, createContactMapGateway, createContactsGateway } from '@loop/adapters';
import type { createContactMap } from '@loop/adapters/map';
import type { FileSaver } from '@loop/core';
import {
  type ContactMapUseCases,
  type ContactsUseCases,
  createContactMapUseCases,
  createContactsUseCases,
} from '@loop/core/contactsScreen';
import type { Clock } from '@loop/core/session';

/** The screen's use-cases on the API (the composing is here so the entry carries only the binding). */
export const contactsUseCases = (
  api: ApiClient,
  files: FileSaver,
  wait: (ms: number) => Promise<void>,
): ContactsUseCases => createContactsUseCases({ gateway: createContactsGateway(api), files, wait });

/** The map view's use-cases on the API: the map's routes and the list's (for who is not placed). */
export const contactMapUseCases = (api: ApiClient, clock: Clock): ContactMapUseCases =>
  createContactMapUseCases({
    map: createContactMapGateway(api),
    contacts: createContactsGateway(api),
    clock,
  });

/** Draws the contacts map: Leaflet, the clustering and the map's stylesheet load with the first map. */
export const drawContactMap: typeof createContactMap = async (element, options) =>
  (await import('./contactMapServices')).createContactMap(element, options);

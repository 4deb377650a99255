import type { ContactMapGateway } from '@loop/core/contactMap';
import type { ApiClient } from './createApiClient';
import { contactsQuery } from './createContactsGateway';

/** The contacts map's routes: GET /contacts/map with the list's query, PUT/DELETE /contacts/:id/position. */
export function createContactMapGateway(client: ApiClient): ContactMapGateway {
  return {
    load: (query) => client.request('GET', '/contacts/map', { query: contactsQuery(query) }),
    place: (id, position) =>
      position === null
        ? client.request('DELETE', `/contacts/${id}/position`)
        : client.request('PUT', `/contacts/${id}/position`, { body: position }),
  };
}

import type { ContactMapGateway } from '@loop/core/contactMap';
import type { ApiClient } from './createApiClient';
import { contactsQuery } from './createContactsGateway';

/**
 * The contacts map's routes: GET /contacts/map with the list's query (and the survey it is coloured
 * by), GET /contacts/map/surveys, GET /contacts/:id/latest-invitation, PUT/DELETE /contacts/:id/position.
 */
export function createContactMapGateway(client: ApiClient): ContactMapGateway {
  return {
    load: ({ survey_id, ...query }) =>
      client.request('GET', '/contacts/map', {
        query: {
          ...contactsQuery(query),
          survey_id: survey_id === undefined ? undefined : String(survey_id),
        },
      }),
    surveys: () => client.request('GET', '/contacts/map/surveys'),
    latestInvitation: (id, surveyId) =>
      client.request('GET', `/contacts/${id}/latest-invitation`, {
        query: { survey_id: surveyId === null ? undefined : String(surveyId) },
      }),
    place: (id, position) =>
      position === null
        ? client.request('DELETE', `/contacts/${id}/position`)
        : client.request('PUT', `/contacts/${id}/position`, { body: position }),
  };
}

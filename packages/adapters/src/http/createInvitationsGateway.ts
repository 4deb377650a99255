import type { InvitationsGateway, UnsubscribeGateway } from '@loop/core/invitations';
import type { ApiClient } from './createApiClient';

/** A survey's invitations and the organisation's contact rule (organisation in X-Organization-Id). */
export function createInvitationsGateway(client: ApiClient): InvitationsGateway {
  return {
    preview: (surveyId, body) => client.request('POST', `/surveys/${surveyId}/invitations/preview`, { body }),
    send: (surveyId, body) => client.request('POST', `/surveys/${surveyId}/invitations`, { body }),
    list: (surveyId, query) =>
      client.request('GET', `/surveys/${surveyId}/invitations`, {
        query: { status: query.status, page: query.page, page_size: query.page_size },
      }),
    updateReminders: (surveyId, body) => client.request('PATCH', `/surveys/${surveyId}/reminders`, { body }),
    contactRules: () => client.request('GET', '/organization/contact-rules'),
    updateContactRules: (body) => client.request('PATCH', '/organization/contact-rules', { body }),
  };
}

/** The public unsubscribe link: no session, no organisation. */
export function createUnsubscribeGateway(client: ApiClient): UnsubscribeGateway {
  const path = (token: string) => `/unsubscribe/${encodeURIComponent(token)}`;
  return {
    preview: (token) => client.request('GET', path(token), { auth: 'none' }),
    unsubscribe: (token) => client.request('POST', path(token), { auth: 'none' }),
  };
}

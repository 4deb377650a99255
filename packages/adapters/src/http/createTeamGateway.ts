import type { InvitationLinkGateway, TeamGateway } from '@loop/core/organisation';
import type { ApiClient } from './createApiClient';
import { downloadFile } from './downloadFile';

/** The /organization routes of the current organisation. */
export function createTeamGateway(client: ApiClient): TeamGateway {
  return {
    members: () => client.request('GET', '/organization/members'),
    changeRole: (userId, role) =>
      client.request('PATCH', `/organization/members/${userId}`, { body: { role } }),
    remove: (userId) => client.request('DELETE', `/organization/members/${userId}`),
    leave: () => client.request('POST', '/organization/leave'),
    transfer: (userId) => client.request('POST', '/organization/transfer', { body: { user_id: userId } }),
    rename: (name) => client.request('PATCH', '/organization', { body: { name } }),
    invitations: () => client.request('GET', '/organization/invitations'),
    invite: (body) => client.request('POST', '/organization/invitations', { body }),
    withdraw: (invitationId) => client.request('DELETE', `/organization/invitations/${invitationId}`),
    resend: (invitationId) => client.request('POST', `/organization/invitations/${invitationId}/resend`),
    exportOrganization: () => downloadFile(client, '/organization/export', 'loop-organisatie.zip'),
    deleteOrganization: (confirmName) =>
      client.request('DELETE', '/organization', { body: { confirm_name: confirmName } }),
  };
}

/** The public invitation link (no refresh when signed out) and accepting it (signed in). */
export function createInvitationLinkGateway(client: ApiClient): InvitationLinkGateway {
  return {
    preview: (token) => client.request('GET', `/invitations/${encodeURIComponent(token)}`, { auth: 'none' }),
    accept: (token) => client.request('POST', '/invitations/accept', { body: { token } }),
  };
}

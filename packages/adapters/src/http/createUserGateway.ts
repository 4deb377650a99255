import type { UserGateway } from '@loop/core';
import type { ApiClient } from './createApiClient';
import { downloadFile } from './downloadFile';

/** GET/PATCH /users/me, POST /users/me/password and the e-mail change under /users/me/email. */
export function createUserGateway(client: ApiClient): UserGateway {
  return {
    me: () => client.request('GET', '/users/me'),
    updateProfile: (body) => client.request('PATCH', '/users/me', { body }),
    changePassword: (body) => client.request('POST', '/users/me/password', { body }),
    changeEmail: (body) => client.request('POST', '/users/me/email', { body }),
    cancelEmailChange: () => client.request('DELETE', '/users/me/email'),
    exportAccount: () => downloadFile(client, '/users/me/export', 'loop-account.json'),
    deleteAccount: (body) => client.request('DELETE', '/users/me', { body }),
  };
}

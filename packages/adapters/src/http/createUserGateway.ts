import type { UserGateway } from '@loop/core';
import type { ApiClient } from './createApiClient';

/** GET/PATCH /users/me and POST /users/me/password. */
export function createUserGateway(client: ApiClient): UserGateway {
  return {
    me: () => client.request('GET', '/users/me'),
    updateProfile: (body) => client.request('PATCH', '/users/me', { body }),
    changePassword: (body) => client.request('POST', '/users/me/password', { body }),
  };
}

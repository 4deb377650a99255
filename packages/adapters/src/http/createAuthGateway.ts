import type { AuthGateway } from '@loop/core';
import type { ApiClient } from './createApiClient';

/**
 * The /auth calls. Login, refresh and logout never refresh on 401: login and refresh would loop,
 * and logout names its session by the refresh token in the body, which a refresh would rotate.
 */
export function createAuthGateway(client: ApiClient): AuthGateway {
  return {
    login: (body) => client.request('POST', '/auth/login', { body, auth: 'none' }),
    refresh: (refreshToken) =>
      client.request<unknown>('POST', '/auth/refresh', {
        body: { refresh_token: refreshToken },
        auth: 'none',
      }),
    register: (body) => client.request('POST', '/auth/register', { body }),
    verifyEmail: (body) => client.request('POST', '/auth/verify-email', { body }),
    resendVerification: (body) => client.request('POST', '/auth/resend-verification', { body }),
    forgotPassword: (body) => client.request('POST', '/auth/forgot-password', { body }),
    resetPassword: (body) => client.request('POST', '/auth/reset-password', { body }),
    logout: (body) => client.request('POST', '/auth/logout', { body, auth: 'none' }),
    confirmEmailChange: (body) =>
      client.request('POST', '/auth/confirm-email-change', { body, auth: 'none' }),
    undoEmailChange: (body) => client.request('POST', '/auth/undo-email-change', { body, auth: 'none' }),
  };
}

import { STORAGE_KEYS } from '@loop/adapters';
import type { MemberRole } from '@loop/core';
import { freshJwt as freshToken, json, meBody } from './fakeApi';
import { createTestApp } from './testContainer';

/**
 * The app on `path`, signed in as a member of 'Demo BV' (id 7) with `role`, on a plan with
 * `features`: the calls every signed-in screen makes answered, the screen's own in `routes`.
 */
export function signedInApp(options: {
  readonly path: string;
  readonly role?: MemberRole;
  readonly features?: readonly string[];
  readonly routes?: NonNullable<Parameters<typeof createTestApp>[0]>['routes'];
}) {
  return createTestApp({
    path: options.path,
    storage: {
      [STORAGE_KEYS.token]: freshToken(),
      [STORAGE_KEYS.refreshToken]: 'r1',
      [STORAGE_KEYS.currentOrgId]: '7',
      [STORAGE_KEYS.currentOrgName]: 'Demo BV',
    },
    routes: {
      'GET /users/me': () =>
        json(200, meBody({ organizations: [{ id: 7, name: 'Demo BV', role: options.role ?? 'owner' }] })),
      'GET /branding/mine': () => json(200, { logo_url: null, background_url: null, primary_color: null }),
      'GET /organization/members': () => json(200, []),
      'GET /user-subscriptions/me': () =>
        json(200, {
          id: 3,
          plan_id: 2,
          plan_name: 'smartloop',
          status: 'active',
          start_date: '2026-01-01T10:00:00Z',
          end_date: null,
          features: (options.features ?? ['core']).map((key) => ({ key, name: key, description: '' })),
        }),
      ...options.routes,
    },
  });
}

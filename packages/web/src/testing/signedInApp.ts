import { STORAGE_KEYS } from '@loop/adapters';
import type { MemberRole } from '@loop/core';
import { json } from './fakeApi';
import { createSignedInApp, type TestRoutes } from './testContainer';

/**
 * The app on `path`, signed in as a member of 'Demo BV' (id 7, also the stored organisation) with
 * `role`, on a plan with `features`, with no colleagues: the calls every signed-in screen makes
 * answered, the screen's own in `routes`.
 */
export function signedInApp(options: {
  readonly path: string;
  readonly role?: MemberRole;
  readonly features?: readonly string[];
  readonly routes?: TestRoutes;
}) {
  return createSignedInApp({
    path: options.path,
    role: options.role ?? 'owner',
    storage: { [STORAGE_KEYS.currentOrgId]: '7', [STORAGE_KEYS.currentOrgName]: 'Demo BV' },
    routes: {
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

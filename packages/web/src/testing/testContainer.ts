import { createMemoryStorage, STORAGE_KEYS } from '@loop/adapters';
import { memoryLocation } from 'wouter/memory-location';
import { type ContainerOverrides, createAppContainer } from '../app/container';
import { createFakeFetch, freshJwt, json, meBody } from './fakeApi';

/** The fake API's routes of a test app. */
export type TestRoutes = Parameters<typeof createFakeFetch>[0];

const noWait = async (): Promise<void> => {};
const noLog = (): void => {};

/**
 * The real container with test doubles at the edges: memory storage, a fake fetch, a memory router
 * that the session's navigation shares, and no retry pauses.
 */
export function createTestApp(
  options: {
    path?: string;
    storage?: Record<string, string>;
    routes?: Parameters<typeof createFakeFetch>[0];
    overrides?: ContainerOverrides;
  } = {},
) {
  const storage = createMemoryStorage(options.storage ?? {});
  const api = createFakeFetch(options.routes ?? {});
  const location = memoryLocation({ path: options.path ?? '/', record: true });
  const container = createAppContainer({
    Storage: storage,
    Fetch: api.fetch,
    // Uploads go through the fake fetch too (jsdom's XMLHttpRequest would reach for a network).
    Upload: null,
    ApiBaseUrl: '',
    Hostname: 'localhost',
    AppHost: null,
    Wait: noWait,
    Log: noLog,
    // The background refresh is core's business (tested there); here it would only leave timers.
    Timer: { after: () => () => {} },
    Navigation: { navigate: (path, opts) => location.navigate(path, opts) },
    ...options.overrides,
  });
  return { container, storage, api, location };
}

/**
 * The app most screen tests start from: signed in (tokens in storage), the user a member of 'Demo BV'
 * (organisation 7) with this role (owner unless said), no branding; `routes` add to these or replace
 * them (a test with its own 'GET /users/me' keeps it); `storage` adds to the tokens.
 */
export function createSignedInApp(
  options: { path: string; role?: string } & NonNullable<Parameters<typeof createTestApp>[0]>,
) {
  const { role = 'owner', routes, storage, ...rest } = options;
  return createTestApp({
    ...rest,
    storage: { [STORAGE_KEYS.token]: freshJwt(), [STORAGE_KEYS.refreshToken]: 'r1', ...storage },
    routes: {
      'GET /users/me': () => json(200, meBody({ organizations: [{ id: 7, name: 'Demo BV', role }] })),
      'GET /branding/mine': () => json(200, { logo_url: null, background_url: null, primary_color: null }),
      ...routes,
    },
  });
}

import { createMemoryStorage } from '@loop/adapters';
import { memoryLocation } from 'wouter/memory-location';
import { type ContainerOverrides, createAppContainer } from '../app/container';
import { createFakeFetch } from './fakeApi';

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

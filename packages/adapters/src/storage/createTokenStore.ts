import type { TokenStore } from '@loop/core/session';
import { STORAGE_KEYS } from './storageKeys';
import { tolerantStorage } from './tolerantStorage';

const present = (value: string | null): string | null => (value ? value : null);

/** The session's tokens under `token` and `refresh_token` (R-AUTH-1). */
export function createTokenStore(storage: Storage): TokenStore {
  const store = tolerantStorage(storage);
  return {
    read: () => ({
      access: present(store.get(STORAGE_KEYS.token)),
      refresh: present(store.get(STORAGE_KEYS.refreshToken)),
    }),
    write({ access, refresh }) {
      store.set(STORAGE_KEYS.token, access);
      store.set(STORAGE_KEYS.refreshToken, refresh);
    },
    clear() {
      store.remove(STORAGE_KEYS.token);
      store.remove(STORAGE_KEYS.refreshToken);
    },
  };
}

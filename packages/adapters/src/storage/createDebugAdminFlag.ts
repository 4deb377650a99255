import { STORAGE_KEYS } from './storageKeys';
import { tolerantStorage } from './tolerantStorage';

export interface DebugAdminFlag {
  isOn(): boolean;
}

/** The `debug_admin` flag (R-ACCESS-7): 'true' or '1' forces admin rights on the client only. */
export function createDebugAdminFlag(storage: Storage): DebugAdminFlag {
  const store = tolerantStorage(storage);
  return {
    isOn() {
      const raw = store.get(STORAGE_KEYS.debugAdmin);
      return raw === 'true' || raw === '1';
    },
  };
}

import type { OrganisationStore } from '@loop/core/organisation';
import { STORAGE_KEYS } from './storageKeys';
import { tolerantStorage } from './tolerantStorage';

/** The current organisation under `currentOrgId` and `currentOrgName` (R-ORG-2); core parses the id. */
export function createOrganisationStore(storage: Storage): OrganisationStore {
  const store = tolerantStorage(storage);
  return {
    read: () => ({ id: store.get(STORAGE_KEYS.currentOrgId), name: store.get(STORAGE_KEYS.currentOrgName) }),
    write({ id, name }) {
      store.set(STORAGE_KEYS.currentOrgId, String(id));
      store.set(STORAGE_KEYS.currentOrgName, name);
    },
    clear() {
      store.remove(STORAGE_KEYS.currentOrgId);
      store.remove(STORAGE_KEYS.currentOrgName);
    },
  };
}

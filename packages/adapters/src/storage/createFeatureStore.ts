import { type FeatureStore, parseFeatureList } from '@loop/core/features';
import { STORAGE_KEYS } from './storageKeys';
import { tolerantStorage } from './tolerantStorage';

/** The user's feature keys as a JSON list under `features` (R-BILL-14); anything else reads as []. */
export function createFeatureStore(storage: Storage): FeatureStore {
  const store = tolerantStorage(storage);
  return {
    read() {
      const raw = store.get(STORAGE_KEYS.features);
      if (raw === null) return [];
      try {
        return parseFeatureList(JSON.parse(raw));
      } catch {
        return [];
      }
    },
    write: (keys) => store.set(STORAGE_KEYS.features, JSON.stringify([...keys])),
    clear: () => store.remove(STORAGE_KEYS.features),
  };
}

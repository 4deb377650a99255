import { type ConsentStore, parseConsent } from '@loop/core';
import { tolerantStorage } from './tolerantStorage';

/** Cookie consent under `key` (core's `consentKeyFor`: one key for the app host, one for the site). */
export function createConsentStore(storage: Storage, key: string): ConsentStore {
  const store = tolerantStorage(storage);
  return {
    read: () => parseConsent(store.get(key)),
    write: (value) => store.set(key, value),
  };
}

import type { RegistrationKeyStore } from '@loop/core/authFlow';
import { STORAGE_KEYS } from './storageKeys';
import { tolerantStorage } from './tolerantStorage';

/** 32 random bytes as base64url (43 characters), like the server's own tokens. */
function randomKey(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(32));
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/**
 * The registering browser's key, in local storage so that the confirmation link, opened in a new
 * tab from the mail, finds it (docs/decisions/auth.md, 'Signed in by the confirmation link').
 */
export function createRegistrationKeyStore(storage: Storage): RegistrationKeyStore {
  const store = tolerantStorage(storage);
  return {
    issue() {
      const key = randomKey();
      store.set(STORAGE_KEYS.registrationKey, key);
      return key;
    },
    read() {
      const key = store.get(STORAGE_KEYS.registrationKey);
      return key === null || key === '' ? null : key;
    },
    forget() {
      store.remove(STORAGE_KEYS.registrationKey);
    },
  };
}

import { createMemoryStorage } from './createMemoryStorage';

/**
 * window.localStorage, or an in-memory Storage when reading the property itself throws (storage
 * blocked by the browser's settings) or there is none (Node).
 */
export function browserStorage(): Storage {
  try {
    const storage = globalThis.localStorage;
    if (storage) return storage;
  } catch {
    // Falls through to memory.
  }
  return createMemoryStorage();
}

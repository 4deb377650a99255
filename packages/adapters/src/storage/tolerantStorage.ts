/** The three storage operations, each swallowing what the browser throws. */
export interface TolerantStorage {
  get(key: string): string | null;
  set(key: string, value: string): void;
  remove(key: string): void;
}

/**
 * Wraps a Storage so that no access throws: Safari's private mode, a full quota or storage blocked
 * by the user's settings make reads answer null and writes do nothing, instead of breaking the app.
 */
export function tolerantStorage(storage: Storage): TolerantStorage {
  return {
    get(key) {
      try {
        return storage.getItem(key);
      } catch {
        return null;
      }
    },
    set(key, value) {
      try {
        storage.setItem(key, value);
      } catch {
        // Nothing to do: the value lives until the page closes, as if storage were off.
      }
    },
    remove(key) {
      try {
        storage.removeItem(key);
      } catch {
        // As above.
      }
    },
  };
}

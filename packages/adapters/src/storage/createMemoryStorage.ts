/** A Storage kept in memory: the fallback when the browser's is unreachable, and the fake in tests. */
export function createMemoryStorage(initial: Readonly<Record<string, string>> = {}): Storage {
  const items = new Map<string, string>(Object.entries(initial));
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => {
      items.set(key, String(value));
    },
    removeItem: (key) => {
      items.delete(key);
    },
    clear: () => items.clear(),
  };
}

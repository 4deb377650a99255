/** A Storage that throws on every access, like Safari's private mode or a full quota. */
export function throwingStorage(): Storage {
  const fail = (): never => {
    throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
  };
  return {
    get length() {
      return fail();
    },
    key: fail,
    getItem: fail,
    setItem: fail,
    removeItem: fail,
    clear: fail,
  };
}

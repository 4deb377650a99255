import { describe, expect, it } from 'vitest';
import { cryptoRespondentKeys } from './cryptoRespondentKeys';

describe('cryptoRespondentKeys', () => {
  it('should make 22 base64url characters (128 bits), different every time', () => {
    const keys = Array.from({ length: 200 }, () => cryptoRespondentKeys.newKey());
    for (const key of keys) expect(key).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set(keys).size).toBe(200);
  });
});

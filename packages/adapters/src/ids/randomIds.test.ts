import { ID_PATTERN } from '@loop/core/surveys/model';
import { afterEach, describe, expect, it } from 'vitest';
import { randomIds } from './randomIds';

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('randomIds', () => {
  const secure = Object.getOwnPropertyDescriptor(globalThis, 'isSecureContext');
  afterEach(() => {
    if (secure) Object.defineProperty(globalThis, 'isSecureContext', secure);
    else delete (globalThis as { isSecureContext?: boolean }).isSecureContext;
  });

  it('should make distinct v4 UUIDs that the survey validation accepts as ids', () => {
    const ids = Array.from({ length: 200 }, () => randomIds.newId());
    expect(new Set(ids).size).toBe(200);
    for (const id of ids) {
      expect(id).toMatch(UUID_V4);
      expect(id).toMatch(ID_PATTERN);
    }
  });

  it('should make v4 UUIDs without randomUUID outside a secure context', () => {
    Object.defineProperty(globalThis, 'isSecureContext', { value: false, configurable: true });
    const ids = Array.from({ length: 50 }, () => randomIds.newId());
    expect(new Set(ids).size).toBe(50);
    for (const id of ids) expect(id).toMatch(UUID_V4);
  });
});

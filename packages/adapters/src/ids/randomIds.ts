import type { IdSource } from '@loop/core/surveys/model';

const hex = (bytes: Uint8Array): string =>
  Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * Ids for new questions, options and statements: random UUIDs (v4). `crypto.randomUUID` exists only
 * in secure contexts, so a plain-http address on a local network falls back to `getRandomValues`,
 * which every browser offers everywhere.
 */
export const randomIds: IdSource = {
  newId: () => {
    if (typeof globalThis.crypto.randomUUID === 'function' && globalThis.isSecureContext !== false)
      return globalThis.crypto.randomUUID();
    const bytes = globalThis.crypto.getRandomValues(new Uint8Array(16));
    bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
    bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
    const text = hex(bytes);
    return `${text.slice(0, 8)}-${text.slice(8, 12)}-${text.slice(12, 16)}-${text.slice(16, 20)}-${text.slice(20)}`;
  },
};

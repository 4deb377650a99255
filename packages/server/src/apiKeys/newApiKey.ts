import { randomBytes } from 'node:crypto';
import { API_KEY_MARK } from '@loop/core/apiKeys';
import { hashToken, newSecureToken } from '../auth/secureToken';

const PREFIX_ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

/** A new key (R-KEY-1): the secret for its maker, its prefix for the list, its hash for the table. */
export interface NewApiKey {
  readonly secret: string;
  readonly prefix: string;
  readonly secretHash: string;
}

/**
 * `loop_<8 of a-z0-9>_<32 random bytes, base64url>`. The 32 bytes carry the key's strength (256
 * bits), so one SHA-256 suffices to store it (R-KEY-2); the prefix only names it.
 */
export function newApiKey(): NewApiKey {
  // 252 is the largest multiple of 36 below 256: rejecting the rest keeps every character equally likely.
  let id = '';
  while (id.length < 8) {
    for (const byte of randomBytes(16)) {
      if (byte < 252 && id.length < 8) id += PREFIX_ALPHABET[byte % 36];
    }
  }
  const prefix = `${API_KEY_MARK}${id}`;
  const secret = `${prefix}_${newSecureToken()}`;
  return { secret, prefix, secretHash: hashToken(secret) };
}

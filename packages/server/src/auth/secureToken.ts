import { createHash, randomBytes } from 'node:crypto';

/** A new random token for a link or a refresh token: 32 random bytes, base64url (43 characters). */
export const newSecureToken = (): string => randomBytes(32).toString('base64url');

/** Tokens are stored only as their SHA-256 (hex); the raw token exists only in the mail or the client. */
export const hashToken = (token: string): string => createHash('sha256').update(token, 'utf8').digest('hex');

import { createHmac, randomBytes } from 'node:crypto';

export { hashToken } from '../auth/secureToken';

/** Random bytes of a survey or response token: 192 bits, base64url (32 characters). */
const TOKEN_BYTES = 24;

/** A new token for a survey's public link or a personal link. */
export const newResponseToken = (): string => randomBytes(TOKEN_BYTES).toString('base64url');

/** What a token in a path must look like before it is worth a database lookup. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{16,128}$/;

/**
 * The response token of a public-link visitor: derived from the survey and the visitor's random
 * `respondent_key` with a server secret, so a retried first save (whose answer never arrived) gets
 * the same token again, although the server keeps only its hash. Knowing the token takes the
 * respondent key, which only the visitor's browser has, and the secret.
 */
export function publicResponseToken(secret: string, surveyId: number, respondentKey: string): string {
  return createHmac('sha256', secret)
    .update(`loop-public-response:${surveyId}:${respondentKey}`, 'utf8')
    .digest()
    .subarray(0, TOKEN_BYTES)
    .toString('base64url');
}

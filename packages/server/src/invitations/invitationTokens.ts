import { createHash, createHmac, createSecretKey, type KeyObject, timingSafeEqual } from 'node:crypto';

/**
 * The secrets of invitations, derived from the server's secret (JWT_SECRET) with a key per purpose,
 * so no table holds them:
 * - the personal link of an invitation: HMAC(invitation id), 192 bits. The response stores only its
 *   SHA-256 (like every response token), an anonymous survey's invitation a SHA-256 of
 *   'invitation:' + token, which matches nothing in `survey_responses`. The mail in the outbox
 *   holds a placeholder; the link is filled in just before sending (`beforeSend`), so the database
 *   never holds a working link, nor (for anonymous surveys) anything that leads from a contact to
 *   a response. Whoever has the database and the secret can still make the link: the secret stays
 *   out of the database.
 * - the unsubscribe link: `<contact id>.<HMAC(contact id), 128 bits>`, compared in constant time.
 */

/** The placeholder of the personal link's token in a queued invitation or reminder. */
export const LINK_TOKEN_PLACEHOLDER = '{{loop-persoonlijke-link}}';

const LINK_BYTES = 24;
const UNSUBSCRIBE_BYTES = 16;

/**
 * The key of a purpose, derived once per secret and kept as a KeyObject: a send of 10,000 mails
 * makes 30,000 tokens, and an HMAC under a ready KeyObject takes a fifth of one under raw bytes.
 */
const purposeKeys = new Map<string, KeyObject>();
const purposeKey = (secret: string, purpose: string): KeyObject => {
  const name = `${purpose}\u0000${secret}`;
  let key = purposeKeys.get(name);
  if (key === undefined) {
    key = createSecretKey(createHmac('sha256', secret).update(`loop-key:${purpose}`, 'utf8').digest());
    if (purposeKeys.size > 64) purposeKeys.clear();
    purposeKeys.set(name, key);
  }
  return key;
};

const mac = (secret: string, purpose: string, message: string, bytes: number): Buffer =>
  createHmac('sha256', purposeKey(secret, purpose)).update(message, 'utf8').digest().subarray(0, bytes);

/** The token of an invitation's personal link (`/respond/<token>`). */
export const invitationLinkToken = (secret: string, invitationId: number): string =>
  mac(secret, 'invitation-link', `invitation:${invitationId}`, LINK_BYTES).toString('base64url');

/** What an anonymous survey's invitation stores of its link: not the response's own hash. */
export const anonymousInvitationHash = (token: string): string =>
  createHash('sha256').update(`invitation:${token}`, 'utf8').digest('hex');

/** The token of a contact's unsubscribe links (`/afmelden/<token>`, `/api/v1/unsubscribe/<token>`). */
export const unsubscribeToken = (secret: string, contactId: number): string =>
  `${contactId}.${mac(secret, 'unsubscribe', `contact:${contactId}`, UNSUBSCRIBE_BYTES).toString('base64url')}`;

const UNSUBSCRIBE_PATTERN = /^([1-9][0-9]{0,9})\.([A-Za-z0-9_-]{22})$/;

/** The contact an unsubscribe token was made for; null for anything else (forged, malformed). */
export function unsubscribeContactId(secret: string, token: string): number | null {
  const match = UNSUBSCRIBE_PATTERN.exec(token);
  if (match === null) return null;
  const id = Number(match[1]);
  if (id > 2_147_483_647) return null;
  const given = Buffer.from(match[2] as string, 'base64url');
  const expected = mac(secret, 'unsubscribe', `contact:${id}`, UNSUBSCRIBE_BYTES);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

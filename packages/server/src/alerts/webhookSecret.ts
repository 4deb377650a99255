import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * A channel's address at rest (R-ALERT-4): AES-256-GCM with ALERT_WEBHOOK_KEY, a fresh 12-byte IV per
 * write, the survey id as additional data (a stored value moved to another survey does not open),
 * stored as `v1.<iv>.<tag>.<ciphertext>` in base64url.
 */
const VERSION = 'v1';

const aad = (surveyId: number) => Buffer.from(`survey:${surveyId}`, 'utf8');

export function encryptWebhookUrl(key: Buffer, surveyId: number, url: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(surveyId));
  const sealed = Buffer.concat([cipher.update(url, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The address, or null when the value was not made with this key for this survey. */
export function decryptWebhookUrl(key: Buffer, surveyId: number, stored: string): string | null {
  const [version, iv, tag, sealed] = stored.split('.');
  if (version !== VERSION || iv === undefined || tag === undefined || sealed === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(aad(surveyId));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}

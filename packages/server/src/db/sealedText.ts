import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * A secret at rest: AES-256-GCM with a server key, a fresh 12-byte IV per write, and what it belongs
 * to as additional data (`survey:12`), so a stored value moved to another row does not open. Stored
 * as `v1.<iv>.<tag>.<ciphertext>` in base64url. Alert channel addresses (R-ALERT-4) and webhook
 * signing secrets (R-HOOK-2) use it.
 */
const VERSION = 'v1';

export function sealText(key: Buffer, owner: string, text: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(owner, 'utf8'));
  const sealed = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
  return [VERSION, iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The text, or null when the value was not sealed with this key for this owner. */
export function openText(key: Buffer, owner: string, stored: string): string | null {
  const [version, iv, tag, sealed] = stored.split('.');
  if (version !== VERSION || iv === undefined || tag === undefined || sealed === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAAD(Buffer.from(owner, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(sealed, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}

import { randomBytes } from 'node:crypto';
import { WEBHOOK_SECRET_BYTES, webhookSecretFrom } from '@loop/core/webhooks';
import { openText, sealText } from '../db/sealedText';

/**
 * An endpoint's signing secret (R-HOOK-2): 32 random bytes as `whsec_…`, kept sealed with
 * WEBHOOK_SECRET_KEY and the endpoint's id as additional data, so the server can sign with it and
 * a database dump alone reveals nothing; a value copied to another endpoint does not open.
 */
const owner = (endpointId: number) => `webhook-endpoint:${endpointId}`;

export const newEndpointSecret = (): string => webhookSecretFrom(randomBytes(WEBHOOK_SECRET_BYTES));

export const sealEndpointSecret = (key: Buffer, endpointId: number, secret: string): string =>
  sealText(key, owner(endpointId), secret);

export const openEndpointSecret = (key: Buffer, endpointId: number, sealed: string): string | null =>
  openText(key, owner(endpointId), sealed);

import { describe, expect, it } from 'vitest';
import {
  isWebhookSecret,
  signWebhook,
  verifyWebhook,
  webhookHeaders,
  webhookSecretFrom,
} from './webhookSignature';

// The published example of the Standard Webhooks reference libraries (standard-webhooks/standard-webhooks,
// libraries/javascript/src/webhook.test.ts, MIT): secret, message id, timestamp, body and signature.
const VECTOR = {
  secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
  timestamp: 1614265330,
  body: '{"test": 2432232314}',
  signature: 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
};

const headers = {
  'webhook-id': VECTOR.id,
  'webhook-timestamp': String(VECTOR.timestamp),
  'webhook-signature': VECTOR.signature,
};
const at = (nowSeconds: number, overrides: Partial<Parameters<typeof verifyWebhook>[0]> = {}) =>
  verifyWebhook({ secret: VECTOR.secret, headers, body: VECTOR.body, nowSeconds, ...overrides });

describe('webhookSignature', () => {
  it('should sign the published example to its published signature', () => {
    expect(signWebhook(VECTOR.secret, VECTOR.id, VECTOR.timestamp, VECTOR.body)).toBe(VECTOR.signature);
    expect(webhookHeaders(VECTOR.secret, VECTOR.id, VECTOR.timestamp, VECTOR.body)).toEqual(headers);
  });

  it('should accept the published example within the tolerance, with headers in any case', () => {
    expect(at(VECTOR.timestamp + 299)).toEqual({
      ok: true,
      value: { id: VECTOR.id, timestampSeconds: VECTOR.timestamp },
    });
    const shouted = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toUpperCase(), v]));
    expect(at(VECTOR.timestamp, { headers: shouted }).ok).toBe(true);
  });

  it('should refuse a replay older than the tolerance and a timestamp too far ahead', () => {
    expect(at(VECTOR.timestamp + 301)).toMatchObject({ ok: false, error: 'too_old' });
    expect(at(VECTOR.timestamp - 301)).toMatchObject({ ok: false, error: 'too_new' });
    expect(at(VECTOR.timestamp + 3600, { toleranceSeconds: 7200 }).ok).toBe(true);
  });

  it('should accept one matching v1 signature among several and ignore other versions', () => {
    const other = 'v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc=';
    const many = {
      ...headers,
      'webhook-signature': `${other} v2,${VECTOR.signature.slice(3)} ${VECTOR.signature}`,
    };
    expect(at(VECTOR.timestamp, { headers: many }).ok).toBe(true);
    const onlyV2 = { ...headers, 'webhook-signature': `v2,${VECTOR.signature.slice(3)}` };
    expect(at(VECTOR.timestamp, { headers: onlyV2 })).toMatchObject({ ok: false, error: 'bad_signature' });
  });

  it('should refuse a changed body, a partial signature, another secret and missing headers', () => {
    expect(at(VECTOR.timestamp, { body: '{"test": 2432232315}' })).toMatchObject({ error: 'bad_signature' });
    const partial = { ...headers, 'webhook-signature': VECTOR.signature.slice(0, 8) };
    expect(at(VECTOR.timestamp, { headers: partial })).toMatchObject({ error: 'bad_signature' });
    const otherSecret = webhookSecretFrom(new Uint8Array(32).fill(7));
    expect(at(VECTOR.timestamp, { secret: otherSecret })).toMatchObject({ error: 'bad_signature' });
    const { 'webhook-id': _, ...noId } = headers;
    expect(at(VECTOR.timestamp, { headers: noId })).toMatchObject({ error: 'missing_headers' });
    const badTime = { ...headers, 'webhook-timestamp': 'hello' };
    expect(at(VECTOR.timestamp, { headers: badTime })).toMatchObject({ error: 'bad_timestamp' });
  });

  it('should know its secrets: whsec_ and 24 to 64 bytes of base64', () => {
    expect(isWebhookSecret(VECTOR.secret)).toBe(true);
    expect(isWebhookSecret(webhookSecretFrom(new Uint8Array(32)))).toBe(true);
    expect(isWebhookSecret('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')).toBe(false);
    expect(isWebhookSecret('whsec_!!!!')).toBe(false);
    expect(isWebhookSecret(webhookSecretFrom(new Uint8Array(8)))).toBe(false);
    expect(at(VECTOR.timestamp, { secret: 'whsec_' })).toMatchObject({ error: 'bad_secret' });
  });
});
